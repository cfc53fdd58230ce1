-- delete_if_equals.lua: delete a string key only if it still holds the given value.
-- Used to release a lease only by its owner, and to remove a migrated chat's settings only
-- if nobody changed them meanwhile.
--
-- KEYS[1]  a string key (a lease, or a chat's settings)
-- ARGV[1]  the value the key must hold (the lease owner token, or the settings JSON)
--
-- Returns 1 when the key was deleted, 0 when it was absent or held another value.

if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
