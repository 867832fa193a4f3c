import { decideProblem } from '../answer/decide-status.js';
import { createNegotiationStage } from '../answer/negotiate-response.js';
import { createRejections } from '../answer/rejections.js';
import type { Answering } from '../answer/select-response.js';
import type { DelayRange } from '../mock-extensions.js';
import type { MockResponse } from '../mock-response.js';
import type { MockOperation } from '../openapi/operation.js';
import { type Finding, findingsHeaders, type Problem } from '../problem.js';
import { createDelays } from './delays.js';
import { readForcing } from './forcing.js';
import { parseBody } from './parse-body.js';
import { createRouteStage } from './route.js';
import { createSecurityStage } from './security.js';
import { checkSessionHeaders } from './session.js';
import type { Answer, Exchange, ForwardRejected, Responder, Stage } from './types.js';
import { validateRequest } from './validate-request.js';
import { switchableValidation } from './validation-switch.js';

export interface PipelineOptions {
  readonly operations: readonly MockOperation[];
  readonly tokens: readonly string[];
  /** `--strict-auth`: bearer tokens must keep to RFC 6750's grammar. Default false. */
  readonly strictAuth?: boolean;
  /** `--strict-accept`: an `Accept` naming none of the answer's types is 406. Default false. */
  readonly strictAccept?: boolean;
  /** The server's response plans, error shapes and response selector (shared with its responders). */
  readonly answering: Answering;
  /** Responders asked before the default response selection, in order (scenarios, then the stateful simulator). */
  readonly responders?: readonly Responder[];
  /** `--delay`: every answer waits this long, unless a request, a scenario step or the operation says otherwise. */
  readonly delay?: DelayRange;
  /** Uniform [0, 1), seeded by the server's seed: what draws delays from a range. */
  readonly random?: () => number;
  /** `--no-validate-request` when false: requests are answered as if valid, what validation found reported. Default true. */
  readonly validateRequests?: boolean;
  /** The proxy's answer to requests the stages after routing reject (see ForwardRejected); none: they are rejected. */
  readonly forwardRejected?: ForwardRejected;
}

/**
 * Decides the answer of an exchange and records it there (`response`, `provenance`). Synchronous
 * whenever every responder asked answers synchronously; a promise only when one of them waits.
 */
export type Pipeline = (exchange: Exchange) => MockResponse | Promise<MockResponse>;

/**
 * The request path, top to bottom: route -> security -> body parsing -> validation -> forcing ->
 * negotiation -> the session headers, each a stage that returns findings; the first stage with
 * findings ends the request with the problem decideProblem() makes of them. A request that passes
 * them all gets the first answer a responder proposes, the default response selection last.
 */
export function createPipeline(options: PipelineOptions): Pipeline {
  const { plans, errorShapes, select } = options.answering;
  const stages: readonly Stage[] = [
    createRouteStage(options.operations),
    createSecurityStage(options.tokens, options.strictAuth ?? false),
    parseBody,
    switchableValidation(validateRequest, options.validateRequests ?? true),
    readForcing,
    createNegotiationStage(plans, options.strictAccept ?? false),
    checkSessionHeaders,
  ];
  const responders = options.responders ?? [];
  const delays = createDelays(options.delay, options.operations, options.random ?? Math.random);
  const settle = (exchange: Exchange, answer: Answer): MockResponse => {
    let { response, provenance } = answer;
    const waived = exchange.waived;
    if (waived !== undefined) {
      provenance = { ...provenance, waived: { code: decideProblem(waived, exchange).code, findings: waived } };
      response = { ...response, headers: { ...response.headers, ...findingsHeaders(waived) } };
    }
    if (delays.active || exchange.delayAsked !== undefined) response = delays.apply(exchange, response);
    const fallback = exchange.fallback;
    exchange.provenance = fallback === undefined ? provenance : { kind: 'fallback', ...fallback, answer: provenance };
    exchange.response = response;
    return response;
  };
  const forwardRejected = options.forwardRejected;
  const rejections = createRejections(errorShapes);
  const reject = (exchange: Exchange, findings: readonly Finding[], problem: Problem): MockResponse =>
    settle(exchange, rejections.answer(problem, findings));
  // From responder `from` on; leaves the synchronous path only at a responder that returns a promise.
  const respond = (exchange: Exchange, from: number): MockResponse | Promise<MockResponse> => {
    for (let i = from; i < responders.length; i++) {
      const proposed = (responders[i] as Responder)(exchange);
      if (proposed === undefined) continue;
      if (proposed instanceof Promise)
        return proposed.then((answer) => (answer === undefined ? respond(exchange, i + 1) : settle(exchange, answer)));
      return settle(exchange, proposed);
    }
    return settle(exchange, select(exchange));
  };
  return (exchange) => {
    for (const stage of stages) {
      const findings = stage(exchange);
      if (findings.length > 0) {
        const problem = rejections.problem(findings, exchange);
        // Routed requests the contract rejects may still go to the real service; the steering headers never.
        const forwarded =
          forwardRejected && stage !== stages[0] && stage !== checkSessionHeaders
            ? forwardRejected(exchange, findings, problem.code)
            : undefined;
        if (forwarded === undefined) return reject(exchange, findings, problem);
        return forwarded.then((answer) => (answer === undefined ? reject(exchange, findings, problem) : settle(exchange, answer)));
      }
    }
    return respond(exchange, 0);
  };
}
