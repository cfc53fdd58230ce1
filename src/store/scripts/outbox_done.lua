-- outbox_done.lua: a planned write was made: forget it, unless a newer write took its slot
-- meanwhile (that one is still to make).
--
-- KEYS[1]  the chat's planned writes, parxis:{<chat>}:outbox
-- KEYS[2]  their order, parxis:{<chat>}:outbox:q
-- ARGV[1]  slot
-- ARGV[2]  the id of the write made (the first field of its meta)
-- ARGV[3]  for a board: the game version it showed (a planned board of that version or older
--          is made by it too); 0 otherwise
--
-- Returns 1 when the slot was emptied, 0 when it holds a newer write (or nothing).

local v = redis.call('HGET', KEYS[1], ARGV[1])
if not v then
  return 0
end
local id, ver = string.match(v, '^(%d+) %d+ %d+ (%d+)')
local shown = tonumber(ARGV[3]) or 0
if id == ARGV[2] or (shown > 0 and (tonumber(ver) or 0) <= shown) then
  redis.call('HDEL', KEYS[1], ARGV[1])
  redis.call('ZREM', KEYS[2], ARGV[1])
  return 1
end
return 0
