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
 * What the journal stores of an entry (by default the entry itself): `stored` makes it when the entry
 * is written down, from the entry and the `context` read when it was recorded.
 */
export interface EntryStorage<Context = unknown> {
  context(): Context;
  stored(entry: NewJournalEntry, context: Context): NewJournalEntry;
}

const AS_RECORDED: EntryStorage = { context: () => undefined, stored: (entry) => entry };

/** What an entry waiting to be written down holds on to, roughly, beyond its bodies: headers, fields. */
const ENTRY_OVERHEAD_BYTES = 1024;

/**
 * The last `capacity` entries, kept as text in a fixed buffer (see text-ring.ts), so memory stays flat
 * under any load; when entries are large it holds fewer. Capacity 0 records nothing. Listeners (the
 * dashboard's event stream) hear of every entry and every clear.
 *
 * Entries are written down (encoded into the ring) when the journal is read, not as they come: under
 * load most entries are pushed out by newer ones before anyone reads them, and an entry that can no
 * longer be among the last `capacity` is never encoded. Until then an entry holds references only
 * (see record-entry.ts); what they hold is bounded in bytes too (half the ring's bytes), past which
 * the entries waiting are written down at the end of the event-loop turn. With a listener, entries are
 * written down at the end of each turn, in one batch: encoded one by one between answers, they cost
 * the request path several times what the same encoding costs in one batch.
 */
export class Journal {
  readonly capacity: number;
  readonly #ring: TextRing;
  #nextId = 1;
  readonly #listeners = new Set<(event: JournalEvent) => void>();
  /**
   * Entries recorded and not yet written into the ring, each with its storage context and roughly the
   * bytes it holds on to: the last `capacity` at most, in slots used round (`#waiting` from `#first`),
   * filled from the first slot up, so the arrays grow only as far as entries wait.
   */
  readonly #pending: (NewJournalEntry | undefined)[] = [];
  readonly #contexts: unknown[] = [];
  readonly #pendingSizes: number[] = [];
  #first = 0;
  #waiting = 0;
  #pendingBytes = 0;
  readonly #pendingBudget: number;
  #scheduled = false;
  readonly #storage: EntryStorage;

  /** What is stored of an entry: by default, its credentials masked (see mask-entry.ts). */
  constructor(capacity: number, storage: EntryStorage = AS_RECORDED) {
    this.capacity = capacity;
    this.#storage = storage;
    this.#ring = new TextRing(capacity, Math.min(MAX_JOURNAL_BYTES, Math.max(MIN_BYTES, capacity * BYTES_PER_ENTRY)));
    this.#pendingBudget = this.#ring.byteCapacity / 2;
  }

  /** The most bytes of entries the journal ever holds. */
  get byteCapacity(): number {
    return this.#ring.byteCapacity;
  }

  get size(): number {
    this.#writeDown();
    return this.#ring.size;
  }

  /** Records an entry; it is written down when the journal is read (see above). */
  record(entry: NewJournalEntry): void {
    const capacity = this.capacity;
    if (capacity === 0) return;
    // Listeners hear of every entry: none is let go unwritten while one listens.
    if (this.#waiting === capacity && this.#listeners.size > 0) this.#writeDown();
    let slot = this.#first + this.#waiting;
    if (slot >= capacity) slot -= capacity;
    if (this.#waiting === capacity) {
      // The oldest waiting entry can no longer be among the last `capacity`: let go, never encoded.
      this.#pendingBytes -= this.#pendingSizes[slot] as number;
      this.#first = slot + 1 === capacity ? 0 : slot + 1;
      this.#nextId++;
    } else this.#waiting++;
    const size = entry.bodySize + 2 * textLength(entry.body) + 2 * textLength(entry.responseBody) + ENTRY_OVERHEAD_BYTES;
    this.#pending[slot] = entry;
    this.#contexts[slot] = this.#storage.context();
    this.#pendingSizes[slot] = size;
    this.#pendingBytes += size;
    if (!this.#scheduled && (this.#listeners.size > 0 || this.#pendingBytes > this.#pendingBudget)) {
      this.#scheduled = true;
      setImmediate(this.#writeDown);
    }
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
    this.#scheduled = false;
    const count = this.#waiting;
    if (count === 0) return;
    const firstId = this.#nextId;
    const written: NewJournalEntry[] = [];
    const hearing = this.#listeners.size > 0;
    for (let i = 0, slot = this.#first; i < count; i++, slot = slot + 1 === this.capacity ? 0 : slot + 1) {
      const entry = this.#storage.stored(this.#pending[slot] as NewJournalEntry, this.#contexts[slot]);
      this.#pending[slot] = undefined;
      this.#contexts[slot] = undefined;
      if (hearing) written.push(entry);
      this.#ring.push(...encodeEntry(this.#nextId++, entry));
    }
    this.#first = 0;
    this.#waiting = 0;
    this.#pendingBytes = 0;
    // Listeners hear of the batch once all of it is in: one that reads the journal sees every entry.
    written.forEach((entry, i) => {
      this.#emit({ type: 'entry', entry: { id: firstId + i, ...entry } });
    });
  };

  /** Hears of entries recorded from now on, and of clears. */
  subscribe(listener: (event: JournalEvent) => void): () => void {
    // What was recorded before goes in first, unheard: the listener reads it from the journal.
    if (this.#listeners.size === 0) this.#writeDown();
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #emit(event: JournalEvent): void {
    for (const listener of this.#listeners) listener(event);
  }
}

function textLength(text: string | Buffer | undefined): number {
  return typeof text === 'string' ? text.length : 0;
}
