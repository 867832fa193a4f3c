import type { Redis } from 'ioredis';

/** What `--record` appends of one exchange: a scenario file's exchange (`x`) or a HAR entry (`h`), as JSON. */
export interface RecordingAppend {
  /** The file's name without its part (a session's, or `--record-name`'s). */
  readonly file: string;
  /** The session the file records (`X-Mock-Session`; '' the default one): its budget is charged. */
  readonly session: string;
  readonly kind: 'x' | 'h';
  readonly text: string;
  /** Of a scenario exchange: an identical one already held is left out. */
  readonly digest?: string;
}

/** The bounds of one file and of the store's recordings (src/scenarios/recording/recorder.ts's RecordingBounds). */
export interface RecordingLimits {
  readonly entriesPerFile: number;
  readonly bytesPerFile: number;
  /** Files held in the store at once. */
  readonly files: number;
  /** `--max-state-bytes` and `--max-total-state-bytes`, shared with the sessions' data. */
  readonly sessionBytes: number;
  readonly totalBytes: number;
}

/** Kept (into the file's part), or why not: held already, the file full, too many files, or over a budget. */
export type AppendOutcome =
  | { readonly part: number }
  | 'same'
  | 'full'
  | 'files'
  | { readonly over: 'the session' | 'all sessions'; readonly limit: number };

/** A file's part as taken from the store, its entries in the order they arrived (each `x` or `h`, then JSON). */
export interface TakenRecording {
  readonly file: string;
  readonly part: number;
  readonly session: string;
  readonly entries: readonly string[];
  /** The part is the taker's until it releases this (written), or until the lease runs out. */
  readonly lease: string;
}

/** The store's part of `--record` in a fleet (src/scenarios/recording/fleet-recorder.ts): buffers every replica appends to. */
export interface RecordingStore {
  appendRecording(entry: RecordingAppend, limits: RecordingLimits): Promise<AppendOutcome>;
  /**
   * Takes files' buffers whole, each read and moved under a lease in one step (so one replica writes each), a few
   * megabytes a call: the named ones, every one (undefined), or those nothing was appended to for
   * `idleMs`. Their next parts start. A call failing after others took some answers those.
   */
  takeRecordings(which: { readonly files?: readonly string[]; readonly idleMs?: number }): Promise<TakenRecording[]>;
  /** Ends the leases of parts written (`TakenRecording.lease`): nobody takes them again. */
  releaseRecordings(leases: readonly string[]): Promise<void>;
}

// Keys: {p}r:{file} (the list), {p}rm:{file} (hash: part, x and h counts, b bytes, s session),
// {p}rd:{file} (digests of the exchanges held), {p}rk (files held, scored by their last append), {p}rt
// (bytes held), {p}rs (hash: bytes held per session, which the record scripts count in its budget too),
// {p}rl:{lease} (a part taken and not yet written: the list moved there whole) and {p}rls (those leases,
// scored by when they run out; the lease is `file part session`). A file's hash outlives its buffer by a day: its part number, so the next part does not
// overwrite a written one (a part taken, its digests go: an identical exchange goes in the next part).
/** How long a file's part number outlives the take of its buffer (it is kept while the buffer is). */
const META_MS = 24 * 3600 * 1000;

const APPEND = `
local p, file, session, kind, text, digest = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[6]
local perFile, bytesPerFile, files, sessionBytes, totalBytes, now =
  tonumber(ARGV[7]), tonumber(ARGV[8]), tonumber(ARGV[9]), tonumber(ARGV[10]), tonumber(ARGV[11]), ARGV[12]
local meta, held = p .. 'rm:' .. file, p .. 'rk'
if digest ~= '' and redis.call('SISMEMBER', p .. 'rd:' .. file, digest) == 1 then return {'same'} end
local row = redis.call('HMGET', meta, kind, 'b', 'part')
local count, bytes, part = tonumber(row[1] or '0'), tonumber(row[2] or '0'), tonumber(row[3] or '1')
local size = #text
if count >= perFile or bytes + size > bytesPerFile then return {'full'} end
if bytes == 0 and not redis.call('ZSCORE', held, file) and redis.call('ZCARD', held) >= files then return {'files'} end
-- Charged like the session's data (as the shared sessions' script counts it): per session, and all together.
local gen = redis.call('GET', p .. 'gen') or '0'
local data = tonumber(redis.call('HGET', p .. 'n:' .. gen, session) or '0')
local recorded = tonumber(redis.call('HGET', p .. 'rs', session) or '0')
if recorded + size + data > sessionBytes then return {'over', 'the session'} end
local total = tonumber(redis.call('GET', p .. 'rt') or '0') + tonumber(redis.call('GET', p .. 't:' .. gen) or '0')
if total + size > totalBytes then return {'over', 'all sessions'} end
redis.call('RPUSH', p .. 'r:' .. file, kind .. text)
if digest ~= '' then redis.call('SADD', p .. 'rd:' .. file, digest) end
redis.call('HSET', meta, kind, count + 1, 'b', bytes + size, 'part', part, 's', session)
-- Kept while its buffer is: an expired hash would forget the part (a written file overwritten) and the
-- bytes held (never freed from the total). Its day starts when the buffer is taken.
redis.call('PERSIST', meta)
redis.call('INCRBY', p .. 'rt', size)
redis.call('HINCRBY', p .. 'rs', session, size)
redis.call('ZADD', held, now, file)
return {'kept', part}`;

// ARGV[2]: 'all', 'idle' (ARGV[6] the oldest last append kept) or 'some' (ARGV[6..] the files); ARGV[3]
// the bytes one call takes at most (one file at least): the rest waits for the next call, so no reply
// outgrows the command timeout (taken, then lost with the reply) nor holds the store for seconds.
// ARGV[4..5]: now and the lease's milliseconds. A part taken moves under a lease until its taker writes
// it (releaseRecordings); a lease run out (its taker killed before writing) is taken again, first.
// Answers the files looked at, whether files or leases are left, and those taken.
const TAKE = `
local p, which, most, now, leaseMs = ARGV[1], ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local held, leases = p .. 'rk', p .. 'rls'
local taken, bytes, looked, left = {}, 0, 0, 0
for _, lease in ipairs(redis.call('ZRANGEBYSCORE', leases, '-inf', now)) do
  if #taken > 0 and bytes > most then left = 1 break end
  local entries = redis.call('LRANGE', p .. 'rl:' .. lease, 0, -1)
  local file, part, session = string.match(lease, '^(%S+) (%d+) (.*)$')
  if #entries > 0 and file then
    taken[#taken + 1] = {file, tonumber(part), session, entries, lease}
    for _, entry in ipairs(entries) do bytes = bytes + #entry end
    redis.call('ZADD', leases, now + leaseMs, lease)
  else
    redis.call('ZREM', leases, lease)
  end
end
local files
if left == 1 then files = {}
elseif which == 'all' then files = redis.call('ZRANGE', held, 0, -1)
elseif which == 'idle' then files = redis.call('ZRANGEBYSCORE', held, '-inf', '(' .. ARGV[6])
else files = {} for i = 6, #ARGV do files[#files + 1] = ARGV[i] end end
for _, file in ipairs(files) do
  local list, meta = p .. 'r:' .. file, p .. 'rm:' .. file
  local row = redis.call('HMGET', meta, 'part', 's', 'b')
  local size = tonumber(row[3] or '0')
  if #taken > 0 and bytes + size > most then break end
  local entries = redis.call('LRANGE', list, 0, -1)
  if #entries > 0 then
    local part = tonumber(row[1] or '1')
    local lease = file .. ' ' .. part .. ' ' .. (row[2] or '')
    taken[#taken + 1] = {file, part, row[2] or '', entries, lease}
    bytes = bytes + size
    redis.call('DECRBY', p .. 'rt', size)
    if redis.call('HINCRBY', p .. 'rs', row[2] or '', -size) <= 0 then redis.call('HDEL', p .. 'rs', row[2] or '') end
    redis.call('HSET', meta, 'part', part + 1, 'x', 0, 'h', 0, 'b', 0)
    redis.call('RENAME', list, p .. 'rl:' .. lease)
    redis.call('ZADD', leases, now + leaseMs, lease)
    redis.call('DEL', p .. 'rd:' .. file)
    redis.call('PEXPIRE', meta, ${META_MS})
  end
  redis.call('ZREM', held, file)
  looked = looked + 1
end
return {looked, (left == 1 or looked < #files) and 1 or 0, taken}`;

/** What one take call brings back at most (its first file whatever its size). */
export const TAKE_BYTES = 4 * 1024 * 1024;
/** Take calls of one `takeRecordings` at most: appends arriving all along cannot keep it going. */
const MAX_TAKES = 1000;

interface Scripts {
  recordingAppend(...args: string[]): Promise<[string, (string | number)?]>;
  recordingTake(...args: string[]): Promise<[number, number, [string, number, string, string[], string][]]>;
}

/** How long a part taken stays its taker's to write before any flush takes it again (the clamped session idle timeout). */
export function leaseMs(idleMs: number): number {
  return Math.min(Math.max(idleMs, 2000), 60_000);
}

/** The recording buffers of the fleet in the store, each call one atomic script. */
export function recordingStore(client: Redis, prefix: string, takeBytes = TAKE_BYTES, lease = leaseMs(60_000)): RecordingStore {
  client.defineCommand('recordingAppend', { numberOfKeys: 0, lua: APPEND });
  client.defineCommand('recordingTake', { numberOfKeys: 0, lua: TAKE });
  const scripts = client as unknown as Scripts;
  return {
    async appendRecording(entry, limits) {
      const [outcome, detail] = await scripts.recordingAppend(
        prefix,
        entry.file,
        entry.session,
        entry.kind,
        entry.text,
        entry.digest ?? '',
        String(limits.entriesPerFile),
        String(limits.bytesPerFile),
        String(limits.files),
        String(limits.sessionBytes),
        String(limits.totalBytes),
        String(Date.now()),
      );
      if (outcome === 'kept') return { part: Number(detail) };
      if (outcome === 'over') {
        const scope = detail === 'the session' ? 'the session' : 'all sessions';
        return { over: scope, limit: scope === 'the session' ? limits.sessionBytes : limits.totalBytes };
      }
      return outcome as 'same' | 'full' | 'files';
    },
    async takeRecordings({ files, idleMs }) {
      const taken: TakenRecording[] = [];
      const cutoff = idleMs === undefined ? '' : String(Date.now() - idleMs);
      let rest = files;
      for (let call = 0; call < MAX_TAKES; call++) {
        const which = rest !== undefined ? ['some', ...rest] : idleMs !== undefined ? ['idle', cutoff] : ['all'];
        let reply: Awaited<ReturnType<Scripts['recordingTake']>>;
        try {
          const head = [prefix, which[0] as string, String(takeBytes), String(Date.now()), String(lease)];
          reply = await scripts.recordingTake(...head, ...which.slice(1));
        } catch (error) {
          // What earlier calls took is only here now: handed on; the rest stays in the store.
          if (taken.length > 0) return taken;
          throw error;
        }
        const [looked, more, rows] = reply;
        for (const [file, part, session, entries, lease] of rows) taken.push({ file, part: Number(part), session, entries, lease });
        if (rest !== undefined) rest = rest.slice(Number(looked));
        if (Number(more) !== 1) break;
      }
      return taken;
    },
    async releaseRecordings(leases) {
      if (leases.length === 0) return;
      await client
        .multi()
        .del(...leases.map((lease) => `${prefix}rl:${lease}`))
        .zrem(`${prefix}rls`, ...leases)
        .exec();
    },
  };
}
