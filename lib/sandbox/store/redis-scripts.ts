import { LUA_REQUIRE_LEASE } from './redis-journal';
import { LUA_DATA_KEYS_OF } from './redis-keys';

// Each script runs whole inside Redis, so the checks and writes of one store call never interleave.
// KEYS 1-8 are a sandbox's data keys in the order of `sandboxKeys(id).data`; KEYS[9] the registry,
// or for a write its lease, whose token is then the write's last ARGV ('' for a write without one).

/** The prefix of a refusal for lack of room, told apart from other errors by the store. */
export const FULL_PREFIX = 'SANDBOX_FULL ';

/**
 * Opens a sandbox, first closing idle ones, then, beyond its client's cap, that client's least
 * recently used; at the cap of all, the least recently used once unused for long enough. KEYS[10]:
 * the client's sandboxes (its members checked against the registry). ARGV 7-9: the client ('' for
 * none), its cap, and how long a sandbox goes unused before it may close for another's. Answers 0
 * once open, or else, closing nothing more, the milliseconds until one may close.
 */
export const OPEN = `${LUA_DATA_KEYS_OF}
local id, record, expiresAt = ARGV[1], ARGV[2], tonumber(ARGV[3])
local now, idle, max = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
local client, maxOwn, evictableAfter = ARGV[7], tonumber(ARGV[8]), tonumber(ARGV[9])
local registry, own = KEYS[9], KEYS[10]
local function close(sandbox)
  redis.call('ZREM', registry, sandbox)
  redis.call('DEL', unpack(dataKeysOf(sandbox)))
end
redis.call('ZREMRANGEBYSCORE', registry, '-inf', now - idle)
if client ~= '' then
  local open = {}
  for _, sandbox in ipairs(redis.call('ZRANGE', own, 0, -1)) do
    local used = redis.call('ZSCORE', registry, sandbox)
    if used then open[#open + 1] = { sandbox, tonumber(used) } else redis.call('ZREM', own, sandbox) end
  end
  table.sort(open, function(a, b) return a[2] < b[2] end)
  for i = 1, #open - maxOwn + 1 do
    close(open[i][1])
    redis.call('ZREM', own, open[i][1])
  end
end
while redis.call('ZCARD', registry) >= max do
  local oldest = redis.call('ZRANGE', registry, 0, 0, 'WITHSCORES')
  local wait = evictableAfter - (now - tonumber(oldest[2]))
  if wait > 0 then return wait end
  close(oldest[1])
end
redis.call('DEL', unpack(KEYS, 1, 8))
redis.call('HSET', KEYS[1], 'record', record, 'expiresAt', expiresAt, 'bytes', 0, 'seq', 0)
redis.call('PEXPIRE', KEYS[1], idle)
redis.call('ZADD', registry, now, id)
if client ~= '' then
  redis.call('ZADD', own, now, id)
  -- Lasts as long as the sandbox may: used until its token expires, then kept while not idle.
  local lives = expiresAt - now + idle
  if redis.call('PTTL', own) < lives then redis.call('PEXPIRE', own, lives) end
end
return 0`;

/**
 * The record of a sandbox, marking it used while its token is valid; closes it once idle.
 * KEYS 10-12: its delivery results and request log, which live as long as its data.
 */
export const SANDBOX = `
local id, now, idle = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
local record = redis.call('HGET', KEYS[1], 'record')
local last = redis.call('ZSCORE', KEYS[9], id)
if not record or not last or now - tonumber(last) >= idle then
  redis.call('DEL', unpack(KEYS, 1, 8))
  redis.call('DEL', unpack(KEYS, 10, 12))
  redis.call('ZREM', KEYS[9], id)
  return false
end
if now < tonumber(redis.call('HGET', KEYS[1], 'expiresAt')) then
  redis.call('ZADD', KEYS[9], now, id)
  for i = 1, 12 do
    if i ~= 9 then redis.call('PEXPIRE', KEYS[i], idle) end
  end
end
return record`;

/**
 * What every write shares: the caller still holds its lease, the sandbox is alive, and its byte
 * count stays in bounds. A write that would pass the bound is refused: nothing already kept,
 * such as a delivery or a stored answer, is dropped to make room.
 */
const WRITE = `${LUA_REQUIRE_LEASE}
local meta, objects, order, removed, replays, replayOrder, steps, deliveries = unpack(KEYS, 1, 8)
requireLease(KEYS[9], ARGV[#ARGV])
local function refuse(message) error({ err = '${FULL_PREFIX}' .. message }) end
local ttl = redis.call('PTTL', meta)
if ttl <= 0 then refuse('This sandbox has expired. Request a new access token.') end
local function keep(key) redis.call('PEXPIRE', key, ttl) end
local maxBytes = tonumber(ARGV[1])
local used = tonumber(redis.call('HGET', meta, 'bytes') or '0')
local function save() redis.call('HSET', meta, 'bytes', used) end
local function dropOldestDelivery()
  local dropped = redis.call('LPOP', deliveries)
  if dropped then used = used - #dropped end
end
local function makeRoom(bytes)
  if used + bytes > maxBytes then
    refuse('This sandbox holds its maximum of ' .. maxBytes .. ' bytes.')
  end
  used = used + bytes
end
`;

/** ARGV: max bytes, slot, JSON, max objects. */
export const PUT = `${WRITE}
local slot, json, maxObjects = ARGV[2], ARGV[3], tonumber(ARGV[4])
local exists = redis.call('HEXISTS', objects, slot) == 1
if not exists and redis.call('HLEN', objects) >= maxObjects then
  refuse('This sandbox holds its maximum of ' .. maxObjects .. ' objects.')
end
makeRoom(#json - redis.call('HSTRLEN', objects, slot))
redis.call('HSET', objects, slot, json)
if not exists then redis.call('ZADD', order, redis.call('HINCRBY', meta, 'seq', 1), slot) end
redis.call('SREM', removed, slot)
save()
keep(objects)
keep(order)
return 1`;

/** ARGV: max bytes, slot. */
export const REMOVE = `${WRITE}
used = used - redis.call('HSTRLEN', objects, ARGV[2])
redis.call('HDEL', objects, ARGV[2])
redis.call('ZREM', order, ARGV[2])
redis.call('SADD', removed, ARGV[2])
save()
keep(removed)
return 1`;

/** ARGV: max bytes, idempotency key, JSON. */
export const SAVE_REPLAY = `${WRITE}
local key, json = ARGV[2], ARGV[3]
if redis.call('HEXISTS', replays, key) == 1 then
  used = used - redis.call('HSTRLEN', replays, key)
  redis.call('HDEL', replays, key)
  redis.call('LREM', replayOrder, 1, key)
end
makeRoom(#json)
redis.call('HSET', replays, key, json)
redis.call('RPUSH', replayOrder, key)
save()
keep(replays)
keep(replayOrder)
return 1`;

/** ARGV: max bytes, JSON, max deliveries, channel, delivery id. Wakes the streams on every instance. */
export const DELIVER = `${WRITE}
if redis.call('LLEN', deliveries) >= tonumber(ARGV[3]) then dropOldestDelivery() end
makeRoom(#ARGV[2])
redis.call('RPUSH', deliveries, ARGV[2])
save()
keep(deliveries)
redis.call('PUBLISH', ARGV[4], ARGV[5])
return 1`;

/** ARGV: max bytes, due time, JSON, most steps waiting. Members sort by due time, then as scheduled. */
export const SCHEDULE = `${WRITE}
if redis.call('ZCARD', steps) >= tonumber(ARGV[4]) then
  refuse('This sandbox has ' .. ARGV[4] .. ' changes waiting.')
end
local seq = redis.call('HINCRBY', meta, 'seq', 1)
redis.call('ZADD', steps, ARGV[2], string.format('%012d', seq) .. '|' .. ARGV[3])
keep(steps)
return 1`;

/** ARGV: max bytes (unused), now. The due steps, removed, earliest first. */
export const TAKE_DUE = `${WRITE}
local due = redis.call('ZRANGEBYSCORE', steps, '-inf', ARGV[2])
if #due > 0 then redis.call('ZREMRANGEBYSCORE', steps, '-inf', ARGV[2]) end
return due`;

/** KEYS: objects, order. ARGV: slot prefix. The JSON of a kind's objects, in the order first stored. */
export const LIST = `
local found = {}
for _, slot in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do
  if string.sub(slot, 1, #ARGV[1]) == ARGV[1] then found[#found + 1] = slot end
end
if #found == 0 then return {} end
return redis.call('HMGET', KEYS[1], unpack(found))`;

/** KEYS: deliveries. ARGV: delivery id or ''. Deliveries after it, oldest first; all if it is gone. */
export const DELIVERIES_AFTER = `
local all = redis.call('LRANGE', KEYS[1], 0, -1)
if ARGV[1] == '' then return all end
for i = #all, 1, -1 do
  if cjson.decode(all[i]).id == ARGV[1] then
    local after = {}
    for j = i + 1, #all do after[#after + 1] = all[j] end
    return after
  end
end
return all`;

/** KEYS: a lease. ARGV: its holder's token. Deletes it only for its holder. */
export const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** KEYS: a lease. ARGV: its holder's token, milliseconds. Extends it only for its holder. */
export const RENEW = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;

/** Logs a request while its sandbox lives (KEYS: meta, log, log bytes), dropping the oldest beyond the caps. */
export const LOG_REQUEST = `
local ttl = redis.call('PTTL', KEYS[1])
if ttl <= 0 then return 0 end
local entry, maxCount, maxBytes = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
redis.call('LPUSH', KEYS[2], entry)
local bytes = redis.call('INCRBY', KEYS[3], #entry)
local count = redis.call('LLEN', KEYS[2])
while count > maxCount or (bytes > maxBytes and count > 1) do
  bytes = redis.call('INCRBY', KEYS[3], -#redis.call('RPOP', KEYS[2]))
  count = count - 1
end
redis.call('PEXPIRE', KEYS[2], ttl)
redis.call('PEXPIRE', KEYS[3], ttl)
return 1`;

/**
 * KEYS: sandbox, deliveries, results. ARGV: delivery id, result JSON, most results. Keeps the
 * result of a delivery the inbox still holds (1), or nothing when it holds none such (0).
 */
export const SAVE_DELIVERY_RESULT = `
local ttl = redis.call('PTTL', KEYS[1])
if ttl <= 0 then return 0 end
local held = {}
for _, json in ipairs(redis.call('LRANGE', KEYS[2], 0, -1)) do held[cjson.decode(json).id] = true end
if not held[ARGV[1]] then return 0 end
redis.call('HSET', KEYS[3], ARGV[1], ARGV[2])
if redis.call('HLEN', KEYS[3]) > tonumber(ARGV[3]) then
  for _, id in ipairs(redis.call('HKEYS', KEYS[3])) do
    if not held[id] then redis.call('HDEL', KEYS[3], id) end
  end
end
redis.call('PEXPIRE', KEYS[3], ttl)
return 1`;
