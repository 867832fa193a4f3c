import { randomUUID } from 'node:crypto';
import { SCENARIO_HEADER, SESSION_HEADER } from '../protocol.js';
import type { MockWire } from './mock-wire.js';
import { adminJson, invalidArguments, parseOr, queryOf } from './tool-kit.js';

/** A request to the API as a consumer sends it. */
export interface ConsumerRequest {
  readonly method: string;
  /** The path as sent, its query included or not. */
  readonly path: string;
  readonly query?: Readonly<Record<string, unknown>>;
  readonly headers?: Readonly<Record<string, unknown>>;
  /** A JSON value (sent as JSON unless a Content-Type says otherwise) or text sent as it is. */
  readonly body?: unknown;
  readonly session?: string;
  readonly scenario?: string;
}

/** Characters of an answer body a tool result carries; past them the body is cut and said to be. */
export const MAX_BODY_CHARS = 64 * 1024;
/** Header whose value names one tool call, so its journal entry (the answer's provenance) is found. */
const CALL_HEADER = 'x-mock-mcp-call';
/** Headers that carry credentials, never shown as sent (the journal masks them too). */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key', 'api-key', 'x-auth-token']);

export const answerSchema = {
  type: 'object',
  required: ['status', 'headers', 'body', 'source'],
  properties: {
    status: { type: 'integer' },
    headers: { type: 'object', additionalProperties: { type: 'string' } },
    body: { description: 'The answer body: JSON as a value, other media types as text.' },
    truncated: { type: 'boolean', description: 'The body was longer than the bound and is cut.' },
    source: {
      type: 'string',
      description: 'What made the answer (scenario rule, example, generated, state, rejection), as the journal says.',
    },
    findings: { type: 'array', items: { type: 'object' }, description: 'What the mock found wrong with the request.' },
    session: { type: ['string', 'null'] },
  },
} as const;

export async function sendThroughMock(wire: MockWire, request: ConsumerRequest): Promise<Record<string, unknown>> {
  const method = request.method.toUpperCase();
  if (!/^[A-Z]{1,16}$/.test(method)) throw invalidArguments('"method" must be an HTTP method');
  if (!request.path.startsWith('/') || request.path.startsWith('//')) throw invalidArguments('"path" must start with a single /');
  if (request.path.startsWith('/__mock')) throw invalidArguments('"path" must be a path of the API, not of the mock`s own routes');
  const call = randomUUID();
  const headers: Record<string, string> = { [CALL_HEADER]: call };
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    if (value === undefined || value === null) continue;
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,256}$/.test(name)) throw invalidArguments(`header name "${name.slice(0, 64)}" is not a token`);
    headers[name.toLowerCase()] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  if (request.session !== undefined) headers[SESSION_HEADER] = request.session;
  if (request.scenario !== undefined) headers[SCENARIO_HEADER] = request.scenario;
  let body: string | undefined;
  if (request.body !== undefined) {
    if (typeof request.body === 'string' && headers['content-type'] !== undefined) body = request.body;
    else {
      body = JSON.stringify(request.body);
      headers['content-type'] ??= 'application/json';
    }
  }
  const extra = queryOf(request.query ?? {});
  const path = extra === '' ? request.path : `${request.path}${request.path.includes('?') ? `&${extra.slice(1)}` : extra}`;
  const answer = await wire({ method, path, headers, ...(body === undefined ? {} : { body }) });
  const shown: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) shown[name] = SECRET_HEADERS.has(name) ? '***' : value;
  const json = /^application\/([^;]+\+)?json\b/i.test(answer.headers['content-type'] ?? '');
  const truncated = answer.body.length > MAX_BODY_CHARS;
  const text = truncated ? answer.body.slice(0, MAX_BODY_CHARS) : answer.body;
  const entry = await journalEntry(wire, method, request.path.split('?')[0] ?? request.path, request.session, call);
  return {
    status: answer.status,
    headers: shown,
    body: json && !truncated ? parseOr(text) : text === '' ? null : text,
    ...(truncated ? { truncated: true } : {}),
    source: typeof entry?.source === 'string' ? entry.source : 'unknown',
    findings: Array.isArray(entry?.findings) ? entry.findings : [],
    session: request.session ?? null,
  };
}

/** The journal entry of one call: written once the answer went out, so it is looked for a few times. */
async function journalEntry(
  wire: MockWire,
  method: string,
  path: string,
  session: string | undefined,
  call: string,
): Promise<Record<string, unknown> | undefined> {
  const query = queryOf({ method, session, limit: 20 });
  for (let attempt = 0; attempt < 10; attempt++) {
    const listed = await adminJson(wire, 'GET', `/journal${query}`).catch(() => undefined);
    const entries = Array.isArray(listed?.entries) ? (listed.entries as Record<string, unknown>[]) : [];
    const found = entries.find((e) => (e.headers as Record<string, unknown> | undefined)?.[CALL_HEADER] === call);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 10 * (attempt + 1)));
  }
  void path;
  return undefined;
}
