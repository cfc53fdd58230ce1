//! [`Store::migrate_global_stats`]: the global stats of the layout before the split (every
//! key tagged `{stats}`, one slot) moved into the shards (`{stats:<k>}`, see
//! [`super::keys`]). Run by the bot at start-up, before it records any game, and safe to
//! run again at any point.
//!
//! Every old key is found by `SCAN MATCH parxis:{stats}:*`: one hash tag, so on a cluster
//! the scan goes to the one primary that holds that slot (`conn.rs`), which is the node
//! where all the old global data lives. Each key is then moved on its own, copy before
//! delete, and each copy is idempotent:
//!
//! - a player's aggregate (`user:<u>`): restored from its `DUMP` into the user's shard
//!   unless a hash is already there (an earlier, interrupted run copied it);
//! - a player's index of chats (`chats:<u>`) and achievements (`ach:user:<u>`): added to
//!   the shard's set (a union: nothing there is lost);
//! - the tables (`points`, `rating` and their `:new` sets): each member added to its
//!   user's shard's set unless it is already there (`ZADD NX`), page by page;
//! - the "recorded" markers (`done:<chat>:<game>`): the game's humans are not known, so
//!   the marker is set in every shard (`SET NX`, the same remaining TTL): a record handed
//!   over again after the move is not counted twice.
//!
//! The old key is deleted only once its copy is written, so an interrupted run leaves
//! every old key either still in place (copied again next time, changing nothing) or gone
//! with its copy in place.

use tracing::info;

use super::error::StoreError;
use super::keys::{self, GLOBAL_SHARDS, StatsScope};
use super::redis_store::Retry;
use super::redis_store::Store;
use super::scripts::{Call, DUMP_RESTORE_IF_ABSENT};

/// Keys (and sorted set members) asked of Redis per step.
const SCAN_COUNT: usize = 500;

/// What one run of [`Store::migrate_global_stats`] moved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GlobalMigration {
    /// Old keys moved (and deleted).
    pub keys: usize,
    /// Table lines among them (members of the old sorted sets).
    pub lines: usize,
    /// Old keys of a kind the split does not know, left in place.
    pub unknown: usize,
}

impl Store {
    /// Moves the global stats of the single-slot layout into the shards (see the module
    /// docs). Returns what moved: nothing on a second run.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down (run it again: it resumes).
    pub async fn migrate_global_stats(&self) -> Result<GlobalMigration, StoreError> {
        let prefix = StatsScope::Global.prefix();
        // One hash tag: on a cluster the scan goes to the node of the old slot.
        let mut found = self.scan_prefix(&prefix).await?;
        // (SCAN may return a key twice.)
        found.sort_unstable();
        found.dedup();
        let mut report = GlobalMigration::default();
        for key in &found {
            let Some(rest) = key.strip_prefix(&prefix) else {
                continue;
            };
            let moved = if let Some(user) = user_of(rest, "user:") {
                self.move_hash(key, &StatsScope::Global.user(user)).await?
            } else if let Some(user) = user_of(rest, "chats:") {
                self.move_set(key, &keys::stats_user_chats(user)).await?
            } else if let Some(user) = user_of(rest, "ach:user:") {
                self.move_set(key, &keys::achievements_anywhere(user))
                    .await?
            } else if matches!(rest, "points" | "points:new" | "rating" | "rating:new") {
                let lines = self.move_table(key, rest).await?;
                report.lines += lines;
                true
            } else if let Some(marker) = rest.strip_prefix("done:") {
                self.move_marker(key, marker).await?
            } else {
                report.unknown += 1;
                false
            };
            if moved {
                let mut del = redis::cmd("DEL");
                del.arg(key);
                let _: i64 = self
                    .query("migrate_global", Retry::Idempotent, &del)
                    .await?;
                report.keys += 1;
            }
        }
        if report != GlobalMigration::default() {
            info!(
                keys = report.keys,
                lines = report.lines,
                unknown = report.unknown,
                "moved the global stats into their shards"
            );
        }
        Ok(report)
    }

    /// A hash copied from its `DUMP` unless `to` exists. False when `from` is gone.
    async fn move_hash(&self, from: &str, to: &str) -> Result<bool, StoreError> {
        let mut pipe = redis::pipe();
        pipe.cmd("DUMP").arg(from).cmd("PTTL").arg(from);
        let (payload, pttl): (Option<Vec<u8>>, i64) = self
            .query_pipe("migrate_global", Retry::Idempotent, &pipe)
            .await?;
        let Some(payload) = payload else {
            return Ok(false);
        };
        let mut inv = Call::new(&DUMP_RESTORE_IF_ABSENT);
        inv.key(to).arg(pttl.max(0)).arg(payload);
        let _: i64 = self
            .invoke("migrate_global", Retry::Idempotent, &inv)
            .await?;
        Ok(true)
    }

    /// A set's members added to `to`. False when `from` is gone.
    async fn move_set(&self, from: &str, to: &str) -> Result<bool, StoreError> {
        let mut cmd = redis::cmd("SMEMBERS");
        cmd.arg(from);
        let members: Vec<String> = self
            .query("migrate_global", Retry::Idempotent, &cmd)
            .await?;
        if members.is_empty() {
            return Ok(false); // gone (Redis keeps no empty set)
        }
        let mut sadd = redis::cmd("SADD");
        sadd.arg(to).arg(&members);
        let _: i64 = self
            .query("migrate_global", Retry::Idempotent, &sadd)
            .await?;
        Ok(true)
    }

    /// A table's members, each added to its user's shard's table `name` unless already
    /// there. Returns how many lines were read.
    async fn move_table(&self, from: &str, name: &str) -> Result<usize, StoreError> {
        let (table, apart) = match name.strip_suffix(":new") {
            Some(table) => (table, true),
            None => (name, false),
        };
        let mut cursor: u64 = 0;
        let mut lines = 0;
        loop {
            let mut scan = redis::cmd("ZSCAN");
            scan.arg(from).arg(cursor).arg("COUNT").arg(SCAN_COUNT);
            let (next, flat): (u64, Vec<String>) = self
                .query("migrate_global", Retry::Idempotent, &scan)
                .await?;
            let mut pipe = redis::pipe();
            let mut page = 0;
            for pair in flat.chunks_exact(2) {
                let Ok(user) = pair[0].parse::<i64>() else {
                    continue;
                };
                pipe.cmd("ZADD")
                    .arg(StatsScope::Global.of_user(user).table(table, apart))
                    .arg("NX")
                    .arg(&pair[1])
                    .arg(&pair[0])
                    .ignore();
                page += 1;
            }
            lines += page;
            if page > 0 {
                let () = self
                    .query_pipe("migrate_global", Retry::Idempotent, &pipe)
                    .await?;
            }
            if next == 0 {
                break;
            }
            cursor = next;
        }
        Ok(lines)
    }

    /// A "recorded" marker (`<chat>:<game>`) set in every shard with its remaining TTL.
    async fn move_marker(&self, from: &str, marker: &str) -> Result<bool, StoreError> {
        let Some((chat, game)) = marker.split_once(':') else {
            return Ok(false);
        };
        let Ok(chat) = chat.parse::<i64>() else {
            return Ok(false);
        };
        let mut cmd = redis::cmd("PTTL");
        cmd.arg(from);
        let pttl: i64 = self
            .query("migrate_global", Retry::Idempotent, &cmd)
            .await?;
        if pttl == -2 {
            return Ok(false); // expired meanwhile
        }
        let mut pipe = redis::pipe();
        for k in 0..GLOBAL_SHARDS {
            pipe.cmd("SET")
                .arg(StatsScope::Shard(k).done(chat, game))
                .arg("1")
                .arg("NX");
            if pttl > 0 {
                pipe.arg("PX").arg(pttl);
            }
            pipe.ignore();
        }
        let () = self
            .query_pipe("migrate_global", Retry::Idempotent, &pipe)
            .await?;
        Ok(true)
    }
}

/// The user id after `head` in an old key's rest (`user:42` → 42).
fn user_of(rest: &str, head: &str) -> Option<i64> {
    let id = rest.strip_prefix(head)?;
    let user: i64 = id.parse().ok()?;
    // Only what the old layout wrote: the id in plain decimal.
    (user.to_string() == id).then_some(user)
}
