/** The records of one collection, in creation order (a Map keeps insertion order; replacing keeps the place). */
export interface Collection {
  readonly records: Map<string, Record<string, unknown>>;
  /** The next integer id the mock assigns. */
  next: number;
}

/** Initial records, by concrete collection path (seed data). */
export type SeedData = ReadonlyMap<string, readonly Record<string, unknown>[]>;

/** What the simulator remembers for one session: its collections, by concrete path (`/plants`). */
export class ResourceStore {
  readonly collections = new Map<string, Collection>();
  #count = 0;

  constructor(
    readonly generation: number,
    seeds: SeedData,
    idFieldOf: (collection: string) => string,
  ) {
    for (const [path, records] of seeds) {
      const collection = this.collection(path);
      const field = idFieldOf(path);
      for (const record of records) this.put(collection, idKey(record[field]), structuredClone(record));
    }
  }

  get count(): number {
    return this.#count;
  }

  collection(path: string): Collection {
    let collection = this.collections.get(path);
    if (!collection) {
      collection = { records: new Map(), next: 1 };
      this.collections.set(path, collection);
    }
    return collection;
  }

  /** Adds or replaces a record; an integer id moves the counter past it, so assigned ids never collide. */
  put(collection: Collection, key: string, record: Record<string, unknown>): void {
    if (!collection.records.has(key)) this.#count++;
    collection.records.set(key, record);
    if (/^\d{1,15}$/.test(key)) collection.next = Math.max(collection.next, Number(key) + 1);
  }

  remove(collection: Collection, key: string): boolean {
    const removed = collection.records.delete(key);
    if (removed) this.#count--;
    return removed;
  }
}

/** The key of an id: its text, integers without leading zeros, so a path's `042` finds the record 42. */
export function idKey(id: unknown): string {
  if (typeof id === 'string' && /^-?\d+$/.test(id)) return BigInt(id).toString();
  return typeof id === 'object' ? JSON.stringify(id) : String(id);
}

/** A session's collections as data: path, next integer id, records by key in creation order. */
export type SharedCollections = readonly (readonly [string, number, readonly (readonly [string, Record<string, unknown>])[]])[];

const NO_SEEDS: SeedData = new Map();

/** What the simulator needs of the server's sessions (the scenarios' SessionStore): one object per session. */
export interface SessionDirectory {
  /** The session, created when new and touched, so it lives while it is used. */
  get(id: string | undefined): object;
  peek(id: string | undefined): object | undefined;
}

/**
 * The stores of one server, one per session. They hang off the session objects in a WeakMap, so a
 * session that expires or is evicted takes its records with it; resetting every session bumps the
 * generation instead of walking them.
 */
export class SessionResources {
  readonly #stores = new WeakMap<object, ResourceStore>();
  #generation = 0;

  constructor(
    readonly sessions: SessionDirectory,
    readonly seeds: SeedData,
    readonly idFieldOf: (collection: string) => string,
  ) {}

  /** The object standing for the session (its byte budget's owner). */
  owner(session: string | undefined): object {
    return this.sessions.get(session);
  }

  of(session: string | undefined): ResourceStore {
    const key = this.sessions.get(session);
    let store = this.#stores.get(key);
    if (!store || store.generation !== this.#generation) {
      store = new ResourceStore(this.#generation, this.seeds, this.idFieldOf);
      this.#stores.set(key, store);
    }
    return store;
  }

  /** The session's store as a reader sees it, without creating the session. */
  peek(session: string | undefined): ResourceStore | undefined {
    const key = this.sessions.peek(session);
    const store = key && this.#stores.get(key);
    return store && store.generation === this.#generation ? store : undefined;
  }

  /** The session's records as a shared store keeps them; undefined when it has none (seeds on first use). */
  dump(session: string | undefined): SharedCollections | undefined {
    const store = this.peek(session);
    return store && [...store.collections].map(([path, { next, records }]) => [path, next, [...records]]);
  }

  /** Replaces the session's records with a shared store's copy (undefined: none yet, the seeds on first use). */
  restore(session: string | undefined, collections: SharedCollections | undefined): void {
    const key = this.sessions.get(session);
    if (collections === undefined) return void this.#stores.delete(key);
    const store = new ResourceStore(this.#generation, NO_SEEDS, this.idFieldOf);
    for (const [path, next, records] of collections) {
      const collection = store.collection(path);
      for (const [id, record] of records) store.put(collection, id, record);
      collection.next = next;
    }
    this.#stores.set(key, store);
  }

  reset(session?: string): void {
    if (session === undefined) this.#generation++;
    else {
      const key = this.sessions.peek(session);
      if (key) this.#stores.delete(key);
    }
  }
}
