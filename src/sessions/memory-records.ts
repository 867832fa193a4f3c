import { jsonBytes } from '../json/byte-budget.js';
import { idKey, type RecordSeeds, type StoredRecord } from './session-store.js';

/** The records of one collection, in creation order (a Map keeps insertion order; replacing keeps the place). */
interface Collection {
  readonly records: Map<string, StoredRecord>;
  /** The next integer id the mock assigns. */
  next: number;
}

/** One session's records in memory: its collections, by concrete path (`/plants`). */
export class MemoryRecords {
  readonly collections = new Map<string, Collection>();
  #count = 0;

  /** A session's records start as copies of the seeds (their bytes are not charged to it). */
  constructor(seeds: RecordSeeds) {
    for (const [path, records] of seeds.records) {
      const field = seeds.idFieldOf(path);
      for (const record of records) this.put(path, idKey(record[field]), structuredClone(record));
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
  put(path: string, key: string, record: StoredRecord): void {
    const collection = this.collection(path);
    if (!collection.records.has(key)) this.#count++;
    collection.records.set(key, record);
    if (/^\d{1,15}$/.test(key)) collection.next = Math.max(collection.next, Number(key) + 1);
  }

  remove(path: string, key: string): StoredRecord | undefined {
    const collection = this.collections.get(path);
    const record = collection?.records.get(key);
    if (record === undefined) return undefined;
    collection?.records.delete(key);
    this.#count--;
    return record;
  }

  /** Forgets a collection: its records and its counter (a put makes it again, counting from 1). */
  drop(path: string): void {
    this.#count -= this.collections.get(path)?.records.size ?? 0;
    this.collections.delete(path);
  }

  /** The bytes a collection's records hold. */
  bytesOf(path: string): number {
    let bytes = 0;
    for (const record of this.collections.get(path)?.records.values() ?? []) bytes += jsonBytes(record);
    return bytes;
  }
}
