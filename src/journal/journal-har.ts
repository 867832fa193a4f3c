import { isUtf8 } from 'node:buffer';
import { type HarExchange, harEntry, harLog } from '../har/har-entry.js';
import type { HarLog } from '../har/har-types.js';
import { describeProvenance } from '../provenance.js';
import type { JournalEntry } from './journal-entry.js';

/**
 * Journal entries as a HAR 1.2 log (`GET /__mock/journal?format=har`): as masked as the journal stores
 * them; `origin` (`http://127.0.0.1:4010`) makes their paths absolute URLs (a callback's is one already). The mock's own words go in
 * custom fields: `_session`, `_operation`, `_source` (describeProvenance), `_spec`.
 */
export function journalHar(entries: readonly JournalEntry[], origin: string, creator: { name: string; version: string }): HarLog {
  return harLog(
    entries.map((entry) => harEntry(harExchangeOf(entry, origin))),
    creator,
  );
}

function harExchangeOf(entry: JournalEntry, origin: string): HarExchange {
  const body = entry.body;
  return {
    time: entry.time,
    durationMs: entry.durationMs,
    method: entry.method,
    // A callback's path is the absolute URL the mock sent it to.
    url: `${entry.provenance?.kind === 'callback' ? '' : origin}${entry.path}${queryText(entry.query)}`,
    requestHeaders: entry.headers,
    requestBody: body === undefined || typeof body === 'string' ? body : isUtf8(body) ? body.toString('utf8') : undefined,
    requestBodySize: entry.bodySize,
    status: entry.status,
    responseHeaders: entry.responseHeaders,
    responseBody: entry.responseBody,
    custom: {
      _session: entry.session ?? null,
      _operation: entry.operation ?? null,
      _source: describeProvenance(entry.provenance),
      ...(entry.spec === undefined ? {} : { _spec: entry.spec }),
    },
  };
}

function queryText(query: Readonly<Record<string, unknown>>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value])
      params.append(name, typeof one === 'object' && one !== null ? JSON.stringify(one) : String(one));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
