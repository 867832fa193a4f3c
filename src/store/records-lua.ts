import { SESSION_BOUNDS_LUA } from './eviction-lua.js';

/**
 * The stateful simulator's records in the store, one hash per session, {p}rec:{gen}:{id}: a record is the
 * field `collection \0 key` holding `seq bytes json` (its place in creation order, the bytes it is charged,
 * its text); `#n \0 collection` is the collection's next integer id, `#count` the records held, `#bytes`
 * what they are charged, `#seq` the last place given, `#seeded` set once the session holds its records
 * (the `--data` seeds or its first write). Each script is one atomic step: a write checks and reserves
 * `--max-resources` and both byte budgets and writes, or refuses whole; a write moves the session's version
 * (`v` of {p}s:{gen}:{id}), so a replica holding an older copy of the session writes it back no more.
 */

// ARGV: p, id, idle, now, most sessions, bytes per session, bytes in all, '1' when the mock has seeds
// (a session not seeded yet is answered 'unseeded': the replica seeds it, then asks again).
const prelude = (seededFirst: boolean) => `
local p, id, idle, now, most = ARGV[1], ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local perSession, budget = tonumber(ARGV[6]), tonumber(ARGV[7])
local gen = redis.call('GET', p .. 'gen') or '0'
local rec = p .. 'rec:' .. gen .. ':' .. id
local text = p .. 's:' .. gen .. ':' .. id
${seededFirst ? "if ARGV[8] == '1' and redis.call('HEXISTS', rec, '#seeded') == 0 then return {'unseeded'} end" : ''}
${SESSION_BOUNDS_LUA}
-- A use: the session's keys live another idle period (a read keeps it in the oldest-first order).
local function touch()
  if id == '' then return end
  redis.call('PEXPIRE', rec, idle)
  redis.call('PEXPIRE', text, idle)
  redis.call('PEXPIRE', p .. 'q:' .. gen .. ':' .. id, idle)
  redis.call('ZADD', used, 'XX', now, id)
end
-- A write: the version moves, the session is counted as used (others beyond the most go).
local function wrote()
  redis.call('HSET', rec, '#seeded', '1')
  redis.call('HINCRBY', text, 'v', 1)
  touch()
  keep()
end
-- Whether delta more bytes fit the session's budget and the fleet's: nil, or the scope refused. The
-- session's budget counts its recording buffers too ({p}rs, src/store/recording-store.ts), as an append does.
local function refused(delta)
  if delta <= 0 then return nil end
  local recorded = tonumber(redis.call('HGET', p .. 'rs', id) or '0')
  if tonumber(redis.call('HGET', sizes, id) or '0') + recorded + delta > perSession then return 'the session' end
  local held = tonumber(redis.call('GET', total) or '0') + tonumber(redis.call('GET', p .. 'rt') or '0')
  if held + delta > budget then return 'all sessions' end
  return nil
end
-- Charges delta bytes to the records (never below none), to the session and to the fleet.
local function charge(delta)
  local before = tonumber(redis.call('HGET', rec, '#bytes') or '0')
  local after = math.max(0, before + delta)
  redis.call('HSET', rec, '#bytes', after)
  local size = tonumber(redis.call('HGET', sizes, id) or '0')
  local kept = math.max(0, size + after - before)
  redis.call('HSET', sizes, id, kept)
  redis.call('INCRBY', total, kept - size)
end
local function parts(value)
  local seq, bytes = string.match(value, '^(%d+) (%d+) ')
  return seq, tonumber(bytes), string.sub(value, #seq + #bytes + 3)
end
local function moveNext(coll, key)
  local field = '#n\\0' .. coll
  local nxt = tonumber(redis.call('HGET', rec, field) or '1')
  if string.match(key, '^%d+$') and #key <= 15 then nxt = math.max(nxt, tonumber(key) + 1) end
  redis.call('HSET', rec, field, nxt)
end`;

/**
 * ARGV[9..]: collection, key ('' to assign), how ('integer', 'string' or ''), most records, bytes, text, the
 * id's placeholder, and the bytes a new collection is charged (it stays, with its next id, when emptied).
 */
const PRELUDE_CHECKED = prelude(true);

export const INSERT_LUA = `${PRELUDE_CHECKED}
local coll, key, assign, most, bytes, json, token = ARGV[9], ARGV[10], ARGV[11], tonumber(ARGV[12]), tonumber(ARGV[13]), ARGV[14], ARGV[15]
sweep()
local made = redis.call('HEXISTS', rec, '#n\\0' .. coll) == 0 and tonumber(ARGV[16]) or 0
if assign ~= '' then
  key = string.format('%d', tonumber(redis.call('HGET', rec, '#n\\0' .. coll) or '1'))
  local value = assign == 'string' and ('"' .. key .. '"') or key
  if assign == 'string' then bytes = bytes + #key end
  local s, e = string.find(json, token, 1, true)
  json = string.sub(json, 1, s - 1) .. value .. string.sub(json, e + 1)
end
local field = coll .. '\\0' .. key
if redis.call('HEXISTS', rec, field) == 1 then return {'conflict', key} end
if tonumber(redis.call('HGET', rec, '#count') or '0') >= most then return {'over-limit'} end
local scope = refused(bytes + made)
if scope then return {'over-budget', scope} end
local seq = redis.call('HINCRBY', rec, '#seq', 1)
redis.call('HSET', rec, field, seq .. ' ' .. bytes .. ' ' .. json)
redis.call('HINCRBY', rec, '#count', 1)
moveNext(coll, key)
charge(bytes + made)
wrote()
return {'created', key}`;

/** ARGV[9..]: collection, key, bytes, text. */
export const UPDATE_LUA = `${PRELUDE_CHECKED}
local coll, key, bytes, json = ARGV[9], ARGV[10], tonumber(ARGV[11]), ARGV[12]
sweep()
local field = coll .. '\\0' .. key
local old = redis.call('HGET', rec, field)
if not old then return {'missing'} end
local seq, before = parts(old)
local scope = refused(bytes - before)
if scope then return {'over-budget', scope} end
redis.call('HSET', rec, field, seq .. ' ' .. bytes .. ' ' .. json)
charge(bytes - before)
wrote()
return {'updated'}`;

/** ARGV[9..]: collection, key. Answers the record's text, or nothing when there was none. */
export const REMOVE_LUA = `${PRELUDE_CHECKED}
local coll, key = ARGV[9], ARGV[10]
sweep()
local field = coll .. '\\0' .. key
local old = redis.call('HGET', rec, field)
if not old then return {'missing'} end
local _, bytes, json = parts(old)
redis.call('HDEL', rec, field)
redis.call('HINCRBY', rec, '#count', -1)
charge(-bytes)
wrote()
return {'removed', json}`;

/** ARGV[9..]: collection, key. */
export const READ_LUA = `${PRELUDE_CHECKED}
local old = redis.call('HGET', rec, ARGV[9] .. '\\0' .. ARGV[10])
touch()
if not old then return {'missing'} end
local _, _, json = parts(old)
return {'found', json}`;

/** ARGV[9]: collection. Its records' texts in creation order. */
export const LIST_LUA = `${PRELUDE_CHECKED}
local prefix = ARGV[9] .. '\\0'
local all = redis.call('HGETALL', rec)
local found = {}
for i = 1, #all, 2 do
  if string.sub(all[i], 1, #prefix) == prefix then
    local seq, _, json = parts(all[i + 1])
    found[#found + 1] = {tonumber(seq), json}
  end
end
table.sort(found, function(a, b) return a[1] < b[1] end)
local texts = {}
for i, one in ipairs(found) do texts[i] = one[2] end
touch()
return {'list', texts}`;

/**
 * ARGV[9..]: quadruples of collection, key, bytes, text: the seeds a session starts with, written once
 * (a session holding its records already keeps them). Seeds are not charged, as in memory.
 */
export const SEED_LUA = `${prelude(false)}
if redis.call('HEXISTS', rec, '#seeded') == 1 then return {'seeded'} end
for i = 9, #ARGV, 4 do
  local seq = redis.call('HINCRBY', rec, '#seq', 1)
  redis.call('HSET', rec, ARGV[i] .. '\\0' .. ARGV[i + 1], seq .. ' ' .. ARGV[i + 2] .. ' ' .. ARGV[i + 3])
  redis.call('HINCRBY', rec, '#count', 1)
  moveNext(ARGV[i], ARGV[i + 1])
end
wrote()
return {'seeded'}`;

/**
 * SAVE's part (src/store/shared-store.ts), after its version checks: charges the session its text and its
 * records' bytes and applies the records' changes (RecordChanges as JSON in ARGV[13], '' for none);
 * `refused` when the fleet's total would be passed (then nothing is written: 507 STATE_BUDGET_EXCEEDED).
 * Needs p, gen, id, key (the text's hash), data, idle, budget and the session bounds.
 */
export const SAVE_RECORDS_LUA = `
local rec = p .. 'rec:' .. gen .. ':' .. id
local ops = ARGV[13] ~= '' and cjson.decode(ARGV[13]) or nil
local recBefore = tonumber(redis.call('HGET', rec, '#bytes') or '0')
local recAfter = recBefore
if ops then recAfter = ops.d and 0 or math.max(0, recBefore + ops.b) end
local delta = #data - redis.call('HSTRLEN', key, 'b') + recAfter - recBefore
-- The fleet's total counts the recording buffers held too (src/store/recording-store.ts).
local held = tonumber(redis.call('GET', total) or '0') + tonumber(redis.call('GET', p .. 'rt') or '0')
local refused = delta > 0 and held + delta > budget
if not refused then
  local size = tonumber(redis.call('HGET', sizes, id) or '0')
  local kept = math.max(0, size + delta)
  redis.call('HSET', sizes, id, kept)
  redis.call('INCRBY', total, kept - size)
  keep()
  if ops and ops.d then redis.call('DEL', rec)
  elseif ops then
    for _, field in ipairs(ops.x) do redis.call('HDEL', rec, field) end
    for _, put in ipairs(ops.u) do
      local old = redis.call('HGET', rec, put[1])
      local seq = old and string.match(old, '^(%d+) ') or redis.call('HINCRBY', rec, '#seq', 1)
      redis.call('HSET', rec, put[1], seq .. ' ' .. put[2] .. ' ' .. put[3])
    end
    for _, nx in ipairs(ops.n) do redis.call('HSET', rec, '#n\\0' .. nx[1], nx[2]) end
    redis.call('HSET', rec, '#count', ops.c, '#bytes', recAfter, '#seeded', '1')
    if id ~= '' then redis.call('PEXPIRE', rec, idle) end
  end
end`;
