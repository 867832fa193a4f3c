import type { IncomingHttpHeaders } from 'node:http';
import { SCENARIO_HEADER, SESSION_HEADER, SESSION_ID } from '../protocol.js';
import type { Exchange, SessionHeaders, Stage } from './types.js';

const NONE: SessionHeaders = Object.freeze({});

/** The parts of a request an exchange is made of; the session headers are read from its headers. */
export type ExchangeInput = Pick<Exchange, 'method' | 'path' | 'query' | 'headers' | 'rawBody'>;

/** A new exchange, its `X-Mock-Session` and `X-Mock-Scenario` read once here for every later reader. */
export function newExchange(input: ExchangeInput): Exchange {
  // Written out, not spread: every exchange then starts from one object shape, which keeps the stages'
  // property reads and writes on V8's fast path.
  const { method, path, query, headers, rawBody } = input;
  return { method, path, query, headers, rawBody, session: readSessionHeaders(headers) };
}

/** The steering headers, each a single valid id; the first malformed one is named in `invalid`. */
export function readSessionHeaders(headers: IncomingHttpHeaders): SessionHeaders {
  const session = headers[SESSION_HEADER];
  const scenario = headers[SCENARIO_HEADER];
  // Most requests steer nothing: one shared value, nothing built.
  if (session === undefined && scenario === undefined) return NONE;
  const id = idOf(session);
  if (id === null) return { invalid: SESSION_HEADER };
  const named = idOf(scenario);
  if (named === null) return { id, invalid: SCENARIO_HEADER };
  return { id, scenario: named };
}

/** undefined: absent; null: malformed. */
function idOf(raw: string | string[] | undefined): string | undefined | null {
  if (raw === undefined) return undefined;
  const value = (Array.isArray(raw) ? raw.join(',') : raw).trim();
  return SESSION_ID.test(value) ? value : null;
}

/**
 * The session stage: a malformed steering header ends the request (INVALID_MOCK_HEADER). It runs last
 * among the stages, so a request with other faults too is answered for those first, as the contract's
 * checks come before the mock's own steering.
 */
export const checkSessionHeaders: Stage = (exchange) => {
  const header = exchange.session.invalid;
  if (header === undefined) return [];
  return [
    {
      location: 'mock-header',
      path: [header],
      code: 'invalid-mock-header',
      message: 'use 1 to 128 letters, digits and -._: (a single value)',
    },
  ];
};
