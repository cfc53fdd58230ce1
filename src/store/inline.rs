//! Inline games' records: which inline message an inline place edits, and which chat a
//! callback's `chat_instance` stands for, and the guest queries taken to be answered.

use super::error::StoreError;
use super::keys::{self, Place};
use super::redis_store::Retry;
use super::redis_store::Store;

/// How long a learned `chat_instance` is kept (refreshed by every press that carries its
/// message).
pub const INSTANCE_TTL_SECS: u64 = 30 * 24 * 3600;

/// How long a guest query is remembered as taken: longer than Telegram keeps an update it
/// could deliver again (24 hours).
pub const GUEST_QUERY_TTL_SECS: u64 = 2 * 24 * 3600;

/// What is kept of an inline place's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InlineMessage {
    /// Its inline message id.
    pub id: String,
    /// Does it show a photo (a picture board was put on it)? Its text boards are then its
    /// caption.
    pub photo: bool,
}

impl Store {
    /// Takes guest query `query_id` to be answered: true the first time (by any replica, for
    /// any delivery of its update), false after.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn take_guest_query(&self, query_id: &str) -> Result<bool, StoreError> {
        let mut cmd = redis::cmd("SET");
        cmd.arg(keys::guest_query(query_id))
            .arg(1)
            .arg("NX")
            .arg("EX")
            .arg(GUEST_QUERY_TTL_SECS);
        let set: Option<String> = self
            .query("take_guest_query", Retry::IfNotSent, &cmd)
            .await?;
        Ok(set.is_some())
    }

    /// Records that `place` (an inline place) is the inline message `id`, for `ttl_secs`.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn set_inline_id(
        &self,
        place: Place,
        id: &str,
        ttl_secs: u64,
    ) -> Result<(), StoreError> {
        let mut cmd = redis::cmd("SET");
        cmd.arg(keys::inline_msg(place))
            .arg(id)
            .arg("EX")
            .arg(ttl_secs.max(1));
        let _: String = self.query("set_inline_id", Retry::Idempotent, &cmd).await?;
        Ok(())
    }

    /// The inline message id of an inline place, if recorded.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn inline_id(&self, place: Place) -> Result<Option<String>, StoreError> {
        let mut cmd = redis::cmd("GET");
        cmd.arg(keys::inline_msg(place));
        self.query("inline_id", Retry::Idempotent, &cmd).await
    }

    /// The inline message of an inline place, if recorded, and whether it shows a photo (one
    /// round trip: both keys carry the place's hash tag).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn inline_message(&self, place: Place) -> Result<Option<InlineMessage>, StoreError> {
        let mut cmd = redis::cmd("MGET");
        cmd.arg(keys::inline_msg(place))
            .arg(keys::inline_photo(place));
        let (id, photo): (Option<String>, Option<String>) = self
            .query("inline_message", Retry::Idempotent, &cmd)
            .await?;
        Ok(id.map(|id| InlineMessage {
            id,
            photo: photo.is_some(),
        }))
    }

    /// Records whether the inline message of `place` shows a photo, for `ttl_secs`.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn set_inline_photo(
        &self,
        place: Place,
        photo: bool,
        ttl_secs: u64,
    ) -> Result<(), StoreError> {
        let cmd = if photo {
            let mut c = redis::cmd("SET");
            c.arg(keys::inline_photo(place))
                .arg(1)
                .arg("EX")
                .arg(ttl_secs.max(1));
            c
        } else {
            let mut c = redis::cmd("DEL");
            c.arg(keys::inline_photo(place));
            c
        };
        let _: redis::Value = self
            .query("set_inline_photo", Retry::Idempotent, &cmd)
            .await?;
        Ok(())
    }

    /// Records that callbacks with `instance` come from `chat`.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn set_chat_instance(&self, instance: &str, chat: i64) -> Result<(), StoreError> {
        let mut cmd = redis::cmd("SET");
        cmd.arg(keys::chat_instance(instance))
            .arg(chat)
            .arg("EX")
            .arg(INSTANCE_TTL_SECS);
        let _: String = self
            .query("set_chat_instance", Retry::Idempotent, &cmd)
            .await?;
        Ok(())
    }

    /// The chat `instance` stands for, if learned.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn chat_of_instance(&self, instance: &str) -> Result<Option<i64>, StoreError> {
        let mut cmd = redis::cmd("GET");
        cmd.arg(keys::chat_instance(instance));
        self.query("chat_of_instance", Retry::Idempotent, &cmd)
            .await
    }
}
