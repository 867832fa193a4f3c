import type { Answering } from '../answer/compose.js';
import { decideProblem } from '../answer/decide-status.js';
import { createNegotiationStage } from '../answer/negotiate-response.js';
import { createRejections } from '../answer/rejections.js';
import { ERRORS } from '../errors.js';
import type { DelayRange } from '../mock-extensions.js';
import type { MockResponse } from '../mock-response.js';
import type { MockOperation } from '../openapi/operation.js';
import { AUTO_DIALECTS, type DialectFormats } from '../prism/prism-engine.js';
import { findingsHeaders, type Problem, problemResponse } from '../problem.js';
import { type CallDraws, createDelays } from './delays.js';
import { decide, learn } from './exchange.js';
import { readForcing } from './forcing.js';
import { parseBody } from './parse-body.js';
import { rehearsal } from './rehearse.js';
import { createRouteStage } from './route.js';
import { createSecurityStage } from './security.js';
import { checkSessionHeaders } from './session.js';
import {
  type Answer,
  type Effects,
  type Exchange,
  NO_EFFECTS,
  NO_FINDINGS,
  type Proposal,
  type Rejection,
  type Responder,
  type Stage,
} from './types.js';
import { requestValidation } from './validate-request.js';
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
  /** Uniform [0, 1), seeded by the server's seed: what draws delays from a range when `draws` cannot. */
  readonly random?: () => number;
  /** The draws of a session's k-th call of an operation (delay ranges): the same on every replica of a fleet. */
  readonly draws?: CallDraws;
  /** `--no-validate-request` when false: requests are answered as if valid, what validation found reported. Default true. */
  readonly validateRequests?: boolean;
  /** How arrays and objects are spelled in the query and in forms (`--query-array-format` and its siblings); default `auto`. */
  readonly dialects?: DialectFormats;
}

/**
 * Decides the answer of an exchange and records it there (`answer`: response, provenance, effects). Synchronous
 * whenever every responder asked answers synchronously; a promise only when one of them waits.
 */
export interface Pipeline {
  (exchange: Exchange): MockResponse | Promise<MockResponse>;
  /**
   * Makes what the first request of `operation` would make (rehearse.ts), a part at each step of the
   * iteration (nothing before it starts); answers nothing, records nothing.
   */
  prepare(operation: MockOperation): Generator<void>;
  /**
   * Answers a request the HTTP side refused before the pipeline (over a limit) with `problem`, in the
   * shape of the document's error response for its status where the request's route is known.
   */
  refuse(exchange: Exchange, problem: Problem): MockResponse;
}

/** Longer paths are not routed to shape a refusal: the catalogue's own shape answers them. */
const MAX_REFUSED_PATH = 64 * 1024;

/**
 * The request path, top to bottom: route -> security -> body parsing -> validation -> forcing ->
 * negotiation -> the session headers, each a stage that returns findings; the first stage with
 * findings ends the request with the problem decideProblem() makes of them. A request that passes
 * them all gets the first answer a responder proposes, the default response selection last.
 */
export function createPipeline(options: PipelineOptions): Pipeline {
  const { plans, errorShapes, compose } = options.answering;
  const stages: readonly Stage[] = [
    createRouteStage(options.operations),
    createSecurityStage(options.tokens, options.strictAuth ?? false),
    parseBody,
    switchableValidation(requestValidation(options.dialects ?? AUTO_DIALECTS), options.validateRequests ?? true),
    readForcing,
    createNegotiationStage(plans, options.strictAccept ?? false),
    checkSessionHeaders,
  ];
  const responders = options.responders ?? [];
  // Offered the requests a stage after routing rejects (the proxy): routed requests the contract
  // rejects may still be answered by them; a request that found no route or misused the steering headers never.
  const takingRejected = responders.filter((r) => r.takesRejected === true);
  const offered = new Set(stages.slice(1, -1));
  const delays = createDelays(options.delay, options.operations, options.random ?? Math.random, options.draws);
  // Records the answer with what the request's waived findings, its delay and the responders' effects add.
  const settle = (exchange: Exchange, answer: Answer, passed: Effects): MockResponse | Promise<MockResponse> => {
    let { response, provenance } = answer;
    const waived = exchange.waived;
    if (waived !== undefined) {
      provenance = { ...provenance, waived: { code: decideProblem(waived, exchange).code, findings: waived } };
      response = { ...response, headers: { ...response.headers, ...findingsHeaders(waived) } };
    }
    if (!delays.active && exchange.asked?.delay === undefined) return record(exchange, answer, passed, response, provenance);
    const delayed = delays.apply(exchange, response);
    // A range drawn through a shared store waits for the session's count of the operation.
    if (delayed instanceof Promise) return delayed.then((waited) => record(exchange, answer, passed, waited, provenance));
    return record(exchange, answer, passed, delayed, provenance);
  };
  const record = (exchange: Exchange, answer: Answer, passed: Effects, response: MockResponse, provenance: Answer['provenance']) => {
    const effects = answer.effects === undefined ? passed : passed === NO_EFFECTS ? answer.effects : { ...passed, ...answer.effects };
    const fallback = effects.fallback;
    if (fallback !== undefined) provenance = { kind: 'fallback', ...fallback, answer: provenance };
    // Most answers are recorded as proposed: nothing added, nothing built.
    const same = response === answer.response && provenance === answer.provenance && effects === (answer.effects ?? NO_EFFECTS);
    decide(exchange, same ? answer : { response, provenance, effects });
    return response;
  };
  const rejections = createRejections(errorShapes);
  // From responder `from` of `asked` on, with what earlier ones passed on; leaves the synchronous path
  // only at a responder that returns a promise. The last word is `last`'s: the default answer, or the rejection.
  const respond = (
    exchange: Exchange,
    asked: readonly Responder[],
    from: number,
    passed: Effects,
    last: (exchange: Exchange) => Answer,
    rejection?: Rejection,
  ): MockResponse | Promise<MockResponse> => {
    for (let i = from; i < asked.length; i++) {
      const proposed = (asked[i] as Responder)(exchange, passed, rejection);
      if (proposed === undefined) continue;
      if (proposed instanceof Promise) return proposed.then((settled) => next(exchange, asked, i, passed, last, rejection, settled));
      if (proposed.response === undefined) {
        passed = passed === NO_EFFECTS ? proposed.effects : { ...passed, ...proposed.effects };
        continue;
      }
      return settle(exchange, proposed, passed);
    }
    return settle(exchange, last(exchange), passed);
  };
  const next = (
    exchange: Exchange,
    asked: readonly Responder[],
    at: number,
    passed: Effects,
    last: (exchange: Exchange) => Answer,
    rejection: Rejection | undefined,
    proposed: Proposal,
  ): MockResponse | Promise<MockResponse> => {
    if (proposed === undefined) return respond(exchange, asked, at + 1, passed, last, rejection);
    if (proposed.response === undefined)
      return respond(
        exchange,
        asked,
        at + 1,
        passed === NO_EFFECTS ? proposed.effects : { ...passed, ...proposed.effects },
        last,
        rejection,
      );
    return settle(exchange, proposed, passed);
  };
  const run = (exchange: Exchange): MockResponse | Promise<MockResponse> => {
    for (const stage of stages) {
      const result = stage(exchange);
      if (result === NO_FINDINGS) continue;
      const findings = learn(exchange, result);
      if (findings.length > 0) {
        const problem = rejections.problem(findings, exchange);
        if (takingRejected.length === 0 || !offered.has(stage)) return settle(exchange, rejections.answer(problem, findings), NO_EFFECTS);
        const reject = () => rejections.answer(problem, findings);
        return respond(exchange, takingRejected, 0, NO_EFFECTS, reject, { findings, code: problem.code });
      }
    }
    return respond(exchange, responders, 0, NO_EFFECTS, compose);
  };
  // Routing is the request's own: a rehearsal starts at the operation.
  const prepare = (operation: MockOperation) => rehearsal(operation, stages.slice(1), options.answering, rejections);
  const route = stages[0] as Stage;
  const refuse = (exchange: Exchange, problem: Problem): MockResponse => {
    const result = exchange.path.length <= MAX_REFUSED_PATH ? route(exchange) : undefined;
    const routed = result !== undefined && (result === NO_FINDINGS || learn(exchange, result).length === 0);
    const operation = routed ? exchange.operation : undefined;
    const shape = operation && errorShapes.forFailure(operation, ERRORS[problem.code].status);
    const response = problemResponse(shape ? { ...problem, shape } : problem);
    decide(exchange, { response, provenance: { kind: 'rejected', code: problem.code } });
    return response;
  };
  return Object.assign(run, { prepare, refuse });
}
