//! Moving a chat's lanes ([`Place::in_lane`]) to its new id, as part of
//! [`Store::migrate_chat`]: a group without topics may hold lane games (a tournament round's
//! tables), and when it is upgraded to a supergroup they follow it like its own game.
//!
//! A chat's lanes have no index: they are found by one `SCAN` for the chat's lane game keys
//! (`parxis:{<chat>}:lane:*:game`), run once in a group's life. Each lane then moves on its
//! own, in the same safe-to-repeat steps as the chat's game: copy the record (never over one
//! already there), its due and active entries, then remove it from the old id by
//! compare-and-delete; its ping plan follows ([`Store::move_ping`]). Message ids of the old chat mean nothing in the new one: the old
//! board record and any board owed there are dropped, and the new lane is owed its board at
//! once, so the catch-up writer posts it in the new chat.

use tracing::warn;

use super::error::StoreError;
use super::keys;
use super::keys::Place;
use super::records::{RawRecord, RecordFields};
use super::redis_store::Retry;
use super::redis_store::Store;
use super::scripts::{CAS_DELETE, Call, RESTORE_IF_ABSENT};

/// How many times one lane's move is restarted when its game changes under it.
const ATTEMPTS: usize = 5;

/// Keys asked of Redis per `SCAN` step.
const SCAN_COUNT: usize = 1000;

impl Store {
    /// The lanes of `chat` that hold a game record, in increasing order.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn lanes_of(&self, chat: i64) -> Result<Vec<u16>, StoreError> {
        let head = format!("{}:lane:", Place::of_chat(chat).prefix());
        let pattern = format!("{head}*:game");
        let mut lanes = Vec::new();
        let mut cursor: u64 = 0;
        loop {
            let mut scan = redis::cmd("SCAN");
            scan.arg(cursor)
                .arg("MATCH")
                .arg(&pattern)
                .arg("COUNT")
                .arg(SCAN_COUNT);
            let (next, found): (u64, Vec<String>) =
                self.query("lanes_of", Retry::Idempotent, &scan).await?;
            lanes.extend(found.iter().filter_map(|k| {
                let lane = k.strip_prefix(&head)?.strip_suffix(":game")?;
                // Only what `Place::in_lane` writes: a plain decimal lane number.
                (lane.bytes().all(|b| b.is_ascii_digit()))
                    .then(|| lane.parse::<u16>().ok())
                    .flatten()
                    .filter(|&n| keys::game_at(Place::in_lane(chat, n)) == *k)
            }));
            if next == 0 {
                break;
            }
            cursor = next;
        }
        lanes.sort_unstable();
        lanes.dedup();
        Ok(lanes)
    }

    /// Moves every lane game of chat `old` to the same lane of `new` (see the module docs).
    /// Returns the lanes moved.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] for a malformed lane record (that lane is not moved),
    /// [`StoreError::Contended`] when a lane kept changing, [`StoreError::Unavailable`] when
    /// Redis is down; the lanes not moved yet stay under `old` for the next attempt.
    pub(super) async fn migrate_lanes(&self, old: i64, new: i64) -> Result<Vec<u16>, StoreError> {
        let mut moved = Vec::new();
        for lane in self.lanes_of(old).await? {
            if self
                .move_lane(Place::in_lane(old, lane), Place::in_lane(new, lane))
                .await?
            {
                moved.push(lane);
            }
        }
        Ok(moved)
    }

    async fn move_lane(&self, from: Place, to: Place) -> Result<bool, StoreError> {
        for _ in 0..ATTEMPTS {
            let key = keys::game_at(from);
            let mut pipe = redis::pipe();
            pipe.atomic()
                .cmd("HMGET")
                .arg(&key)
                .arg("version")
                .arg("schema")
                .arg("state")
                .cmd("PTTL")
                .arg(&key);
            let (fields, pttl_ms): (RecordFields, i64) = self
                .query_pipe("migrate_lane", Retry::Idempotent, &pipe)
                .await?;
            let Some(game) = RawRecord::from_fields(&key, fields)? else {
                return Ok(false);
            };
            let mut scores = redis::pipe();
            scores
                .cmd("ZSCORE")
                .arg(keys::deadlines())
                .arg(from.member())
                .cmd("ZSCORE")
                .arg(keys::ACTIVE)
                .arg(from.member());
            let (due, active): (Option<f64>, Option<f64>) = self
                .query_pipe("migrate_lane", Retry::Idempotent, &scores)
                .await?;

            let mut inv = Call::new(&RESTORE_IF_ABSENT);
            inv.key(keys::game_at(to))
                .arg(game.version)
                .arg(game.schema)
                .arg(&game.state)
                .arg(pttl_ms.max(0));
            let written: i64 = self.invoke("migrate_lane", Retry::Idempotent, &inv).await?;

            let mut inv = Call::new(&CAS_DELETE);
            inv.key(&key).arg(game.version);
            let reply: (i64, u64) = self.invoke("migrate_lane", Retry::IfNotSent, &inv).await?;
            if reply.0 != 1 {
                // The old lane's game changed: take back the stale copy (only ours, by its
                // version) and start over from the newer one.
                if written == 1 {
                    let mut undo = Call::new(&CAS_DELETE);
                    undo.key(keys::game_at(to)).arg(game.version);
                    let _: (i64, u64) =
                        self.invoke("migrate_lane", Retry::IfNotSent, &undo).await?;
                }
                warn!(from = %from, to = %to, "lane changed during migration; starting over");
                continue;
            }
            if written == 1 {
                // NX: a game already in the new lane keeps its own entries.
                let mut add = redis::pipe();
                add.cmd("EXISTS").arg(keys::game_at(to));
                if let Some(due) = due {
                    add.cmd("ZADD")
                        .arg(keys::deadlines())
                        .arg("NX")
                        .arg(due)
                        .arg(to.member())
                        .ignore();
                }
                if let Some(until) = active {
                    add.cmd("ZADD")
                        .arg(keys::ACTIVE)
                        .arg("NX")
                        .arg(until)
                        .arg(to.member())
                        .ignore();
                }
                let _: (i64,) = self
                    .query_pipe("migrate_lane", Retry::Idempotent, &add)
                    .await?;
            }
            let mut drop = redis::pipe();
            drop.cmd("ZREM")
                .arg(keys::deadlines())
                .arg(from.member())
                .ignore()
                .cmd("ZREM")
                .arg(keys::ACTIVE)
                .arg(from.member())
                .ignore();
            let () = self
                .query_pipe("migrate_lane", Retry::Idempotent, &drop)
                .await?;
            self.clear_display(from).await?;
            self.move_ping(from, to).await?;
            return Ok(true);
        }
        Err(StoreError::Contended(format!(
            "migrate_chat: lane {from} kept changing"
        )))
    }
}
