import { INSERT_LUA, LIST_LUA, READ_LUA, REMOVE_LUA, SEED_LUA, UPDATE_LUA } from './records-lua.js';
import type { ScriptCall } from './script-batch.js';

type Script = ScriptCall<RecordReply>;

/** A record as the store keeps it: its collection, key, the bytes it is charged and its text. */
export interface RecordText {
  readonly collection: string;
  readonly key: string;
  readonly bytes: number;
  readonly json: string;
}

/** A script's answer: what happened first ('unseeded': the session waits for its seeds), then its values. */
export type RecordReply = readonly [string, ...(string | string[])[]];

/**
 * What a save changes of the session's records hash (src/mock/shared-records.ts): dropped whole (a reset),
 * or fields deleted, records put (field, bytes, text), the count, collections' next ids, and the bytes
 * the records are charged more (or less).
 */
export interface RecordChanges {
  readonly d: boolean;
  readonly x: readonly string[];
  readonly u: readonly (readonly [string, number, string])[];
  readonly c: number;
  readonly n: readonly (readonly [string, number])[];
  readonly b: number;
}

/** The session's records in the store, one atomic script per operation (src/store/records-lua.ts). */
export interface RecordStore {
  /** `assign`: the id to give ('integer' or 'string', written where `token` stands in `json`), or '' when `key` is the record's. */
  insertRecord(
    session: string | undefined,
    seeded: boolean,
    record: {
      readonly collection: string;
      readonly key: string;
      readonly assign: string;
      readonly json: string;
      readonly bytes: number;
      /** What the collection is charged if this insert makes it. */
      readonly made: number;
    },
    most: number,
    token: string,
  ): Promise<RecordReply>;
  updateRecord(session: string | undefined, seeded: boolean, record: RecordText): Promise<RecordReply>;
  removeRecord(session: string | undefined, seeded: boolean, collection: string, key: string): Promise<RecordReply>;
  readRecord(session: string | undefined, seeded: boolean, collection: string, key: string): Promise<RecordReply>;
  listRecords(session: string | undefined, seeded: boolean, collection: string): Promise<RecordReply>;
  /** Writes the seeds a session starts with, unless it holds its records already. */
  seedRecords(session: string | undefined, seeds: readonly RecordText[]): Promise<RecordReply>;
}

export interface RecordLimits {
  readonly idle: string;
  readonly maxSessions: number;
  readonly sessionBytes: number;
  readonly totalBytes: number;
}

/** The record scripts on the store's connection, called through `script` (src/store/script-batch.ts). */
export function recordStore(script: (lua: string) => ScriptCall<RecordReply>, prefix: string, limits: RecordLimits): RecordStore {
  const [insert, update, remove, read, list, seed] = [INSERT_LUA, UPDATE_LUA, REMOVE_LUA, READ_LUA, LIST_LUA, SEED_LUA].map((lua) =>
    script(lua),
  ) as ScriptCall<RecordReply>[] as [Script, Script, Script, Script, Script, Script];
  const most = String(limits.maxSessions);
  const perSession = String(limits.sessionBytes);
  const total = String(limits.totalBytes);
  const head = (session: string | undefined, seeded: boolean) => [
    prefix,
    session ?? '',
    limits.idle,
    String(Date.now()),
    most,
    perSession,
    total,
    seeded ? '1' : '0',
  ];
  return {
    insertRecord: (session, seeded, r, maxRecords, token) =>
      insert(...head(session, seeded), r.collection, r.key, r.assign, String(maxRecords), String(r.bytes), r.json, token, String(r.made)),
    updateRecord: (session, seeded, r) => update(...head(session, seeded), r.collection, r.key, String(r.bytes), r.json),
    removeRecord: (session, seeded, collection, key) => remove(...head(session, seeded), collection, key),
    readRecord: (session, seeded, collection, key) => read(...head(session, seeded), collection, key),
    listRecords: (session, seeded, collection) => list(...head(session, seeded), collection),
    seedRecords: (session, seeds) => seed(...head(session, false), ...seeds.flatMap((r) => [r.collection, r.key, String(r.bytes), r.json])),
  };
}
