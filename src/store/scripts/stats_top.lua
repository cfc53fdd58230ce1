-- stats_top.lua: one stats table, read in one round trip (writes nothing).
--
-- KEYS[1]  the table (sorted set: settled players)
-- KEYS[2]  its "apart" set (players with fewer ranked games than needed)
-- ARGV[1]  how many settled players to list (top N)
-- ARGV[2]  how many players apart to list
-- ARGV[3]  the caller's user id, or '' for none
-- ARGV[4]  the prefix of the aggregate hashes of this scope ("...:user:"); these hashes
--          carry the same hash tag as KEYS[1]
--
-- Returns {settled count, apart count, top, apart, caller} where top and apart are flat
-- lists of user, score, name, ranked games, rank (1-based; equal scores share the rank),
-- and caller is {} or {user, score, name, ranked games, rank, in_apart (0/1)}.

local function line(key, user, score)
  local h = redis.call('HMGET', ARGV[4] .. user, 'n', 'r')
  local higher = redis.call('ZCOUNT', key, '(' .. score, '+inf')
  return {user, score, h[1] or '', h[2] or '0', higher + 1}
end

local function list(key, n)
  local out = {}
  if n <= 0 then return out end
  local rows = redis.call('ZREVRANGE', key, 0, n - 1, 'WITHSCORES')
  for i = 1, #rows, 2 do
    for _, v in ipairs(line(key, rows[i], rows[i + 1])) do table.insert(out, v) end
  end
  return out
end

local caller = {}
if ARGV[3] ~= '' then
  for apart = 0, 1 do
    local key = KEYS[1 + apart]
    local score = redis.call('ZSCORE', key, ARGV[3])
    if score then
      caller = line(key, ARGV[3], score)
      table.insert(caller, apart)
      break
    end
  end
end

return {
  redis.call('ZCARD', KEYS[1]),
  redis.call('ZCARD', KEYS[2]),
  list(KEYS[1], tonumber(ARGV[1])),
  list(KEYS[2], tonumber(ARGV[2])),
  caller,
}
