//! The ping plan of each place (when to mention the player whose turn it is): a versioned
//! record beside the game, saved by compare-and-set, and the due set `parxis:pings` the
//! driver polls. The plan itself is the bot's (`bot::core::pings`); the store keeps it.
//!
//! A group upgraded to a supergroup takes its places' plans along ([`Store::move_ping`],
//! called by [`Store::migrate_chat`] for the chat and each lane it moves): the record keeps
//! its version, TTL and due time, so the player waited for is still pinged on time in the
//! new chat, and a turn already pinged is not pinged again. Only the ids of the ping
//! messages on screen (the record's `sent` and `stale`) are dropped: they are the old chat's
//! messages, and the same ids in the new chat are other people's.

use serde::Serialize;
use serde::de::DeserializeOwned;
use tracing::warn;

use super::cas::CasOutcome;
use super::cas::Versioned;
use super::error::StoreError;
use super::keys;
use super::keys::Place;
use super::records::{RawRecord, RecordFields};
use super::redis_store::Retry;
use super::redis_store::Store;
use super::scripts::{Call, RESTORE_IF_ABSENT};

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

    /// Moves the ping record and due entry of place `from` to place `to` (a group's place
    /// to the same place of its new chat id): the record is copied unless `to` has one (a
    /// plan already there is kept), with its version, TTL and due time, and without the old
    /// chat's message ids (`sent`, `stale`); then `from`'s record and due entry are removed.
    /// Safe to repeat. Returns whether `from` had anything.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] when the record is malformed (nothing is moved);
    /// [`StoreError::Unavailable`] when Redis is down (repeat the call).
    pub async fn move_ping(&self, from: Place, to: Place) -> Result<bool, StoreError> {
        let key = keys::ping(from);
        let mut pipe = redis::pipe();
        pipe.atomic()
            .cmd("HMGET")
            .arg(&key)
            .arg("version")
            .arg("schema")
            .arg("state")
            .cmd("PTTL")
            .arg(&key);
        let (fields, pttl_ms): (RecordFields, i64) = self
            .query_pipe("move_ping", Retry::Idempotent, &pipe)
            .await?;
        let mut score = redis::cmd("ZSCORE");
        score.arg(keys::pings()).arg(from.member());
        let due: Option<f64> = self.query("move_ping", Retry::Idempotent, &score).await?;
        let Some(raw) = RawRecord::from_fields(&key, fields)? else {
            if due.is_some() {
                // A due entry without its plan: nothing to fire there or here.
                self.set_ping_due(from, None).await?;
            }
            return Ok(due.is_some());
        };
        let mut state: serde_json::Value = serde_json::from_str(&raw.state)
            .map_err(|e| StoreError::Corrupt(format!("{key}: state: {e}")))?;
        if let Some(fields) = state.as_object_mut() {
            // The old chat's message ids mean other messages in the new one.
            fields.insert("sent".into(), serde_json::Value::Null);
            fields.insert("stale".into(), serde_json::Value::Array(Vec::new()));
        }
        let mut inv = Call::new(&RESTORE_IF_ABSENT);
        inv.key(keys::ping(to))
            .arg(raw.version)
            .arg(raw.schema)
            .arg(state.to_string())
            .arg(pttl_ms.max(0));
        let written: i64 = self.invoke("move_ping", Retry::Idempotent, &inv).await?;
        let mut pipe = redis::pipe();
        if written == 1
            && let Some(due) = due
        {
            // NX: a plan already in the new place keeps its own due time.
            pipe.cmd("ZADD")
                .arg(keys::pings())
                .arg("NX")
                .arg(due)
                .arg(to.member())
                .ignore();
        }
        pipe.cmd("DEL").arg(&key).ignore();
        pipe.cmd("ZREM")
            .arg(keys::pings())
            .arg(from.member())
            .ignore();
        let () = self
            .query_pipe("move_ping", Retry::Idempotent, &pipe)
            .await?;
        Ok(true)
    }
}
