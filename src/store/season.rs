//! A chat's season (one at a time, `parxis:{<chat>}:season`), saved by the same versioned
//! compare-and-set as games; and its past seasons (`parxis:{<chat>}:season:past`, newest
//! first, each archived once by its id), what `/season past` shows. Both keys carry the
//! chat's hash tag, so a cluster keeps them on the chat's node.

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::cas::{CasOutcome, Versioned};
use super::error::StoreError;
use super::keys::Place;
use super::redis_store::{Retry, Store};

/// The sorted set of chats whose season has something due.
pub const SEASON_DUE: &str = "parxis:season:due";

/// How many finished seasons a chat keeps.
pub const PAST_SEASONS: isize = 20;

/// The key of a chat's season.
#[must_use]
pub fn season_key(chat: i64) -> String {
    format!("{}:season", Place::of_chat(chat).prefix())
}

/// The key of a chat's past seasons (JSON summaries, newest first).
#[must_use]
pub fn past_seasons_key(chat: i64) -> String {
    format!("{}:season:past", Place::of_chat(chat).prefix())
}

impl Store {
    /// A chat's season, if any.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] when it does not decode; [`StoreError::Unavailable`].
    pub async fn load_season<T: DeserializeOwned>(
        &self,
        chat: i64,
    ) -> Result<Option<Versioned<T>>, StoreError> {
        self.load_versioned("load_season", &season_key(chat)).await
    }

    /// Saves a chat's season if its version is still `expected` (0: none yet).
    ///
    /// # Errors
    /// [`StoreError::InvalidArgument`] for a zero TTL, [`StoreError::Encode`],
    /// [`StoreError::Unavailable`].
    pub async fn save_season<T: Serialize>(
        &self,
        chat: i64,
        expected: u64,
        state: &T,
        ttl_secs: u64,
    ) -> Result<CasOutcome, StoreError> {
        self.save_versioned("save_season", &season_key(chat), expected, state, ttl_secs)
            .await
    }

    /// Archives a finished season's summary once per `id` (a retry after a crash adds
    /// nothing), keeping the last [`PAST_SEASONS`]. Returns whether it was added.
    ///
    /// # Errors
    /// [`StoreError::Encode`], [`StoreError::Unavailable`].
    pub async fn archive_season<T: Serialize>(
        &self,
        chat: i64,
        id: &str,
        summary: &T,
    ) -> Result<bool, StoreError> {
        self.push_history_once(
            "archive_season",
            past_seasons_key(chat),
            id,
            summary,
            PAST_SEASONS,
        )
        .await
    }

    /// The chat's past seasons as stored (JSON summaries, newest first).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`].
    pub async fn past_seasons(&self, chat: i64) -> Result<Vec<String>, StoreError> {
        let mut cmd = redis::cmd("LRANGE");
        cmd.arg(past_seasons_key(chat)).arg(0).arg(PAST_SEASONS - 1);
        self.query("past_seasons", Retry::Idempotent, &cmd).await
    }
}
