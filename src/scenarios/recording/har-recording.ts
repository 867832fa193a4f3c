import { isUtf8 } from 'node:buffer';
import { type HarExchange, harEntry } from '../../har/har-entry.js';
import type { HarEntry } from '../../har/har-types.js';
import { parseJson } from '../../json/parse-json.js';
import { stringifyJson } from '../../json/stringify-json.js';
import { decodeContent } from '../../openapi/content-coding.js';
import { isSecretHeader, maskBodyText, maskHeaderByRule } from '../../openapi/mask-credentials.js';
import { essenceOf, isJsonMediaType } from '../../openapi/media-type.js';
import type { Exchange } from '../../pipeline/types.js';
import { REDACTED, type Redaction, redactBody, redactedQuery } from './redaction.js';

/**
 * An exchange that passed through the proxy as a HAR entry (`--record-format har`): the request as the
 * client sent it and the real service's answer, redacted by the recordings' rule (credential headers and
 * query parameters, secret-named fields, `--redact` names and pointers); a body is kept as sent unless
 * something in it is redacted. Undefined for what the real service did not answer. The time is when it
 * was recorded: the mock does not keep when the request arrived.
 */
export function recordedHarEntry(exchange: Exchange, redaction: Redaction, maxBytes: number): HarEntry | undefined {
  const provenance = exchange.answer?.provenance;
  const response = exchange.answer?.response;
  if (provenance?.kind !== 'proxied' || response === undefined || response.stream !== undefined) return undefined;
  const host = String(exchange.headers.host ?? 'localhost');
  const responseHeaders = { ...response.headers };
  const payload = typeof response.payload === 'string' ? response.payload : answerText(response.payload, responseHeaders, maxBytes);
  const har: HarExchange = {
    time: Date.now(),
    durationMs: 0,
    method: exchange.method,
    url: `http://${host}${exchange.document?.sentPath ?? exchange.path}${queryText(exchange.query, redaction)}`,
    requestHeaders: redactedHeaders(exchange.headers, redaction),
    requestBody: redactedText(exchange.decoded?.text, exchange.headers['content-type'], redaction),
    requestBodySize: exchange.rawBody?.length ?? 0,
    status: provenance.status,
    responseHeaders: redactedHeaders(responseHeaders, redaction),
    responseBody: redactedText(payload, responseHeaders['content-type'], redaction),
    custom: { _operation: exchange.operation?.id ?? null, _session: exchange.session.id ?? null },
  };
  return harEntry(har);
}

/** The answer's bytes as text, decoded by their Content-Encoding (which then no longer applies); undefined for bytes that are no text. */
function answerText(payload: Buffer | undefined, headers: Record<string, unknown>, maxBytes: number): string | undefined {
  if (payload === undefined) return undefined;
  const encoding = headers['content-encoding'];
  const decoded = decodeContent(payload, typeof encoding === 'string' ? encoding : undefined, maxBytes);
  delete headers['content-encoding'];
  return typeof decoded === 'string' || !isUtf8(decoded) ? undefined : decoded.toString('utf8');
}

function redactedHeaders(headers: Readonly<Record<string, unknown>>, redaction: Redaction): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name] = redaction.headers.has(name) || isSecretHeader(name) ? REDACTED : maskHeaderByRule(name, value);
  }
  return out;
}

/** JSON redacted as a recording redacts it (written anew only when something changed), other text masked as the journal masks it. */
function redactedText(text: string | undefined, type: unknown, redaction: Redaction): string | undefined {
  if (text === undefined) return undefined;
  if (typeof type === 'string' && isJsonMediaType(essenceOf(type))) {
    const parsed = parseJson(text);
    if (parsed.ok) {
      const redacted = redactBody(parsed.value, redaction.pointers);
      return redacted === parsed.value ? text : stringifyJson(redacted);
    }
  }
  return maskBodyText(text);
}

function queryText(query: Exchange['query'], redaction: Redaction): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) params.append(name, redactedQuery(name, redaction) ? REDACTED : one);
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
