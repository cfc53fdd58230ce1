//! [`Store::migrate_stats`]: a chat's stats follow it to its new id (a group upgraded to a
//! supergroup), called by [`Store::migrate_chat`].

use redis::Value;
use tracing::info;

use super::super::error::StoreError;
use super::super::keys::{self, StatsScope};
use super::super::redis_store::Retry;
use super::super::redis_store::Store;
use super::super::scripts::{Call, DUMP_RESTORE_IF_ABSENT};

/// Keys asked for per SCAN round.
const SCAN_COUNT: usize = 500;

impl Store {
    /// Moves every stats key of chat `old` (`parxis:{<old>}:stats:*`: the players'
    /// aggregates, the points, weekly and rating tables, the history, the time zone, the
    /// "recorded" markers) to chat `new`, keeping each key's remaining TTL, and points the
    /// global side at `new`: each moved player's index of chats, and the global "recorded"
    /// marker of each game the chat recorded (so a finished game handed over again under
    /// the new id is not counted twice globally). Returns how many keys moved (0: nothing to
    /// move).
    ///
    /// A key already under `new` is never overwritten: it is kept and the old one dropped
    /// (as [`Store::migrate_chat`] treats a game or settings). The old keys are found with
    /// SCAN over the old chat's prefix (a migration happens once in a chat's life; the
    /// per-chat keys have no index of their own). Single-slot steps, copy before delete, so
    /// safe to repeat after a failure at any point. The history entries keep the chat id
    /// they were recorded under.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down (repeat the call later).
    pub async fn migrate_stats(&self, old: i64, new: i64) -> Result<usize, StoreError> {
        if old == new {
            return Ok(0);
        }
        let (from, to) = (
            StatsScope::Chat(old).prefix(),
            StatsScope::Chat(new).prefix(),
        );
        let found = self.scan_prefix(&from).await?;
        if found.is_empty() {
            return Ok(0);
        }
        let mut moved = 0;
        let mut users = Vec::new();
        for key in &found {
            let Some(rest) = key.strip_prefix(&from) else {
                continue;
            };
            let mut pipe = redis::pipe();
            pipe.cmd("DUMP").arg(key).cmd("PTTL").arg(key);
            let (payload, pttl): (Option<Vec<u8>>, i64) = self
                .query_pipe("migrate_stats", Retry::Idempotent, &pipe)
                .await?;
            let Some(payload) = payload else {
                continue; // expired since the scan
            };
            let mut inv = Call::new(&DUMP_RESTORE_IF_ABSENT);
            inv.key(format!("{to}{rest}")).arg(pttl.max(0)).arg(payload);
            let _: i64 = self
                .invoke("migrate_stats", Retry::Idempotent, &inv)
                .await?;
            moved += 1;
            if let Some(game) = rest.strip_prefix("done:") {
                // The game's humans are not known here: every global shard that recorded
                // the game under the old id gets the marker under the new one.
                let mut exists = redis::pipe();
                for k in 0..keys::GLOBAL_SHARDS {
                    exists
                        .cmd("EXISTS")
                        .arg(StatsScope::Shard(k).done(old, game));
                }
                let had: Vec<bool> = self
                    .query_pipe("migrate_stats", Retry::Idempotent, &exists)
                    .await?;
                for (k, _) in (0..keys::GLOBAL_SHARDS).zip(had).filter(|(_, h)| *h) {
                    let mut set = redis::cmd("SET");
                    set.arg(StatsScope::Shard(k).done(new, game))
                        .arg("1")
                        .arg("NX");
                    if pttl > 0 {
                        set.arg("PX").arg(pttl);
                    }
                    let _: Value = self.query("migrate_stats", Retry::Idempotent, &set).await?;
                }
            } else if let Some(user) = rest.strip_prefix("user:").and_then(|u| u.parse().ok()) {
                let mut sadd = redis::cmd("SADD");
                sadd.arg(keys::stats_user_chats(user)).arg(new);
                let _: i64 = self
                    .query("migrate_stats", Retry::Idempotent, &sadd)
                    .await?;
                users.push(user);
            }
        }
        // Everything is copied: now the old keys go (one slot: one command), then the old
        // chat leaves the players' indexes.
        let mut del = redis::cmd("DEL");
        for key in &found {
            del.arg(key);
        }
        let _: i64 = self.query("migrate_stats", Retry::Idempotent, &del).await?;
        for user in users {
            let mut srem = redis::cmd("SREM");
            srem.arg(keys::stats_user_chats(user)).arg(old);
            let _: i64 = self
                .query("migrate_stats", Retry::Idempotent, &srem)
                .await?;
        }
        info!(old, new, keys = moved, "migrated the chat's stats");
        Ok(moved)
    }

    /// Every key starting with `prefix` (which holds no glob characters: a stats prefix is
    /// letters, digits, `-`, `:` and braces).
    pub(in crate::store) async fn scan_prefix(
        &self,
        prefix: &str,
    ) -> Result<Vec<String>, StoreError> {
        let pattern = format!("{prefix}*");
        let mut cursor: u64 = 0;
        let mut found = Vec::new();
        loop {
            let mut scan = redis::cmd("SCAN");
            scan.arg(cursor)
                .arg("MATCH")
                .arg(&pattern)
                .arg("COUNT")
                .arg(SCAN_COUNT);
            let (next, batch): (u64, Vec<String>) = self
                .query("migrate_stats", Retry::Idempotent, &scan)
                .await?;
            found.extend(batch);
            cursor = next;
            if cursor == 0 {
                break;
            }
        }
        // SCAN may return a key more than once.
        found.sort();
        found.dedup();
        Ok(found)
    }
}
