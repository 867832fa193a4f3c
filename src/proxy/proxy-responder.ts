import { isUtf8 } from 'node:buffer';
import type { Dispatcher, Pool } from 'undici';
import type { ErrorCode } from '../errors.js';
import type { BodyChunk, MockResponse } from '../mock-response.js';
import { essenceOf, mediaKind } from '../openapi/media-type.js';
import type { Answer, Exchange } from '../pipeline/types.js';
import { type Finding, problemResponse } from '../problem.js';
import type { DriftFinding, FallbackReason } from '../provenance.js';
import { checkDrift, driftHeader } from './drift.js';
import { requestHeadersFor, responseHeadersFor } from './forward-headers.js';
import { failureOf } from './upstream-client.js';
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
export interface Violation {
  readonly code: ErrorCode;
  readonly findings: readonly Finding[];
}

const MISSING = new Set([404, 405, 501]);
const UNAVAILABLE = new Set([502, 503, 504]);

/**
 * Forwards one exchange to the upstream and makes its answer the mock's: status, end-to-end headers
 * and the body byte for byte (held up to the body limit to be checked, streamed beyond it). Resolves
 * to undefined when the mock is to answer instead (`--proxy-fallback`; the reason is left on the
 * exchange for the provenance). Never rejects: a failure is a 502 or 504 from the catalogue.
 */
export async function forward(settings: ForwardSettings, exchange: Exchange, violation?: Violation): Promise<Answer | undefined> {
  const path = upstreamPath(settings.upstream, exchange.path, exchange.query);
  if (path === undefined) {
    const details = 'its path has dot segments or encoded slashes, which could reach outside the service base path';
    return {
      response: problemResponse({ code: 'PROXY_REFUSED', params: { details } }),
      provenance: { kind: 'rejected', code: 'PROXY_REFUSED' },
    };
  }
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), settings.timeoutMs);
  let answer: Dispatcher.ResponseData | undefined;
  try {
    answer = await settings.pool.request({
      method: exchange.method as Dispatcher.HttpMethod,
      path,
      headers: requestHeadersFor(exchange.headers, exchange.client ?? { address: undefined, protocol: 'http' }),
      body: exchange.rawBody ?? null,
      signal: stop.signal,
    });
    const status = answer.statusCode;
    const reason = MISSING.has(status) ? 'missing' : UNAVAILABLE.has(status) ? 'unavailable' : undefined;
    if (reason !== undefined && settings.fallback.has(reason)) {
      answer.body.resume();
      return fallBack(exchange, reason, `status ${status}`);
    }
    const held = await holdUpTo(answer.body, settings.bodyLimit);
    clearTimeout(timer);
    return answerOf(settings, exchange, answer, held, violation);
  } catch (error) {
    clearTimeout(timer);
    answer?.body.destroy();
    const failure = failureOf(error);
    if (settings.fallback.has('unavailable')) return fallBack(exchange, 'unavailable', failure.reason);
    const code: ErrorCode = failure.timeout ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_FAILED';
    const params: Record<string, string | number> = failure.timeout ? { timeout: settings.timeoutMs } : { details: failure.reason };
    return { response: problemResponse({ code, params }), provenance: { kind: 'upstream-failed', code, reason: failure.reason } };
  }
}

function fallBack(exchange: Exchange, reason: FallbackReason, upstream: string): undefined {
  exchange.fallback = { reason, upstream };
  return undefined;
}

/** The body's first chunks, up to the limit; `rest` the iterator of what follows when there is more. */
interface HeldBody {
  readonly chunks: Buffer[];
  readonly bytes: number;
  readonly rest: AsyncIterator<Buffer> | undefined;
}

async function holdUpTo(body: AsyncIterable<Buffer>, limit: number): Promise<HeldBody> {
  const iterator = body[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let bytes = 0;
  for (;;) {
    const next = await iterator.next();
    if (next.done) return { chunks, bytes, rest: undefined };
    chunks.push(next.value);
    bytes += next.value.length;
    if (bytes > limit) return { chunks, bytes, rest: iterator };
  }
}

function answerOf(
  settings: ForwardSettings,
  exchange: Exchange,
  answer: Dispatcher.ResponseData,
  held: HeldBody,
  violation: Violation | undefined,
): Answer {
  const upstreamHeaders = answer.headers as Record<string, string | string[] | undefined>;
  const whole = held.rest === undefined ? Buffer.concat(held.chunks, held.bytes) : undefined;
  const operation = exchange.operation;
  const drift: DriftFinding[] =
    operation === undefined
      ? []
      : checkDrift(operation, exchange.method, { status: answer.statusCode, headers: upstreamHeaders, body: whole }, settings.bodyLimit);
  const violations = violation === undefined ? {} : { violation: violation.code, violations: violation.findings };
  if (drift.length > 0 && settings.strict) {
    answer.body.destroy();
    const details = drift.map((d) => `${d.kind}${d.at === '' ? '' : ` ${d.at}`}: ${d.message}`).join('; ');
    const response = problemResponse({ code: 'UPSTREAM_DRIFT', params: { details } });
    const kept = (whole ?? Buffer.concat(held.chunks)).subarray(0, KEPT_UPSTREAM_BODY);
    return {
      response: { ...response, headers: { ...response.headers, [DRIFT_HEADER]: driftHeader(drift) } },
      provenance: { kind: 'proxied', status: answer.statusCode, drift, ...violations, strict: true, upstreamBody: kept.toString('utf8') },
    };
  }
  // Lists (set-cookie) stay lists: the reply writes them as separate fields.
  const headers = responseHeadersFor(upstreamHeaders) as Record<string, string>;
  if (drift.length > 0) headers[DRIFT_HEADER] = driftHeader(drift);
  const response: MockResponse =
    whole === undefined
      ? { status: answer.statusCode, headers, body: undefined, stream: streamOf(held) }
      : { status: answer.statusCode, headers, body: undefined, ...(whole.length === 0 ? {} : { payload: payloadOf(whole, headers) }) };
  return { response, provenance: { kind: 'proxied', status: answer.statusCode, drift, ...violations } };
}

/** Text bodies as text (the journal shows them; valid UTF-8 is written back byte for byte), others as bytes. */
function payloadOf(bytes: Buffer, headers: Readonly<Record<string, string>>): string | Buffer {
  const type = headers['content-type'];
  if (type === undefined || mediaKind(essenceOf(type)) === 'binary' || headers['content-encoding'] !== undefined) return bytes;
  return isUtf8(bytes) ? bytes.toString('utf8') : bytes;
}

/** What was held, then the rest as the upstream sends it; the upstream's body is left when the client goes. */
async function* streamOf(held: HeldBody): AsyncGenerator<BodyChunk> {
  const rest = held.rest as AsyncIterator<Buffer>;
  let done = false;
  try {
    for (const chunk of held.chunks) yield { data: chunk };
    for (;;) {
      const next = await rest.next();
      if (next.done) {
        done = true;
        return;
      }
      yield { data: next.value };
    }
  } finally {
    if (!done) await rest.return?.();
  }
}
