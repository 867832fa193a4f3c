import type { DataGenerator } from '../generate/data-generator.js';
import type { MockResponse } from '../mock-response.js';
import type { MockOperation } from '../openapi/operation.js';
import { problemResponse } from '../problem.js';
import { decideProblem } from './decide-status.js';
import { readForcing } from './forcing.js';
import { parseBody } from './parse-body.js';
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
  /** Responders asked before the default response selection, in order (e.g. scenarios). */
  readonly responders?: readonly Responder[];
}

export type Pipeline = (exchange: Exchange) => MockResponse;

/**
 * The request path, top to bottom: route -> security -> body parsing -> validation -> forcing, each a
 * stage that returns findings; the first stage with findings ends the request with the problem
 * decideProblem() makes of them. A request that passes them all gets the first answer a responder
 * proposes, the default response selection last.
 */
export function createPipeline(options: PipelineOptions): Pipeline {
  const stages: readonly Stage[] = [
    createRouteStage(options.operations),
    createSecurityStage(options.tokens),
    parseBody,
    validateRequest,
    readForcing,
  ];
  const selectResponse = createResponseSelector(options);
  const responders = options.responders ?? [];
  return (exchange) => {
    for (const stage of stages) {
      const findings = stage(exchange);
      if (findings.length > 0) {
        const problem = decideProblem(findings, exchange);
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
