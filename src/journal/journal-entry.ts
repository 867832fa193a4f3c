import type { IncomingHttpHeaders } from 'node:http';
import type { Provenance } from '../provenance.js';

/** One API request and the mock's answer. */
export interface JournalEntry {
  /** Increasing per server, so clients can tell new entries from ones they have seen. */
  readonly id: number;
  /** Epoch milliseconds when the request arrived. */
  readonly time: number;
  readonly session: string | undefined;
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, unknown>>;
  /** As received; the bearer token is masked when an entry is presented, not here, to keep recording cheap. */
  readonly headers: IncomingHttpHeaders;
  /**
   * The body as received (the first JOURNAL_BODY_LIMIT bytes of it), or undefined when none was sent:
   * its text when the request path already decoded it as UTF-8, else its bytes.
   */
  readonly body: string | Buffer | undefined;
  readonly bodySize: number;
  /** Where the answer came from (a rejection with its findings, a scenario rule, an example, ...); undefined when unknown. */
  readonly provenance: Provenance | undefined;
  /** operationId of the matched operation, if any. */
  readonly operation: string | undefined;
  readonly status: number;
  readonly responseHeaders: Readonly<Record<string, string | number | string[] | undefined>>;
  /** The body text the mock answered (its first JOURNAL_BODY_LIMIT characters), or undefined for none or unknown. */
  readonly responseBody: string | undefined;
  readonly durationMs: number;
  /** Under mutual TLS, the subject of the client's certificate. */
  readonly clientSubject?: string;
  /** With several documents, the name of the one that answered (undefined: outside every one, or one document at `/`). */
  readonly spec?: string | undefined;
}

export type NewJournalEntry = Omit<JournalEntry, 'id'>;
