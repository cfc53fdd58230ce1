-- clear_owed_if.lua: forget a place's owed board once a board at least that new is shown.
--
-- KEYS[1]  the place's owed record, <place>:owed (see owe_board.lua)
-- ARGV[1]  the version of the board just written
--
-- Returns 1 when nothing is owed any more (deleted, or nothing was owed), or 0 when a newer
-- version is owed (kept).

local latest = redis.call('HGET', KEYS[1], 'latest')
if not latest then
  return 1
end
if (tonumber(latest) or 0) <= tonumber(ARGV[1]) then
  redis.call('DEL', KEYS[1])
  return 1
end
return 0
