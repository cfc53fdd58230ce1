-- take_lease.lua: take a lease for an owner, or renew it when the owner holds it already.
--
-- A replica's scheduler never fires the same item twice at once, so a lease its own owner
-- token still holds is left over from a firing that ended without releasing it (Redis went
-- away mid-way): that owner takes it again at once instead of waiting for it to expire.
--
-- KEYS[1]  the lease, parxis:{<chat>}…:lease:<name> (string: the owner's token)
-- ARGV[1]  the owner's token
-- ARGV[2]  the lease's time to live, ms (> 0)
--
-- Returns 1 when the owner holds the lease now, 0 when another owner does.

local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
if holder then
  return 0
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
