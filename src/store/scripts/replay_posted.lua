-- replay_posted.lua: remember the animation posted for a game's replay, only while the
-- game's replay is kept (a game that left the history meanwhile gets no stray field).
--
-- KEYS[1]  the chat's replays hash
-- ARGV[1]  the game's id (its replay's field)
-- ARGV[2]  the animation's field (`<id>:anim`)
-- ARGV[3]  the animation as JSON
--
-- Returns 1 when written, 0 when the game's replay is not kept.

if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then
  return 0
end
redis.call('HSET', KEYS[1], ARGV[2], ARGV[3])
return 1
