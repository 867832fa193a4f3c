import { isUtf8 } from 'node:buffer';
import { parseJson } from '../../json/parse-json.js';
import { decodeContent } from '../../openapi/content-coding.js';
import { isSecretHeader, maskHeaderByRule } from '../../openapi/mask-credentials.js';
import { essenceOf, isJsonMediaType, isMediaType, mediaKind } from '../../openapi/media-type.js';
import type { Exchange } from '../../pipeline/types.js';
import { REDACTED, type Redaction, redactBody, redactedQuery } from './redaction.js';

/** An answer as a recording writes it: a scenario step. */
export interface RecordedStep {
  /** Absent, with the headers, for a step the mock answers itself (a request imported without its answer). */
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** Absent for an answer without content. */
  readonly body?: unknown;
}

/** One exchange that passed through the proxy, redacted, as a recording keeps it. */
export interface RecordedExchange {
  readonly operationId: string;
  /** What the matchers are made of: query and path parameters by name, the parsed body. */
  readonly request: {
    readonly query: Readonly<Record<string, string>>;
    readonly params: Readonly<Record<string, string>>;
    readonly body: unknown;
  };
  readonly step: RecordedStep;
  /** What the answer breaks in the document (drift), as the file's comment lists it; empty when it fits. */
  readonly findings: readonly string[];
}

/** Answer headers a replay makes anew (framing, dates, the proxy's own) and never records. */
const NOT_RECORDED = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'date', 'via', 'connection', 'keep-alive', 'age']);

/**
 * The exchange as a recording keeps it, or why it is not recorded (undefined: nothing the real service
 * answered). Only answers the service gave through the proxy are recorded: not the mock's own (fallback,
 * rejections), nor requests the contract rejects (a replay rejects them itself), nor streamed bodies.
 */
export function recordedExchange(exchange: Exchange, redaction: Redaction, maxBytes: number): RecordedExchange | string | undefined {
  const provenance = exchange.answer?.provenance;
  const operation = exchange.operation;
  const response = exchange.answer?.response;
  if (provenance?.kind !== 'proxied' || operation === undefined || response === undefined) return undefined;
  if (provenance.violation !== undefined) return `the request broke the contract (${provenance.violation}): a replay rejects it itself`;
  if (provenance.strict === true) return 'the answer was replaced by 502 (--proxy-strict)';
  if (response.stream !== undefined) return 'the body was larger than the body limit and streamed';
  const findings = provenance.drift.map((d) => `${d.kind}${d.at === '' ? '' : ` ${d.at}`}: ${d.message}`);
  return recordedAnswer(
    exchange,
    { status: provenance.status, headers: response.headers, payload: response.payload },
    findings,
    redaction,
    maxBytes,
  );
}

/** An answer as the proxy got it, or as another tool kept it (a HAR entry, a saved example). */
export interface GivenAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, unknown>>;
  /** Bytes as sent (decoded by their Content-Encoding here), or text already decoded. */
  readonly payload: string | Buffer | undefined;
}

/**
 * A routed exchange and the answer it got as a recording keeps it (redacted), or why it cannot be
 * written. Shared by the recorder and the importer (src/import/): one rule for what is kept.
 */
export function recordedAnswer(
  exchange: Exchange,
  answer: GivenAnswer | undefined,
  findings: readonly string[],
  redaction: Redaction,
  maxBytes: number,
): RecordedExchange | string {
  const operation = exchange.operation as NonNullable<Exchange['operation']>;
  const request = {
    query: queryOf(exchange.query, redaction),
    params: { ...(exchange.pathParams ?? {}) },
    body: redactBody(exchange.body, redaction.pointers),
  };
  if (answer === undefined) return { operationId: operation.id, request, step: {}, findings };
  const type = answer.headers['content-type'];
  if (type !== undefined && !isMediaType(type))
    return `its Content-Type ${JSON.stringify(String(type)).slice(0, 80)} is no media type (a replay could not send it)`;
  const headers: Record<string, string> = {};
  for (const name of Object.keys(answer.headers).sort()) {
    if (NOT_RECORDED.has(name) || name.startsWith('x-mock-')) continue;
    const value = answer.headers[name];
    const text = Array.isArray(value) ? value.join(', ') : String(value);
    headers[name] = redaction.headers.has(name) || isSecretHeader(name) ? REDACTED : String(maskHeaderByRule(name, text));
  }
  const body = answerBody(answer.payload, type, answer.headers['content-encoding'], maxBytes);
  if (typeof body === 'object' && body !== null && 'unrecordable' in body) return body.unrecordable;
  return {
    operationId: operation.id,
    request,
    step: { status: answer.status, headers, ...(body === undefined ? {} : { body: redactBody(body.value, redaction.pointers) }) },
    findings,
  };
}

type Body = { readonly value: unknown } | { readonly unrecordable: string } | undefined;

/** The answer's body as a step writes it: JSON parsed, text as text; bytes cannot be written. */
function answerBody(payload: string | Buffer | undefined, type: unknown, encoding: unknown, maxBytes: number): Body {
  if (payload === undefined || payload.length === 0) return undefined;
  let bytes: Buffer | string = payload;
  if (Buffer.isBuffer(payload)) {
    bytes = decodeContent(payload, typeof encoding === 'string' ? encoding : undefined, maxBytes);
    if (typeof bytes === 'string') return { unrecordable: bytes };
  }
  const mediaType = typeof type === 'string' ? essenceOf(type) : '';
  if (Buffer.isBuffer(bytes)) {
    if ((mediaType !== '' && mediaKind(mediaType) === 'binary') || !isUtf8(bytes))
      return { unrecordable: 'a binary body cannot be written to a scenario file' };
    bytes = bytes.toString('utf8');
  }
  if (!isJsonMediaType(mediaType)) return { value: bytes };
  const parsed = parseJson(bytes);
  return parsed.ok ? { value: parsed.value } : { value: bytes };
}

function queryOf(query: Exchange['query'], redaction: Redaction): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || redactedQuery(name, redaction)) continue;
    // Matchers test the last value of a repeated parameter.
    out[name] = Array.isArray(value) ? String(value[value.length - 1]) : value;
  }
  return out;
}
