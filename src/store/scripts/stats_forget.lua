-- stats_forget.lua: remove one user from the stats tables of one scope (a chat, or global).
--
-- KEYS[1]       the user's aggregate hash in this scope
-- KEYS[2..5]    points, points apart, rating, rating apart (sorted sets)
-- KEYS[6]       chat scope: the history list; global scope: the user's index of chats
-- ARGV[1]       the user id (member of the sorted sets)
-- ARGV[2]       chat scope: the prefix of the weekly tables ("...:week:"); global: ''
-- ARGV[3..]     chat scope: pairs of (stored history entry, its replacement): every list
--               element equal to the first is set to the second
--
-- The weekly tables the user is in are listed in the hash's `wk` field; they carry the
-- scope's hash tag. Returns the number of history entries rewritten.

local user = ARGV[1]
local week_prefix = ARGV[2]
if week_prefix ~= '' then
  local weeks = redis.call('HGET', KEYS[1], 'wk') or ''
  for w in string.gmatch(weeks, '%S+') do
    redis.call('ZREM', week_prefix .. w, user)
    redis.call('ZREM', week_prefix .. w .. ':new', user)
  end
end
for i = 2, 5 do
  redis.call('ZREM', KEYS[i], user)
end
redis.call('DEL', KEYS[1])

local rewritten = 0
if week_prefix == '' then
  redis.call('DEL', KEYS[6])
elseif #ARGV > 2 then
  local entries = redis.call('LRANGE', KEYS[6], 0, -1)
  for idx, entry in ipairs(entries) do
    for j = 3, #ARGV - 1, 2 do
      if entry == ARGV[j] then
        redis.call('LSET', KEYS[6], idx - 1, ARGV[j + 1])
        rewritten = rewritten + 1
        break
      end
    end
  end
end
return rewritten
