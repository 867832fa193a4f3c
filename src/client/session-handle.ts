import { randomUUID } from 'node:crypto';
import type { CoverageReport } from '../contract-coverage/coverage-report.js';
import { ADMIN_PREFIX as ADMIN, SESSION_HEADER, SESSION_ID } from '../protocol.js';

/** How a handle reaches the mock: a base URL for relative paths, and a way to send a standard Request. */
export interface SessionTransport {
  base(): string;
  send(request: Request): Promise<Response>;
  /** The admin token, sent with the handle's own admin calls. */
  readonly adminToken?: string | undefined;
}

/** Journal filters, as the admin API takes them; the session is always the handle's own. */
export interface SessionJournalFilter {
  readonly method?: string;
  /** Exact path, or a pattern where `*` stands for any characters (`/plants*`). */
  readonly path?: string;
  /** Exact status (`201`) or a class (`4xx`). */
  readonly status?: string;
  /** ISO 8601 date-time: entries at or after it. */
  readonly since?: string;
}

export type SessionExpectation = SessionJournalFilter & ({ readonly atLeast: number } | { readonly exactly: number });

export interface SessionVerification {
  readonly pass: boolean;
  readonly expected: string;
  readonly count: number;
  readonly message: string;
  readonly closest: readonly Record<string, unknown>[];
}

export interface MockSession {
  /** The session id every request of this handle carries in `X-Mock-Session`. */
  readonly id: string;
  /** The global fetch's signature; relative URLs resolve against the mock, the session header is added. */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** Selects a scenario for this session only (`null` clears the choice). */
  useScenario(name: string | null): Promise<void>;
  /** This session's journal entries, oldest first (`limit`: only the newest N). */
  journal(filter?: SessionJournalFilter & { readonly limit?: number }): Promise<Record<string, unknown>[]>;
  /** "At least / exactly N of this session's requests match": the admin API's verdict, never a throw. */
  verify(expectation: SessionExpectation): Promise<SessionVerification>;
  /** This session's contract coverage: what GET /__mock/coverage?session= answers. */
  coverage(): Promise<CoverageReport>;
  /** Forgets this session's sequence positions, stored data and journal entries; its scenario choice stays. */
  reset(): Promise<void>;
}

/** A handle on one session of a mock; nothing in it is shared with another handle but the mock itself. */
export function createSession(transport: SessionTransport, id: string = randomUUID()): MockSession {
  if (!SESSION_ID.test(id)) throw new RangeError(`a session id is 1 to 128 letters, digits and -._:; got ${JSON.stringify(id)}`);
  const admin = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const headers = new Headers({ accept: 'application/json' });
    if (transport.adminToken !== undefined) headers.set('authorization', `Bearer ${transport.adminToken}`);
    if (body !== undefined) headers.set('content-type', 'application/json');
    const init: RequestInit = { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
    const response = await transport.send(new Request(new URL(`${ADMIN}/${path}`, transport.base()), init));
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${ADMIN}/${path} answered ${response.status}: ${text}`);
    return text === '' ? undefined : JSON.parse(text);
  };
  return {
    id,
    fetch(input, init) {
      const request = input instanceof Request ? new Request(input, init) : new Request(new URL(input, transport.base()), init);
      if (!request.headers.has(SESSION_HEADER)) request.headers.set(SESSION_HEADER, id);
      return transport.send(request);
    },
    async useScenario(name) {
      await admin('PUT', 'scenario', { scenario: name, session: id });
    },
    async journal(filter = {}) {
      const query = new URLSearchParams({ session: id });
      for (const [key, value] of Object.entries(filter)) if (value !== undefined) query.set(key, String(value));
      const answer = (await admin('GET', `journal?${query}`)) as { entries: Record<string, unknown>[] };
      return answer.entries;
    },
    async verify(expectation) {
      return (await admin('POST', 'journal/verify', { ...expectation, session: id })) as SessionVerification;
    },
    async coverage() {
      return (await admin('GET', `coverage?${new URLSearchParams({ session: id })}`)) as CoverageReport;
    },
    async reset() {
      await admin('POST', 'reset', { session: id });
      await admin('DELETE', `journal?${new URLSearchParams({ session: id })}`);
    },
  };
}
