-- outbox_put.lua: plan one write to a chat. One write per slot: a newer write of the same
-- slot supersedes the older (three /board → one board; three joins → one lobby edit).
--
-- KEYS[1]  the chat's planned writes, parxis:{<chat>}:outbox (hash: slot → "<meta>\n<JSON>")
-- KEYS[2]  their order, parxis:{<chat>}:outbox:q (sorted set: slot → score, lowest first)
-- KEYS[3]  the ids of posts already planned, parxis:{<chat>}:outbox:ids (set)
-- ARGV[1]  slot
-- ARGV[2]  meta: "<id> <expires_ms> <reserve> <version> <flags>" (decimal integers; see
--          store::outbox::Meta)
-- ARGV[3]  the write as JSON text
-- ARGV[4]  score: Unix ms planned + the kind's lead (a superseded write keeps the lower)
-- ARGV[5]  post id ('' for none): a post whose id was planned before is not planned again
-- ARGV[6]  TTL of the outbox keys, seconds (> 0)
-- ARGV[7]  TTL of the post ids, seconds (> 0)
-- ARGV[8]  sticky flags: those bits of a superseded write's flags are kept (a /board's
--          "post anew" survives a later plain board write)
--
-- Returns {planned, superseded}: planned 0 when the post id was planned before (nothing
-- written); superseded 1 when an older write of the slot was replaced.

if ARGV[5] ~= '' then
  if redis.call('SADD', KEYS[3], ARGV[5]) == 0 then
    return {0, 0}
  end
  redis.call('EXPIRE', KEYS[3], ARGV[7])
end

local meta = ARGV[2]
local superseded = 0
local old = redis.call('HGET', KEYS[1], ARGV[1])
if old then
  superseded = 1
  local sticky = tonumber(ARGV[8]) or 0
  if sticky > 0 then
    local old_flags = tonumber(string.match(old, '^%d+ %d+ %d+ %d+ (%d+)')) or 0
    local keep = bit.band(old_flags, sticky)
    if keep ~= 0 then
      local id, exp, res, ver, flags = string.match(meta, '^(%d+) (%d+) (%d+) (%d+) (%d+)$')
      meta = id .. ' ' .. exp .. ' ' .. res .. ' ' .. ver .. ' '
        .. string.format('%d', bit.bor(tonumber(flags), keep))
    end
  end
end

redis.call('HSET', KEYS[1], ARGV[1], meta .. '\n' .. ARGV[3])
redis.call('ZADD', KEYS[2], 'LT', ARGV[4], ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[6])
redis.call('EXPIRE', KEYS[2], ARGV[6])
return {1, superseded}
