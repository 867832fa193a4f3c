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

/** Where one of several documents is served (src/mock/mount-router.ts): its name and base path. */
export interface DocumentMount {
  /** What `?spec=`, the journal's `spec` and the metrics' `spec` label call it. */
  readonly name: string;
  /** `/billing`, or `/` for the root. */
  readonly base: string;
}

/**
 * The request as it travels down the pipeline. What it brought is fixed as it is made; what the mock
 * learns about it (ten fields: the document it went to, the route, the body read, what it asked of its
 * answer, what validation waived, the negotiated representation, the answer) is written by
 * `src/pipeline/exchange.ts` alone: stages return what they learned (`Learned`), responders their
 * answer and effects, and the pipeline records them there.
 */
export interface Exchange {
  readonly method: string;
  /**
   * Raw path (percent-encoded, without the query string); with several documents, what follows the
   * document's base path (the front router cuts it off, keeping the path as sent in `document.sentPath`).
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
  /** With tracing on (docs/tracing.md): the request's server span, parent of the calls made on its behalf. */
  readonly trace?: RequestTrace;
  /** With several documents, the one the request went to and the path as sent; undefined when one document is served at `/`. */
  document?: EnteredDocument;
  operation?: MockOperation;
  pathParams?: Readonly<Record<string, string>>;
  /** The parsed body: JSON value (integers beyond 2^53 as bigint), or the text for non-JSON media types. */
  body?: unknown;
  /** A JSON body's text, when it is valid UTF-8 (parsed or not), or an XML one's, and whether its value holds integers beyond 2^53. */
  decoded?: DecodedJson;
  /** What the request asked of its answer (`Prefer`, the `__code` query fallback): forcing and a delay. */
  asked?: Asked;
  /** What validation found in a request answered as if valid, its validation switched off (see validation-switch.ts). */
  waived?: readonly Finding[];
  /** The document's answer for the status about to be answered (forced or default) and the media type chosen. */
  negotiated?: Negotiated;
  /** The answer, where it came from and what its responder wants done besides, once decided. */
  answer?: Answer;
}

/** The document a request went to, of several (src/mock/mount-router.ts), and the path as the client sent it. */
export interface EnteredDocument extends DocumentMount {
  readonly sentPath: string;
}

/** A JSON body as text (a byte-order mark dropped), and whether its parsed value holds integers beyond 2^53. */
export interface DecodedJson {
  readonly text: string;
  readonly hasBigIntegers: boolean;
}

/** What a request asked of its answer: what to answer (`forcing`, set only when the document can give it) and `Prefer: delay=MS`. */
export interface Asked {
  readonly forcing?: Forcing;
  /** Milliseconds the request asked the answer to wait (see delays.ts). */
  readonly delay?: number;
}

/** Negotiation's outcome (src/answer/negotiate-response.ts). */
export interface Negotiated {
  readonly plan: ResponsePlan;
  /** The media type chosen; undefined when the response has no content. */
  readonly representation?: Representation;
}

/**
 * What a stage learned about a request, returned for the pipeline to record on the exchange (later
 * stages read it there), with the findings that end the request, if any.
 */
export interface Learned {
  readonly operation?: MockOperation;
  readonly pathParams?: Readonly<Record<string, string>>;
  readonly body?: unknown;
  readonly decoded?: DecodedJson;
  readonly asked?: Asked;
  readonly waived?: readonly Finding[];
  readonly negotiated?: Negotiated;
  readonly findings?: readonly Finding[];
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

/** Every stage has this shape: it reads the exchange and returns what it found wrong, or what it learned (never writing the exchange). */
export type Stage = (exchange: Exchange) => readonly Finding[] | Learned;

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
