//! The set of games in progress, for the `parxis_active_games` gauge.
//!
//! A sorted set ([`keys::ACTIVE`]) holds the places ([`Place::member`]: a chat id, or
//! `<chat>:<topic>` for a forum topic) whose game is being played, each
//! scored by the time (Unix ms) after which it counts as abandoned. Every save of a game in
//! play refreshes its score, the end of a game removes it, and each count first drops the
//! expired members: so the set stays bounded even when games are simply left to expire. All
//! replicas share it, so each one reports the same count.

use super::error::StoreError;
use super::keys;
use super::keys::Place;
use super::redis_store::Retry;
use super::redis_store::Store;

impl Store {
    /// Records that a place's game is in play until `until_ms` (Unix ms) unless refreshed,
    /// and returns how many games are in play at `now_ms`.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn touch_active(
        &self,
        place: impl Into<Place>,
        until_ms: u64,
        now_ms: u64,
    ) -> Result<u64, StoreError> {
        let mut pipe = redis::pipe();
        pipe.cmd("ZADD")
            .arg(keys::ACTIVE)
            .arg(until_ms)
            .arg(place.into().member())
            .ignore();
        add_count(&mut pipe, now_ms);
        let (count,): (u64,) = self
            .query_pipe("touch_active", Retry::Idempotent, &pipe)
            .await?;
        Ok(count)
    }

    /// Records that a place has no game in play any more, and returns how many games are in
    /// play at `now_ms`.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn drop_active(
        &self,
        place: impl Into<Place>,
        now_ms: u64,
    ) -> Result<u64, StoreError> {
        let mut pipe = redis::pipe();
        pipe.cmd("ZREM")
            .arg(keys::ACTIVE)
            .arg(place.into().member())
            .ignore();
        add_count(&mut pipe, now_ms);
        let (count,): (u64,) = self
            .query_pipe("drop_active", Retry::Idempotent, &pipe)
            .await?;
        Ok(count)
    }

    /// How many games are in play at `now_ms` (expired entries are removed first).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn active_games(&self, now_ms: u64) -> Result<u64, StoreError> {
        let mut pipe = redis::pipe();
        add_count(&mut pipe, now_ms);
        let (count,): (u64,) = self
            .query_pipe("active_games", Retry::Idempotent, &pipe)
            .await?;
        Ok(count)
    }
}

/// Appends "drop the entries expired at `now_ms`, then count" to `pipe` (one reply: the count).
fn add_count(pipe: &mut redis::Pipeline, now_ms: u64) {
    pipe.cmd("ZREMRANGEBYSCORE")
        .arg(keys::ACTIVE)
        .arg("-inf")
        .arg(format!("({now_ms}"))
        .ignore();
    pipe.cmd("ZCARD").arg(keys::ACTIVE);
}
