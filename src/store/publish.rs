//! Publishing a message to a channel, as the live board does after a save: sharded pub/sub
//! (`SPUBLISH`, delivered by the node owning the channel's slot) on a Redis Cluster, where a
//! classic `PUBLISH` would be copied to every node; `PUBLISH` elsewhere. A channel named after
//! a place (`parxis:{<chat>}…:live`) lives in its chat's slot.

use super::error::StoreError;
use super::redis_store::{Retry, Store};

impl Store {
    /// Publishes `payload` on `channel`; returns how many subscribers received it (on a
    /// cluster, those of the channel's node). Through the one request path (counted,
    /// bounded, held back while Redis is away), so no connection of its own; sent again only
    /// when it surely never reached Redis.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn publish(&self, channel: &str, payload: &str) -> Result<i64, StoreError> {
        let verb = if self.is_cluster() {
            "SPUBLISH"
        } else {
            "PUBLISH"
        };
        let mut cmd = redis::cmd(verb);
        cmd.arg(channel).arg(payload);
        self.query("publish", Retry::IfNotSent, &cmd).await
    }
}
