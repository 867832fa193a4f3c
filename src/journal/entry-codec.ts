import type { JournalEntry, NewJournalEntry } from './journal-entry.js';

/**
 * One journal entry as one text: what the journal keeps of a request (see text-ring.ts for why it
 * keeps text rather than objects). The fields go in a JSON array on the first line, in a fixed order;
 * the request and response bodies follow it as they are, their lengths in that array, since they are
 * mostly JSON texts that JSON.stringify would escape character by character. Body bytes that are not
 * UTF-8 travel as base64 in the array.
 */
export function encodeEntry(id: number, entry: NewJournalEntry): EncodedEntry {
  const { body } = entry;
  const bodyText = typeof body === 'string' ? body : '';
  const responseBody = entry.responseBody ?? '';
  const fields = JSON.stringify([
    id,
    entry.time,
    entry.session ?? null,
    entry.method,
    entry.path,
    entry.query,
    entry.headers,
    typeof body === 'string' ? body.length : null,
    Buffer.isBuffer(body) ? body.toString('base64') : null,
    entry.bodySize,
    entry.provenance ?? null,
    entry.operation ?? null,
    entry.status,
    entry.responseHeaders,
    entry.responseBody === undefined ? null : responseBody.length,
    entry.durationMs,
    entry.clientSubject ?? null,
    entry.spec ?? null,
  ]);
  return [`${fields}\n`, bodyText, responseBody];
}

/** An entry's text in three parts, to be written one after the other: fields, request body, response body. */
export type EncodedEntry = readonly [string, string, string];

type Fields = [
  number,
  number,
  string | null,
  string,
  string,
  JournalEntry['query'],
  JournalEntry['headers'],
  number | null,
  string | null,
  number,
  JournalEntry['provenance'] | null,
  string | null,
  number,
  JournalEntry['responseHeaders'],
  number | null,
  number,
  string | null,
  string | null,
];

/** The entry of a text made of encodeEntry()'s parts. */
export function decodeEntry(text: string): JournalEntry {
  // JSON.stringify never writes a raw line break, so the first one ends the fields.
  const bodiesAt = text.indexOf('\n') + 1;
  const [
    id,
    time,
    session,
    method,
    path,
    query,
    headers,
    bodyLength,
    bodyBase64,
    bodySize,
    provenance,
    operation,
    status,
    responseHeaders,
    responseBodyLength,
    durationMs,
    clientSubject,
    spec,
  ] = JSON.parse(text.slice(0, bodiesAt - 1)) as Fields;
  const responseAt = bodiesAt + (bodyLength ?? 0);
  const bodyText = bodyLength === null ? undefined : text.slice(bodiesAt, responseAt);
  return {
    id,
    time,
    session: session ?? undefined,
    method,
    path,
    query,
    headers,
    body: bodyBase64 !== null ? Buffer.from(bodyBase64, 'base64') : bodyText,
    bodySize,
    provenance: provenance ?? undefined,
    operation: operation ?? undefined,
    status,
    responseHeaders,
    responseBody: responseBodyLength === null ? undefined : text.slice(responseAt, responseAt + responseBodyLength),
    durationMs,
    ...(clientSubject ? { clientSubject } : {}),
    ...(spec === null ? {} : { spec }),
  };
}
