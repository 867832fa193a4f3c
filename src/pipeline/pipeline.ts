import type { DataGenerator } from '../generate/data-generator.js';
import type { MockResponse } from '../mock-response.js';
import { ErrorShapes } from '../openapi/error-shape.js';
import type { MockOperation } from '../openapi/operation.js';
import { problemResponse } from '../problem.js';
import { decideProblem } from './decide-status.js';
import { readForcing } from './forcing.js';
import { createNegotiationStage } from './negotiate-response.js';
import { parseBody } from './parse-body.js';
import { createResponsePlans } from './response-plans.js';
import { createRouteStage } from './route.js';
import { createSecurityStage } from './security.js';
import { createResponseSelector } from './select-response.js';
import type { Exchange, Responder, Stage } from './types.js';
import { validateRequest } from './validate-request.js';

export interface PipelineOptions {
  readonly operations: readonly MockOperation[];
  readonly tokens: readonly string[];
  readonly generator: DataGenerator;
  readonly dynamic: boolean;
  /** Responders asked before the default response selection, in order (scenarios, then the stateful simulator). */
  readonly responders?: readonly Responder[];
}

export type Pipeline = (exchange: Exchange) => MockResponse;

/**
 * The request path, top to bottom: route -> security -> body parsing -> validation -> forcing ->
 * negotiation, each a stage that returns findings; the first stage with findings ends the request with the problem
 * decideProblem() makes of them. A request that passes them all gets the first answer a responder
 * proposes, the default response selection last.
 */
export function createPipeline(options: PipelineOptions): Pipeline {
  const plans = createResponsePlans(options.generator);
  const stages: readonly Stage[] = [
    createRouteStage(options.operations),
    createSecurityStage(options.tokens),
    parseBody,
    validateRequest,
    readForcing,
    createNegotiationStage(plans),
  ];
  const selectResponse = createResponseSelector(options, plans);
  const responders = options.responders ?? [];
  const errorShapes = new ErrorShapes(options.generator);
  return (exchange) => {
    for (const stage of stages) {
      const findings = stage(exchange);
      if (findings.length > 0) {
        const problem = decideProblem(findings, exchange, errorShapes);
        exchange.findings = findings;
        exchange.rejection = problem.code;
        return problemResponse(problem);
      }
    }
    for (const responder of responders) {
      const response = responder(exchange);
      if (response) return response;
    }
    return selectResponse(exchange);
  };
}
