import { decodeEntry, encodeEntry } from './entry-codec.js';
import type { JournalEntry, NewJournalEntry } from './journal-entry.js';
import { TextRing } from './text-ring.js';

export type JournalEvent = { readonly type: 'entry'; readonly entry: JournalEntry } | { readonly type: 'clear'; readonly session?: string };

/** Bytes of journal text per entry of capacity: room for the usual request several times over. */
const BYTES_PER_ENTRY = 4 * 1024;
/** Room for the largest entry (two bodies kept up to 64 KiB each, and the headers), whatever the capacity. */
const MIN_BYTES = 2 * 1024 * 1024;
/**
 * The most bytes the ring holds, whatever the capacity: the journal keeps bodies, so its memory is
 * bounded in bytes like stored data; a large --journal-size then holds fewer large entries.
 */
export const MAX_JOURNAL_BYTES = 64 * 1024 * 1024;

/**
 * The last `capacity` entries, kept as text in a fixed buffer (see text-ring.ts), so memory stays flat
 * under any load; when entries are large it holds fewer. Capacity 0 records nothing. Listeners (the
 * dashboard's event stream) hear of every entry and every clear.
 */
export class Journal {
  readonly capacity: number;
  readonly #ring: TextRing;
  #nextId = 1;
  readonly #listeners = new Set<(event: JournalEvent) => void>();
  /** Entries recorded in this turn of the event loop, not yet written into the ring. */
  #pending: NewJournalEntry[] = [];

  /** What is stored of an entry: by default, its credentials masked (see mask-entry.ts). */
  readonly #stored: (entry: NewJournalEntry) => NewJournalEntry;

  constructor(capacity: number, stored: (entry: NewJournalEntry) => NewJournalEntry = (entry) => entry) {
    this.capacity = capacity;
    this.#stored = stored;
    this.#ring = new TextRing(capacity, Math.min(MAX_JOURNAL_BYTES, Math.max(MIN_BYTES, capacity * BYTES_PER_ENTRY)));
  }

  /** The most bytes of entries the journal ever holds. */
  get byteCapacity(): number {
    return this.#ring.byteCapacity;
  }

  get size(): number {
    this.#writeDown();
    return this.#ring.size;
  }

  /**
   * Records an entry. It is written into the ring (and listeners hear of it) once the current turn of
   * the event loop ends, together with the others of that turn, or at once when the journal is read:
   * encoded one by one between answers, entries cost the request path several times what the same
   * encoding costs in one batch (measured: about 10% of throughput under load). Until then the entry
   * holds references only (see record-entry.ts), which die young either way.
   */
  record(entry: NewJournalEntry): void {
    if (this.capacity === 0) return;
    if (this.#pending.push(entry) === 1) setImmediate(this.#writeDown);
  }

  /** Entries oldest first. */
  entries(): JournalEntry[] {
    this.#writeDown();
    return this.#ring.texts().map(decodeEntry);
  }

  /** Forgets the entries of one session (`session`), or all of them; returns how many were dropped. */
  clear(session?: string): number {
    this.#writeDown();
    const kept = session === undefined ? [] : this.entries().filter((e) => e.session !== session);
    const before = this.#ring.size;
    this.#ring.clear();
    for (const entry of kept) this.#ring.push(...encodeEntry(entry.id, entry));
    this.#emit(session === undefined ? { type: 'clear' } : { type: 'clear', session });
    return before - kept.length;
  }

  readonly #writeDown = (): void => {
    const pending = this.#pending;
    if (pending.length === 0) return;
    this.#pending = [];
    const firstId = this.#nextId;
    for (let i = 0; i < pending.length; i++) {
      const entry = this.#stored(pending[i] as NewJournalEntry);
      pending[i] = entry;
      this.#ring.push(...encodeEntry(this.#nextId++, entry));
    }
    // Listeners hear of the batch once all of it is in: one that reads the journal sees every entry.
    if (this.#listeners.size === 0) return;
    pending.forEach((entry, i) => {
      this.#emit({ type: 'entry', entry: { id: firstId + i, ...entry } });
    });
  };

  subscribe(listener: (event: JournalEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #emit(event: JournalEvent): void {
    for (const listener of this.#listeners) listener(event);
  }
}
