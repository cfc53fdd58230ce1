-- note_retry_after.lua: block every write to a chat until a given time (a 429 was answered
-- with retry_after), for all replicas. A block is only ever extended, never shortened.
--
-- KEYS[1]  the chat's write block, parxis:{<chat>}:write_block (string: Unix ms)
-- ARGV[1]  until, Unix ms
-- ARGV[2]  TTL of the key, ms (> 0): past `until`, so that it cleans itself up
--
-- Returns the block now in force (Unix ms): ARGV[1], or the later block already stored.

local stored = tonumber(redis.call('GET', KEYS[1]) or '0') or 0
local due = tonumber(ARGV[1])
if due > stored then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return due
end
return stored
