import { type DelayRange, drawDelay } from '../mock-extensions.js';
import type { MockResponse } from '../mock-response.js';
import type { MockOperation } from '../openapi/operation.js';
import type { Maybe, SessionId } from '../sessions/session-store.js';
import type { Exchange } from './types.js';

/** Delays without scenarios: `Prefer: delay=MS`, a scenario step's own delay, `x-mock-delay`, `--delay`, first given first. */
export interface Delays {
  /** Whether the document or the server delays answers; when not, only a request's `Prefer: delay` can. */
  readonly active: boolean;
  /** The answer with the delay it is to wait: a promise only when a range is drawn through a shared store. */
  apply(exchange: Exchange, response: MockResponse): Maybe<MockResponse>;
}

/**
 * The draws of one call: uniform [0, 1) numbers that depend on the seed, the session, `key` (the
 * operation) and how many calls of it the session made before (src/scenarios/scenario-engine.ts).
 */
export type CallDraws = (session: SessionId, key: string) => Maybe<() => number>;

/**
 * `draws`: keyed by the session's count of calls of the operation, so the k-th call of an operation in
 * a session waits the same on a lone seeded mock and on any replica of a fleet; `random` (the server's
 * seeded sequence) draws only when the store that counts the calls cannot be reached.
 */
export function createDelays(
  server: DelayRange | undefined,
  operations: readonly MockOperation[],
  random: () => number,
  draws?: CallDraws,
): Delays {
  return {
    active: server !== undefined || operations.some((operation) => operation.mockExtensions.delay !== undefined),
    apply(exchange, response) {
      const asked = exchange.asked?.delay;
      if (asked !== undefined) return asked === (response.delayMs ?? 0) ? response : { ...response, delayMs: asked };
      // A scenario step that says how long to wait keeps its own delay.
      if (response.delayMs) return response;
      const range = exchange.operation?.mockExtensions.delay ?? server;
      if (range === undefined) return response;
      const delayed = (ms: number) => (ms > 0 ? { ...response, delayMs: ms } : response);
      // A fixed delay draws nothing: no count, no round trip.
      if (range.min === range.max || draws === undefined) return delayed(drawDelay(range, random));
      const operation = exchange.operation;
      let drawn: Maybe<() => number>;
      try {
        drawn = draws(exchange.session.id, operation === undefined ? DELAY_KEY : `${DELAY_KEY} ${operation.method} ${operation.path}`);
      } catch {
        drawn = random;
      }
      if (!(drawn instanceof Promise)) return delayed(drawDelay(range, drawn));
      // The store lost: the answer still waits, drawn from this process's sequence.
      return drawn.then(
        (from) => delayed(drawDelay(range, from)),
        () => delayed(drawDelay(range, random)),
      );
    },
  };
}

/** The start of the sequence position that counts an operation's delayed calls: no scenario name has `~`. */
export const DELAY_KEY = '~delay';
