//! A chat's tournament record (one per chat, `parxis:{<chat>}:tourney`), saved by the same
//! versioned compare-and-set as games; the set of chats whose tournament has something due
//! (`parxis:tourney:due`, score: due Unix ms); the chat's tournament history
//! (`parxis:{<chat>}:tourney:history`, newest first); and the markers that make each post and
//! each history entry happen once: a post is sent only by the caller that claims its id
//! ([`Store::claim_tourney_post`], `parxis:{<chat>}:tourney:post:<id>`, SET NX), and an entry
//! is added to the history in the same script that sets its marker
//! ([`Store::push_tourney_history`], `parxis:{<chat>}:tourney:recorded:<id>`).

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::records::{RawRecord, RecordFields, cas_outcome};
use super::redis_store::Retry;
use super::scripts::{CAS_SAVE, TOURNEY_HISTORY};
use super::{CasOutcome, Store, StoreError, Versioned, keys};

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

/// The marker of post `id` of a chat's tournament (see [`Store::claim_tourney_post`]).
#[must_use]
pub fn tourney_post_key(chat: i64, id: &str) -> String {
    format!("{}:tourney:post:{id}", keys::Place::of_chat(chat).prefix())
}

/// The marker of history entry `id` of a chat (see [`Store::push_tourney_history`]).
#[must_use]
pub fn tourney_recorded_key(chat: i64, id: &str) -> String {
    format!(
        "{}:tourney:recorded:{id}",
        keys::Place::of_chat(chat).prefix()
    )
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
        let key = tourney_key(chat);
        let mut cmd = redis::cmd("HMGET");
        cmd.arg(&key).arg("version").arg("schema").arg("state");
        let fields: RecordFields = self.query("load_tourney", Retry::Idempotent, &cmd).await?;
        let Some(raw) = RawRecord::from_fields(&key, fields)? else {
            return Ok(None);
        };
        let state = serde_json::from_str(&raw.state)
            .map_err(|e| StoreError::Corrupt(format!("{key}: state: {e}")))?;
        Ok(Some(Versioned {
            version: raw.version,
            state,
        }))
    }

    /// Saves a chat's tournament record if its version is still `expected` (0: none yet).
    ///
    /// # Errors
    /// [`StoreError::Encode`], [`StoreError::Unavailable`].
    pub async fn save_tourney<T: Serialize>(
        &self,
        chat: i64,
        expected: u64,
        state: &T,
        ttl_secs: u64,
    ) -> Result<CasOutcome, StoreError> {
        let json = serde_json::to_string(state).map_err(|e| StoreError::Encode(e.to_string()))?;
        let mut inv = CAS_SAVE.prepare_invoke();
        inv.key(tourney_key(chat))
            .arg(expected)
            .arg(json)
            .arg(ttl_secs.max(1))
            .arg(super::SCHEMA);
        let reply = self.invoke("save_tourney", Retry::IfNotSent, &inv).await?;
        Ok(cas_outcome(reply))
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
    /// [`HISTORY_LEN`] kept), once per `id` (the tournament's): the entry and its marker are
    /// written by one script, so a repeated call (a retry after a crash, another replica)
    /// adds nothing. The marker lives `ttl_secs`. Returns whether the entry was added.
    ///
    /// # Errors
    /// [`StoreError::Encode`], [`StoreError::Unavailable`].
    pub async fn push_tourney_history<T: Serialize>(
        &self,
        chat: i64,
        id: &str,
        summary: &T,
        ttl_secs: u64,
    ) -> Result<bool, StoreError> {
        let json = serde_json::to_string(summary).map_err(|e| StoreError::Encode(e.to_string()))?;
        let mut inv = TOURNEY_HISTORY.prepare_invoke();
        inv.key(tourney_recorded_key(chat, id))
            .key(tourney_history_key(chat))
            .arg(json)
            .arg(HISTORY_LEN)
            .arg(ttl_secs.max(1));
        let added: i64 = self
            .invoke("push_tourney_history", Retry::IfNotSent, &inv)
            .await?;
        Ok(added == 1)
    }

    /// Claims post `id` of chat `chat`'s tournament for `owner` (SET NX, for `ttl_secs`):
    /// true for the one caller that may send it, false once anyone claimed it (it was sent,
    /// or is being sent). A post is thus sent at most once, whatever the crashes and replicas;
    /// the price is that a replica that dies between its claim and its send loses that post.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] (nothing may be sent: the claim is unknown).
    pub async fn claim_tourney_post(
        &self,
        chat: i64,
        id: &str,
        owner: &str,
        ttl_secs: u64,
    ) -> Result<bool, StoreError> {
        let mut cmd = redis::cmd("SET");
        cmd.arg(tourney_post_key(chat, id))
            .arg(owner)
            .arg("NX")
            .arg("EX")
            .arg(ttl_secs.max(1));
        let set: Option<String> = self
            .query("claim_tourney_post", Retry::IfNotSent, &cmd)
            .await?;
        Ok(set.is_some())
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
