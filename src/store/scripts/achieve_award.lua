-- achieve_award.lua: the achievements one recorded game earned in one chat, exactly once per
-- game (a repeat, another replica or a retry, awards nothing) and once per person.
--
-- KEYS[1]  the game's marker, parxis:{<chat>}:ach:done:<game> (string)
-- KEYS[2]  the chat's counts, parxis:{<chat>}:ach:count (hash: achievement code -> players)
-- ARGV[1]  the marker's TTL, seconds
-- ARGV[2]  the prefix of the players' sets, parxis:{<chat>}:ach:user:
-- ARGV[3..] pairs: user id, achievement code
--
-- Returns the pairs (flattened) that are new to their player in this chat; an empty list
-- when the game was awarded before.

if not redis.call('SET', KEYS[1], '1', 'NX', 'EX', ARGV[1]) then
  return {}
end
local new = {}
for i = 3, #ARGV, 2 do
  local user, code = ARGV[i], ARGV[i + 1]
  if redis.call('SADD', ARGV[2] .. user, code) == 1 then
    redis.call('HINCRBY', KEYS[2], code, 1)
    new[#new + 1] = user
    new[#new + 1] = code
  end
end
return new
