import { createHash } from 'node:crypto';

/**
 * A per-process cache of immutable values (a parsed document and its operations, a checked scenario
 * catalogue) keyed by a hash of the content they were built from, so servers on the same inputs share
 * them. The `keep` most recently used stay; older ones stay reachable only while something else still
 * holds them (a live server), so a long-lived process that sees many documents does not grow without
 * bound. What is cached must never be mutated by its users: state belongs to each server.
 */
export class ContentCache<V extends object> {
  readonly #keep: number;
  /** Most recently used last; promises, so servers created together share one build. */
  readonly #recent = new Map<string, Promise<V>>();
  readonly #older = new Map<string, WeakRef<V>>();
  readonly #forget = new FinalizationRegistry<string>((key) => {
    if (this.#older.get(key)?.deref() === undefined) this.#older.delete(key);
  });

  constructor(keep: number) {
    this.#keep = keep;
  }

  /** The value built from this key's content, building it with `make` when no live one is known. */
  async get(key: string, make: () => Promise<V>): Promise<V> {
    const recent = this.#recent.get(key);
    if (recent) {
      this.#touch(key, recent);
      return recent;
    }
    const older = this.#older.get(key)?.deref();
    if (older) {
      this.#touch(key, Promise.resolve(older));
      return older;
    }
    const made = make();
    this.#touch(key, made);
    try {
      const value = await made;
      this.#older.set(key, new WeakRef(value));
      this.#forget.register(value, key);
      return value;
    } catch (error) {
      // A failure is not cached: the next server reads and reports afresh.
      if (this.#recent.get(key) === made) this.#recent.delete(key);
      throw error;
    }
  }

  #touch(key: string, value: Promise<V>): void {
    this.#recent.delete(key);
    this.#recent.set(key, value);
    for (const oldest of this.#recent.keys()) {
      if (this.#recent.size <= this.#keep) break;
      this.#recent.delete(oldest);
    }
  }
}

/** A key for content made of several texts (each length-prefixed, so no two lists collide). */
export function contentKey(...texts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const text of texts) hash.update(`${text.length}:`).update(text);
  return hash.digest('base64url');
}
