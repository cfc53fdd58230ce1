-- achieve_forget.lua: a player's achievements in one chat removed, and the chat's counts of
-- players with each lowered accordingly.
--
-- KEYS[1]  the player's set, parxis:{<chat>}:ach:user:<user>
-- KEYS[2]  the chat's counts, parxis:{<chat>}:ach:count
--
-- Returns how many achievements were removed.

local codes = redis.call('SMEMBERS', KEYS[1])
for _, code in ipairs(codes) do
  if redis.call('HINCRBY', KEYS[2], code, -1) <= 0 then
    redis.call('HDEL', KEYS[2], code)
  end
end
redis.call('DEL', KEYS[1])
return #codes
