-- cas_delete.lua: compare-and-delete of one chat's game record (see cas_save.lua).
--
-- KEYS[1]  the game key, parxis:{<chat>}:game
-- ARGV[1]  expected version (0 = the record must already be absent)
--
-- Returns {1, 0} when the record is now absent (deleted, or already absent and 0 expected),
-- or {0, current_version} when the stored version is not the expected one (nothing deleted).
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

redis.call('DEL', KEYS[1])
return {1, 0}
