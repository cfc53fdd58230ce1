-- outbox_take.lua: take the chat's next write, if its budget allows one now.
--
-- The budget is Telegram's limit as a sliding window (at most `limit` writes whose time is in
-- (now - window, now], shared with take_write.lua's members) and, inside it, a token bucket
-- that spreads the writes evenly: `burst` writes at once, then one every `refill` ms. A 429
-- noted by note_retry_after.lua blocks everything until its time.
--
-- The head of the queue (lowest score) is the write to make; writes whose time to live is
-- over are dropped on the way (and counted). When the head is not a board (`b:` slots) but
-- boards wait behind it, those boards move to the front (score 0): at most one write goes
-- before a waiting board. A write asking for a reserve (a ping, a post)
-- goes only while `reserve` more writes stay free for what comes first (a board). A write
-- whose not-before time (the sixth field of its meta, see outbox_put.lua) is still to come is
-- passed over: the writes after it may go first, and when nothing else may go the chat waits
-- for the earliest such time. A write handed out is marked as being made (its not-before
-- time set to 1, see outbox_put.lua).
--
-- KEYS[1]  the chat's planned writes, parxis:{<chat>}:outbox (see outbox_put.lua)
-- KEYS[2]  their order, parxis:{<chat>}:outbox:q
-- KEYS[3]  the chat's recent writes, parxis:{<chat>}:writes (sorted set, as take_write.lua)
-- KEYS[4]  the chat's write block, parxis:{<chat>}:write_block (string: Unix ms)
-- KEYS[5]  the chat's token bucket, parxis:{<chat>}:bucket (hash: tokens, at)
-- ARGV[1]  now, Unix ms
-- ARGV[2]  limit (> 0)
-- ARGV[3]  window, ms (> 0)
-- ARGV[4]  burst: the bucket's size (> 0)
-- ARGV[5]  refill: ms per token (> 0)
-- ARGV[6]  mode: 'next' to take the head write, 'more' for one more request of the write
--          being made (no queue is read)
-- ARGV[7]  optional, with 'next': the slot of the write made just before, forgotten first as
--          outbox_done.lua forgets it (`forget`, outbox_forget.lua's, put before this), so a
--          drain forgets a write and takes the next in one round trip; ARGV[8] its id and
--          ARGV[9] the version it showed, as outbox_done.lua's ARGV[2] and ARGV[3]
--
-- Returns {status, a, b, dropped}:
--   {1, slot, value, dropped}  granted: one write counted; the write stays planned until
--                              outbox_done.lua (a replica that dies mid-way leaves it)
--                              ('more': {1, '', '', 0})
--   {0, until_ms, '', dropped} the head write may not go before until_ms (nothing counted),
--                              or every write planned waits for its not-before time
--   {2, 0, '', dropped}        nothing is planned

local now = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
local burst = tonumber(ARGV[4])
local refill = tonumber(ARGV[5])

local block = tonumber(redis.call('GET', KEYS[4]) or '0') or 0
local b = redis.call('HMGET', KEYS[5], 'tokens', 'at')
local tokens = tonumber(b[1])
local at = tonumber(b[2])
if tokens == nil or at == nil then
  tokens = burst
  at = now
end
if now > at then
  tokens = math.min(burst, tokens + (now - at) / refill)
  at = now
end
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[3])

-- When `need` writes are free (the first of them taken now), or 0 for now.
local function wait_for(need)
  if need > limit then need = limit end
  if need > burst then need = burst end
  local wait = 0
  if block > now then wait = block end
  if tokens < need then
    local t = now + math.ceil((need - tokens) * refill)
    if t > wait then wait = t end
  end
  if count + need > limit then
    local k = count + need - limit
    local e = redis.call('ZRANGE', KEYS[3], k - 1, k - 1, 'WITHSCORES')
    local t = tonumber(e[2]) + window
    if t > wait then wait = t end
  end
  return wait
end

local function grant()
  tokens = tokens - 1
  redis.call('HSET', KEYS[5], 'tokens', tostring(tokens), 'at', string.format('%d', at))
  redis.call('PEXPIRE', KEYS[5], window * 2)
  local n = 0
  local member = ARGV[1] .. ':0'
  while redis.call('ZSCORE', KEYS[3], member) do
    n = n + 1
    member = ARGV[1] .. ':' .. n
  end
  redis.call('ZADD', KEYS[3], now, member)
  redis.call('ZREMRANGEBYRANK', KEYS[3], 0, -(limit + 1))
  redis.call('PEXPIRE', KEYS[3], window)
end

if ARGV[6] == 'more' then
  local wait = wait_for(1)
  if wait > 0 then return {0, wait, '', 0} end
  grant()
  return {1, '', '', 0}
end

if ARGV[7] ~= nil and ARGV[7] ~= '' then
  forget(KEYS[1], KEYS[2], ARGV[7], ARGV[8], ARGV[9])
end

local dropped = 0
local later = nil
local slots = redis.call('ZRANGE', KEYS[2], 0, 63)
for i, slot in ipairs(slots) do
  local v = redis.call('HGET', KEYS[1], slot)
  if not v then
    redis.call('ZREM', KEYS[2], slot)
  else
    local exp, res = string.match(v, '^%d+ (%d+) (%d+)')
    exp = tonumber(exp) or 0
    res = tonumber(res) or 0
    -- (a write of the previous version has no sixth field: at once)
    local nb = tonumber(string.match(v, '^%d+ %d+ %d+ %d+ %d+ (%d+)')) or 0
    if exp > 0 and exp <= now then
      redis.call('HDEL', KEYS[1], slot)
      redis.call('ZREM', KEYS[2], slot)
      dropped = dropped + 1
    elseif nb > now then
      if later == nil or nb < later then later = nb end
    else
      local wait = wait_for(1 + res)
      if wait > 0 then return {0, wait, '', dropped} end
      grant()
      local head, rest = string.match(v, '^(%d+ %d+ %d+ %d+ %d+)[^\n]*\n(.*)$')
      if head then
        redis.call('HSET', KEYS[1], slot, head .. ' 1\n' .. rest)
      end
      if string.sub(slot, 1, 2) ~= 'b:' then
        -- A write that goes before a waiting board (its lead ran out) is the only one: the
        -- boards still planned come next, so a board is never more than one write behind.
        for j = i + 1, #slots do
          local other = slots[j]
          if string.sub(other, 1, 2) == 'b:' then
            redis.call('ZADD', KEYS[2], 'XX', 'LT', 0, other)
          end
        end
      end
      return {1, slot, v, dropped}
    end
  end
end
if later ~= nil then
  return {0, string.format('%d', later), '', dropped}
end
return {2, 0, '', dropped}
