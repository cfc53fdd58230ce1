//! Finished games' replays, kept in the chat's replays hash with the game's history entry
//! ([`Store::record_game_keeping`]), and the animation posted for each (so a later request
//! in the group replies to it instead of uploading it again). Shared by every replica and
//! kept across restarts.

use serde::{Deserialize, Serialize};

use super::error::StoreError;
use super::keys::{self, Place};
use super::redis_store::Retry;
use super::redis_store::Store;
use super::scripts::{Call, REPLAY_POSTED};

/// The animation posted in a group for a game's replay.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PostedAnimation {
    /// The message that shows it.
    #[serde(rename = "m")]
    pub message_id: i32,
    /// Telegram's file id of the animation (to post it again without an upload).
    #[serde(rename = "f", default, skip_serializing_if = "Option::is_none")]
    pub file_id: Option<String>,
}

impl Store {
    /// The id of the last finished game of `place` whose replay is kept (`None`: none yet).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn last_replay_id(&self, place: Place) -> Result<Option<String>, StoreError> {
        let mut cmd = redis::cmd("HGET");
        cmd.arg(keys::stats_replays(place.chat))
            .arg(keys::replay_last_field(place));
        self.query("last_replay_id", Retry::Idempotent, &cmd).await
    }

    /// Game `id`'s replay (JSON) and the animation posted for it, in one round trip.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down; [`StoreError::Corrupt`] for a posted
    /// animation that is not one.
    pub async fn replay(
        &self,
        chat: i64,
        id: &str,
    ) -> Result<(Option<String>, Option<PostedAnimation>), StoreError> {
        let mut cmd = redis::cmd("HMGET");
        cmd.arg(keys::stats_replays(chat))
            .arg(id)
            .arg(keys::replay_anim_field(id));
        let (json, posted): (Option<String>, Option<String>) =
            self.query("replay", Retry::Idempotent, &cmd).await?;
        let posted = posted
            .map(|p| serde_json::from_str(&p))
            .transpose()
            .map_err(|e| StoreError::Corrupt(format!("posted animation of {id}: {e}")))?;
        Ok((json, posted))
    }

    /// Remember the animation posted for game `id` (nothing when its replay is no longer
    /// kept). Returns whether it was written.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn set_posted_animation(
        &self,
        chat: i64,
        id: &str,
        posted: &PostedAnimation,
    ) -> Result<bool, StoreError> {
        let json = serde_json::to_string(posted)
            .map_err(|e| StoreError::InvalidArgument(format!("posted animation: {e}")))?;
        let mut inv = Call::new(&REPLAY_POSTED);
        inv.key(keys::stats_replays(chat))
            .arg(id)
            .arg(keys::replay_anim_field(id))
            .arg(json);
        let n: i64 = self
            .invoke("set_posted_animation", Retry::Idempotent, &inv)
            .await?;
        Ok(n == 1)
    }

    /// Forget the animation posted for game `id` (its message was deleted).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn clear_posted_animation(&self, chat: i64, id: &str) -> Result<(), StoreError> {
        let mut cmd = redis::cmd("HDEL");
        cmd.arg(keys::stats_replays(chat))
            .arg(keys::replay_anim_field(id));
        let _: i64 = self
            .query("clear_posted_animation", Retry::Idempotent, &cmd)
            .await?;
        Ok(())
    }

    /// The ids of the games whose replays `chat` keeps (the hash's other fields, a posted
    /// animation's and a place's last game's, hold a `:`), in no order.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn replay_ids(&self, chat: i64) -> Result<Vec<String>, StoreError> {
        let mut cmd = redis::cmd("HKEYS");
        cmd.arg(keys::stats_replays(chat));
        let fields: Vec<String> = self.query("replay_ids", Retry::Idempotent, &cmd).await?;
        Ok(fields.into_iter().filter(|f| !f.contains(':')).collect())
    }

    /// The replays (JSON) of games `ids` of `chat`, in their order (`None`: not kept), in
    /// one round trip.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn replays_of(
        &self,
        chat: i64,
        ids: &[String],
    ) -> Result<Vec<Option<String>>, StoreError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let mut cmd = redis::cmd("HMGET");
        cmd.arg(keys::stats_replays(chat));
        for id in ids {
            cmd.arg(id);
        }
        self.query("replays_of", Retry::Idempotent, &cmd).await
    }
}
