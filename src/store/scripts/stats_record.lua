-- stats_record.lua: record one finished game in the stats tables of one scope (a chat, or
-- global), exactly once, all or nothing.
--
-- KEYS[1]        the "game recorded" marker (string)
-- KEYS[2], [3]   all-time points table and its "apart" set (sorted sets)
-- KEYS[4], [5]   rating table and its "apart" set (sorted sets)
-- KEYS[6 .. 5+k] the aggregate hash of each of the k humans
-- then, if ARGV[2] == '1': the history list, the replays hash and the group's dice hash
-- then, if ARGV[3] == '1': the week's points table and its "apart" set
-- then, if ARGV[4] == '1': the k "chats of this user" index sets (global scope)
--
-- ARGV[1] k   ARGV[2..4] flags as above   ARGV[5] marker TTL (s)   ARGV[6] history JSON
-- ARGV[7] history length   ARGV[8] week id   ARGV[9] week TTL (s)
-- ARGV[10] ranked games needed to leave the "apart" sets   ARGV[11] index member (chat id)
-- ARGV[12] '1' when the game counts for points and ratings (at least two humans)
-- then 17 values per human, from ARGV[13]:
--   user, name, won (0/1), place, captures made, captures suffered, pieces home,
--   third sixes, timeouts, points (1/840), expected mu, expected sigma ('' = unrated),
--   new mu, new sigma, new shown rating, change of the shown rating, the dice rolled per
--   face ("n1 n2 n3 n4 n5 n6", added to fields f1 … f6)
-- then, with the history (chat scope), 3 values: the game's replay JSON ('' = none), the
--   replays hash field naming the place's last finished game, the game's id. The replay is
--   kept under the game's id; the replays (and posted animations, `<id>:anim`) of games
--   that leave the history are removed with them.
--
-- Returns 1 when recorded, 0 when the marker says it already was (nothing written),
-- 2 when a human's stored mu/sigma is not the expected one (nothing written: the caller
-- read stale ratings and must compute again).

if redis.call('EXISTS', KEYS[1]) == 1 then
  return 0
end

local k = tonumber(ARGV[1])
local has_history = ARGV[2] == '1'
local has_week = ARGV[3] == '1'
local has_index = ARGV[4] == '1'
local need = tonumber(ARGV[10])
local ranked = ARGV[12] == '1'
local S = 17
local base = 12

local extra = 6 + k
local history_key, week_key, week_apart, index_base
local replays_key, dice_key
if has_history then
  history_key = KEYS[extra]; replays_key = KEYS[extra + 1]; dice_key = KEYS[extra + 2]
  extra = extra + 3
end
if has_week then week_key = KEYS[extra]; week_apart = KEYS[extra + 1]; extra = extra + 2 end
if has_index then index_base = extra end

-- Compare first, write after: a conflict leaves everything as it was.
if ranked then
  for i = 0, k - 1 do
    local a = base + i * S
    local cur = redis.call('HMGET', KEYS[6 + i], 'mu', 'sg')
    if (cur[1] or '') ~= ARGV[a + 11] or (cur[2] or '') ~= ARGV[a + 12] then
      return 2
    end
  end
end

redis.call('SET', KEYS[1], '1', 'EX', ARGV[5])

for i = 0, k - 1 do
  local a = base + i * S
  local key = KEYS[6 + i]
  local user = ARGV[a + 1]
  local won = ARGV[a + 3] == '1'
  redis.call('HSET', key, 'n', ARGV[a + 2])
  redis.call('HINCRBY', key, 'g', 1)
  redis.call('HINCRBY', key, 'w', won and 1 or 0)
  redis.call('HINCRBY', key, 'ps', ARGV[a + 4])
  redis.call('HINCRBY', key, 'cm', ARGV[a + 5])
  redis.call('HINCRBY', key, 'cs', ARGV[a + 6])
  redis.call('HINCRBY', key, 'h', ARGV[a + 7])
  redis.call('HINCRBY', key, 's3', ARGV[a + 8])
  redis.call('HINCRBY', key, 'to', ARGV[a + 9])
  local face = 0
  for n in string.gmatch(ARGV[a + 17], '%d+') do
    face = face + 1
    if face <= 6 and n ~= '0' then
      redis.call('HINCRBY', key, 'f' .. face, n)
      if has_history then redis.call('HINCRBY', dice_key, 'f' .. face, n) end
    end
  end
  if won then
    local streak = redis.call('HINCRBY', key, 'st', 1)
    local best = tonumber(redis.call('HGET', key, 'bs') or '0')
    if streak > best then redis.call('HSET', key, 'bs', streak) end
  else
    redis.call('HSET', key, 'st', 0)
  end

  if ranked then
    local points = tonumber(ARGV[a + 10])
    local total = redis.call('HINCRBY', key, 'pt', ARGV[a + 10])
    redis.call('HSET', key, 'mu', ARGV[a + 13], 'sg', ARGV[a + 14], 'ld', ARGV[a + 16])
    local games = redis.call('HINCRBY', key, 'r', 1)
    local settled = games >= need

    local function put(table_key, apart_key, score)
      if settled then
        redis.call('ZADD', table_key, score, user)
        redis.call('ZREM', apart_key, user)
      else
        redis.call('ZADD', apart_key, score, user)
      end
    end

    put(KEYS[2], KEYS[3], total)
    put(KEYS[4], KEYS[5], ARGV[a + 15])
    if has_week then
      local before = redis.call('ZSCORE', week_key, user) or redis.call('ZSCORE', week_apart, user) or '0'
      put(week_key, week_apart, tonumber(before) + points)
      -- The weeks this user scored in, newest last, at most 12 (see keys.rs).
      local weeks = redis.call('HGET', key, 'wk') or ''
      local list = {}
      for w in string.gmatch(weeks, '%S+') do
        if w ~= ARGV[8] then table.insert(list, w) end
      end
      table.insert(list, ARGV[8])
      while #list > 12 do table.remove(list, 1) end
      redis.call('HSET', key, 'wk', table.concat(list, ' '))
    end
  end

  if has_index then
    redis.call('SADD', KEYS[index_base + i], ARGV[11])
  end
end

if has_week and ranked then
  redis.call('EXPIRE', week_key, ARGV[9])
  if redis.call('EXISTS', week_apart) == 1 then
    redis.call('EXPIRE', week_apart, ARGV[9])
  end
end

if has_history then
  local len = tonumber(ARGV[7])
  redis.call('LPUSH', history_key, ARGV[6])
  local dropped = redis.call('LRANGE', history_key, len, -1)
  redis.call('LTRIM', history_key, 0, len - 1)
  local r = base + k * S
  if (ARGV[r + 1] or '') ~= '' then
    redis.call('HSET', replays_key, ARGV[r + 3], ARGV[r + 1], ARGV[r + 2], ARGV[r + 3])
  end
  for _, e in ipairs(dropped) do
    local ok, rec = pcall(cjson.decode, e)
    if ok and type(rec) == 'table' and type(rec.id) == 'string' then
      redis.call('HDEL', replays_key, rec.id, rec.id .. ':anim')
    end
  end
end

return 1
