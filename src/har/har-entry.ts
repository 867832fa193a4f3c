import { STATUS_CODES } from 'node:http';
import type { HarEntry, HarLog, HarNameValue } from './har-types.js';

/** One request and its answer, as a HAR entry is made of (credentials already masked by the caller). */
export interface HarExchange {
  /** Epoch milliseconds when the request arrived. */
  readonly time: number;
  readonly durationMs: number;
  readonly method: string;
  /** Absolute, its query included. */
  readonly url: string;
  readonly requestHeaders: Readonly<Record<string, unknown>>;
  /** The body's text; bytes that are no UTF-8 text are left out (`bodySize` still says how many). */
  readonly requestBody: string | undefined;
  readonly requestBodySize: number;
  /** 0: the mock answered nothing (a fault). */
  readonly status: number;
  readonly responseHeaders: Readonly<Record<string, unknown>>;
  readonly responseBody: string | undefined;
  /** Custom fields (HAR 1.2 allows them when their names start with `_`). */
  readonly custom?: Readonly<Record<`_${string}`, unknown>>;
}

/** A HAR 1.2 log of the entries, in the order given. */
export function harLog(entries: readonly HarEntry[], creator: { name: string; version: string }): HarLog {
  return { log: { version: '1.2', creator, entries } };
}

export function harEntry(exchange: HarExchange): HarEntry {
  const requestHeaders = nameValues(exchange.requestHeaders);
  const responseHeaders = nameValues(exchange.responseHeaders);
  const requestType = headerOf(exchange.requestHeaders, 'content-type');
  const responseType = headerOf(exchange.responseHeaders, 'content-type');
  const body = exchange.responseBody ?? '';
  const size = Buffer.byteLength(body);
  // A URL no parser reads (a journal entry's, say) is written as it is, without its query listed: one bad entry never fails a log.
  const url = URL.canParse(exchange.url) ? new URL(exchange.url) : undefined;
  const wait = Math.max(0, Math.round(exchange.durationMs * 1000) / 1000);
  return {
    startedDateTime: new Date(exchange.time).toISOString(),
    time: wait,
    request: {
      method: exchange.method,
      url: url?.href ?? exchange.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: requestHeaders,
      queryString: [...(url?.searchParams ?? [])].map(([name, value]) => ({ name, value })),
      ...(exchange.requestBody === undefined && exchange.requestBodySize === 0
        ? {}
        : { postData: { mimeType: requestType ?? 'application/octet-stream', text: exchange.requestBody ?? '' } }),
      headersSize: -1,
      bodySize: exchange.requestBodySize,
    },
    response: {
      status: exchange.status,
      statusText: exchange.status === 0 ? '' : (STATUS_CODES[exchange.status] ?? ''),
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: responseHeaders,
      content: { size, mimeType: responseType ?? 'x-unknown', ...(exchange.responseBody === undefined ? {} : { text: body }) },
      redirectURL: headerOf(exchange.responseHeaders, 'location') ?? '',
      headersSize: -1,
      bodySize: exchange.responseBody === undefined ? (exchange.status === 0 ? -1 : 0) : size,
    },
    cache: {},
    timings: { send: 0, wait, receive: 0 },
    ...exchange.custom,
  };
}

/** Headers as HAR lists them: one name and value per line, a repeated header once per value. */
function nameValues(headers: Readonly<Record<string, unknown>>): HarNameValue[] {
  const out: HarNameValue[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) out.push({ name, value: String(one) });
  }
  return out;
}

function headerOf(headers: Readonly<Record<string, unknown>>, name: string): string | undefined {
  const value = headers[name];
  if (value === undefined) return undefined;
  return Array.isArray(value) ? String(value[0]) : String(value);
}
