-- flood.lua: count one command of a member in a chat and say whether to answer it. A member
-- who sends more than `limit` commands in a minute gets one notice, then nothing while they
-- go on (each command while quieted keeps them quiet for `mute` ms more). Times are the
-- caller's clock (Unix ms); the keys' TTLs only clean up.
--
-- KEYS[1]  the member's minute, parxis:{<chat>}:flood:<user> (string "<start_ms> <count>")
-- KEYS[2]  the member's quiet mark, parxis:{<chat>}:mute:<user> (string: Unix ms it ends)
-- ARGV[1]  limit: commands a minute (> 0)
-- ARGV[2]  mute: ms (> 0)
-- ARGV[3]  now, Unix ms
--
-- Returns 0: answer; 1: send the notice (the member is quieted from now on); 2: no answer.

local limit = tonumber(ARGV[1])
local mute = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local keep = mute + 120000

local quiet_until = tonumber(redis.call('GET', KEYS[2]) or '0') or 0
if quiet_until > now then
  redis.call('SET', KEYS[2], string.format('%d', now + mute), 'PX', keep)
  return 2
end

local start, n = now, 0
local minute = redis.call('GET', KEYS[1])
if minute then
  local s, c = string.match(minute, '^(%d+) (%d+)$')
  s = tonumber(s)
  if s and now - s < 60000 then
    start, n = s, tonumber(c)
  end
end
n = n + 1
if n > limit then
  redis.call('SET', KEYS[2], string.format('%d', now + mute), 'PX', keep)
  redis.call('DEL', KEYS[1])
  return 1
end
redis.call('SET', KEYS[1], string.format('%d %d', start, n), 'PX', 180000)
return 0
