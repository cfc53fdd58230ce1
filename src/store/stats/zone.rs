//! [`Store::chat_zone`] and [`Store::set_chat_zone`]: the chat's time zone for its weekly
//! table (`/timezone`), under `parxis:{<chat>}:stats:zone`.

use super::super::error::StoreError;
use super::super::keys::StatsScope;
use super::super::redis_store::Retry;
use super::super::redis_store::Store;

/// The key of a chat's time zone (read with the chat's state too, by `load_chat`).
pub(crate) fn zone_key(chat: i64) -> String {
    format!("{}zone", StatsScope::Chat(chat).prefix())
}

impl Store {
    /// The IANA name a chat chose with `/timezone` (`None`: the default).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn chat_zone(&self, chat: i64) -> Result<Option<String>, StoreError> {
        let mut cmd = redis::cmd("GET");
        cmd.arg(zone_key(chat));
        self.query("chat_zone", Retry::Idempotent, &cmd).await
    }

    /// Set a chat's time zone (the caller checks the name).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn set_chat_zone(&self, chat: i64, name: &str) -> Result<(), StoreError> {
        let mut cmd = redis::cmd("SET");
        cmd.arg(zone_key(chat)).arg(name);
        self.query("set_chat_zone", Retry::Idempotent, &cmd).await
    }
}
