//! Moving a chat's data to a new chat id (a group upgraded to a supergroup).

use tracing::{info, warn};

use super::cas::SETTINGS_TTL_SECS;
use super::error::StoreError;
use super::keys;
use super::keys::Place;
use super::records::{RawRecord, RecordFields};
use super::redis_store::Retry;
use super::redis_store::Store;
use super::scripts::{CAS_DELETE, Call, DELETE_IF_EQUALS, RESTORE_IF_ABSENT};

/// How many times the move is restarted when the old chat's data changes under it.
const ATTEMPTS: usize = 5;

/// What the old chat holds, read in one transaction (its keys share one slot).
struct Snapshot {
    game: Option<RawRecord>,
    game_pttl_ms: i64,
    settings: Option<String>,
    settings_pttl_ms: i64,
    deadline_ms: Option<f64>,
}

impl Store {
    /// Moves a chat's game, settings, deadline, ping plan ([`Store::move_ping`]), stats
    /// ([`Store::migrate_stats`], moved first) and its lanes' games with their ping plans
    /// ([`Store::lanes_of`]) from chat id `old` to `new`, as
    /// when Telegram upgrades a group to a
    /// supergroup. Returns true when `old` had anything (now removed from it), false when it
    /// had nothing (already migrated, or never used).
    ///
    /// Data already stored under `new` is never overwritten: a game or settings found there
    /// are kept and the old ones dropped. The game keeps its version and remaining TTL. The
    /// two chats' keys lie in different Cluster slots, so this is a sequence of single-slot
    /// steps (copy, then remove from `old` by compare-and-delete) that is safe to repeat after
    /// a failure at any point. Leases are not moved; the old chat's display record (message ids
    /// of the old chat) is dropped.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] when the old game record is malformed (nothing is moved);
    /// [`StoreError::Contended`] when the old chat kept changing; [`StoreError::Unavailable`]
    /// when Redis is down (repeat the call later).
    pub async fn migrate_chat(&self, old: i64, new: i64) -> Result<bool, StoreError> {
        if old == new {
            return Ok(false);
        }
        // The stats first: should they fail, the game stays under `old`, so the next sign of
        // the migration (a 400 on an edit there) moves everything again.
        let stats_moved = self.migrate_stats(old, new).await? > 0;
        // Then the chat's lanes: they follow it (see `migrate_lanes`).
        let lanes = self.migrate_lanes(old, new).await?;
        for _ in 0..ATTEMPTS {
            let snap = self.snapshot(old).await?;
            if snap.game.is_none() && snap.settings.is_none() && snap.deadline_ms.is_none() {
                // The game moved already (or there was none): its ping plan follows, also
                // when an earlier attempt stopped between the two.
                let pings = self
                    .move_ping(Place::of_chat(old), Place::of_chat(new))
                    .await?;
                return Ok(stats_moved || !lanes.is_empty() || pings);
            }
            if self.move_snapshot(old, new, &snap).await? {
                self.move_ping(Place::of_chat(old), Place::of_chat(new))
                    .await?;
                info!(old, new, "migrated chat");
                return Ok(true);
            }
            warn!(old, new, "old chat changed during migration; starting over");
        }
        Err(StoreError::Contended(format!(
            "migrate_chat {old} -> {new}: the old chat kept changing"
        )))
    }

    async fn snapshot(&self, chat: i64) -> Result<Snapshot, StoreError> {
        let game_key = keys::game(chat);
        let settings_key = keys::settings(chat);
        let mut pipe = redis::pipe();
        pipe.atomic()
            .cmd("HMGET")
            .arg(&game_key)
            .arg("version")
            .arg("schema")
            .arg("state")
            .cmd("PTTL")
            .arg(&game_key)
            .cmd("GET")
            .arg(&settings_key)
            .cmd("PTTL")
            .arg(&settings_key);
        let (fields, game_pttl_ms, settings, settings_pttl_ms): (
            RecordFields,
            i64,
            Option<String>,
            i64,
        ) = self
            .query_pipe("migrate_chat", Retry::Idempotent, &pipe)
            .await?;
        let mut zscore = redis::cmd("ZSCORE");
        zscore.arg(keys::deadlines()).arg(chat);
        let deadline_ms: Option<f64> = self
            .query("migrate_chat", Retry::Idempotent, &zscore)
            .await?;
        Ok(Snapshot {
            game: RawRecord::from_fields(&game_key, fields)?,
            game_pttl_ms,
            settings,
            settings_pttl_ms,
            deadline_ms,
        })
    }

    /// Copies `snap` to `new` (never overwriting), then removes it from `old` if `old` still
    /// holds exactly `snap`. Returns false when `old` changed meanwhile.
    async fn move_snapshot(&self, old: i64, new: i64, snap: &Snapshot) -> Result<bool, StoreError> {
        if let Some(game) = &snap.game {
            let mut inv = Call::new(&RESTORE_IF_ABSENT);
            inv.key(keys::game(new))
                .arg(game.version)
                .arg(game.schema)
                .arg(&game.state)
                .arg(snap.game_pttl_ms.max(0));
            let _: i64 = self.invoke("migrate_chat", Retry::Idempotent, &inv).await?;
            if let Some(due) = snap.deadline_ms {
                // NX: a game already under `new` keeps its own deadline.
                let mut zadd = redis::cmd("ZADD");
                zadd.arg(keys::deadlines()).arg("NX").arg(due).arg(new);
                let _: i64 = self.query("migrate_chat", Retry::Idempotent, &zadd).await?;
            }
        }
        if let Some(settings) = &snap.settings {
            let mut set = redis::cmd("SET");
            set.arg(keys::settings(new)).arg(settings).arg("NX");
            if snap.settings_pttl_ms > 0 {
                set.arg("PX").arg(snap.settings_pttl_ms);
            } else {
                set.arg("EX").arg(SETTINGS_TTL_SECS);
            }
            let _: Option<String> = self.query("migrate_chat", Retry::Idempotent, &set).await?;
        }

        if let Some(game) = &snap.game {
            let mut inv = Call::new(&CAS_DELETE);
            inv.key(keys::game(old)).arg(game.version);
            let reply: (i64, u64) = self.invoke("migrate_chat", Retry::IfNotSent, &inv).await?;
            if reply.0 != 1 {
                return Ok(false);
            }
        }
        if let Some(settings) = &snap.settings {
            let mut inv = Call::new(&DELETE_IF_EQUALS);
            inv.key(keys::settings(old)).arg(settings);
            let deleted: i64 = self.invoke("migrate_chat", Retry::Idempotent, &inv).await?;
            if deleted != 1 {
                let mut exists = redis::cmd("EXISTS");
                exists.arg(keys::settings(old));
                let still: i64 = self
                    .query("migrate_chat", Retry::Idempotent, &exists)
                    .await?;
                if still == 1 {
                    return Ok(false);
                }
            }
        }
        self.clear_deadline(old).await?;
        // Message ids of the old chat mean nothing in the new one.
        self.clear_display(old).await?;
        Ok(true)
    }
}
