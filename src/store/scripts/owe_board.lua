-- owe_board.lua: record that a place is owed the board of a game version, due at a time.
--
-- KEYS[1]  the place's owed record, <place>:owed (hash)
--            since   the oldest version not shown since the board was last written
--            latest  the newest version owed: a catch-up must write at least this one
--            due     Unix ms, when the catch-up may write (only ever pushed later)
-- ARGV[1]  the version owed
-- ARGV[2]  due, Unix ms
-- ARGV[3]  TTL of the record, ms (> 0), set anew
--
-- Returns {since, latest, due} as now stored.

local f = redis.call('HMGET', KEYS[1], 'since', 'latest', 'due')
local version = tonumber(ARGV[1])
local due = tonumber(ARGV[2])
local since = tonumber(f[1])
local latest = tonumber(f[2])
local stored_due = tonumber(f[3])
if since == nil or version < since then
  since = version
end
if latest == nil or version > latest then
  latest = version
end
if stored_due ~= nil and stored_due > due then
  due = stored_due
end
redis.call('HSET', KEYS[1],
  'since', string.format('%d', since),
  'latest', string.format('%d', latest),
  'due', string.format('%d', due))
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {since, latest, due}
