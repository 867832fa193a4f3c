import { TextDecoder } from 'node:util';
import { parseJson } from '../json/parse-json.js';
import type { Finding } from '../problem.js';
import { answerOf, describeProvenance, type Provenance } from '../provenance.js';
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
    findings: findingsOf(entry.provenance),
    ...upstreamOf(entry.provenance),
    invalid: isInvalid(entry),
    source: describeProvenance(entry.provenance),
    response: { status: entry.status, headers: entry.responseHeaders, body: presentResponseBody(entry.responseBody) },
    durationMs: Math.round(entry.durationMs * 1000) / 1000,
    ...faultOf(entry),
    ...presentCallback(entry),
    ...(entry.clientSubject === undefined ? {} : { clientSubject: entry.clientSubject }),
  };
}

/**
 * A scenario fault the answer carried (a reset connection, an empty or malformed reply, a timeout), or
 * `no-answer` for a request that got no status at all: so the dashboard and the REST journal show it as a
 * fault, never as a status 0 that reads like success.
 */
function faultOf(entry: JournalEntry): { fault?: string } {
  const answer = answerOf(entry.provenance);
  if (answer?.kind === 'scenario' && answer.fault !== undefined) return { fault: answer.fault };
  return entry.status === 0 && entry.provenance?.kind !== 'callback' ? { fault: 'no-answer' } : {};
}

function presentCallback(entry: JournalEntry): Record<string, unknown> {
  const provenance = entry.provenance;
  if (provenance?.kind !== 'callback') return {};
  return { callback: { kind: provenance.via, name: provenance.name, outcome: provenance.outcome, problems: provenance.problems ?? [] } };
}

/**
 * The mock rejected the request itself (findings, or a problem such as 413), as opposed to forced
 * errors; or would have, and the proxy forwarded it anyway.
 */
function isInvalid(entry: JournalEntry): boolean {
  const provenance = answerOf(entry.provenance);
  if (provenance === undefined) return entry.status >= 400;
  return (
    provenance.kind === 'rejected' ||
    (provenance.kind === 'proxied' && provenance.violation !== undefined) ||
    entry.provenance?.waived !== undefined
  );
}

function findingsOf(provenance: Provenance | undefined): readonly Finding[] {
  const answer = answerOf(provenance);
  if (answer?.kind === 'rejected') return answer.findings ?? [];
  if (answer?.kind === 'proxied') return answer.violations ?? [];
  return provenance?.waived?.findings ?? [];
}

/** What the real service did, for an answer that went through the proxy (or fell back from it). */
function upstreamOf(provenance: Provenance | undefined): Record<string, unknown> {
  switch (provenance?.kind) {
    case 'proxied':
      return {
        upstream: {
          status: provenance.status,
          drift: provenance.drift,
          ...(provenance.strict ? { strict: true, body: provenance.upstreamBody ?? null } : {}),
        },
      };
    case 'upstream-failed':
      return { upstream: { failure: provenance.reason } };
    case 'client-gone':
      return { upstream: { aborted: 'client-gone' } };
    case 'fallback':
      return { upstream: { fallback: provenance.reason, failure: provenance.upstream } };
    default:
      return {};
  }
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
