//! `/notify`: who is told in private when the next game opens at a place, who started the
//! bot in private (so a private message can reach them), and the bot-wide budget of private
//! messages. Keys:
//!
//! | key | type | holds |
//! |---|---|---|
//! | `<place>:notify` | set | users told when the next game opens at the place |
//! | `parxis:{<chat>}:notify:title` | string | the group's title, as the last `/notify` saw it |
//! | `parxis:{notify}:user:<user>` | set | the places ([`Place::member`]) the user listens to: the index that drops them everywhere |
//! | `parxis:{notify}:started` | set | users who started the bot in private |
//! | `parxis:{private}:bucket` | hash | `tokens`, `at`: the bot-wide token bucket of private messages |
//!
//! A place's set and a user's index live in different slots: each is written by its own
//! command (adding to the index first, so a user is never in a set the index does not name).

use super::error::StoreError;
use super::keys::Place;
use super::redis_store::Retry;
use super::redis_store::Store;
use super::scripts::{Call, PRIVATE_TAKE};

/// Telegram's limit for a bot's messages as a whole: about 30 a second.
pub const PRIVATE_PER_SECOND: u32 = 30;
/// The bot-wide bucket's burst: with [`PRIVATE_REFILL_MS`], no second ever holds more than
/// [`PRIVATE_PER_SECOND`] private messages (5 at once, then one every 40 ms: 5 + 25 = 30).
pub const PRIVATE_BURST: u32 = 5;
/// The bot-wide bucket's refill, ms per message.
pub const PRIVATE_REFILL_MS: u64 = 40;
const _: () =
    assert!(PRIVATE_BURST as u64 + 1_000 / PRIVATE_REFILL_MS <= PRIVATE_PER_SECOND as u64);

fn place_set(place: Place) -> String {
    format!("{}:notify", place.prefix())
}

fn user_index(user: i64) -> String {
    format!("parxis:{{notify}}:user:{user}")
}

fn title_key(chat: i64) -> String {
    format!("parxis:{{{chat}}}:notify:title")
}

const STARTED: &str = "parxis:{notify}:started";
const PRIVATE_BUCKET: &str = "parxis:{private}:bucket";

impl Store {
    /// `user` is told when the next game opens at `place` (`title`: the group's, for the
    /// message; `None` keeps the one stored).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn notify_add(
        &self,
        place: Place,
        user: i64,
        title: Option<&str>,
    ) -> Result<(), StoreError> {
        let mut idx = redis::cmd("SADD");
        idx.arg(user_index(user)).arg(place.member());
        let _: i64 = self.query("notify_add", Retry::Idempotent, &idx).await?;
        let mut pipe = redis::pipe();
        pipe.cmd("SADD").arg(place_set(place)).arg(user).ignore();
        if let Some(title) = title {
            pipe.cmd("SET")
                .arg(title_key(place.chat))
                .arg(title)
                .ignore();
        }
        let () = self
            .query_pipe("notify_add", Retry::Idempotent, &pipe)
            .await?;
        Ok(())
    }

    /// Remember the group's title (for the private message a deep link leads to).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn notify_title(&self, chat: i64, title: &str) -> Result<(), StoreError> {
        let mut cmd = redis::cmd("SET");
        cmd.arg(title_key(chat)).arg(title);
        let () = self.query("notify_title", Retry::Idempotent, &cmd).await?;
        Ok(())
    }

    /// `user` is no longer told about `place`. Returns whether they were.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn notify_remove(&self, place: Place, user: i64) -> Result<bool, StoreError> {
        let mut cmd = redis::cmd("SREM");
        cmd.arg(place_set(place)).arg(user);
        let n: i64 = self.query("notify_remove", Retry::Idempotent, &cmd).await?;
        let mut idx = redis::cmd("SREM");
        idx.arg(user_index(user)).arg(place.member());
        let _: i64 = self.query("notify_remove", Retry::Idempotent, &idx).await?;
        Ok(n > 0)
    }

    /// The users told when the next game opens at `place`, and the group's title.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn notify_users(
        &self,
        place: Place,
    ) -> Result<(Vec<i64>, Option<String>), StoreError> {
        let mut pipe = redis::pipe();
        pipe.cmd("SMEMBERS").arg(place_set(place));
        pipe.cmd("GET").arg(title_key(place.chat));
        let (mut users, title): (Vec<i64>, Option<String>) = self
            .query_pipe("notify_users", Retry::Idempotent, &pipe)
            .await?;
        users.sort_unstable();
        Ok((users, title))
    }

    /// `user` dropped from every place's list and from the users who started the bot (they
    /// blocked it, or asked to be forgotten). Returns how many lists they were on.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn notify_forget_user(&self, user: i64) -> Result<usize, StoreError> {
        // Not started first: once off a list, nothing may find the user still writable.
        let mut srem = redis::cmd("SREM");
        srem.arg(STARTED).arg(user);
        let _: i64 = self
            .query("notify_forget", Retry::Idempotent, &srem)
            .await?;
        let mut cmd = redis::cmd("SMEMBERS");
        cmd.arg(user_index(user));
        let places: Vec<String> = self.query("notify_forget", Retry::Idempotent, &cmd).await?;
        let mut pipe = redis::pipe();
        for place in places.iter().filter_map(|m| Place::from_member(m)) {
            pipe.cmd("SREM").arg(place_set(place)).arg(user).ignore();
        }
        pipe.cmd("DEL").arg(user_index(user)).ignore();
        let () = self
            .query_pipe("notify_forget", Retry::Idempotent, &pipe)
            .await?;
        Ok(places.len())
    }

    /// `user` started the bot in private: it may write to them.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn mark_started(&self, user: i64) -> Result<(), StoreError> {
        let mut cmd = redis::cmd("SADD");
        cmd.arg(STARTED).arg(user);
        let _: i64 = self.query("mark_started", Retry::Idempotent, &cmd).await?;
        Ok(())
    }

    /// Did `user` start the bot in private?
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn has_started(&self, user: i64) -> Result<bool, StoreError> {
        let mut cmd = redis::cmd("SISMEMBER");
        cmd.arg(STARTED).arg(user);
        self.query("has_started", Retry::Idempotent, &cmd).await
    }

    /// Take one private message from the bot-wide budget (at most [`PRIVATE_PER_SECOND`]
    /// in any second, shared by every replica): `None` when taken, else the Unix ms when
    /// one is free.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn private_take(&self, now_ms: u64) -> Result<Option<u64>, StoreError> {
        let mut inv = Call::new(&PRIVATE_TAKE);
        inv.key(PRIVATE_BUCKET)
            .arg(now_ms)
            .arg(PRIVATE_BURST)
            .arg(PRIVATE_REFILL_MS);
        let at: u64 = self.invoke("private_take", Retry::IfNotSent, &inv).await?;
        Ok((at > 0).then_some(at))
    }
}
