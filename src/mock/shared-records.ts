import { randomBytes } from 'node:crypto';
import { jsonBytes, type OverBudget } from '../json/byte-budget.js';
import { parseJson } from '../json/parse-json.js';
import { stringifyJson } from '../json/stringify-json.js';
import { type RecordsElsewhere, type SessionCopy, seedRecord } from '../sessions/memory-store.js';
import {
  collectionBytes,
  type InsertHow,
  type InsertOutcome,
  idKey,
  type RecordSeeds,
  type SessionId,
  type StoredRecord,
} from '../sessions/session-store.js';
import type { RecordChanges, RecordReply, RecordStore, RecordText } from '../store/record-store.js';

/** A store call of a request not holding its session failed: the request answers 503 (STORE_UNAVAILABLE). */
export class StoreLost extends Error {}

/** Stands for an id the store assigns, in the record's text until the insert script writes the id there. */
const TOKEN = `\u0000mock-id:${randomBytes(6).toString('hex')}`;
const TOKEN_TEXT = JSON.stringify(TOKEN);

/** A record field of the store's hash: its collection and key (src/store/records-lua.ts). */
const fieldOf = (collection: string, key: string) => `${collection}\u0000${key}`;

function parsed(json: string): StoredRecord {
  const result = parseJson(json);
  return (result.ok ? result.value : {}) as StoredRecord;
}

/**
 * The records of sessions this replica does not hold, each operation one atomic store script: the
 * insert checks and reserves `--max-resources` and the byte budgets and writes in one step, so two
 * replicas creating in one session lose nothing and never go beyond the count.
 */
export class StoreRecords implements RecordsElsewhere {
  constructor(
    readonly store: RecordStore,
    readonly seeds: () => RecordSeeds,
    readonly limits: { readonly sessionBytes: number; readonly totalBytes: number },
  ) {}

  /**
   * Calls a script; a write to a session not seeded yet gets its seeds first (a read answers 'unseeded':
   * it is answered from the seeds, and writes nothing); a failed call is StoreLost.
   */
  async #call(session: SessionId, script: (seeded: boolean) => Promise<RecordReply>, read = false): Promise<RecordReply> {
    const seeds = this.seeds();
    const seeded = [...seeds.records.values()].some((records) => records.length > 0);
    try {
      let reply = await script(seeded);
      if (reply[0] === 'unseeded' && !read) {
        await this.store.seedRecords(session, seedTexts(seeds));
        reply = await script(seeded);
      }
      return reply;
    } catch {
      throw new StoreLost();
    }
  }

  #over(scope: unknown): OverBudget {
    return scope === 'the session'
      ? { scope: 'the session', limit: this.limits.sessionBytes }
      : { scope: 'all sessions', limit: this.limits.totalBytes };
  }

  async listRecords(session: SessionId, collection: string): Promise<readonly StoredRecord[]> {
    const reply = await this.#call(session, (seeded) => this.store.listRecords(session, seeded, collection), true);
    if (reply[0] === 'unseeded') return this.seeds().records.get(collection) ?? [];
    return ((reply[1] as string[] | undefined) ?? []).map(parsed);
  }

  async readRecord(session: SessionId, collection: string, key: string): Promise<StoredRecord | undefined> {
    const reply = await this.#call(session, (seeded) => this.store.readRecord(session, seeded, collection, key), true);
    if (reply[0] === 'unseeded') return seedRecord(this.seeds(), collection, key);
    return reply[0] === 'found' ? parsed(reply[1] as string) : undefined;
  }

  async insertRecord(session: SessionId, collection: string, record: StoredRecord, how: InsertHow): Promise<InsertOutcome> {
    // An id the store gives is written by the script; the record is completed before, with a stand-in.
    const assign = how.assign !== undefined && record[how.idField] == null ? how.assign : '';
    if (assign !== '') record[how.idField] = TOKEN;
    const key = assign === '' ? idKey(record[how.idField]) : '';
    how.complete?.(record);
    // Charged as memory charges it: an integer id as a number, a string id by its length (added by the script).
    const bytes = jsonBytes(record) - (assign === '' ? 0 : TOKEN.length);
    const json = stringifyJson(record);
    if (assign !== '' && !json.includes(TOKEN_TEXT)) throw new Error('the record lost its id stand-in');
    const reply = await this.#call(session, (seeded) =>
      this.store.insertRecord(
        session,
        seeded,
        { collection, key, assign, json, bytes, made: collectionBytes(this.seeds(), collection) },
        how.maxRecords,
        TOKEN_TEXT,
      ),
    );
    const given = reply[1] as string;
    if (assign !== '') record[how.idField] = assign === 'integer' ? Number(given) : given;
    if (reply[0] === 'conflict') return { kind: 'conflict', id: record[how.idField] };
    if (reply[0] === 'over-limit') return { kind: 'over-limit' };
    if (reply[0] === 'over-budget') return { kind: 'over-budget', over: this.#over(reply[1]) };
    return { kind: 'created', record };
  }

  async updateRecord(
    session: SessionId,
    collection: string,
    key: string,
    record: StoredRecord,
  ): Promise<OverBudget | 'missing' | undefined> {
    const text = { collection, key, bytes: jsonBytes(record), json: stringifyJson(record) };
    const reply = await this.#call(session, (seeded) => this.store.updateRecord(session, seeded, text));
    if (reply[0] === 'missing') return 'missing';
    return reply[0] === 'over-budget' ? this.#over(reply[1]) : undefined;
  }

  async removeRecord(session: SessionId, collection: string, key: string): Promise<StoredRecord | undefined> {
    const reply = await this.#call(session, (seeded) => this.store.removeRecord(session, seeded, collection, key));
    return reply[0] === 'removed' ? parsed(reply[1] as string) : undefined;
  }
}

function seedTexts(seeds: RecordSeeds): RecordText[] {
  const texts: RecordText[] = [];
  for (const [collection, records] of seeds.records) {
    const field = seeds.idFieldOf(collection);
    for (const record of records)
      texts.push({ collection, key: idKey(record[field]), bytes: jsonBytes(record), json: stringifyJson(record) });
  }
  return texts;
}

/** A record as a held session read it: its place, its charge, its text. */
interface BaseRecord {
  readonly seq: number;
  readonly bytes: number;
  readonly json: string;
}

/** What a held session read of its records: in the store's hash (present), or the seeds it starts from. */
export interface RecordsRead {
  readonly present: boolean;
  readonly base: ReadonlyMap<string, BaseRecord>;
  readonly next: ReadonlyMap<string, number>;
  /** The records as the in-memory copy takes them; null when the session starts from the seeds. */
  readonly copy: SessionCopy['r'];
}

/** Reads a session's records hash (src/store/records-lua.ts) as LOAD brought it; undefined: none yet. */
export function readRecords(fields: ReadonlyMap<string, string> | undefined, seeds: RecordSeeds): RecordsRead {
  const base = new Map<string, BaseRecord>();
  const next = new Map<string, number>();
  if (fields === undefined) {
    // The seeds, in order, not charged: the base a first write is charged against, as memory charges it.
    let seq = 0;
    for (const text of seedTexts(seeds)) {
      base.set(fieldOf(text.collection, text.key), { seq: ++seq, bytes: text.bytes, json: text.json });
      if (/^\d{1,15}$/.test(text.key)) next.set(text.collection, Math.max(next.get(text.collection) ?? 1, Number(text.key) + 1));
    }
    return { present: false, base, next, copy: null };
  }
  const byCollection = new Map<string, [number, string, string][]>();
  for (const [field, value] of fields) {
    if (field.startsWith('#n\u0000')) next.set(field.slice(3), Number(value));
    if (field.startsWith('#')) continue;
    const at = field.indexOf('\u0000');
    const [, seq = '0', bytes = '0'] = /^(\d+) (\d+) /.exec(value) ?? [];
    const json = value.slice(seq.length + bytes.length + 2);
    base.set(field, { seq: Number(seq), bytes: Number(bytes), json });
    const collection = field.slice(0, at);
    const list = byCollection.get(collection) ?? [];
    list.push([Number(seq), field.slice(at + 1), json]);
    byCollection.set(collection, list);
  }
  const copy: [string, number, [string, StoredRecord][]][] = [];
  for (const collection of new Set([...next.keys(), ...byCollection.keys()])) {
    const records = (byCollection.get(collection) ?? []).sort((a, b) => a[0] - b[0]);
    copy.push([collection, next.get(collection) ?? 1, records.map(([, key, json]) => [key, parsed(json)])]);
  }
  return { present: true, base, next, copy };
}

/**
 * What a held session changed of its records, from what it read to its copy now: fields deleted and
 * records put (a collection whose order changed, as `PUT /__mock/state` makes it, is written again
 * whole; one gone is deleted with its next id), the count, next ids and the bytes charged more (its
 * collections' own charge included, `collectionBytes`); undefined when nothing changed.
 */
export function recordChanges(read: RecordsRead, now: SessionCopy['r'], seeds: RecordSeeds): RecordChanges | undefined {
  if (now === null) return read.present ? { d: true, x: [], u: [], c: 0, n: [], b: 0 } : undefined;
  const x: string[] = [];
  const u: [string, number, string][] = [];
  const n: [string, number][] = [];
  let count = 0;
  let bytes = 0;
  let base = 0;
  for (const record of read.base.values()) base += record.bytes;
  for (const collection of read.next.keys()) base += collectionBytes(seeds, collection);
  if (read.present) {
    const still = new Set(now.map(([collection]) => collection));
    const gone = new Set([...read.next.keys()].filter((collection) => !still.has(collection)));
    for (const collection of gone) x.push(`#n\u0000${collection}`);
    for (const field of read.base.keys()) if (gone.has(field.slice(0, field.indexOf('\u0000')))) x.push(field);
  }
  for (const [collection, next, records] of now) {
    count += records.length;
    bytes += collectionBytes(seeds, collection);
    if ((read.next.get(collection) ?? (read.present ? undefined : 1)) !== next || !read.present) n.push([collection, next]);
    const kept = new Set<string>();
    let last = 0;
    let inOrder = true;
    let fresh = false;
    for (const [key] of records) {
      const before = read.base.get(fieldOf(collection, key));
      if (before === undefined) fresh = true;
      else if (fresh || before.seq < last) inOrder = false;
      else last = before.seq;
    }
    for (const [field] of read.base) {
      if (!field.startsWith(`${collection}\u0000`)) continue;
      if (!inOrder) x.push(field);
    }
    for (const [key, record] of records) {
      const field = fieldOf(collection, key);
      kept.add(field);
      const json = stringifyJson(record);
      const before = read.base.get(field);
      const size = before !== undefined && before.json === json ? before.bytes : jsonBytes(record);
      bytes += size;
      if (!read.present || !inOrder || before?.json !== json) u.push([field, size, json]);
    }
    if (inOrder) for (const [field] of read.base) if (field.startsWith(`${collection}\u0000`) && !kept.has(field)) x.push(field);
  }
  const unchanged = read.present && x.length === 0 && u.length === 0 && n.length === 0 && count === read.base.size;
  return unchanged ? undefined : { d: false, x, u, c: count, n, b: bytes - base };
}
