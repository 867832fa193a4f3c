import type { IncomingHttpHeaders } from 'node:http';
import type { ErrorCode } from '../errors.js';
import type { MockOperation } from '../openapi/operation.js';
import type { Forcing } from './forcing.js';

/** Where in the request a finding points. */
export type FindingLocation = 'route' | 'security' | 'media-type' | 'body' | 'query' | 'header' | 'path' | 'forcing';

/** One thing a stage found wrong with the request: data, never an exception. */
export interface Finding {
  readonly location: FindingLocation;
  /** Path inside the location, e.g. `['id']` for body.id; empty for the whole location. */
  readonly path: readonly string[];
  /** Machine-readable kind: `required`, `type`, `format`, `missing-credentials`, ... */
  readonly code: string;
  readonly message: string;
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
  /** Short description of what produced the answer, for the log line and the journal. */
  source?: string;
  /** The answer, once the pipeline has decided it. */
  response?: MockResponse;
  /** The body text sent, once the reply stage has written it. */
  responseText?: string;
}

/** Every stage has this shape: it reads and enriches the exchange and returns what it found wrong. */
export type Stage = (exchange: Exchange) => readonly Finding[];

/** A problem the mock answers with an Error body; its status comes from the error catalogue. */
export interface Problem {
  readonly code: ErrorCode;
  readonly params?: Readonly<Record<string, string | number>>;
  readonly findings?: readonly Finding[];
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * Proposes the answer for a request that passed every stage, or undefined to leave it to the next
 * responder (scenarios come before the default response selection).
 */
export type Responder = (exchange: Exchange) => MockResponse | undefined;

/** What the mock answers: the reply stage writes it as it is. */
export interface MockResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The JSON value to send, or undefined for no body. */
  readonly body: unknown;
  /** Wait this long before answering (scenario delays). */
  readonly delayMs?: number;
  /** Misbehave instead of answering normally (scenario faults); see src/http/send-response.ts. */
  readonly fault?: Fault;
}

/**
 * reset: TCP reset; empty: the connection closes without an answer; malformed-json: the body is cut
 * short; timeout: no answer until the client gives up or the server closes.
 */
export type Fault = 'reset' | 'empty' | 'malformed-json' | 'timeout';
