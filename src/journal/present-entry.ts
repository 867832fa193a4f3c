import { TextDecoder } from 'node:util';
import { parseJson } from '../json/parse-json.js';
import { describeProvenance } from '../provenance.js';
import type { JournalEntry } from './journal-entry.js';
import { JOURNAL_BODY_LIMIT } from './record-entry.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The JSON form of an entry the admin API and the dashboard show, body as text (credentials were masked as it was stored). */
export function presentEntry(entry: JournalEntry): Record<string, unknown> {
  return {
    id: entry.id,
    time: new Date(entry.time).toISOString(),
    session: entry.session ?? null,
    operation: entry.operation ?? null,
    ...(entry.spec === undefined ? {} : { spec: entry.spec }),
    method: entry.method,
    path: entry.path,
    query: entry.query,
    headers: entry.headers,
    ...presentBody(entry),
    findings: (entry.provenance?.kind === 'rejected' && entry.provenance.findings) || entry.provenance?.waived?.findings || [],
    invalid: isInvalid(entry),
    source: describeProvenance(entry.provenance),
    response: { status: entry.status, headers: entry.responseHeaders, body: presentResponseBody(entry.responseBody) },
    durationMs: Math.round(entry.durationMs * 1000) / 1000,
    ...presentCallback(entry),
    ...(entry.clientSubject === undefined ? {} : { clientSubject: entry.clientSubject }),
  };
}

function presentCallback(entry: JournalEntry): Record<string, unknown> {
  const provenance = entry.provenance;
  if (provenance?.kind !== 'callback') return {};
  return { callback: { kind: provenance.via, name: provenance.name, outcome: provenance.outcome, problems: provenance.problems ?? [] } };
}

/** The mock rejected the request itself (findings, or a problem such as 413), or answered it despite them; not forced errors. */
function isInvalid(entry: JournalEntry): boolean {
  return entry.provenance === undefined
    ? entry.status >= 400
    : entry.provenance.kind === 'rejected' || entry.provenance.waived !== undefined;
}

function presentBody(entry: JournalEntry): Record<string, unknown> {
  const body = entry.body;
  const truncated = entry.bodySize > (body?.length ?? 0) ? { bodyTruncated: true } : {};
  if (body === undefined) return { body: null, bodySize: entry.bodySize, ...truncated };
  if (typeof body === 'string') return { body, bodySize: entry.bodySize, ...truncated };
  try {
    // A truncated body may end inside a character: decode what is whole.
    const text = utf8.decode(body.length === JOURNAL_BODY_LIMIT ? trimPartialCharacter(body) : body);
    return { body: text, bodySize: entry.bodySize, ...truncated };
  } catch {
    return { body: body.toString('base64'), bodyEncoding: 'base64', bodySize: entry.bodySize, ...truncated };
  }
}

/** The JSON value answered (integers beyond 2^53 exact), or the text itself when it is not JSON (cut short, say). */
function presentResponseBody(text: string | undefined): unknown {
  if (text === undefined) return null;
  const parsed = parseJson(text);
  return parsed.ok ? parsed.value : text;
}

function trimPartialCharacter(bytes: Buffer): Buffer {
  let end = bytes.length;
  let back = 0;
  while (end > 0 && back < 4 && ((bytes[end - 1] ?? 0) & 0xc0) === 0x80) {
    end--;
    back++;
  }
  const lead = bytes[end - 1] ?? 0;
  const needed = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return needed > back + 1 ? bytes.subarray(0, end - 1) : bytes;
}
