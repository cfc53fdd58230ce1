-- push_catchup.lua: push the due time of a place's catch-up later (never earlier).
--
-- KEYS[1]  the place's owed record, <place>:owed (see owe_board.lua)
-- ARGV[1]  due, Unix ms
--
-- Returns the due time now stored, or 0 when nothing is owed (nothing written).

local stored = redis.call('HGET', KEYS[1], 'due')
if not stored then
  return 0
end
local due = tonumber(ARGV[1])
local current = tonumber(stored) or 0
if due > current then
  redis.call('HSET', KEYS[1], 'due', string.format('%d', due))
  return due
end
return current
