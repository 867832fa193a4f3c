import { ByteBudget, jsonBytes, type OverBudget } from '../json/byte-budget.js';
import { MemoryRecords } from './memory-records.js';
import { SessionLru } from './session-lru.js';
import {
  collectionBytes,
  type InsertHow,
  type InsertOutcome,
  idKey,
  type Maybe,
  type RecordingBuffer,
  type RecordSeeds,
  type RecordSets,
  type ReplaceRefusal,
  type SessionId,
  type SessionLimits,
  type SessionStore,
  type StoredRecord,
} from './session-store.js';

/** What one session holds in memory; it is also the owner its bytes are charged to. */
interface Held {
  scenario: string | undefined;
  proxy: boolean | undefined;
  readonly positions: Map<string, number>;
  readonly stored: Map<string, unknown>;
  /** Made from the seeds on first use, so a session that never reaches the simulator costs nothing. */
  records: MemoryRecords | undefined;
  /** `--record`'s buffer and the bytes charged for it (kept apart: a reset frees the rest). */
  recording: { readonly buffer: RecordingBuffer; bytes: number } | undefined;
  /** Contract coverage's counters of the session (named sessions only): bounded by the document's operations. */
  coverage: object | undefined;
}

/**
 * Where a session's positions advance instead of here: a promise of the calls before this one, or
 * undefined to advance them here (src/mock/shared-sessions.ts: a shared store's, for sessions not held).
 */
export type Sequencer = (session: SessionId, rule: string) => Promise<number> | undefined;

/** The record operations a shared store does itself, one atomic call each, for sessions not held here. */
export type RecordsElsewhere = {
  readonly [K in 'listRecords' | 'readRecord' | 'insertRecord' | 'updateRecord' | 'removeRecord']: (
    ...args: Parameters<SessionStore[K]>
  ) => Promise<Awaited<ReturnType<SessionStore[K]>>>;
};

const NO_SEEDS: RecordSeeds = { records: new Map(), idFieldOf: () => 'id' };

/**
 * The default SessionStore: every session of one document's mock in this process's memory, answered
 * synchronously. Named sessions follow the one eviction policy (SessionLru); their bytes are charged
 * to one ByteBudget and freed as they go.
 */
export class MemorySessionStore implements SessionStore {
  readonly #budget: ByteBudget;
  readonly #named: SessionLru<Held>;
  readonly #default: Held = held();
  #seeds: RecordSeeds = NO_SEEDS;
  #drain: (buffer: RecordingBuffer) => void = () => undefined;
  #sequencer: Sequencer | undefined;
  #recordsElsewhere: ((session: SessionId) => RecordsElsewhere | undefined) | undefined;

  constructor(limits: SessionLimits) {
    this.#budget = new ByteBudget(limits.sessionBytes, limits.totalBytes);
    this.#named = new SessionLru<Held>(limits, (gone) => {
      this.#budget.release(gone);
      // Written before it goes: eviction never loses what was recorded.
      if (gone.recording) this.#drain(gone.recording.buffer);
    });
  }

  scenarioOf(session: SessionId): string | undefined {
    return this.#peek(session)?.scenario ?? this.#default.scenario;
  }

  chooseScenario(session: SessionId, scenario: string | undefined): void {
    this.#use(session).scenario = scenario;
  }

  /** With `--store`: positions of sessions this replica does not hold advance in the store, one call each. */
  useSequencer(sequencer: Sequencer): void {
    this.#sequencer = sequencer;
  }

  /** With `--store`: records of sessions this replica does not hold are read and written in the store, one call each. */
  useRecordsElsewhere(where: (session: SessionId) => RecordsElsewhere | undefined): void {
    this.#recordsElsewhere = where;
  }

  /** The records new sessions start with. */
  get seeds(): RecordSeeds {
    return this.#seeds;
  }

  advance(session: SessionId, rule: string): number | Promise<number> {
    const elsewhere = this.#sequencer?.(session, rule);
    if (elsewhere !== undefined) return elsewhere;
    const positions = this.#use(session).positions;
    const calls = positions.get(rule) ?? 0;
    positions.set(rule, calls + 1);
    return calls;
  }

  storedBodies(session: SessionId): ReadonlyMap<string, unknown> {
    return this.#peek(session)?.stored ?? EMPTY;
  }

  storeBody(session: SessionId, key: string, body: unknown): OverBudget | undefined {
    const owner = this.#use(session);
    const before = owner.stored.has(key) ? jsonBytes(owner.stored.get(key)) : 0;
    const over = this.#budget.charge(owner, jsonBytes(body) - before);
    if (!over) owner.stored.set(key, body);
    return over;
  }

  proxyChoice(session: SessionId): boolean | undefined {
    return this.#peek(session)?.proxy;
  }

  chooseProxy(session: SessionId, on: boolean | undefined): void {
    this.#use(session).proxy = on;
  }

  useSeeds(seeds: RecordSeeds): void {
    this.#seeds = seeds;
  }

  listRecords(session: SessionId, collection: string): Maybe<readonly StoredRecord[]> {
    const elsewhere = this.#recordsElsewhere?.(session);
    if (elsewhere) return elsewhere.listRecords(session, collection);
    // A read makes nothing: a collection appears on its first write, a session's records on its first write.
    const records = this.#recordsToRead(session);
    if (records === undefined) return this.#seeds.records.get(collection) ?? [];
    return [...(records.collections.get(collection)?.records.values() ?? [])];
  }

  readRecord(session: SessionId, collection: string, key: string): Maybe<StoredRecord | undefined> {
    const elsewhere = this.#recordsElsewhere?.(session);
    if (elsewhere) return elsewhere.readRecord(session, collection, key);
    const records = this.#recordsToRead(session);
    if (records === undefined) return seedRecord(this.#seeds, collection, key);
    return records.collections.get(collection)?.records.get(key);
  }

  insertRecord(session: SessionId, collection: string, record: StoredRecord, how: InsertHow): Maybe<InsertOutcome> {
    const elsewhere = this.#recordsElsewhere?.(session);
    if (elsewhere) return elsewhere.insertRecord(session, collection, record, how);
    const owner = this.#use(session);
    const records = this.#records(owner);
    // Looked at, not made: a refused insert leaves no empty collection behind.
    const existing = records.collections.get(collection);
    const next = existing?.next ?? 1;
    if (how.assign !== undefined) record[how.idField] ??= how.assign === 'string' ? String(next) : next;
    const id = record[how.idField];
    const key = idKey(id);
    if (existing?.records.has(key)) return { kind: 'conflict', id };
    if (records.count >= how.maxRecords) return { kind: 'over-limit' };
    how.complete?.(record);
    // A new collection is charged too: it stays (with its counter) when its records are deleted.
    const made = existing === undefined ? collectionBytes(this.#seeds, collection) : 0;
    const over = this.#budget.charge(owner, jsonBytes(record) + made);
    if (over) return { kind: 'over-budget', over };
    records.put(collection, key, record);
    return { kind: 'created', record };
  }

  updateRecord(session: SessionId, collection: string, key: string, record: StoredRecord): Maybe<OverBudget | 'missing' | undefined> {
    const elsewhere = this.#recordsElsewhere?.(session);
    if (elsewhere) return elsewhere.updateRecord(session, collection, key, record);
    const owner = this.#use(session);
    const records = this.#records(owner);
    const existing = records.collections.get(collection)?.records.get(key);
    if (existing === undefined) return 'missing';
    const over = this.#budget.charge(owner, jsonBytes(record) - jsonBytes(existing));
    if (!over) records.put(collection, key, record);
    return over;
  }

  removeRecord(session: SessionId, collection: string, key: string): Maybe<StoredRecord | undefined> {
    const elsewhere = this.#recordsElsewhere?.(session);
    if (elsewhere) return elsewhere.removeRecord(session, collection, key);
    const owner = this.#use(session);
    const removed = this.#records(owner).remove(collection, key);
    if (removed !== undefined) this.#budget.charge(owner, -jsonBytes(removed));
    return removed;
  }

  replaceRecords(session: SessionId, sets: RecordSets, how: { readonly maxRecords: number }): ReplaceRefusal | undefined {
    const owner = this.#use(session);
    const records = this.#records(owner);
    let delta = 0;
    let count = records.count;
    for (const [path, replacing] of sets) {
      // A collection replaced by none is gone, not kept empty: nothing uncharged is left behind.
      const charge = collectionBytes(this.#seeds, path);
      delta -= records.bytesOf(path) + (records.collections.has(path) ? charge : 0);
      delta += replacing.length > 0 ? charge : 0;
      for (const record of replacing) delta += jsonBytes(record);
      count += replacing.length - (records.collections.get(path)?.records.size ?? 0);
    }
    if (count > how.maxRecords) return { records: count };
    const over = this.#budget.charge(owner, delta);
    if (over) return { over, bytes: delta };
    for (const [path, replacing] of sets) {
      records.drop(path);
      const field = this.#seeds.idFieldOf(path);
      for (const record of replacing) records.put(path, idKey(record[field]), structuredClone(record));
    }
    return undefined;
  }

  viewRecords(session: SessionId): RecordSets | undefined {
    const records = this.#peek(session)?.records;
    if (records === undefined) return undefined;
    const view = new Map<string, readonly StoredRecord[]>();
    for (const [path, collection] of records.collections) view.set(path, [...collection.records.values()]);
    return view;
  }

  recordingOf(session: SessionId): RecordingBuffer | undefined {
    return this.#peek(session)?.recording?.buffer;
  }

  holdRecording(session: SessionId, buffer: RecordingBuffer, grown: number): OverBudget | undefined {
    const owner = this.#use(session);
    const held = owner.recording?.buffer === buffer ? owner.recording : undefined;
    const over = this.#budget.charge(owner, grown - (owner.recording && !held ? owner.recording.bytes : 0));
    if (over) return over;
    if (held) held.bytes += grown;
    else owner.recording = { buffer, bytes: grown };
    return undefined;
  }

  dropRecording(session: SessionId, buffer: RecordingBuffer): void {
    const owner = this.#peek(session);
    if (owner?.recording?.buffer !== buffer) return;
    this.#budget.charge(owner, -owner.recording.bytes);
    owner.recording = undefined;
  }

  recordings(): readonly RecordingBuffer[] {
    const buffers: RecordingBuffer[] = [];
    for (const owner of [this.#default, ...this.#named.values()]) if (owner.recording) buffers.push(owner.recording.buffer);
    return buffers;
  }

  drainRecordings(drain: (buffer: RecordingBuffer) => void): void {
    this.#drain = drain;
  }

  coverageSlice(session: string, make: () => object): object {
    const owner = this.#named.use(session, held);
    owner.coverage ??= make();
    return owner.coverage;
  }

  peekCoverage(session: string): object | undefined {
    return this.#named.peek(session)?.coverage;
  }

  coverageSlices(): [string, object][] {
    const slices: [string, object][] = [];
    for (const [session, owner] of this.#named.entries()) if (owner.coverage) slices.push([session, owner.coverage]);
    return slices;
  }

  dropCoverage(session?: string): void {
    const owners = session === undefined ? this.#named.values() : [this.#named.peek(session)];
    for (const owner of owners) if (owner) owner.coverage = undefined;
  }

  reset(session: SessionId): void {
    const owners = session === undefined ? [this.#default, ...this.#named.values()] : [this.#peek(session)];
    for (const owner of owners) {
      if (owner === undefined) continue;
      owner.positions.clear();
      owner.stored.clear();
      owner.records = undefined;
      this.#releaseState(owner);
    }
  }

  bytesUsed(session: SessionId | null): number {
    if (session === null) return this.#budget.used();
    const owner = this.#peek(session);
    return owner ? this.#budget.used(owner) : 0;
  }

  size(): number {
    return this.#named.size;
  }

  close(): void {
    this.#named.delete();
    const kept = this.#default.recording;
    this.#default.recording = undefined;
    if (kept) this.#drain(kept.buffer);
  }

  /** The session's own scenario choice, without the default session's (a shared copy keeps both apart). */
  ownScenario(session: SessionId): string | undefined {
    return this.#peek(session)?.scenario;
  }

  /** What a replica sharing sessions by whole copies writes back (src/mock/shared-sessions.ts). */
  copyOf(session: SessionId): SessionCopy {
    const owner = this.#peek(session);
    const records = owner?.records;
    return {
      p: owner ? [...owner.positions] : [],
      d: owner ? [...owner.stored] : [],
      r: records ? [...records.collections].map(([path, { next, records: byKey }]) => [path, next, [...byKey]]) : null,
    };
  }

  /**
   * Replaces the session's data with a shared copy, and the scenario choices with the shared ones; it is
   * charged here the `charged` bytes the store holds for it (its data, records and the fleet's recording
   * buffers, as the store's own scripts count them), even beyond the budget: its next write is refused then.
   */
  restore(session: SessionId, copy: Partial<SessionCopy> | undefined, choices: SharedChoices, charged = 0): void {
    const owner = this.#use(session);
    owner.scenario = session === undefined ? choices.defaultScenario : choices.scenario;
    this.#default.scenario = choices.defaultScenario;
    owner.proxy = choices.proxy === undefined ? undefined : choices.proxy === 'on';
    owner.positions.clear();
    for (const [key, calls] of copy?.p ?? []) owner.positions.set(key, calls);
    owner.stored.clear();
    for (const [key, value] of copy?.d ?? []) owner.stored.set(key, value);
    owner.records = undefined;
    if (copy?.r) {
      const records = new MemoryRecords(NO_SEEDS);
      for (const [path, next, byKey] of copy.r) {
        for (const [key, record] of byKey) records.put(path, key, record);
        records.collection(path).next = next;
      }
      owner.records = records;
    }
    this.#budget.hold(owner, charged + (owner.recording?.bytes ?? 0));
  }

  /** Frees the session's bytes but its recording buffer's, which stays. */
  #releaseState(owner: Held): void {
    this.#budget.release(owner);
    if (owner.recording) this.#budget.charge(owner, owner.recording.bytes);
  }

  #use(session: SessionId): Held {
    return session === undefined ? this.#default : this.#named.use(session, held);
  }

  #peek(session: SessionId): Held | undefined {
    return session === undefined ? this.#default : this.#named.peek(session);
  }

  /**
   * The session's records for a read, or undefined while it holds none (it would start from the seeds):
   * a read keeps a session it finds in use, and makes none.
   */
  #recordsToRead(session: SessionId): MemoryRecords | undefined {
    if (session === undefined) return this.#default.records;
    return this.#named.peek(session) === undefined ? undefined : this.#named.use(session, held).records;
  }

  #records(owner: Held): MemoryRecords {
    owner.records ??= new MemoryRecords(this.#seeds);
    return owner.records;
  }
}

const EMPTY: ReadonlyMap<string, unknown> = new Map();

/** A seed record by key, as a session that holds no records yet reads it (the seeds are never written to). */
export function seedRecord(seeds: RecordSeeds, collection: string, key: string): StoredRecord | undefined {
  const field = seeds.idFieldOf(collection);
  return seeds.records.get(collection)?.find((record) => idKey(record[field]) === key);
}

/** A session's data as a shared store keeps it: positions, stored bodies, collections (path, next id, records by key). */
export interface SessionCopy {
  readonly p: readonly (readonly [string, number])[];
  readonly d: readonly (readonly [string, unknown])[];
  readonly r: readonly (readonly [string, number, readonly (readonly [string, StoredRecord])[]])[] | null;
}

/** The choices a shared store holds for a session: its scenario, the default session's, its proxy switch. */
export interface SharedChoices {
  readonly scenario: string | undefined;
  readonly defaultScenario: string | undefined;
  readonly proxy?: string | undefined;
}

function held(): Held {
  return {
    scenario: undefined,
    proxy: undefined,
    positions: new Map(),
    stored: new Map(),
    records: undefined,
    recording: undefined,
    coverage: undefined,
  };
}
