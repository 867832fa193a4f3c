import type { Exchange } from '../pipeline/types.js';
import type { JournalEntry, NewJournalEntry } from './journal-entry.js';

/** Bodies beyond this many bytes are kept truncated, so a full journal stays within a known bound. */
export const JOURNAL_BODY_LIMIT = 64 * 1024;

/**
 * The journal entry of a finished request, from its exchange (a bare one for a request the pipeline never
 * saw: a body over the limit, a preflight) and the answer: references, not copies (the journal writes
 * it down as text when it is read, see journal.ts), the body as the text the request path decoded
 * where it did. Bodies, sent and answered, are kept up to JOURNAL_BODY_LIMIT. `status`: what was
 * answered, 0 for a fault that answered nothing (no response headers or body then); `elapsed`:
 * milliseconds from arrival to answer; `responseText`: the body text the HTTP side sent.
 */
export function entryOf(
  exchange: Exchange,
  status: number,
  responseHeaders: JournalEntry['responseHeaders'],
  elapsed: number,
  responseText?: string,
): NewJournalEntry {
  const answered = status !== 0;
  const raw = exchange.rawBody;
  const entry: { -readonly [K in keyof NewJournalEntry]: NewJournalEntry[K] } = {
    time: Math.floor(Date.now() - elapsed),
    session: exchange.session.id,
    method: exchange.method,
    path: exchange.document?.sentPath ?? exchange.path,
    query: exchange.query,
    headers: exchange.headers,
    body: keptBody(raw, exchange.decoded?.text),
    bodySize: raw?.length ?? Number(exchange.headers['content-length'] ?? 0),
    provenance: exchange.answer?.provenance,
    operation: exchange.operation?.id,
    status,
    responseHeaders: answered ? responseHeaders : {},
    responseBody: answered ? keptText(responseText) : undefined,
    durationMs: elapsed,
    spec: exchange.document?.name,
  };
  // Set apart rather than spread into the literal: a spread takes the whole literal off V8's fast path.
  if (exchange.clientSubject !== undefined) entry.clientSubject = exchange.clientSubject;
  return entry;
}

/** The bytes past the limit cut off; the text the request path decoded, where it did. */
function keptBody(raw: Buffer | undefined, text: string | undefined): string | Buffer | undefined {
  if (raw === undefined) return undefined;
  return raw.length > JOURNAL_BODY_LIMIT ? raw.subarray(0, JOURNAL_BODY_LIMIT) : (text ?? raw);
}

function keptText(text: string | undefined): string | undefined {
  if (text === undefined || text.length <= JOURNAL_BODY_LIMIT) return text;
  // Never half a surrogate pair: written as UTF-8, a lone half would come back as U+FFFD.
  const code = text.charCodeAt(JOURNAL_BODY_LIMIT - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? JOURNAL_BODY_LIMIT - 1 : JOURNAL_BODY_LIMIT);
}
