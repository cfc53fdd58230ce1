-- restore_if_absent.lua: write a whole game record (see cas_save.lua) unless one exists.
-- Used by migrate_chat to copy a game to the chat's new id without ever overwriting a game
-- already stored there.
--
-- KEYS[1]  the game key of the destination chat, parxis:{<chat>}:game
-- ARGV[1]  version
-- ARGV[2]  schema number
-- ARGV[3]  state (JSON text)
-- ARGV[4]  TTL in milliseconds (0 = keep no TTL)
--
-- Returns 1 when written, 0 when a record already existed (left untouched).

if redis.call('EXISTS', KEYS[1]) == 1 then
  return 0
end
redis.call('HSET', KEYS[1], 'version', ARGV[1], 'schema', ARGV[2], 'state', ARGV[3])
if tonumber(ARGV[4]) > 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[4])
end
return 1
