import type { IncomingHttpHeaders } from 'node:http';
import { SCENARIO_HEADER, SESSION_HEADER, SESSION_ID } from '../protocol.js';
import { type Exchange, NO_FINDINGS, type SessionHeaders, type Stage } from './types.js';

const NONE: SessionHeaders = Object.freeze({});

/**
 * A new exchange, its `X-Mock-Session` and `X-Mock-Scenario` read once here for every later reader.
 * Written out field by field (a spread input made the stages' writes to the exchange leave V8's fast
 * path), from arguments rather than an input object, which would be one more allocation per request.
 */
export function newExchange(
  method: string,
  path: string,
  query: Exchange['query'],
  headers: Exchange['headers'],
  rawBody: Buffer | undefined,
  clientSubject?: string,
  client?: Exchange['client'],
  trace?: Exchange['trace'],
): Exchange {
  return { method, path, query, headers, rawBody, session: readSessionHeaders(headers), clientSubject, client, trace };
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
  if (header === undefined) return NO_FINDINGS;
  return [
    {
      location: 'mock-header',
      path: [header],
      code: 'invalid-mock-header',
      message: 'use 1 to 128 letters, digits and -._: (a single value)',
    },
  ];
};
