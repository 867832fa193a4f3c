import type { Redis } from 'ioredis';
import { EVICTION_LUA } from './eviction-lua.js';

/**
 * Coverage counters of one scope: undefined is every request's, else one session's, with the time
 * (ms since the epoch, the replica's clock) of the session's last request they count.
 */
export type CoverageBatch = readonly (readonly [session: string | undefined, fields: ReadonlyMap<string, number>, usedAt?: number])[];

/** The store's part of fleet coverage (src/mock/fleet-coverage.ts): counters every replica adds to. */
export interface CoverageStore {
  /** Adds a replica's batch of counts; session scopes expire after the idle timeout, as sessions do. */
  addCoverage(batch: CoverageBatch): Promise<void>;
  /** The fleet's counters of one scope. */
  coverage(session: string | undefined): Promise<Map<string, number>>;
  /** Forgets one session's counters, or (undefined) all of them: a new generation. */
  resetCoverage(session: string | undefined): Promise<void>;
}

// Keys: {p}covgen (resets), {p}cov:{gen} (every request's counters), {p}cov:{gen}:s:{id} (a session's).
const KEY = `local gen = redis.call('GET', p .. 'covgen') or '0'
local function key(id) if id == '' then return p .. 'cov:' .. gen end return p .. 'cov:' .. gen .. ':s:' .. id end`;

// Sessions' scopes follow the sessions' eviction policy fleet-wide: idle ones and, past the most
// sessions (ARGV[4]), the least recently used go, as SessionLru drops them in memory, ordered by when
// each session's requests were answered (not by when batches arrive). Replicas' batches arrive up to
// ARGV[5] ms late, so a batch evicts only sessions last used before that; reads, which wait for every
// replica's next batch, trim to the most exactly.
const ADD = `local p, idle, now, most, late = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
${KEY}
${EVICTION_LUA}
local used = p .. 'cov:' .. gen .. ':z'
local i = 6
while i <= #ARGV do
  local id, at, count = ARGV[i], ARGV[i + 1], tonumber(ARGV[i + 2])
  for j = 0, count - 1 do redis.call('HINCRBY', key(id), ARGV[i + 3 + 2 * j], ARGV[i + 4 + 2 * j]) end
  if id ~= '' then
    redis.call('PEXPIRE', key(id), idle)
    -- Only ever later (ZADD GT needs Redis 6.2): a late batch of an older request leaves it.
    local before = redis.call('ZSCORE', used, id)
    if not before or tonumber(before) < tonumber(at) then redis.call('ZADD', used, at, id) end
  end
  i = i + 3 + 2 * count
end
local function forget(id) redis.call('DEL', key(id)) end
evictIdle(used, now, idle, forget)
evictBeyond(used, most, false, forget, now - late)
redis.call('PEXPIRE', used, idle)
return 1`;

const READ = `local p, id, most = ARGV[1], ARGV[2], tonumber(ARGV[3])
${KEY}
${EVICTION_LUA}
evictBeyond(p .. 'cov:' .. gen .. ':z', most, false, function(other) redis.call('DEL', key(other)) end)
return redis.call('HGETALL', key(id))`;

const RESET = `local p, id = ARGV[1], ARGV[2]
${KEY}
if id == '' then redis.call('INCR', p .. 'covgen')
else
  redis.call('DEL', key(id))
  redis.call('ZREM', p .. 'cov:' .. gen .. ':z', id)
end
return 1`;

interface Scripts {
  coverageAdd(...args: string[]): Promise<number>;
  coverageRead(...args: string[]): Promise<string[]>;
  coverageReset(...args: string[]): Promise<number>;
}

/**
 * How late a replica's batch may arrive after the requests it counts (replicas send every 50 ms): sessions
 * used more recently are not evicted by a batch, so past `--max-sessions` the fleet holds, for up to this
 * long, the sessions that arrived meanwhile too.
 */
const LATE_MS = 1000;

/** `most`: sessions whose counts the fleet keeps (`--max-sessions`). */
export function coverageStore(client: Redis, prefix: string, idle: string, most: number): CoverageStore {
  client.defineCommand('coverageAdd', { numberOfKeys: 0, lua: ADD });
  client.defineCommand('coverageRead', { numberOfKeys: 0, lua: READ });
  client.defineCommand('coverageReset', { numberOfKeys: 0, lua: RESET });
  const scripts = client as unknown as Scripts;
  return {
    async addCoverage(batch) {
      const now = Date.now();
      const args = [prefix, idle, String(now), String(most), String(LATE_MS)];
      for (const [session, fields, usedAt = now] of batch) {
        if (fields.size === 0) continue;
        args.push(session ?? '', String(usedAt), String(fields.size));
        for (const [field, n] of fields) args.push(field, String(n));
      }
      if (args.length > 5) await scripts.coverageAdd(...args);
    },
    async coverage(session) {
      const flat = await scripts.coverageRead(prefix, session ?? '', String(most));
      const fields = new Map<string, number>();
      for (let i = 0; i + 1 < flat.length; i += 2) fields.set(flat[i] as string, Number(flat[i + 1]));
      return fields;
    },
    async resetCoverage(session) {
      await scripts.coverageReset(prefix, session ?? '');
    },
  };
}
