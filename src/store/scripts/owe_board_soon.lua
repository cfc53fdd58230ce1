-- owe_board_soon.lua: owe a place the board of a game version, written soon: at a due time
-- if nothing is owed yet, else with what is owed already (its due time stays), so that
-- saves coming faster than the due time share one write and none pushes it later.
--
-- KEYS[1]  the place's owed record, <place>:owed (hash; see owe_board.lua)
-- ARGV[1]  the version owed
-- ARGV[2]  due, Unix ms, when nothing is owed yet
-- ARGV[3]  TTL of the record, ms (> 0), set anew
--
-- Returns {since, latest, due} as now stored.

local f = redis.call('HMGET', KEYS[1], 'since', 'latest', 'due')
local version = tonumber(ARGV[1])
local since = tonumber(f[1])
local latest = tonumber(f[2])
local due = tonumber(f[3])
if since == nil or version < since then
  since = version
end
if latest == nil or version > latest then
  latest = version
end
if due == nil then
  due = tonumber(ARGV[2])
end
redis.call('HSET', KEYS[1],
  'since', string.format('%d', since),
  'latest', string.format('%d', latest),
  'due', string.format('%d', due))
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {since, latest, due}
