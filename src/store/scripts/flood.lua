-- flood.lua: count one command of a member in a chat and say whether to answer it. A member
-- who sends more than `limit` commands in a minute gets one notice, then nothing while they
-- go on (each command while quieted keeps them quiet for `mute` seconds more).
--
-- KEYS[1]  the member's commands this minute, parxis:{<chat>}:flood:<user> (counter)
-- KEYS[2]  the member's quiet mark, parxis:{<chat>}:mute:<user>
-- ARGV[1]  limit: commands a minute (> 0)
-- ARGV[2]  mute: seconds (> 0)
--
-- Returns 0: answer; 1: send the notice (the member is quieted from now on); 2: no answer.

if redis.call('EXISTS', KEYS[2]) == 1 then
  redis.call('EXPIRE', KEYS[2], ARGV[2])
  return 2
end
local n = redis.call('INCR', KEYS[1])
if n == 1 then
  redis.call('EXPIRE', KEYS[1], 60)
end
if n > tonumber(ARGV[1]) then
  redis.call('SET', KEYS[2], '1', 'EX', ARGV[2])
  redis.call('DEL', KEYS[1])
  return 1
end
return 0
