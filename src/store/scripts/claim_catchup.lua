-- claim_catchup.lua: take the right to write a place's catch-up, once across replicas.
--
-- KEYS[1]  the place's owed record, <place>:owed (see owe_board.lua)
-- KEYS[2]  the place's catch-up lease, <place>:lease:catchup
-- ARGV[1]  now, Unix ms
-- ARGV[2]  the owner token of the lease
-- ARGV[3]  the lease's TTL, ms (> 0)
--
-- Returns
--   {0}                         nothing is owed
--   {1, due}                    owed, but not due before `due`
--   {2}                         due, but another owner holds the lease
--   {3, since, latest, due}     due, and the lease is now the caller's

local f = redis.call('HMGET', KEYS[1], 'since', 'latest', 'due')
if not f[2] then
  return {0}
end
local due = tonumber(f[3]) or 0
if due > tonumber(ARGV[1]) then
  return {1, due}
end
if not redis.call('SET', KEYS[2], ARGV[2], 'NX', 'PX', ARGV[3]) then
  return {2}
end
return {3, tonumber(f[1]) or 0, tonumber(f[2]) or 0, due}
