import type { IncomingHttpHeaders } from 'node:http';
import type { Representation, ResponsePlan } from '../answer/response-plans.js';
import type { ErrorCode } from '../errors.js';
import type { MockResponse } from '../mock-response.js';
import type { MockOperation } from '../openapi/operation.js';
import type { Finding } from '../problem.js';
import type { FallbackReason, Provenance } from '../provenance.js';
import type { RequestTrace } from '../tracing/tracing.js';

/** What a request asked of its response, Prism-style: `Prefer: code=400, example=NAME, dynamic=true, seed=7`. */
export interface Forcing {
  readonly code?: number;
  readonly example?: string;
  readonly dynamic?: boolean;
  readonly seed?: number;
  /** Streams: how many items (`stream-count`) and the pause between two in ms (`stream-interval`). */
  readonly streamCount?: number;
  readonly streamInterval?: number;
}

/** The request as it travels down the pipeline; stages fill in what they learn. */
/** Where one of several documents is served (src/mock/mount-router.ts): its name and base path. */
export interface DocumentMount {
  /** What `?spec=`, the journal's `spec` and the metrics' `spec` label call it. */
  readonly name: string;
  /** `/billing`, or `/` for the root. */
  readonly base: string;
}

export interface Exchange {
  readonly method: string;
  /**
   * Raw path (percent-encoded, without the query string); with several documents, what follows the
   * document's base path (the front router cuts it off, keeping the path as sent in `sentPath`).
   */
  path: string;
  readonly query: Readonly<Record<string, string | string[] | undefined>>;
  readonly headers: IncomingHttpHeaders;
  /** Raw body bytes exactly as received, or undefined when none was sent. */
  readonly rawBody: Buffer | undefined;
  /** `X-Mock-Session` and `X-Mock-Scenario`, read once as the exchange is made (src/pipeline/session.ts). */
  readonly session: SessionHeaders;
  /** Under mutual TLS, the subject of the client's certificate (`CN=...,O=...`). */
  readonly clientSubject?: string;
  /** How the client reached the mock, handed over by the HTTP side only when a proxy forwards requests (X-Forwarded-*). */
  readonly client?: ProxiedClient;
  /** With several documents, the one the request went to; undefined when one document is served at `/`. */
  document?: DocumentMount;
  /** The path as sent, when `path` is what follows a document's base path. */
  sentPath?: string;
  operation?: MockOperation;
  pathParams?: Readonly<Record<string, string>>;
  /** The decoded body text, when there was a body and it is valid UTF-8. */
  bodyText?: string;
  /** The parsed body: JSON value (integers beyond 2^53 as bigint), or the text for non-JSON media types. */
  body?: unknown;
  /** Whether the parsed body holds integers beyond 2^53 (as bigints). */
  hasBigIntegers?: boolean;
  forcing?: Forcing;
  /** `Prefer: delay=MS`: milliseconds the request asked the answer to wait (see delays.ts). */
  delayAsked?: number;
  /** What validation found in a request answered as if valid, its validation switched off (see validation-switch.ts). */
  waived?: readonly Finding[];
  /** The document's answer for the status about to be answered (forced or default), set by negotiation. */
  plan?: ResponsePlan;
  /** The media type negotiation chose; undefined when the response has no content. */
  representation?: Representation;
  /** Where the answer came from, once the pipeline has decided it. */
  provenance?: Provenance;
  /** The answer, once the pipeline has decided it. */
  response?: MockResponse;
  /** What the responders asked to be done besides answering (a webhook to send), once the pipeline has decided. */
  effects?: Effects;
  /** With tracing on (docs/tracing.md): the request's server span, parent of the calls made on its behalf. */
  trace?: RequestTrace;
}

/**
 * What a responder wants done besides answering, returned as a value with its answer (or its pass)
 * and carried by the pipeline; responders never tell each other anything through the exchange.
 */
export interface Effects {
  /** A stateful scenario selected the request: the stateful simulator answers it (when no rule did). */
  readonly stateful?: boolean;
  /** The webhook the scenario step that answered sends after the answer (see docs/callbacks.md). */
  readonly webhook?: StepWebhook;
  /** The proxy left the answer to the mock (`--proxy-fallback`): why, and what the upstream did. */
  readonly fallback?: { readonly reason: FallbackReason; readonly upstream: string };
}

/** No effects: one shared value, nothing built per request. */
export const NO_EFFECTS: Effects = Object.freeze({});

/** The client of a request the proxy may forward: where it came from, and a way to learn that it left. */
export interface ProxiedClient {
  readonly address: string | undefined;
  readonly protocol: string;
  /**
   * Calls `listener` once if the client's connection closes before it is answered (at once when it
   * already has); returns what stops listening. Absent where no connection is watched (tests).
   */
  readonly whenGone?: (listener: () => void) => () => void;
}

/** A webhook of the document a scenario step sends: its name, where (runtime expressions allowed) and, optionally, the body. */
export interface StepWebhook {
  readonly name: string;
  readonly url: string;
  readonly body?: unknown;
}

/** Every stage has this shape: it reads and enriches the exchange and returns what it found wrong. */
export type Stage = (exchange: Exchange) => readonly Finding[];

/** What a stage returns when it finds nothing: one shared empty list, rather than a new one per stage and request. */
export const NO_FINDINGS: readonly Finding[] = Object.freeze([]);

/** The mock's steering headers as read; a malformed one is named in `invalid` and answered by the session stage. */
export interface SessionHeaders {
  /** The scenario session; undefined = the default session. */
  readonly id?: string;
  /** The scenario the request asks for. */
  readonly scenario?: string;
  /** The header whose value is not a valid id. */
  readonly invalid?: string;
}

/** An answer, where it came from, and what its responder wants done besides. */
export interface Answer {
  readonly response: MockResponse;
  readonly provenance: Provenance;
  readonly effects?: Effects;
}

/** A responder that does not answer but wants something done: later responders and the answer carry it. */
export interface Pass {
  readonly response?: undefined;
  readonly effects: Effects;
}

export type Proposal = Answer | Pass | undefined;

/** A request a stage after routing rejected: what it found and the code the mock would answer. */
export interface Rejection {
  readonly findings: readonly Finding[];
  readonly code: ErrorCode;
}

/**
 * Proposes the answer for a request, or undefined (or a Pass) to leave it to the next responder
 * (scenarios come before the default response selection). `effects` holds what earlier responders
 * passed on. A responder that must wait (for another server, say) returns a promise of the same;
 * synchronous ones stay synchronous. One that `takesRejected` is also offered the requests a stage
 * after routing rejected, with the `rejection` (the proxy forwards them); the others never see those.
 */
export interface Responder {
  (exchange: Exchange, effects: Effects, rejection?: Rejection): Proposal | Promise<Proposal>;
  readonly takesRejected?: boolean;
}
