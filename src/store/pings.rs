//! The ping plan of each place (when to mention the player whose turn it is): a versioned
//! record beside the game, saved by compare-and-set, and the due set `parxis:pings` the
//! driver polls. The plan itself is the bot's (`bot::core::pings`); the store keeps it.

use serde::Serialize;
use serde::de::DeserializeOwned;
use tracing::warn;

use super::keys::Place;
use super::redis_store::Retry;
use super::{CasOutcome, Store, StoreError, Versioned, keys};

impl Store {
    /// The ping record of a place, or `None` when it has none.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] when the record does not decode as `T`;
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn load_ping<T: DeserializeOwned>(
        &self,
        place: Place,
    ) -> Result<Option<Versioned<T>>, StoreError> {
        self.load_versioned("load_ping", &keys::ping(place)).await
    }

    /// Saves a place's ping record if its stored version is still `expected` (0: none), with
    /// a TTL of `ttl_secs`, as [`Store::save`] does for games.
    ///
    /// # Errors
    /// As [`Store::save`].
    pub async fn save_ping<T: Serialize>(
        &self,
        place: Place,
        expected: u64,
        state: &T,
        ttl_secs: u64,
    ) -> Result<CasOutcome, StoreError> {
        self.save_versioned("save_ping", &keys::ping(place), expected, state, ttl_secs)
            .await
    }

    /// Forgets a place's ping record and due entry (its game is gone).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn clear_ping(&self, place: Place) -> Result<(), StoreError> {
        let mut cmd = redis::cmd("DEL");
        cmd.arg(keys::ping(place));
        let _: i64 = self.query("clear_ping", Retry::Idempotent, &cmd).await?;
        self.set_ping_due(place, None).await
    }

    /// Puts a place in the ping due set at `due_ms`, or takes it out (`None`).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn set_ping_due(&self, place: Place, due_ms: Option<u64>) -> Result<(), StoreError> {
        let mut cmd;
        if let Some(due) = due_ms {
            cmd = redis::cmd("ZADD");
            cmd.arg(keys::pings()).arg(due).arg(place.member());
        } else {
            cmd = redis::cmd("ZREM");
            cmd.arg(keys::pings()).arg(place.member());
        }
        let _: i64 = self.query("set_ping_due", Retry::Idempotent, &cmd).await?;
        Ok(())
    }

    /// Up to `limit` places whose ping is due at or before `now_ms`, earliest first (they
    /// stay until the firing moves or removes them).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn due_pings(&self, now_ms: u64, limit: usize) -> Result<Vec<Place>, StoreError> {
        if limit == 0 {
            return Ok(Vec::new());
        }
        let mut cmd = redis::cmd("ZRANGEBYSCORE");
        cmd.arg(keys::pings())
            .arg("-inf")
            .arg(now_ms)
            .arg("LIMIT")
            .arg(0)
            .arg(limit);
        let members: Vec<String> = self.query("due_pings", Retry::Idempotent, &cmd).await?;
        let mut places = Vec::with_capacity(members.len());
        for member in members {
            if let Some(place) = Place::from_member(&member) {
                places.push(place);
            } else {
                warn!(member = %member, "dropping a malformed ping entry");
                let mut zrem = redis::cmd("ZREM");
                zrem.arg(keys::pings()).arg(&member);
                let _: i64 = self.query("due_pings", Retry::Idempotent, &zrem).await?;
            }
        }
        Ok(places)
    }
}
