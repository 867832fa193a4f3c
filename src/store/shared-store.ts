import { Redis } from 'ioredis';
import { MockConfigError } from '../config-error.js';
import { isSecretField } from '../openapi/mask-credentials.js';
import { type ChoiceWatch, newNonce, watchChoices } from './choice-watch.js';
import { type CoverageStore, coverageStore } from './coverage-store.js';
import { SESSION_BOUNDS_LUA as BOUNDS } from './eviction-lua.js';
import { type RecordChanges, type RecordStore, recordStore } from './record-store.js';
import { leaseMs, type RecordingStore, recordingStore, TAKE_BYTES } from './recording-store.js';
import { SAVE_RECORDS_LUA } from './records-lua.js';
import { scriptBatch } from './script-batch.js';

/** A session's shared data as the store holds it: the generation of resets, its version, its text, the scenario choices. */
export interface StoredSession {
  readonly generation: string;
  readonly version: string;
  /** The encoded session (src/mock/shared-sessions.ts); undefined when the session has none yet. */
  readonly data: string | undefined;
  /** `X-Mock-Session`'s own scenario choice and the default session's. */
  readonly scenario: string | undefined;
  readonly defaultScenario: string | undefined;
  /** The session's proxy switch (`PUT /__mock/proxy`): 'on', 'off', or undefined when it made no choice. */
  readonly proxy: string | undefined;
  /** Its sequence positions (calls by `scenario#rule`), kept apart from the text: advanced one at a time. */
  readonly positions: ReadonlyMap<string, number>;
  /** Its records hash (src/store/records-lua.ts) by field; undefined when it holds none yet. */
  readonly records: ReadonlyMap<string, string> | undefined;
  /** Bytes of its recording buffers in the store (src/store/recording-store.ts): its budget counts them. */
  readonly recorded: number;
  /** Bytes its text and records are charged in the store (as a write and an append count them). */
  readonly charged: number;
}

/** A position a held request moved: the rule, the calls it read, the calls it leaves (0: cleared by a reset). */
export type PositionChange = readonly [rule: string, read: number, now: number];

/** Choices a save changes: a new value, null to clear it, undefined (absent) to leave it. */
export interface ChoiceChanges {
  readonly scenario?: string | null;
  readonly proxy?: 'on' | 'off' | null;
}

/** What a save says: written, or someone else wrote (or reset) the session since it was read. */
export type SaveOutcome = 'saved' | 'conflict' | 'over-budget';

/** The server's connection to a shared Valkey/Redis store, with the operations the mock needs, each one round trip. */
export interface SharedStore extends CoverageStore, RecordingStore, RecordStore {
  /** The address, its password masked: for messages. */
  readonly where: string;
  readonly prefix: string;
  /** `--max-total-state-bytes` across the fleet. */
  readonly totalBytes: number;
  /** `--max-state-bytes` of one session. */
  readonly sessionBytes: number;
  /** Connected now: what readiness reports. */
  readonly ready: boolean;
  /** The fleet's scenario choices as this replica knows them without a round trip. */
  readonly choices: ChoiceWatch;
  load(session: string | undefined): Promise<StoredSession>;
  /**
   * Writes the session when nobody did since `read`, with the choices it changed. A changed choice is
   * announced, and the write done once every replica listening acknowledged it.
   */
  save(
    session: string | undefined,
    read: StoredSession,
    data: string,
    changes?: ChoiceChanges,
    positions?: readonly PositionChange[],
    records?: RecordChanges,
  ): Promise<SaveOutcome>;
  /** Counts one more call of a rule in a session not held, in one atomic call; answers the calls before it. */
  advance(session: string | undefined, rule: string): Promise<number>;
  /** Forgets every session's data (a new generation), scenario choices kept. */
  resetAll(): Promise<void>;
  /** Appends journal entries (as text) of this replica, keeping the fleet's last `capacity`. */
  appendJournal(texts: readonly string[], capacity: number): Promise<void>;
  /** The fleet's journal, oldest first, and how many entries were ever appended (for their ids). */
  journal(): Promise<{ readonly texts: readonly string[]; readonly total: number }>;
  /** How many entries were ever appended and, when `after` is not negative, the texts appended since `after` (of those still kept). */
  journalTail(after: number): Promise<{ readonly texts: readonly string[]; readonly total: number }>;
  /** Replaces the fleet's journal with these entries (empty: cleared). */
  replaceJournal(texts: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

export interface StoreSettings {
  readonly url: string;
  readonly prefix: string;
  /** Milliseconds a named session lives unused (the store expires its keys). */
  readonly idleMs: number;
  /** Most named sessions the fleet keeps (`--max-sessions`): their data and their coverage counts. */
  readonly maxSessions?: number;
  /** Bytes of session data the fleet holds at most (`--max-total-state-bytes`), as the store keeps it. */
  readonly totalBytes?: number;
  /** Bytes of records one session holds at most (`--max-state-bytes`), checked by the record scripts. */
  readonly sessionBytes?: number;
  /** Milliseconds the first connection and each command may take. */
  readonly timeoutMs?: number;
  readonly warn: (message: string) => void;
}

// Keys: {p}gen (resets), {p}s:{gen}:{id} (hash v, b), {p}q:{gen}:{id} (hash of sequence positions),
// {p}rec:{gen}:{id} (records: src/store/records-lua.ts),
// {p}c:{id} (scenario choice), {p}x:{id} (proxy switch); '' is the default session. Choices live
// outside the generation: a reset keeps them, as in memory.
// Built inside the scripts from the prefix: one Valkey/Redis server, not a cluster (docs/scale-out.md).
const LOAD = `
local p, id, idle = ARGV[1], ARGV[2], tonumber(ARGV[3])
local gen = redis.call('GET', p .. 'gen') or '0'
local key = p .. 's:' .. gen .. ':' .. id
-- A read is a use: the session stays out of the idle sweep and the oldest-first eviction (ARGV[4]: now).
if id ~= '' then redis.call('ZADD', p .. 'z:' .. gen, 'XX', tonumber(ARGV[4]), id) end
local row = redis.call('HMGET', key, 'v', 'b')
local mine = redis.call('GET', p .. 'c:' .. id)
local default = redis.call('GET', p .. 'c:')
local proxy = redis.call('GET', p .. 'x:' .. id)
local positions = redis.call('HGETALL', p .. 'q:' .. gen .. ':' .. id)
local records = redis.call('HGETALL', p .. 'rec:' .. gen .. ':' .. id)
if id ~= '' and row[1] then redis.call('PEXPIRE', key, idle) end
if id ~= '' and #records > 0 then redis.call('PEXPIRE', p .. 'rec:' .. gen .. ':' .. id, idle) end
if id ~= '' and #positions > 0 then redis.call('PEXPIRE', p .. 'q:' .. gen .. ':' .. id, idle) end
if id ~= '' and mine then redis.call('PEXPIRE', p .. 'c:' .. id, idle) end
if id ~= '' and proxy then redis.call('PEXPIRE', p .. 'x:' .. id, idle) end
local recorded = redis.call('HGET', p .. 'rs', id) or '0'
local charged = redis.call('HGET', p .. 'n:' .. gen, id) or '0'
return {gen, row[1] or '0', row[2] or false, mine or false, default or false, proxy or false, positions, records, recorded, charged}`;

// ARGV[10..12]: now, most sessions, total bytes; ARGV[13] the records' changes (RecordChanges as JSON,
// '' for none); then triples of a position moved (rule, calls read, calls now): written only if no
// other replica moved them since, like the text by its version (a record script moves the version too).
const SAVE = `
local p, id, gen, version, data, idle, nonce = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5], tonumber(ARGV[6]), ARGV[9]
if (redis.call('GET', p .. 'gen') or '0') ~= gen then return 0 end
local key = p .. 's:' .. gen .. ':' .. id
if (redis.call('HGET', key, 'v') or '0') ~= version then return 0 end
local positions = p .. 'q:' .. gen .. ':' .. id
for i = 14, #ARGV, 3 do
  if tonumber(redis.call('HGET', positions, ARGV[i]) or '0') ~= tonumber(ARGV[i + 1]) then return 0 end
end
local now, most, budget = tonumber(ARGV[10]), tonumber(ARGV[11]), tonumber(ARGV[12])
${BOUNDS}
sweep()
${SAVE_RECORDS_LUA}
if refused then return -1 end
redis.call('HSET', key, 'v', tonumber(version) + 1, 'b', data)
if id ~= '' then redis.call('PEXPIRE', key, idle) end
for i = 14, #ARGV, 3 do
  if ARGV[i + 2] == '0' then redis.call('HDEL', positions, ARGV[i]) else redis.call('HSET', positions, ARGV[i], ARGV[i + 2]) end
end
if id ~= '' and #ARGV >= 13 then redis.call('PEXPIRE', positions, idle) end
-- ARGV[7] the scenario choice, ARGV[8] the proxy switch: '' unchanged, '-' cleared, '=value' set.
for i, kind in ipairs({'c:', 'x:'}) do
  local choice = ARGV[6 + i]
  if choice == '-' then redis.call('DEL', p .. kind .. id)
  elseif choice ~= '' then
    if id == '' then redis.call('SET', p .. kind, string.sub(choice, 2))
    else redis.call('SET', p .. kind .. id, string.sub(choice, 2), 'PX', idle) end
  end
end
-- A changed choice is announced (ARGV[9] names the announcement): replicas skip the store for sessions without one.
if nonce ~= '' then return 1 + redis.call('PUBLISH', p .. 'choices', nonce .. ' ' .. id) end
return 1`;

// One more call of a rule (ARGV[3]) in a session nobody holds: the calls before it, in one step, so
// parallel requests through any replica each take their own (ARGV[4..6]: idle, now, most sessions).
const ADVANCE = `
local p, id, rule, idle, now, most = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
local gen = redis.call('GET', p .. 'gen') or '0'
local positions = p .. 'q:' .. gen .. ':' .. id
local calls = redis.call('HINCRBY', positions, rule, 1) - 1
if id ~= '' then
  redis.call('PEXPIRE', positions, idle)
  ${BOUNDS}
  sweep()
  keep()
end
return calls`;

// The fleet journal's entries appended after the count ARGV[2] (negative: none, only the count).
const TAIL = `
local key, after = ARGV[1], tonumber(ARGV[2])
local total = tonumber(redis.call('GET', key .. ':total') or '0')
if after < 0 or total <= after then return {total, {}} end
return {total, redis.call('LRANGE', key, after - total, -1)}`;

/**
 * Connects to the store named by `url`. Unreachable: a MockConfigError (the CLI's one line and exit 2).
 * Once connected, a lost connection is retried with back-off while commands fail at once (no offline
 * queue: nothing waits unbounded in memory), so requests that need the store are answered 503.
 */
export async function connectStore({
  url,
  prefix,
  idleMs,
  maxSessions = 2 ** 31,
  totalBytes = 2 ** 50,
  sessionBytes = 2 ** 50,
  timeoutMs = 2000,
  warn,
}: StoreSettings): Promise<SharedStore> {
  const where = maskedUrl(url);
  let lost = false;
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    // Back-off with jitter, at most 2 s apart: a restarted store is found again within seconds.
    // Commands issued in one event-loop turn go out in one write: fewer system calls under load.
    enableAutoPipelining: true,
    retryStrategy: (attempt) => Math.min(50 * 2 ** Math.min(attempt, 6), 2000) + Math.floor(Math.random() * 50),
  });
  // Errors are reported once per outage, as the connection goes and comes back; the last one names the cause.
  let cause = 'connection failed';
  client.on('error', (error: Error) => {
    cause = error.message || cause;
  });
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    const reason = cause === 'connection failed' ? (error as Error).message || cause : cause;
    throw new MockConfigError(`option "store": cannot reach ${where}: ${reason}`);
  }
  client.on('close', () => {
    if (!lost) warn(`lost the store at ${where}; requests that need shared data answer 503 until it is back`);
    lost = true;
  });
  client.on('ready', () => {
    if (lost) warn(`the store at ${where} is back`);
    lost = false;
  });
  // The request path's scripts by their digest, a turn's calls in one write; the rest as ioredis defines them.
  client.defineCommand('journalTail', { numberOfKeys: 0, lua: TAIL });
  const script = scriptBatch(client);
  const scripts = {
    journalTail: (key: string, after: string) => (client as unknown as Scripts).journalTail(key, after),
    mockLoad: script(LOAD),
    mockSave: script(SAVE),
    mockAdvance: script(ADVANCE),
  } as Scripts;
  const idle = String(idleMs);
  const bounds = () => [String(Date.now()), String(maxSessions), String(totalBytes)];
  const choices = await watchChoices(client, prefix, timeoutMs, warn);
  return {
    ...coverageStore(client, prefix, idle, maxSessions),
    ...recordingStore(client, prefix, TAKE_BYTES, leaseMs(idleMs)),
    ...recordStore(script, prefix, { idle, maxSessions, sessionBytes, totalBytes }),
    where,
    prefix,
    totalBytes,
    sessionBytes,
    get ready() {
      return client.status === 'ready';
    },
    choices,
    async load(session) {
      const row = await scripts.mockLoad(prefix, session ?? '', idle, String(Date.now()));
      return {
        generation: String(row[0]),
        version: String(row[1]),
        data: row[2] ?? undefined,
        scenario: row[3] ?? undefined,
        defaultScenario: row[4] ?? undefined,
        proxy: row[5] ?? undefined,
        positions: positionsOf(row[6]),
        records: fieldsOf(row[7]),
        recorded: Number(row[8] ?? 0),
        charged: Number(row[9] ?? 0),
      };
    },
    async save(session, read, data, changes = {}, positions = [], records = undefined) {
      const choice = (value: string | null | undefined) => (value === undefined ? '' : value === null ? '-' : `=${value}`);
      const args = [choice(changes.scenario), choice(changes.proxy)];
      const nonce = args.some((arg) => arg !== '') ? newNonce() : '';
      if (nonce !== '') choices.expect(nonce);
      let done = 0;
      try {
        const moved = positions.flatMap(([rule, before, now]) => [rule, String(before), String(now)]);
        done = await scripts.mockSave(
          prefix,
          session ?? '',
          read.generation,
          read.version,
          data,
          idle,
          ...args,
          nonce,
          ...bounds(),
          records === undefined ? '' : JSON.stringify(records),
          ...moved,
        );
      } finally {
        // Every replica that heard of the changed choice knows it before the write counts as done.
        if (nonce !== '') await choices.confirmed(nonce, done - 1);
      }
      return done >= 1 ? 'saved' : done === -1 ? 'over-budget' : 'conflict';
    },
    async advance(session, rule) {
      return Number(await scripts.mockAdvance(prefix, session ?? '', rule, idle, String(Date.now()), String(maxSessions)));
    },
    async resetAll() {
      const gen = (await client.get(`${prefix}gen`)) ?? '0';
      // The old generation's bookkeeping goes with its sessions (the named ones expire; the default one never would).
      const old = [
        `${prefix}z:${gen}`,
        `${prefix}n:${gen}`,
        `${prefix}t:${gen}`,
        `${prefix}s:${gen}:`,
        `${prefix}q:${gen}:`,
        `${prefix}rec:${gen}:`,
      ];
      await client
        .multi()
        .incr(`${prefix}gen`)
        .del(...old)
        .exec();
    },
    async appendJournal(texts, capacity) {
      if (texts.length === 0) return;
      const key = `${prefix}journal`;
      await client
        .multi()
        .rpush(key, ...texts)
        .ltrim(key, -capacity, -1)
        .incrby(`${key}:total`, texts.length)
        .exec();
    },
    async journal() {
      const key = `${prefix}journal`;
      const replies = (await client.multi().lrange(key, 0, -1).get(`${key}:total`).exec()) ?? [];
      const texts = (replies[0]?.[1] as string[] | undefined) ?? [];
      return { texts, total: Number(replies[1]?.[1] ?? texts.length) };
    },
    async journalTail(after) {
      const [total, texts] = await scripts.journalTail(`${prefix}journal`, String(after));
      return { total: Number(total), texts };
    },
    async replaceJournal(texts) {
      const key = `${prefix}journal`;
      const steps = client.multi().del(key);
      if (texts.length > 0) steps.rpush(key, ...texts);
      await steps.exec();
    },
    async close() {
      choices.close();
      // Down or reconnecting: nothing to say goodbye to, and QUIT would wait for a connection.
      if (client.status !== 'ready') return void client.disconnect();
      await client.quit().catch(() => client.disconnect());
    },
  };
}

interface Scripts {
  journalTail(key: string, after: string): Promise<[number, string[]]>;
  mockLoad(
    ...args: string[]
  ): Promise<[string, string, string | null, string | null, string | null, string | null, string[], string[], string, string]>;
  mockAdvance(...args: string[]): Promise<number>;
  mockSave(...args: string[]): Promise<number>;
}

/** HGETALL's flat reply (field, value, ...) as a map; undefined when empty (no such key). */
function fieldsOf(flat: readonly string[] | undefined): Map<string, string> | undefined {
  if (flat === undefined || flat.length === 0) return undefined;
  const fields = new Map<string, string>();
  for (let i = 0; i + 1 < flat.length; i += 2) fields.set(flat[i] as string, flat[i + 1] as string);
  return fields;
}

/** HGETALL's flat reply (field, value, ...) as calls by rule. */
function positionsOf(flat: readonly string[] | undefined): Map<string, number> {
  const positions = new Map<string, number>();
  for (let i = 0; flat !== undefined && i + 1 < flat.length; i += 2) positions.set(flat[i] as string, Number(flat[i + 1]));
  return positions;
}

/**
 * The URL with its password masked, for messages and health: the one in the authority and, since ioredis
 * also reads `?password=`, any query parameter named like a secret (the journal's rule).
 */
export function maskedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    for (const name of new Set(parsed.searchParams.keys())) {
      if (isSecretField(name)) parsed.searchParams.set(name, '***');
    }
    return parsed.toString();
  } catch {
    return 'the store URL';
  }
}
