//! [`Store::forget_user`]: `/forgetme`.

use super::super::error::StoreError;
use super::super::keys::{self, StatsScope};
use super::super::redis_store::Retry;
use super::super::redis_store::Store;
use super::super::scripts::{Call, STATS_FORGET};
use serde_json::Value;

use crate::stats::{GameRecord, Player};

/// What [`Store::forget_user`] removed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Forgotten {
    /// Chats whose tables held the user.
    pub chats: usize,
    /// History entries (other players' games) where the user's seat became anonymous.
    pub history_entries: usize,
    /// Keys of the user's private chat with the bot removed (its settings, its time zone).
    pub private_keys: usize,
}

impl Store {
    /// Removes a user from every stats table: their aggregates (each chat and global), their
    /// lines in every points, weekly and rating table, and their id and name from the games
    /// in the chats' histories (the seat stays, as [`Player::Forgotten`], so the other
    /// players' records keep their shape), and the settings of their private chat with the
    /// bot (language, display, timer, time zone: the private chat's id is the user's id).
    /// Follows the index of the user's chats, not a key scan. Safe to run again after a
    /// failure: the index goes last. A game the user plays
    /// after this (or one ending while it runs) is recorded as usual: the bot should stop
    /// seating a user who asked to be forgotten, if that is the wish.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down (run it again).
    pub async fn forget_user(&self, user: i64) -> Result<Forgotten, StoreError> {
        let mut cmd = redis::cmd("SMEMBERS");
        cmd.arg(keys::stats_user_chats(user));
        let chats: Vec<i64> = self.query("forget_user", Retry::Idempotent, &cmd).await?;
        let mut report = Forgotten {
            chats: chats.len(),
            ..Forgotten::default()
        };
        for &chat in &chats {
            report.history_entries += self.forget_in_chat(chat, user).await?;
            self.forget_achievements(chat, user).await?;
        }
        self.forget_global_achievements(user).await?;
        self.notify_forget_user(user).await?;
        // The private chat's keys share its hash tag (`{<user>}`): one command.
        let mut del = redis::cmd("DEL");
        del.arg(keys::settings(user))
            .arg(super::zone::zone_key(user));
        let removed: i64 = self.query("forget_user", Retry::Idempotent, &del).await?;
        report.private_keys = usize::try_from(removed).unwrap_or(0);
        // Every global key of the user is in the user's shard: one script.
        let global = StatsScope::Global.of_user(user);
        let mut inv = Call::new(&STATS_FORGET);
        inv.key(global.user(user))
            .key(global.table("points", false))
            .key(global.table("points", true))
            .key(global.table("rating", false))
            .key(global.table("rating", true))
            .key(keys::stats_user_chats(user))
            .arg(user)
            .arg("");
        let _: i64 = self.invoke("forget_user", Retry::Idempotent, &inv).await?;
        Ok(report)
    }

    async fn forget_in_chat(&self, chat: i64, user: i64) -> Result<usize, StoreError> {
        let history = keys::stats_history(chat);
        let mut cmd = redis::cmd("LRANGE");
        cmd.arg(&history).arg(0).arg(-1);
        let entries: Vec<String> = self.query("forget_user", Retry::Idempotent, &cmd).await?;
        let scope = StatsScope::Chat(chat);
        let mut inv = Call::new(&STATS_FORGET);
        inv.key(scope.user(user))
            .key(scope.table("points", false))
            .key(scope.table("points", true))
            .key(scope.table("rating", false))
            .key(scope.table("rating", true))
            .key(&history)
            .arg(user)
            .arg(format!("{}week:", scope.prefix()));
        for entry in &entries {
            if let Some(anonymous) = without(entry, user) {
                inv.arg(entry).arg(anonymous);
            }
        }
        let rewritten: i64 = self.invoke("forget_user", Retry::Idempotent, &inv).await?;
        self.forget_in_replays(chat, user, &entries).await?;
        Ok(usize::try_from(rewritten).unwrap_or(0))
    }

    /// The user's name taken out of the replays of the games they played in `chat` (their
    /// seats then show [`FORGOTTEN_NAME`]); the history `entries` say which games and seats.
    async fn forget_in_replays(
        &self,
        chat: i64,
        user: i64,
        entries: &[String],
    ) -> Result<(), StoreError> {
        let seats: Vec<(String, String)> = entries
            .iter()
            .filter_map(|e| serde_json::from_str::<GameRecord>(e).ok())
            .flat_map(|r| {
                let id = r.id.clone();
                r.seats
                    .into_iter()
                    .filter(|s| s.player.user() == Some(user))
                    .map(move |s| (id.clone(), s.colour))
            })
            .collect();
        if seats.is_empty() {
            return Ok(());
        }
        let key = keys::stats_replays(chat);
        let mut get = redis::pipe();
        for (id, _) in &seats {
            get.cmd("HGET").arg(&key).arg(id);
        }
        let kept: Vec<Option<String>> = self
            .query_pipe("forget_user", Retry::Idempotent, &get)
            .await?;
        let mut set = redis::pipe();
        let mut any = false;
        for ((id, colour), json) in seats.iter().zip(kept) {
            let Some(mut replay) = json.and_then(|j| serde_json::from_str::<Value>(&j).ok()) else {
                continue;
            };
            if let Some(list) = replay["seats"].as_array_mut() {
                for seat in list.iter_mut().filter(|s| s["c"] == colour.as_str()) {
                    seat["n"] = Value::from(FORGOTTEN_NAME);
                }
            }
            set.cmd("HSET").arg(&key).arg(id).arg(replay.to_string());
            any = true;
        }
        if any {
            let _: Vec<i64> = self
                .query_pipe("forget_user", Retry::Idempotent, &set)
                .await?;
        }
        Ok(())
    }
}

/// The name a forgotten player's seat shows in a replay.
pub const FORGOTTEN_NAME: &str = "—";

/// The history entry with `user`'s seat made anonymous, or `None` when they are not in it.
fn without(entry: &str, user: i64) -> Option<String> {
    let mut record: GameRecord = serde_json::from_str(entry).ok()?;
    let mut found = false;
    for seat in &mut record.seats {
        if seat.player.user() == Some(user) {
            seat.player = Player::Forgotten;
            found = true;
        }
    }
    found.then(|| record.to_json())
}
