-- private_take.lua: take one send from the bot-wide budget of private messages (Telegram's
-- about 30 messages a second for a bot as a whole), a token bucket shared by every replica.
--
-- KEYS[1]  the bucket, parxis:{private}:bucket (hash: tokens, at)
-- ARGV[1]  now, Unix ms
-- ARGV[2]  capacity (the burst), tokens
-- ARGV[3]  refill: ms per token
--
-- Returns 0 when a token was taken, else the Unix ms when the next one is free.

local now = tonumber(ARGV[1])
local cap = tonumber(ARGV[2])
local per = tonumber(ARGV[3])
local v = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(v[1]) or cap
local at = tonumber(v[2]) or now
if now > at then
  tokens = math.min(cap, tokens + (now - at) / per)
  at = now
end
if tokens >= 1 then
  redis.call('HSET', KEYS[1], 'tokens', tostring(tokens - 1), 'at', tostring(at))
  redis.call('PEXPIRE', KEYS[1], math.ceil(cap * per) + 1000)
  return 0
end
return at + math.ceil((1 - tokens) * per)
