-- gcra.lua: one request against a rate limit shared by every replica (the generic cell rate
-- algorithm: a key holds the "theoretical arrival time" of the next request). A request is
-- allowed when the limit has room for it; a refused one changes nothing. Times are the
-- caller's clock (Unix ms); the key expires once the limit is full again.
--
-- KEYS[1]  the limited one's cell, parxis:web:rate:<kind>:<who> (string: TAT, Unix ms)
-- ARGV[1]  interval: ms between requests, sustained (> 0)
-- ARGV[2]  burst: requests at once after a pause (> 0)
-- ARGV[3]  now, Unix ms
--
-- Returns 0: allowed; n > 0: refused, retry in n ms.

local interval = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local now = tonumber(ARGV[3])

local tat = tonumber(redis.call('GET', KEYS[1]) or '0') or 0
if tat < now then
  tat = now
end
-- Allowed while the requests ahead of this one fit in the burst.
local ahead = tat - now - interval * (burst - 1)
if ahead > 0 then
  return ahead
end
local next_tat = tat + interval
redis.call('SET', KEYS[1], string.format('%d', next_tat), 'PX', math.max(1, next_tat - now))
return 0
