import type { IncomingHttpHeaders } from 'node:http';
import type { Finding } from '../pipeline/types.js';

/** One API request and the mock's answer, kept as references to what the request path already built. */
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
  /** Body bytes as received (the first JOURNAL_BODY_LIMIT of them), or undefined when none was sent. */
  readonly body: Buffer | undefined;
  readonly bodySize: number;
  readonly findings: readonly Finding[] | undefined;
  /** What produced the answer: a scenario rule, forcing, an example, a rejection. */
  readonly source: string;
  /** operationId of the matched operation, if any. */
  readonly operation: string | undefined;
  readonly status: number;
  readonly responseHeaders: Readonly<Record<string, string | number | string[] | undefined>>;
  /** The JSON value the mock answered (may hold bigints), or undefined for none or unknown. */
  readonly responseBody: unknown;
  readonly durationMs: number;
}

export type NewJournalEntry = Omit<JournalEntry, 'id'>;

export type JournalEvent = { readonly type: 'entry'; readonly entry: JournalEntry } | { readonly type: 'clear'; readonly session?: string };

/**
 * The last `capacity` entries in a ring: memory stays flat under any load. Capacity 0 records nothing.
 * Listeners (the dashboard's event stream) hear of every entry and every clear.
 */
export class Journal {
  readonly capacity: number;
  private slots: (JournalEntry | undefined)[];
  private next = 0;
  private stored = 0;
  private nextId = 1;
  private readonly listeners = new Set<(event: JournalEvent) => void>();

  constructor(capacity: number) {
    this.capacity = capacity;
    this.slots = new Array(capacity);
  }

  get size(): number {
    return this.stored;
  }

  record(entry: NewJournalEntry): void {
    if (this.capacity === 0) return;
    const stored: JournalEntry = { id: this.nextId++, ...entry };
    this.slots[this.next] = stored;
    this.next = (this.next + 1) % this.capacity;
    if (this.stored < this.capacity) this.stored++;
    this.emit({ type: 'entry', entry: stored });
  }

  /** Entries oldest first. */
  entries(): JournalEntry[] {
    const result: JournalEntry[] = [];
    const start = (this.next - this.stored + this.capacity) % Math.max(this.capacity, 1);
    for (let i = 0; i < this.stored; i++) {
      const entry = this.slots[(start + i) % this.capacity];
      if (entry) result.push(entry);
    }
    return result;
  }

  /** Forgets the entries of one session (`session`), or all of them; returns how many were dropped. */
  clear(session?: string): number {
    const before = this.stored;
    const kept = session === undefined ? [] : this.entries().filter((e) => e.session !== session);
    this.slots = new Array(this.capacity);
    kept.forEach((entry, i) => {
      this.slots[i] = entry;
    });
    this.stored = kept.length;
    this.next = this.capacity === 0 ? 0 : kept.length % this.capacity;
    this.emit(session === undefined ? { type: 'clear' } : { type: 'clear', session });
    return before - kept.length;
  }

  subscribe(listener: (event: JournalEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: JournalEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}
