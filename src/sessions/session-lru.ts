/** The bounds of a session table: idle time and count (see SessionLimits). */
export interface LruLimits {
  readonly idleMs: number;
  readonly max: number;
  readonly now?: () => number;
}

/**
 * The one eviction policy of per-session data: named sessions kept in a Map in least-recently-used
 * order, so expiry and eviction only ever look at its front. A session is forgotten after `idleMs`
 * without use, or when `max` more recent ones push it out; `onDrop` is told, to free what it held.
 */
export class SessionLru<T> {
  readonly #entries = new Map<string, { value: T; lastSeen: number }>();
  readonly #limits: LruLimits;
  readonly #now: () => number;
  readonly #onDrop: ((value: T) => void) | undefined;

  constructor(limits: LruLimits, onDrop?: (value: T) => void) {
    this.#limits = limits;
    this.#now = limits.now ?? Date.now;
    this.#onDrop = onDrop;
  }

  /** The session's value, made when new; using it makes it the most recently used. */
  use(id: string, make: () => T): T {
    const now = this.#now();
    this.#expire(now);
    const entry = this.#entries.get(id);
    if (entry) this.#entries.delete(id);
    const kept = entry ?? { value: make(), lastSeen: now };
    kept.lastSeen = now;
    this.#entries.set(id, kept);
    while (this.#entries.size > this.#limits.max) this.#dropOldest();
    return kept.value;
  }

  /** The session's value if it is held, without making or touching it. */
  peek(id: string): T | undefined {
    this.#expire(this.#now());
    return this.#entries.get(id)?.value;
  }

  /** Forgets one session (told to onDrop), or every one. */
  delete(id?: string): void {
    const ids = id === undefined ? [...this.#entries.keys()] : [id];
    for (const one of ids) {
      const entry = this.#entries.get(one);
      if (!entry) continue;
      this.#entries.delete(one);
      this.#onDrop?.(entry.value);
    }
  }

  values(): IterableIterator<T> {
    this.#expire(this.#now());
    return [...this.#entries.values()].map((e) => e.value)[Symbol.iterator]();
  }

  /** Ids and values, least recently used first. */
  entries(): [string, T][] {
    this.#expire(this.#now());
    return [...this.#entries].map(([id, e]) => [id, e.value]);
  }

  get size(): number {
    return this.#entries.size;
  }

  #expire(now: number): void {
    for (const entry of this.#entries.values()) {
      if (now - entry.lastSeen < this.#limits.idleMs) break;
      this.#dropOldest();
    }
  }

  #dropOldest(): void {
    const oldest = this.#entries.entries().next();
    if (oldest.done) return;
    this.#entries.delete(oldest.value[0]);
    this.#onDrop?.(oldest.value[1].value);
  }
}
