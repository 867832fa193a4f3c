import type { IncomingHttpHeaders } from 'node:http';
import type { ErrorCode } from '../errors.js';
import type { MockResponse } from '../mock-response.js';
import type { MockOperation } from '../openapi/operation.js';
import type { Finding } from '../problem.js';

/** What a request asked of its response, Prism-style: `Prefer: code=400, example=NAME, dynamic=true, seed=7`. */
export interface Forcing {
  readonly code?: number;
  readonly example?: string;
  readonly dynamic?: boolean;
  readonly seed?: number;
}

/** The request as it travels down the pipeline; stages fill in what they learn. */
export interface Exchange {
  readonly method: string;
  /** Raw path (percent-encoded, without the query string). */
  readonly path: string;
  readonly query: Readonly<Record<string, string | string[] | undefined>>;
  readonly headers: IncomingHttpHeaders;
  /** Raw body bytes exactly as received, or undefined when none was sent. */
  readonly rawBody: Buffer | undefined;
  operation?: MockOperation;
  pathParams?: Readonly<Record<string, string>>;
  /** The decoded body text, when there was a body and it is valid UTF-8. */
  bodyText?: string;
  /** The parsed body: JSON value (integers beyond 2^53 as bigint), or the text for non-JSON media types. */
  body?: unknown;
  /** Whether the parsed body holds integers beyond 2^53 (as bigints). */
  hasBigIntegers?: boolean;
  forcing?: Forcing;
  /** The scenario session (`X-Mock-Session`), set by the scenarios responder; undefined = the default session. */
  session?: string;
  /** The scenario whose rule answered, if one did. */
  scenario?: string;
  /** What the stage that ended the request found wrong, for the journal. */
  findings?: readonly Finding[];
  /** The catalogue's code when the mock rejected the request itself (a stage's problem, a bad mock header). */
  rejection?: ErrorCode;
  /** Short description of what produced any other answer, for the log line and the journal. */
  source?: string;
  /** The answer, once the pipeline has decided it. */
  response?: MockResponse;
  /** The body text sent, once the reply stage has written it. */
  responseText?: string;
}

/** Every stage has this shape: it reads and enriches the exchange and returns what it found wrong. */
export type Stage = (exchange: Exchange) => readonly Finding[];

/**
 * Proposes the answer for a request that passed every stage, or undefined to leave it to the next
 * responder (scenarios come before the default response selection).
 */
export type Responder = (exchange: Exchange) => MockResponse | undefined;
