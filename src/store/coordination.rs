//! Coordination between bot instances: leases, deadlines and update dedup.
//! (Catch-up schedules are in `catchup.rs`, write budgets in `pace.rs`.)

use tracing::warn;

use super::error::StoreError;
use super::keys;
use super::keys::Place;
use super::redis_store::Retry;
use super::redis_store::Store;
use super::scripts::{Call, DELETE_IF_EQUALS, TAKE_LEASE};

impl Store {
    /// Takes the lease `name` on a chat for `owner` during `ttl_ms` milliseconds, if nobody
    /// else holds it (a lease `owner` holds already is renewed: see `take_lease.lua`).
    /// Returns whether `owner` now holds it.
    ///
    /// # Errors
    /// [`StoreError::InvalidArgument`] for a zero TTL; [`StoreError::Unavailable`] when Redis
    /// is down.
    pub async fn try_lease(
        &self,
        chat: i64,
        name: &str,
        owner: &str,
        ttl_ms: u64,
    ) -> Result<bool, StoreError> {
        self.try_lease_at(Place::of_chat(chat), name, owner, ttl_ms)
            .await
    }

    /// Releases the lease `name` on a chat if `owner` holds it. Returns whether it was
    /// released (false: expired, or held by another owner, which keeps it).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn release_lease(
        &self,
        chat: i64,
        name: &str,
        owner: &str,
    ) -> Result<bool, StoreError> {
        self.release_lease_at(Place::of_chat(chat), name, owner)
            .await
    }

    /// As [`Store::try_lease`], on a [`Place`] (a chat or one forum topic of it); for a place
    /// without topic, the same lease as [`Store::try_lease`] on its chat.
    ///
    /// # Errors
    /// As [`Store::try_lease`].
    pub async fn try_lease_at(
        &self,
        place: Place,
        name: &str,
        owner: &str,
        ttl_ms: u64,
    ) -> Result<bool, StoreError> {
        if ttl_ms == 0 {
            return Err(StoreError::InvalidArgument(
                "try_lease: ttl_ms must be > 0".into(),
            ));
        }
        let mut inv = Call::new(&TAKE_LEASE);
        inv.key(keys::lease_at(place, name)).arg(owner).arg(ttl_ms);
        let held: i64 = self.invoke("try_lease_at", Retry::IfNotSent, &inv).await?;
        Ok(held == 1)
    }

    /// As [`Store::release_lease`], on a [`Place`].
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn release_lease_at(
        &self,
        place: Place,
        name: &str,
        owner: &str,
    ) -> Result<bool, StoreError> {
        let mut inv = Call::new(&DELETE_IF_EQUALS);
        inv.key(keys::lease_at(place, name)).arg(owner);
        let deleted: i64 = self
            .invoke("release_lease_at", Retry::Idempotent, &inv)
            .await?;
        Ok(deleted == 1)
    }

    /// Records that a place (a chat, or one forum topic of it) is due at `due_ms` (Unix time
    /// in milliseconds), replacing any earlier deadline of that place. The due set's member
    /// is [`Place::member`]: the chat id alone for a chat, as before topics existed.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn set_deadline(
        &self,
        place: impl Into<Place>,
        due_ms: u64,
    ) -> Result<(), StoreError> {
        let mut cmd = redis::cmd("ZADD");
        cmd.arg(keys::deadlines())
            .arg(due_ms)
            .arg(place.into().member());
        let _: i64 = self.query("set_deadline", Retry::Idempotent, &cmd).await?;
        Ok(())
    }

    /// Removes a place's deadline, if any.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn clear_deadline(&self, place: impl Into<Place>) -> Result<(), StoreError> {
        let mut cmd = redis::cmd("ZREM");
        cmd.arg(keys::deadlines()).arg(place.into().member());
        let _: i64 = self
            .query("clear_deadline", Retry::Idempotent, &cmd)
            .await?;
        Ok(())
    }

    /// Writes a place's deadline (`None`: removes it), then reads the version of the place's
    /// game (0: none), in one pipeline: the version read comes after the write, so a save it
    /// does not show came after the write too (and its own write comes later still). On a
    /// cluster the two commands fall in two slots and are sent one after the other, in this
    /// order (see `conn.rs`). Only the version is read, never the game's state.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] for a version that is not a number; [`StoreError::Unavailable`]
    /// when Redis is down.
    pub async fn mirror_deadline(
        &self,
        place: impl Into<Place>,
        due_ms: Option<u64>,
    ) -> Result<u64, StoreError> {
        let place = place.into();
        let mut pipe = redis::pipe();
        match due_ms {
            Some(due) => pipe
                .cmd("ZADD")
                .arg(keys::deadlines())
                .arg(due)
                .arg(place.member()),
            None => pipe.cmd("ZREM").arg(keys::deadlines()).arg(place.member()),
        };
        let game = keys::game_at(place);
        pipe.cmd("HGET").arg(&game).arg("version");
        let (_, version): (i64, Option<String>) = self
            .query_pipe("mirror_deadline", Retry::Idempotent, &pipe)
            .await?;
        version.map_or(Ok(0), |v| {
            v.parse()
                .map_err(|_| StoreError::Corrupt(format!("{game}: version {v:?}")))
        })
    }

    /// Up to `limit` places whose deadline is at or before `now_ms`, earliest first. They
    /// stay recorded until cleared or replaced: a deadline is a hint, and whoever handles it
    /// should check the game (under a lease) before acting.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn due_places(&self, now_ms: u64, limit: usize) -> Result<Vec<Place>, StoreError> {
        if limit == 0 {
            return Ok(Vec::new());
        }
        let mut cmd = redis::cmd("ZRANGEBYSCORE");
        cmd.arg(keys::deadlines())
            .arg("-inf")
            .arg(now_ms)
            .arg("LIMIT")
            .arg(0)
            .arg(limit);
        let members: Vec<String> = self.query("due_places", Retry::Idempotent, &cmd).await?;
        let mut places = Vec::with_capacity(members.len());
        for member in members {
            match Place::from_member(&member) {
                Some(place) => places.push(place),
                None => {
                    // Not ours to keep: it would clog the head of the queue forever.
                    warn!(member = %member, "dropping a malformed deadline entry");
                    let mut zrem = redis::cmd("ZREM");
                    zrem.arg(keys::deadlines()).arg(&member);
                    let _: i64 = self.query("due_places", Retry::Idempotent, &zrem).await?;
                }
            }
        }
        Ok(places)
    }

    /// True the first time an update id is seen within `ttl_secs` seconds, false for a
    /// repeat (a webhook retry).
    ///
    /// # Errors
    /// [`StoreError::InvalidArgument`] for a zero TTL; [`StoreError::Unavailable`] when Redis
    /// is down.
    pub async fn first_time_update(
        &self,
        update_id: i64,
        ttl_secs: u64,
    ) -> Result<bool, StoreError> {
        if ttl_secs == 0 {
            return Err(StoreError::InvalidArgument(
                "first_time_update: ttl_secs must be > 0".into(),
            ));
        }
        let mut cmd = redis::cmd("SET");
        cmd.arg(keys::update(update_id))
            .arg(1)
            .arg("NX")
            .arg("EX")
            .arg(ttl_secs);
        let set: Option<String> = self
            .query("first_time_update", Retry::IfNotSent, &cmd)
            .await?;
        Ok(set.is_some())
    }

    /// As [`Store::first_time_update`], for bot `bot_id` ([`keys::update_for`]): update ids
    /// are per bot, so two bots sharing one Redis never drop each other's updates.
    ///
    /// # Errors
    /// As [`Store::first_time_update`].
    pub async fn first_time_update_for(
        &self,
        bot_id: i64,
        update_id: i64,
        ttl_secs: u64,
    ) -> Result<bool, StoreError> {
        if ttl_secs == 0 {
            return Err(StoreError::InvalidArgument(
                "first_time_update_for: ttl_secs must be > 0".into(),
            ));
        }
        let mut cmd = redis::cmd("SET");
        cmd.arg(keys::update_for(bot_id, update_id))
            .arg(1)
            .arg("NX")
            .arg("EX")
            .arg(ttl_secs);
        let set: Option<String> = self
            .query("first_time_update_for", Retry::IfNotSent, &cmd)
            .await?;
        Ok(set.is_some())
    }
}
