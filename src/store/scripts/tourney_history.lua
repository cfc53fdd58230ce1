-- tourney_history.lua: add a finished tournament's summary to a chat's history, once.
--
-- KEYS[1]  the history entry's marker, parxis:{<chat>}:tourney:recorded:<id>
-- KEYS[2]  the chat's history list, parxis:{<chat>}:tourney:history (newest first)
-- ARGV[1]  the summary (JSON text)
-- ARGV[2]  how many entries the history keeps
-- ARGV[3]  the marker's TTL in seconds
--
-- Returns 1 when the entry was added, 0 when the marker was already there (nothing written):
-- a repeated call, after a crash or by another replica, adds nothing.

if not redis.call('SET', KEYS[1], '1', 'NX', 'EX', ARGV[3]) then
  return 0
end
redis.call('LPUSH', KEYS[2], ARGV[1])
redis.call('LTRIM', KEYS[2], 0, tonumber(ARGV[2]) - 1)
return 1
