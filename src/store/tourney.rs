//! A chat's tournament record (one per chat, `parxis:{<chat>}:tourney`), saved by the same
//! versioned compare-and-set as games; the set of chats whose tournament has something due
//! (`parxis:tourney:due`, score: due Unix ms); and the chat's tournament history
//! (`parxis:{<chat>}:tourney:history`, newest first).

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::cas::CasOutcome;
use super::cas::Versioned;
use super::error::StoreError;
use super::keys;
use super::redis_store::Retry;
use super::redis_store::Store;

/// The key of a chat's tournament record.
#[must_use]
pub fn tourney_key(chat: i64) -> String {
    format!("{}:tourney", keys::Place::of_chat(chat).prefix())
}

/// The key of a chat's tournament history (a list of JSON summaries, newest first).
#[must_use]
pub fn tourney_history_key(chat: i64) -> String {
    format!("{}:tourney:history", keys::Place::of_chat(chat).prefix())
}

/// The sorted set of chats whose tournament has something due.
pub const TOURNEY_DUE: &str = "parxis:tourney:due";

/// How many finished tournaments a chat's history keeps.
pub const HISTORY_LEN: isize = 50;

impl Store {
    /// A chat's tournament record, if any.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] when it does not decode; [`StoreError::Unavailable`].
    pub async fn load_tourney<T: DeserializeOwned>(
        &self,
        chat: i64,
    ) -> Result<Option<Versioned<T>>, StoreError> {
        self.load_versioned("load_tourney", &tourney_key(chat))
            .await
    }

    /// Saves a chat's tournament record if its version is still `expected` (0: none yet).
    ///
    /// # Errors
    /// [`StoreError::InvalidArgument`] for a zero TTL, [`StoreError::Encode`],
    /// [`StoreError::Unavailable`].
    pub async fn save_tourney<T: Serialize>(
        &self,
        chat: i64,
        expected: u64,
        state: &T,
        ttl_secs: u64,
    ) -> Result<CasOutcome, StoreError> {
        self.save_versioned(
            "save_tourney",
            &tourney_key(chat),
            expected,
            state,
            ttl_secs,
        )
        .await
    }

    /// Marks chat `chat`'s tournament due at `due_ms` (`None`: nothing due).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`].
    pub async fn set_tourney_due(&self, chat: i64, due_ms: Option<u64>) -> Result<(), StoreError> {
        let cmd = match due_ms {
            Some(at) => {
                let mut c = redis::cmd("ZADD");
                c.arg(TOURNEY_DUE).arg(at).arg(chat);
                c
            }
            None => {
                let mut c = redis::cmd("ZREM");
                c.arg(TOURNEY_DUE).arg(chat);
                c
            }
        };
        let _: i64 = self
            .query("set_tourney_due", Retry::Idempotent, &cmd)
            .await?;
        Ok(())
    }

    /// Up to `limit` chats whose tournament is due at or before `now_ms`.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`].
    pub async fn due_tourneys(&self, now_ms: u64, limit: usize) -> Result<Vec<i64>, StoreError> {
        let mut cmd = redis::cmd("ZRANGEBYSCORE");
        cmd.arg(TOURNEY_DUE)
            .arg("-inf")
            .arg(now_ms)
            .arg("LIMIT")
            .arg(0)
            .arg(limit.max(1));
        let members: Vec<String> = self.query("due_tourneys", Retry::Idempotent, &cmd).await?;
        Ok(members.iter().filter_map(|m| m.parse().ok()).collect())
    }

    /// Adds a finished tournament's summary to the chat's history (newest first, the last
    /// [`HISTORY_LEN`] kept).
    ///
    /// # Errors
    /// [`StoreError::Encode`], [`StoreError::Unavailable`].
    pub async fn push_tourney_history<T: Serialize>(
        &self,
        chat: i64,
        summary: &T,
    ) -> Result<(), StoreError> {
        let json = serde_json::to_string(summary).map_err(|e| StoreError::Encode(e.to_string()))?;
        let key = tourney_history_key(chat);
        let mut pipe = redis::pipe();
        pipe.cmd("LPUSH").arg(&key).arg(json).ignore();
        pipe.cmd("LTRIM")
            .arg(&key)
            .arg(0)
            .arg(HISTORY_LEN - 1)
            .ignore();
        let () = self
            .query_pipe("push_tourney_history", Retry::IfNotSent, &pipe)
            .await?;
        Ok(())
    }

    /// As [`Store::push_tourney_history`], once per `id` in the chat: a summary pushed again
    /// (a retry after a crash) is not added twice. Returns whether it was added.
    ///
    /// # Errors
    /// [`StoreError::Encode`], [`StoreError::Unavailable`].
    pub async fn push_tourney_history_once<T: Serialize>(
        &self,
        chat: i64,
        id: &str,
        summary: &T,
    ) -> Result<bool, StoreError> {
        self.push_history_once(
            "push_tourney_history_once",
            tourney_history_key(chat),
            id,
            summary,
            HISTORY_LEN,
        )
        .await
    }

    /// The chat's tournament history as stored (JSON summaries, newest first).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`].
    pub async fn tourney_history(&self, chat: i64) -> Result<Vec<String>, StoreError> {
        let mut cmd = redis::cmd("LRANGE");
        cmd.arg(tourney_history_key(chat))
            .arg(0)
            .arg(HISTORY_LEN - 1);
        self.query("tourney_history", Retry::Idempotent, &cmd).await
    }
}
