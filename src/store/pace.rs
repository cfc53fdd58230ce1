//! Pacing of board writes: a per-chat budget shared by every replica through Redis.
//!
//! Telegram lets a bot make about 20 messages and edits a minute in one group and answers
//! more with 429 and a `retry_after`. Each replica asks [`Store::try_take_write`] before a
//! board write: the budget is a sliding window of the chat's recent writes in Redis, taken by
//! one Lua script, so all replicas together stay within it. When Telegram refuses anyway (a
//! 429), [`Store::note_retry_after`] blocks the chat for every replica until the time it gave.
//! The budget is per chat, shared by all its forum topics, as Telegram's limit is.

use super::redis_store::Retry;
use super::scripts::{NOTE_RETRY_AFTER, TAKE_WRITE};
use super::{Store, StoreError, keys};

/// Telegram's limit of messages and edits per group chat in [`DEFAULT_WRITE_WINDOW_MS`].
pub const DEFAULT_WRITE_LIMIT: u32 = 20;

/// The window of [`DEFAULT_WRITE_LIMIT`]: one minute.
pub const DEFAULT_WRITE_WINDOW_MS: u64 = 60_000;

/// How long a write block outlives its end before Redis drops the key (housekeeping only).
const BLOCK_SLACK_MS: u64 = 60_000;

/// The answer of [`Store::try_take_write`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[must_use]
pub enum WriteBudget {
    /// Write now: the write was counted.
    Granted,
    /// Do not write before `until_ms` (Unix ms); nothing was counted.
    Wait {
        /// The earliest time a write may be granted.
        until_ms: u64,
    },
}

impl Store {
    /// Takes one board write to `chat` at `now_ms` (Unix ms) from a budget of `limit` writes
    /// per sliding window of `window_ms`, shared by every replica; or answers when to come
    /// back: the later of the chat's [`Store::note_retry_after`] block and the moment the
    /// write that fills the window leaves it.
    ///
    /// Replicas' clocks should agree to well under a second; a write stamped in the future by
    /// a fast clock counts until its own time has left the window.
    ///
    /// # Errors
    /// [`StoreError::InvalidArgument`] for a zero `limit` or `window_ms`;
    /// [`StoreError::Unavailable`] when Redis is down (the write may or may not have been
    /// counted if the connection dropped mid-way).
    pub async fn try_take_write(
        &self,
        chat: i64,
        now_ms: u64,
        limit: u32,
        window_ms: u64,
    ) -> Result<WriteBudget, StoreError> {
        if limit == 0 || window_ms == 0 {
            return Err(StoreError::InvalidArgument(
                "try_take_write: limit and window_ms must be > 0".into(),
            ));
        }
        let mut inv = TAKE_WRITE.prepare_invoke();
        inv.key(keys::writes(chat))
            .key(keys::write_block(chat))
            .arg(now_ms)
            .arg(limit)
            .arg(window_ms);
        let (granted, until_ms): (i64, u64) = self
            .invoke("try_take_write", Retry::IfNotSent, &inv)
            .await?;
        Ok(if granted == 1 {
            WriteBudget::Granted
        } else {
            WriteBudget::Wait { until_ms }
        })
    }

    /// Blocks every write to `chat` until `until_ms` (Unix ms), for all replicas: Telegram
    /// answered 429 with `retry_after`, so `until_ms` is `now_ms + retry_after * 1000`. A block
    /// is only extended, never shortened. Returns the block now in force.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn note_retry_after(
        &self,
        chat: i64,
        now_ms: u64,
        until_ms: u64,
    ) -> Result<u64, StoreError> {
        let ttl_ms = until_ms
            .saturating_sub(now_ms)
            .saturating_add(BLOCK_SLACK_MS);
        let mut inv = NOTE_RETRY_AFTER.prepare_invoke();
        inv.key(keys::write_block(chat)).arg(until_ms).arg(ttl_ms);
        self.invoke("note_retry_after", Retry::Idempotent, &inv)
            .await
    }
}
