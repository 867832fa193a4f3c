/**
 * The fleet's session eviction, in Lua for the store's scripts (the shared sessions' SAVE and the
 * coverage counters' ADD): the policy SessionLru keeps in memory, over a sorted set of session ids
 * scored by last use. `forget(id)` deletes what the script keeps for a session; these take it out of
 * the set too.
 */
export const EVICTION_LUA = `
-- Sessions unused for idle milliseconds or more go.
local function evictIdle(used, now, idle, forget)
  for _, other in ipairs(redis.call('ZRANGEBYSCORE', used, '-inf', now - idle)) do forget(other) end
  redis.call('ZREMRANGEBYSCORE', used, '-inf', now - idle)
end
-- Beyond the most, the least recently used go first; keep (the session being written) stays; with a
-- cutoff, only sessions last used before it (later ones may still be reported used by other replicas).
local function evictBeyond(used, most, keep, forget, cutoff)
  local over = redis.call('ZCARD', used) - most
  if over <= 0 then return end
  local oldest = cutoff and redis.call('ZRANGEBYSCORE', used, '-inf', '(' .. cutoff, 'LIMIT', 0, over)
    or redis.call('ZRANGE', used, 0, over - 1)
  for _, other in ipairs(oldest) do
    if other ~= keep then
      forget(other)
      redis.call('ZREM', used, other)
    end
  end
end`;

// Fleet-wide bounds, as memory keeps them for one replica: sessions idle past the timeout or, beyond
// the most, the least recently used go, their bytes freed. Needs p, gen, id, now, idle, most.
export const SESSION_BOUNDS_LUA = `
local used, sizes, total = p .. 'z:' .. gen, p .. 'n:' .. gen, p .. 't:' .. gen
local function forget(other)
  redis.call('DEL', p .. 's:' .. gen .. ':' .. other, p .. 'q:' .. gen .. ':' .. other, p .. 'rec:' .. gen .. ':' .. other, p .. 'c:' .. other, p .. 'x:' .. other)
  redis.call('DECRBY', total, tonumber(redis.call('HGET', sizes, other) or '0'))
  redis.call('HDEL', sizes, other)
end
${EVICTION_LUA}
local function sweep() evictIdle(used, now, idle, forget) end
local function keep()
  if id == '' then return end
  redis.call('ZADD', used, now, id)
  evictBeyond(used, most, id, forget)
end`;
