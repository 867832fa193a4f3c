import { jsonBytes, type OverBudget } from '../json/byte-budget.js';

/**
 * A value now, or a promise of it. The in-memory store answers at once, so a request that needs it
 * stays synchronous; a shared store (Valkey, Redis) answers after a round trip.
 */
export type Maybe<T> = T | Promise<T>;

/** A session: its `X-Mock-Session` id, or undefined for the default session (requests without one). */
export type SessionId = string | undefined;

/** A record of the stateful simulator: a JSON object. */
export type StoredRecord = Record<string, unknown>;

/** Records by concrete collection path (`/plants`, `/owners/7/pets`), in creation order. */
export type RecordSets = ReadonlyMap<string, readonly StoredRecord[]>;

/** The records every new session starts with (`--data`), and the id field of each collection. */
export interface RecordSeeds {
  readonly records: RecordSets;
  idFieldOf(collection: string): string;
}

/**
 * The bytes a collection itself is charged while it exists (its path and its id counter), so that empty
 * collections under ever-new parents count against the budget too; a seeded collection is not charged,
 * as its seeds are not. Memory and the shared store charge the same.
 */
export function collectionBytes(seeds: RecordSeeds, collection: string): number {
  return seeds.records.has(collection) ? 0 : jsonBytes(collection) + jsonBytes(0);
}

/** How `insertRecord` makes a record's id when the request gave none. */
export interface InsertHow {
  readonly idField: string;
  /** The next integer of the collection (as a number or its text); undefined: the record has its id already. */
  readonly assign?: 'integer' | 'string';
  /** `--max-resources`: records a session may hold. */
  readonly maxRecords: number;
  /**
   * Called once the record will be kept (its id set, no conflict, within the count), before its bytes
   * are charged: fills in what the request left out. Runs once, in this process.
   */
  readonly complete?: (record: StoredRecord) => void;
}

export type InsertOutcome =
  | { readonly kind: 'created'; readonly record: StoredRecord }
  | { readonly kind: 'conflict'; readonly id: unknown }
  | { readonly kind: 'over-limit' }
  | { readonly kind: 'over-budget'; readonly over: OverBudget };

/** What `replaceRecords` refused: more records than `--max-resources`, or more bytes than the budget. */
export type ReplaceRefusal = { readonly records: number } | { readonly over: OverBudget; readonly bytes: number };

/**
 * What `--record` keeps of a session until it is written: the recorder's, opaque to the store, which
 * holds it with the session, charges its bytes to the session's budget and, before the session is
 * forgotten (idle, pushed out, closed), hands it to the drain to be written.
 */
export interface RecordingBuffer {
  readonly name: string;
}

/** The bounds every store keeps: one eviction policy and one byte budget for all per-session data. */
export interface SessionLimits {
  /** Milliseconds without a request after which a named session is forgotten. */
  readonly idleMs: number;
  /** Most named sessions kept; the least recently used goes first. */
  readonly max: number;
  /** Bytes of stored bodies and records one session may hold... */
  readonly sessionBytes: number;
  /** ...and all sessions together. */
  readonly totalBytes: number;
  readonly now?: () => number;
}

/**
 * The one owner of per-session data of one document's mock: scenario choice, sequence positions,
 * stored bodies, the stateful simulator's records, the proxy switch, recording buffers and coverage slices. Every operation is one a
 * shared store can do atomically in one round trip (advance and return, insert if absent, charge the
 * budget and write), never a read the caller then writes back; each may answer with a promise, and
 * the in-memory store never does. Sessions live from their first write until `idleMs` without one, or
 * until `max` newer ones push them out; the default session lives as long as the store. Reads do not
 * create sessions. See docs/session-store.md.
 */
export interface SessionStore {
  /** The scenario the session chose, else the default session's choice; undefined when neither chose. */
  scenarioOf(session: SessionId): Maybe<string | undefined>;
  /** Sets (undefined: clears) the session's scenario choice. */
  chooseScenario(session: SessionId, scenario: string | undefined): Maybe<void>;

  /** Counts one more call of a scenario rule (`scenario#rule`); answers the calls before this one. */
  advance(session: SessionId, rule: string): Maybe<number>;
  /** The bodies scenario rules stored (`store:`), by key; empty for a session not seen. */
  storedBodies(session: SessionId): Maybe<ReadonlyMap<string, unknown>>;
  /** Stores (or replaces) a body within the byte budget; where it does not fit, nothing is stored. */
  storeBody(session: SessionId, key: string, body: unknown): Maybe<OverBudget | undefined>;

  /** The session's proxy switch (`PUT /__mock/proxy`); undefined when it made no choice. */
  proxyChoice(session: SessionId): Maybe<boolean | undefined>;
  chooseProxy(session: SessionId, on: boolean | undefined): Maybe<void>;

  /** The records new sessions (and sessions reset) start with; sessions already running keep theirs. */
  useSeeds(seeds: RecordSeeds): void;
  /** A collection's records, in creation order. */
  listRecords(session: SessionId, collection: string): Maybe<readonly StoredRecord[]>;
  readRecord(session: SessionId, collection: string, key: string): Maybe<StoredRecord | undefined>;
  /** Adds a record unless its id is taken, the session holds `maxRecords` or the budget is spent. */
  insertRecord(session: SessionId, collection: string, record: StoredRecord, how: InsertHow): Maybe<InsertOutcome>;
  /** Replaces an existing record within the budget; 'missing' when it is gone. */
  updateRecord(session: SessionId, collection: string, key: string, record: StoredRecord): Maybe<OverBudget | 'missing' | undefined>;
  /** Removes a record and answers it; undefined when there was none. */
  removeRecord(session: SessionId, collection: string, key: string): Maybe<StoredRecord | undefined>;
  /** Replaces whole collections (`PUT /__mock/state`); the others are kept. Nothing changes when refused. */
  replaceRecords(session: SessionId, sets: RecordSets, how: { readonly maxRecords: number }): Maybe<ReplaceRefusal | undefined>;
  /** Every collection of a session; undefined for a session that holds none yet (it would start from the seeds). */
  viewRecords(session: SessionId): Maybe<RecordSets | undefined>;

  /**
   * Recording buffers of this process, so these answer at once in any store (with `--store`, the
   * fleet's recorder keeps its buffers in the shared store instead: src/scenarios/recording/fleet-recorder.ts).
   * The session's buffer, if it holds one (a read: it makes no session).
   */
  recordingOf(session: SessionId): RecordingBuffer | undefined;
  /** Holds the session's buffer, `grown` more bytes charged; refused whole (nothing held) beyond the budget. */
  holdRecording(session: SessionId, buffer: RecordingBuffer, grown: number): OverBudget | undefined;
  /** Lets the session's buffer go (written), freeing its bytes; nothing when it holds another. */
  dropRecording(session: SessionId, buffer: RecordingBuffer): void;
  /** Every buffer held: the default session's, then named sessions', least recently used first. */
  recordings(): readonly RecordingBuffer[];
  /** Told of each buffer whose session is forgotten, as it goes: to write it, so nothing recorded is lost. */
  drainRecordings(drain: (buffer: RecordingBuffer) => void): void;

  /**
   * Contract coverage's slice of a named session: the coverage model's counters, opaque to the store,
   * which keeps them with the session (the one eviction policy) and per replica in any store (the
   * fleet's counts travel as batches: src/mock/fleet-coverage.ts), so these answer at once. The
   * session's slice, made by `make` when it holds none (a write: it keeps the session).
   */
  coverageSlice(session: string, make: () => object): object;
  /** The session's slice if it holds one (a read: it makes no session). */
  peekCoverage(session: string): object | undefined;
  /** Every named session's slice, least recently used first. */
  coverageSlices(): [string, object][];
  /** Forgets the slice of one session, or of every session; nothing else of theirs. */
  dropCoverage(session?: string): void;

  /**
   * Forgets positions, stored bodies and records (and their bytes) of one named session, or, given
   * undefined, of every session and the default one; scenario and proxy choices, recording buffers and
   * coverage slices stay.
   */
  reset(session: SessionId): Maybe<void>;
  /** Bytes held by one session, or by all (null). */
  bytesUsed(session: SessionId | null): Maybe<number>;
  /** Named sessions held. */
  size(): Maybe<number>;
  close(): Maybe<void>;
}

/** Continues with a value now, or once its promise settles: no promise is made where none was given. */
export function andThen<T, U>(value: Maybe<T>, next: (value: T) => U | Promise<U>): Maybe<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/** The key of an id: its text, integers without leading zeros, so a path's `042` finds the record 42. */
export function idKey(id: unknown): string {
  if (typeof id === 'string' && /^-?\d+$/.test(id)) return BigInt(id).toString();
  return typeof id === 'object' ? JSON.stringify(id) : String(id);
}
