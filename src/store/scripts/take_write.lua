-- take_write.lua: take one board write from a chat's shared budget, or say when to retry.
--
-- The budget is a sliding window: at most `limit` writes whose time is in (now - window, now].
-- All replicas call this on the same keys, so together they stay within the limit.
--
-- KEYS[1]  the chat's recent writes, parxis:{<chat>}:writes (sorted set: member "<ms>:<n>",
--          score the write's Unix ms; at most `limit` members, expires after the window)
-- KEYS[2]  the chat's write block, parxis:{<chat>}:write_block (string: Unix ms; see
--          note_retry_after.lua)
-- ARGV[1]  now, Unix ms
-- ARGV[2]  limit (> 0)
-- ARGV[3]  window, ms (> 0)
--
-- Returns {1, 0} when the write is granted (and counted), or {0, until_ms} when it is not:
-- until_ms is the earliest time a write may be granted (the later of the block and the
-- moment the write that fills the window leaves it). Nothing is counted when refused.

local now = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local window = tonumber(ARGV[3])

local wait = 0
local block = tonumber(redis.call('GET', KEYS[2]) or '0') or 0
if block > now then
  wait = block
end

redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count >= limit then
  local blocking = redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')
  local frees = tonumber(blocking[2]) + window
  if frees > wait then
    wait = frees
  end
end
if wait > 0 then
  return {0, wait}
end

-- Two writes in the same millisecond need two members.
local n = 0
local member = ARGV[1] .. ':0'
while redis.call('ZSCORE', KEYS[1], member) do
  n = n + 1
  member = ARGV[1] .. ':' .. n
end
redis.call('ZADD', KEYS[1], now, member)
redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -(limit + 1))
redis.call('PEXPIRE', KEYS[1], window)
return {1, 0}
