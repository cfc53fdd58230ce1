-- outbox_done.lua: a planned write was made: forget it, unless a newer write took its slot
-- meanwhile (that one is still to make). `forget` is outbox_forget.lua's, put before this.
--
-- KEYS[1]  the chat's planned writes, parxis:{<chat>}:outbox
-- KEYS[2]  their order, parxis:{<chat>}:outbox:q
-- ARGV[1]  slot
-- ARGV[2]  the id of the write made (the first field of its meta)
-- ARGV[3]  for a board: the game version it showed (a planned board of that version or older
--          is made by it too); 0 otherwise
--
-- Returns 1 when the slot was emptied, 0 when it holds a newer write (or nothing).

return forget(KEYS[1], KEYS[2], ARGV[1], ARGV[2], ARGV[3])
