-- history_once.lua: add a finished tournament's summary to the chat's history, once per id
-- (a retry after a crash adds nothing).
--
-- KEYS[1]  the chat's tournament history, parxis:{<chat>}:tourney:history (list, newest
--          first)
-- KEYS[2]  the ids already in it, parxis:{<chat>}:tourney:history:ids (set)
-- ARGV[1]  the summary's id
-- ARGV[2]  the summary (JSON text)
-- ARGV[3]  how many summaries the history keeps (> 0)
--
-- Returns 1 when added, 0 when that id was added before.

if redis.call('SADD', KEYS[2], ARGV[1]) == 0 then
  return 0
end
redis.call('LPUSH', KEYS[1], ARGV[2])
redis.call('LTRIM', KEYS[1], 0, tonumber(ARGV[3]) - 1)
return 1
