import { decodeEntry, encodeEntry } from '../journal/entry-codec.js';
import type { Journal, JournalEvent } from '../journal/journal.js';
import type { JournalEntry } from '../journal/journal-entry.js';
import type { SharedStore } from '../store/shared-store.js';

/** How often a replica sends its new journal entries to the store; reads wait a little longer than this. */
export const FLEET_FLUSH_MS = 50;
/** How long a fleet read (journal, coverage, drift) waits for every replica's next batch before reading the store. */
export const READ_SETTLE_MS = 3 * FLEET_FLUSH_MS;
/** Most entries waiting while the store is away; older ones are dropped (and counted) beyond it. */
const MAX_WAITING = 10_000;
/** Entries the store keeps beyond the journal's size: room for batches of replicas that arrived out of order. */
function slackOf(capacity: number): number {
  return Math.min(capacity, 1000);
}
/** How often, while a live stream listens, a replica asks the store for the fleet's new entries. */
const TAIL_MS = 100;

/**
 * The journal of every replica sharing a store (`--store`): each replica hears its own journal's entries
 * (already masked, written down in batches after the answers) and sends them to one list in the store
 * every FLEET_FLUSH_MS, off the request path; the list keeps the fleet's last `--journal-size`. Reads
 * (list, count, verify) from any replica wait for one flush of every replica and read the list, so
 * `verify … exactly` counts the fleet. A replica killed with `kill -9` loses at most its last batch.
 */
export class FleetJournal {
  #waiting: string[] = [];
  #dropped = 0;
  #sending: Promise<void> | undefined;
  readonly #timer: NodeJS.Timeout;
  readonly #stop: () => void;
  readonly #listeners = new Set<(event: JournalEvent) => void>();
  #tailTimer: NodeJS.Timeout | undefined;
  /** Entries ever appended that the listeners heard of (or were there when the first one came). */
  #heard = -1;
  #tailing = false;

  constructor(
    readonly store: SharedStore,
    journal: Journal,
  ) {
    const capacity = journal.capacity;
    this.#stop = journal.subscribe((event) => {
      if (event.type === 'clear') for (const listener of this.#listeners) listener(event);
      if (event.type !== 'entry') return;
      this.#waiting.push(encodeEntry(0, event.entry).join(''));
      if (this.#waiting.length > MAX_WAITING) {
        this.#waiting.shift();
        this.#dropped++;
      }
    });
    this.#timer = setInterval(() => void this.flush(capacity + slackOf(capacity)).catch(() => undefined), FLEET_FLUSH_MS);
    this.#timer.unref();
    this.capacity = capacity;
  }

  readonly capacity: number;

  /** Entries dropped because the store was away longer than the buffer holds. */
  get dropped(): number {
    return this.#dropped;
  }

  /** Sends what waits; on failure it waits for the next flush (bounded). */
  flush(capacity = this.capacity + slackOf(this.capacity)): Promise<void> {
    if (this.#sending) return this.#sending;
    if (this.#waiting.length === 0) return Promise.resolve();
    const batch = this.#waiting;
    this.#waiting = [];
    this.#sending = this.store
      .appendJournal(batch, capacity)
      .catch((error: unknown) => {
        this.#waiting = [...batch, ...this.#waiting].slice(-MAX_WAITING);
        throw error;
      })
      .finally(() => {
        this.#sending = undefined;
      });
    return this.#sending;
  }

  /** The fleet's entries, oldest first, numbered across the fleet; throws when the store cannot be reached. */
  async entries(): Promise<JournalEntry[]> {
    await this.flush();
    // Other replicas send theirs within a flush interval: a read right after a request sees it.
    await new Promise((resolve) => setTimeout(resolve, READ_SETTLE_MS));
    const { texts, total } = await this.store.journal();
    // In the order they were answered, whichever replica's batch came first (stable for equal times);
    // the store keeps some more than the journal's size, so the last ones by time are kept, not by arrival.
    const decoded = texts.map((text) => decodeEntry(text)).sort((a, b) => a.time - b.time);
    const kept = decoded.slice(-this.capacity);
    return kept.map((entry, i) => ({ ...entry, id: total - kept.length + i + 1 }));
  }

  /** Forgets the fleet's entries of one session, or all; returns how many. */
  async clear(session?: string): Promise<number> {
    const entries = await this.entries();
    const kept = session === undefined ? [] : entries.filter((entry) => entry.session !== session);
    await this.store.replaceJournal(kept.map((entry) => encodeEntry(entry.id, entry).join('')));
    return entries.length - kept.length;
  }

  /**
   * Hears of the fleet's entries from now on (every replica's, as they reach the store), and of clears
   * asked of this replica: the live stream (`/__mock/events`) of any replica shows the fleet.
   */
  subscribe(listener: (event: JournalEvent) => void): () => void {
    this.#listeners.add(listener);
    if (this.#tailTimer === undefined) {
      this.#heard = -1;
      void this.#tail();
      this.#tailTimer = setInterval(() => void this.#tail(), TAIL_MS);
      this.#tailTimer.unref();
    }
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size > 0) return;
      clearInterval(this.#tailTimer);
      this.#tailTimer = undefined;
    };
  }

  async #tail(): Promise<void> {
    if (this.#tailing) return;
    this.#tailing = true;
    try {
      const { texts, total } = await this.store.journalTail(this.#heard);
      const first = total - texts.length + 1;
      this.#heard = total;
      texts.forEach((text, i) => {
        const event: JournalEvent = { type: 'entry', entry: { ...decodeEntry(text), id: first + i } };
        for (const listener of this.#listeners) listener(event);
      });
    } catch {
      // The store is away: the stream tells nothing new until it is back.
    } finally {
      this.#tailing = false;
    }
  }

  async close(): Promise<void> {
    clearInterval(this.#tailTimer);
    clearInterval(this.#timer);
    this.#stop();
    await this.flush().catch(() => undefined);
  }
}
