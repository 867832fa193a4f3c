import { type DelayRange, drawDelay } from '../mock-extensions.js';
import type { MockResponse } from '../mock-response.js';
import type { MockOperation } from '../openapi/operation.js';
import type { Exchange } from './types.js';

/** Delays without scenarios: `Prefer: delay=MS`, a scenario step's own delay, `x-mock-delay`, `--delay`, first given first. */
export interface Delays {
  /** Whether the document or the server delays answers; when not, only a request's `Prefer: delay` can. */
  readonly active: boolean;
  /** The answer with the delay it is to wait. */
  apply(exchange: Exchange, response: MockResponse): MockResponse;
}

/** `random`: the server's seeded randomness, so a seeded server replays its delays. */
export function createDelays(server: DelayRange | undefined, operations: readonly MockOperation[], random: () => number): Delays {
  return {
    active: server !== undefined || operations.some((operation) => operation.mockExtensions.delay !== undefined),
    apply(exchange, response) {
      const asked = exchange.asked?.delay;
      if (asked !== undefined) return asked === (response.delayMs ?? 0) ? response : { ...response, delayMs: asked };
      // A scenario step that says how long to wait keeps its own delay.
      if (response.delayMs) return response;
      const range = exchange.operation?.mockExtensions.delay ?? server;
      const ms = range === undefined ? 0 : drawDelay(range, random);
      return ms > 0 ? { ...response, delayMs: ms } : response;
    },
  };
}
