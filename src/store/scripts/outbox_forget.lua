-- outbox_forget.lua: the one definition of forgetting a write once made, put before
-- outbox_done.lua and outbox_take.lua (store/scripts.rs joins the texts), which call it.
--
-- forget(outbox, queue, slot, id, shown): forget the write of `slot` in the chat's planned
-- writes (`outbox`, parxis:{<chat>}:outbox) and their order (`queue`, parxis:{<chat>}:outbox:q),
-- unless a newer write took its slot meanwhile (that one is still to make). `id` is the id
-- of the write made (the first field of its meta); `shown`, for a board, the game version it
-- showed (a planned board of that version or older is made by it too), 0 otherwise.
-- Returns 1 when the slot was emptied, 0 when it holds a newer write (or nothing).

local function forget(outbox, queue, slot, id, shown)
  local v = redis.call('HGET', outbox, slot)
  if not v then
    return 0
  end
  local made, ver = string.match(v, '^(%d+) %d+ %d+ (%d+)')
  shown = tonumber(shown) or 0
  if made == id or (shown > 0 and (tonumber(ver) or 0) <= shown) then
    redis.call('HDEL', outbox, slot)
    redis.call('ZREM', queue, slot)
    return 1
  end
  return 0
end

