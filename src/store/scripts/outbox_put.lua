-- outbox_put.lua: plan one write to a chat. One write per slot: a newer write of the same
-- slot supersedes the older (three /board → one board; three joins → one lobby edit).
--
-- KEYS[1]  the chat's planned writes, parxis:{<chat>}:outbox (hash: slot → "<meta>\n<JSON>")
-- KEYS[2]  their order, parxis:{<chat>}:outbox:q (sorted set: slot → score, lowest first)
-- KEYS[3]  the ids of posts already planned, parxis:{<chat>}:outbox:ids (set)
-- ARGV[1]  slot
-- ARGV[2]  meta: "<id> <expires_ms> <reserve> <version> <flags> <not_before_ms> <planned_ms>"
--          (decimal integers; see store::outbox::Meta; the last may be missing: 0)
-- ARGV[3]  the write as JSON text
-- ARGV[4]  score: Unix ms planned + the kind's lead (a superseded write keeps the lower)
-- ARGV[5]  post id ('' for none): a post whose id was planned before is not planned again
-- ARGV[6]  TTL of the outbox keys, seconds (> 0)
-- ARGV[7]  TTL of the post ids, seconds (> 0)
-- ARGV[8]  sticky flags: those bits of a superseded write's flags are kept (a /board's
--          "post anew" survives a later plain board write planned while it waits; once it
--          is being made, the post it asked for is under way and the later write edits it)
-- ARGV[9]  now, Unix ms (kept for the callers; the rule below needs no clock)
--
-- A newer write of a slot is made no later than the older one would have been: it keeps the
-- earlier of the two not-before times (0, at once, is the earliest), so the writes planned
-- while one waits share it, and a write already due stays due. Only a write being made
-- (taken by outbox_take.lua, which marks its not-before time 1) hands nothing on: what is
-- planned after it was taken waits its own time and keeps its own flags.
--
-- Returns {planned, superseded}: planned 0 when the post id was planned before (nothing
-- written); superseded 1 when an older write of the slot was replaced.

if ARGV[5] ~= '' then
  if redis.call('SADD', KEYS[3], ARGV[5]) == 0 then
    return {0, 0}
  end
  redis.call('EXPIRE', KEYS[3], ARGV[7])
end

local id, exp, res, ver, flags, nb, planned =
  string.match(ARGV[2], '^(%d+) (%d+) (%d+) (%d+) (%d+) (%d+) (%d+)$')
if not id then
  id, exp, res, ver, flags, nb = string.match(ARGV[2], '^(%d+) (%d+) (%d+) (%d+) (%d+) (%d+)$')
  planned = '0'
end
if not id then
  return redis.error_reply('outbox_put: malformed meta ' .. ARGV[2])
end
flags = tonumber(flags)
nb = tonumber(nb)
local superseded = 0
local old = redis.call('HGET', KEYS[1], ARGV[1])
if old then
  superseded = 1
  -- (a write of the previous version has no sixth field: due at once)
  local old_nb = tonumber(string.match(old, '^%d+ %d+ %d+ %d+ %d+ (%d+)')) or 0
  if old_nb ~= 1 then
    local sticky = tonumber(ARGV[8]) or 0
    local old_flags = tonumber(string.match(old, '^%d+ %d+ %d+ %d+ (%d+)')) or 0
    local keep = bit.band(old_flags, sticky)
    if keep ~= 0 then
      flags = bit.bor(flags, keep)
    end
    if nb > old_nb then
      nb = old_nb
    end
    -- The earlier planning time of the two (0: unknown) stays: the oldest save waiting.
    local old_planned = tonumber(string.match(old, '^%d+ %d+ %d+ %d+ %d+ %d+ (%d+)')) or 0
    if old_planned > 0 and (tonumber(planned) == 0 or old_planned < tonumber(planned)) then
      planned = string.format('%d', old_planned)
    end
  end
end
local meta = id .. ' ' .. exp .. ' ' .. res .. ' ' .. ver .. ' '
  .. string.format('%d', flags) .. ' ' .. string.format('%d', nb) .. ' ' .. planned

redis.call('HSET', KEYS[1], ARGV[1], meta .. '\n' .. ARGV[3])
redis.call('ZADD', KEYS[2], 'LT', ARGV[4], ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[6])
redis.call('EXPIRE', KEYS[2], ARGV[6])
return {1, superseded}
