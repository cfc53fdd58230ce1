//! Telegram's limit on a chat's writes, shared by every replica through Redis.
//!
//! Telegram lets a bot make about 20 messages and edits a minute in one group and answers
//! more with 429 and a `retry_after`. Every write to a chat goes through its outbox
//! ([`super::outbox`]), whose take script counts it in a sliding window of the chat's recent
//! writes; when Telegram refuses anyway (a 429), [`Store::note_retry_after`] blocks the chat
//! for every replica until the time it gave. The budget is per chat, shared by all its forum
//! topics and lanes, as Telegram's limit is.

use super::error::StoreError;
use super::keys;
use super::redis_store::Retry;
use super::redis_store::Store;
use super::scripts::{Call, NOTE_RETRY_AFTER};

/// Telegram's limit of messages and edits per group chat in [`DEFAULT_WRITE_WINDOW_MS`].
pub const DEFAULT_WRITE_LIMIT: u32 = 20;

/// The window of [`DEFAULT_WRITE_LIMIT`]: one minute.
pub const DEFAULT_WRITE_WINDOW_MS: u64 = 60_000;

/// How long a write block outlives its end before Redis drops the key (housekeeping only).
const BLOCK_SLACK_MS: u64 = 60_000;

impl Store {
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
        let mut inv = Call::new(&NOTE_RETRY_AFTER);
        inv.key(keys::write_block(chat)).arg(until_ms).arg(ttl_ms);
        self.invoke("note_retry_after", Retry::Idempotent, &inv)
            .await
    }
}
