import type { JournalEntry } from './journal.js';

/**
 * One journal entry as one JSON text, fields in a fixed order: what the journal keeps of a request
 * (see text-ring.ts for why it keeps text rather than objects). Body bytes that are not UTF-8 travel
 * as base64.
 */
export function encodeEntry(entry: JournalEntry): string {
  const { body } = entry;
  return JSON.stringify([
    entry.id,
    entry.time,
    entry.session ?? null,
    entry.method,
    entry.path,
    entry.query,
    entry.headers,
    typeof body === 'string' ? body : null,
    Buffer.isBuffer(body) ? body.toString('base64') : null,
    entry.bodySize,
    entry.findings ?? null,
    entry.source,
    entry.operation ?? null,
    entry.status,
    entry.responseHeaders,
    entry.responseBody ?? null,
    entry.durationMs,
  ]);
}

type Encoded = [
  number,
  number,
  string | null,
  string,
  string,
  JournalEntry['query'],
  JournalEntry['headers'],
  string | null,
  string | null,
  number,
  JournalEntry['findings'] | null,
  string,
  string | null,
  number,
  JournalEntry['responseHeaders'],
  string | null,
  number,
];

export function decodeEntry(text: string): JournalEntry {
  const [
    id,
    time,
    session,
    method,
    path,
    query,
    headers,
    bodyText,
    bodyBase64,
    bodySize,
    findings,
    source,
    operation,
    status,
    responseHeaders,
    responseBody,
    durationMs,
  ] = JSON.parse(text) as Encoded;
  return {
    id,
    time,
    session: session ?? undefined,
    method,
    path,
    query,
    headers,
    body: bodyBase64 !== null ? Buffer.from(bodyBase64, 'base64') : (bodyText ?? undefined),
    bodySize,
    findings: findings ?? undefined,
    source,
    operation: operation ?? undefined,
    status,
    responseHeaders,
    responseBody: responseBody ?? undefined,
    durationMs,
  };
}
