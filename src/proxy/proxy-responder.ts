import { isUtf8 } from 'node:buffer';
import type { Readable } from 'node:stream';
import type { Pool } from 'undici';
import type { ErrorCode } from '../errors.js';
import type { BodyChunk, MockResponse } from '../mock-response.js';
import { essenceOf, mediaKind } from '../openapi/media-type.js';
import type { Answer, Exchange, Pass, Rejection } from '../pipeline/types.js';
import { problemResponse } from '../problem.js';
import type { DriftFinding, FallbackReason } from '../provenance.js';
import { checkDrift, driftHeader } from './drift.js';
import { requestHeadersFor, responseHeadersFor } from './forward-headers.js';
import { failureOf } from './upstream-client.js';
import { ClientGoneError, requestUpstream, type UpstreamReply, type UpstreamRequest } from './upstream-request.js';
import { type Upstream, upstreamPath } from './upstream-target.js';

export const DRIFT_HEADER = 'x-mock-drift';
/** How much of a drifting answer's body the journal keeps when strict mode replaced it. */
const KEPT_UPSTREAM_BODY = 16 * 1024;

export interface ForwardSettings {
  readonly upstream: Upstream;
  readonly pool: Pool;
  readonly timeoutMs: number;
  /** Largest upstream body held to be checked; a larger one is streamed on unchecked. */
  readonly bodyLimit: number;
  readonly strict: boolean;
  readonly fallback: ReadonlySet<FallbackReason>;
}

/** The consumer's request broke the contract and is forwarded anyway: what it broke and the code the mock would answer. */
export type Violation = Rejection;

const MISSING = new Set([404, 405, 501]);
const UNAVAILABLE = new Set([502, 503, 504]);

/**
 * Forwards one exchange to the upstream and makes its answer the mock's: status, end-to-end headers
 * and the body byte for byte (held up to the body limit to be checked, streamed beyond it). Resolves
 * to a pass when the mock is to answer instead (`--proxy-fallback`; the reason goes with it, for the
 * provenance). Never rejects: a failure is a 502 or 504 from the catalogue.
 */
export async function forward(settings: ForwardSettings, exchange: Exchange, violation?: Violation): Promise<Answer | Pass> {
  const path = upstreamPath(settings.upstream, exchange.path, exchange.query);
  if (path === undefined) {
    const details = 'its path has dot segments or encoded slashes, which could reach outside the service base path';
    return {
      response: problemResponse({ code: 'PROXY_REFUSED', params: { details } }),
      provenance: { kind: 'rejected', code: 'PROXY_REFUSED' },
    };
  }
  const headers = requestHeadersFor(exchange.headers, exchange.client ?? LOCAL_CLIENT);
  // Traced: a client span under the request's, its context sent on in place of the caller's.
  const span = exchange.trace?.outbound(exchange.method, upstreamAttributes(settings.upstream, exchange.method, path));
  const request: UpstreamRequest = {
    method: exchange.method,
    path,
    headers: span ? { ...headers, ...span.headers } : headers,
    body: exchange.rawBody,
  };
  let reply: UpstreamReply;
  try {
    reply = await requestUpstream(settings.pool, request, settings.bodyLimit, settings.timeoutMs, exchange.client?.whenGone);
    span?.end(reply.status);
  } catch (error) {
    span?.end(undefined, undefined, error instanceof ClientGoneError ? 'the client left first' : failureOf(error).reason);
    if (error instanceof ClientGoneError) return CLIENT_GONE;
    const failure = failureOf(error);
    if (settings.fallback.has('unavailable')) return fallBack('unavailable', failure.reason);
    const code: ErrorCode = failure.timeout ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_FAILED';
    const params: Record<string, string | number> = failure.timeout ? { timeout: settings.timeoutMs } : { details: failure.reason };
    return { response: problemResponse({ code, params }), provenance: { kind: 'upstream-failed', code, reason: failure.reason } };
  }
  const status = reply.status;
  if (status < 100 || status > 599) {
    // No HTTP status (RFC 9110 gives 100-599): neither a client nor a recording could carry it on.
    reply.rest?.destroy();
    const why = `it answered status ${status}, which is no HTTP status (100-599)`;
    if (settings.fallback.has('unavailable')) return fallBack('unavailable', why);
    return {
      response: problemResponse({ code: 'UPSTREAM_FAILED', params: { details: why } }),
      provenance: { kind: 'upstream-failed', code: 'UPSTREAM_FAILED', reason: why },
    };
  }
  const reason = MISSING.has(status) ? 'missing' : UNAVAILABLE.has(status) ? 'unavailable' : undefined;
  if (reason !== undefined && settings.fallback.has(reason)) {
    reply.rest?.destroy();
    return fallBack(reason, `status ${status}`);
  }
  return answerOf(settings, exchange, reply, violation);
}

const LOCAL_CLIENT = { address: undefined, protocol: 'http' };

function upstreamAttributes(upstream: Upstream, method: string, path: string) {
  const url = new URL(path, upstream.origin);
  return {
    'http.request.method': method,
    // Without the query, which may carry a credential.
    'url.full': `${url.origin}${url.pathname}`,
    'server.address': url.hostname,
    'server.port': Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
  };
}

/**
 * The client left before the upstream answered: no answer is written (status 0 in the journal and
 * log, as for a connection closed without one, over HTTP/1.1 and HTTP/2 alike). The status is only a
 * placeholder the reply stage never writes: 499, nginx's "client closed request".
 */
const CLIENT_GONE: Answer = {
  response: { status: 499, headers: {}, body: undefined, fault: 'empty' },
  provenance: { kind: 'client-gone' },
};

function fallBack(reason: FallbackReason, upstream: string): Pass {
  return { effects: { fallback: { reason, upstream } } };
}

function answerOf(settings: ForwardSettings, exchange: Exchange, reply: UpstreamReply, violation: Violation | undefined): Answer {
  const upstreamHeaders = reply.headers;
  const whole = reply.rest === undefined ? wholeBody(reply) : undefined;
  const operation = exchange.operation;
  const drift: DriftFinding[] =
    operation === undefined
      ? []
      : checkDrift(operation, exchange.method, { status: reply.status, headers: upstreamHeaders, body: whole }, settings.bodyLimit);
  const violations = violation === undefined ? {} : { violation: violation.code, violations: violation.findings };
  if (drift.length > 0 && settings.strict) {
    reply.rest?.destroy();
    const details = drift.map((d) => `${d.kind}${d.at === '' ? '' : ` ${d.at}`}: ${d.message}`).join('; ');
    const response = problemResponse({ code: 'UPSTREAM_DRIFT', params: { details } });
    const kept = (whole ?? Buffer.concat(reply.chunks)).subarray(0, KEPT_UPSTREAM_BODY);
    return {
      response: { ...response, headers: { ...response.headers, [DRIFT_HEADER]: driftHeader(drift) } },
      provenance: { kind: 'proxied', status: reply.status, drift, ...violations, strict: true, upstreamBody: kept.toString('utf8') },
    };
  }
  // Lists (set-cookie) stay lists: the reply writes them as separate fields.
  const headers = responseHeadersFor(upstreamHeaders) as Record<string, string>;
  if (drift.length > 0) headers[DRIFT_HEADER] = driftHeader(drift);
  const rest = reply.rest;
  const response: MockResponse =
    rest !== undefined
      ? { status: reply.status, headers, body: undefined, stream: streamOf(reply.chunks, rest) }
      : { status: reply.status, headers, body: undefined, ...(whole === undefined || whole.length === 0 ? {} : payloadOf(whole, headers)) };
  return { response, provenance: { kind: 'proxied', status: reply.status, drift, ...violations } };
}

/**
 * The bytes as they came (a string would make the reply add a charset to a JSON Content-Type), and
 * the text of text bodies for the journal and callbacks.
 */
function payloadOf(bytes: Buffer, headers: Readonly<Record<string, string>>): Pick<MockResponse, 'payload' | 'payloadText'> {
  const type = headers['content-type'];
  if (type === undefined || mediaKind(essenceOf(type)) === 'binary' || headers['content-encoding'] !== undefined || !isUtf8(bytes))
    return { payload: bytes };
  return { payload: bytes, payloadText: bytes.toString('utf8') };
}

function wholeBody(reply: UpstreamReply): Buffer {
  return reply.chunks.length === 1 ? (reply.chunks[0] as Buffer) : Buffer.concat(reply.chunks, reply.bytes);
}

/** What was held, then the rest as the upstream sends it; the upstream's answer is left when the client goes. */
async function* streamOf(held: readonly Buffer[], rest: Readable): AsyncGenerator<BodyChunk> {
  try {
    for (const chunk of held) yield { data: chunk };
    for await (const chunk of rest) yield { data: chunk as Buffer };
  } finally {
    rest.destroy();
  }
}
