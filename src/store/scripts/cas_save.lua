-- cas_save.lua: compare-and-set save of one chat's game record.
--
-- The record is a hash with three fields:
--   version  decimal integer, 1 for the first save, +1 on every save
--   schema   decimal integer, the layout of `state` (see store::SCHEMA)
--   state    the game as JSON text
--
-- KEYS[1]  the game key, parxis:{<chat>}:game
-- ARGV[1]  expected version: the version the caller loaded (0 = the record must be absent)
-- ARGV[2]  the new state (JSON text)
-- ARGV[3]  TTL in seconds (> 0), set anew on every successful save
-- ARGV[4]  schema number of the new state
--
-- Returns {1, new_version} when saved, or {0, current_version} when the stored version is
-- not the expected one (0 = absent); nothing is written on a conflict.
-- Errors "CORRUPT ..." when the stored version field is not a number.

local stored = redis.call('HGET', KEYS[1], 'version')
local current = 0
if stored then
  current = tonumber(stored)
  if current == nil then
    return redis.error_reply('CORRUPT version field is not a number: ' .. KEYS[1])
  end
end

if current ~= tonumber(ARGV[1]) then
  return {0, current}
end

local next_version = current + 1
redis.call('HSET', KEYS[1],
  'version', string.format('%d', next_version),
  'schema', ARGV[4],
  'state', ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return {1, next_version}
