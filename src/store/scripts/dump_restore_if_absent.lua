-- dump_restore_if_absent.lua: write a key from a DUMP payload unless the key exists.
-- Used by migrate_stats to copy a chat's stats keys to the chat's new id without ever
-- overwriting a key already stored there (a repeated move finds its own copies).
--
-- KEYS[1]  the destination key
-- ARGV[1]  TTL in milliseconds (0 = no TTL), as RESTORE takes it
-- ARGV[2]  the payload DUMP gave for the source key
--
-- Returns 1 when written, 0 when the key already existed (left untouched).

if redis.call('EXISTS', KEYS[1]) == 1 then
  return 0
end
redis.call('RESTORE', KEYS[1], ARGV[1], ARGV[2])
return 1
