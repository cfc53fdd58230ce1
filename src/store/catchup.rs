//! The board a place is owed, and the schedule of catch-up writes.
//!
//! A board write that was refused (429), failed, or held back by the budget
//! ([`super::WriteBudget::Wait`]) is never dropped. The place records that its board is owed
//! ([`Store::owe_board`]: the versions not shown, under the place's own key, not inside the
//! game record) and a catch-up is scheduled in the sorted set [`keys::CATCHUP`], like the turn
//! deadlines: it survives restarts and is shared by all replicas. When it is due, one replica
//! wins [`Store::claim_catchup`] (a lease), loads the game and writes the *latest* board, then
//! calls [`Store::clear_catchup_if`] with the version it wrote: the record goes only if no
//! newer version was owed meanwhile. States that came and went while the place was waiting
//! are so coalesced into one write.
//!
//! Due times are only ever pushed *later* (a later 429 wins): writing before Telegram allows
//! only earns another 429, and firing later loses nothing, since the latest board is written.
//!
//! The record (per chat slot) and the schedule (one global key) live in different Cluster
//! slots, so they are updated in two steps, ordered so that no owed board is left without a
//! schedule: the record is always written before its schedule, and a schedule is removed only
//! after its record is gone, then the record is read again and the schedule put back if it
//! came back meanwhile.

use tracing::warn;

use super::keys::{self, Place};
use super::redis_store::Retry;
use super::scripts::{CLAIM_CATCHUP, CLEAR_OWED_IF, OWE_BOARD, OWE_BOARD_SOON, PUSH_CATCHUP};
use super::{Store, StoreError};

/// How long an owed record lives without being owed again (7 days): a board not caught up
/// by then belongs to an abandoned game.
pub const OWED_TTL_SECS: u64 = 7 * 24 * 3600;

/// The name of the lease [`Store::claim_catchup`] takes on a place.
pub const CATCHUP_LEASE: &str = "catchup";

/// What a place is owed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OwedBoard {
    /// The oldest game version not shown since the board was last written.
    pub since: u64,
    /// The newest version owed: the catch-up must write this version or a later one.
    pub latest: u64,
    /// When the catch-up may write (Unix ms).
    pub due_ms: u64,
}

/// The answer of [`Store::claim_catchup`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[must_use]
pub enum CatchupClaim {
    /// The caller holds the catch-up lease: write the latest board now, then
    /// [`Store::clear_catchup_if`] (or owe it again with a later due time if the write fails)
    /// and [`Store::release_catchup`].
    Write(OwedBoard),
    /// Another replica holds the lease: it is writing this catch-up.
    Busy,
    /// Owed, but not before `due_ms` (the schedule was pushed later; it now says so).
    NotDue {
        /// When the catch-up may write.
        due_ms: u64,
    },
    /// Nothing is owed (already caught up); the place was taken off the schedule.
    Nothing,
}

impl Store {
    /// Records that `place` is owed the board of game `version` and schedules its catch-up
    /// at `due_ms` (Unix ms), or later if a later time was already set. Returns the record as
    /// now stored (`latest` is the newest version ever owed since the last clear).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn owe_board(
        &self,
        place: Place,
        version: u64,
        due_ms: u64,
    ) -> Result<OwedBoard, StoreError> {
        let mut inv = OWE_BOARD.prepare_invoke();
        inv.key(keys::owed(place))
            .arg(version)
            .arg(due_ms)
            .arg(OWED_TTL_SECS * 1000);
        let (since, latest, due_ms): (u64, u64, u64) =
            self.invoke("owe_board", Retry::Idempotent, &inv).await?;
        self.schedule(place, due_ms, "owe_board").await?;
        Ok(OwedBoard {
            since,
            latest,
            due_ms,
        })
    }

    /// Records that `place` is owed the board of `version`, written soon: at `due_ms` when
    /// nothing is owed yet, else with what is owed already, at its due time (which this
    /// never pushes later). Saves that come faster than `due_ms` so share one board write.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn owe_board_soon(
        &self,
        place: Place,
        version: u64,
        due_ms: u64,
    ) -> Result<OwedBoard, StoreError> {
        let mut inv = OWE_BOARD_SOON.prepare_invoke();
        inv.key(keys::owed(place))
            .arg(version)
            .arg(due_ms)
            .arg(OWED_TTL_SECS * 1000);
        let (since, latest, due_ms): (u64, u64, u64) = self
            .invoke("owe_board_soon", Retry::Idempotent, &inv)
            .await?;
        self.schedule(place, due_ms, "owe_board_soon").await?;
        Ok(OwedBoard {
            since,
            latest,
            due_ms,
        })
    }

    /// Pushes the catch-up of `place` to `due_ms` if that is later than the time set (a later
    /// 429 must push it later; an earlier time is ignored). Returns the due time now in force,
    /// or `None` when nothing is owed (then nothing is scheduled).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn schedule_catchup(
        &self,
        place: Place,
        due_ms: u64,
    ) -> Result<Option<u64>, StoreError> {
        let mut inv = PUSH_CATCHUP.prepare_invoke();
        inv.key(keys::owed(place)).arg(due_ms);
        let due: u64 = self
            .invoke("schedule_catchup", Retry::Idempotent, &inv)
            .await?;
        if due == 0 {
            return Ok(None);
        }
        self.schedule(place, due, "schedule_catchup").await?;
        Ok(Some(due))
    }

    /// What `place` is owed, if anything.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn owed_board(&self, place: Place) -> Result<Option<OwedBoard>, StoreError> {
        let mut cmd = redis::cmd("HMGET");
        cmd.arg(keys::owed(place))
            .arg("since")
            .arg("latest")
            .arg("due");
        let fields: (Option<u64>, Option<u64>, Option<u64>) =
            self.query("owed_board", Retry::Idempotent, &cmd).await?;
        Ok(match fields {
            (since, Some(latest), due) => Some(OwedBoard {
                since: since.unwrap_or(latest),
                latest,
                due_ms: due.unwrap_or(0),
            }),
            _ => None,
        })
    }

    /// Up to `limit` places whose catch-up is due at `now_ms`, earliest first. A hint, as
    /// [`Store::due_chats`]: act on one only after winning [`Store::claim_catchup`].
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn due_catchups(&self, now_ms: u64, limit: usize) -> Result<Vec<Place>, StoreError> {
        if limit == 0 {
            return Ok(Vec::new());
        }
        let mut cmd = redis::cmd("ZRANGEBYSCORE");
        cmd.arg(keys::catchup())
            .arg("-inf")
            .arg(now_ms)
            .arg("LIMIT")
            .arg(0)
            .arg(limit);
        let members: Vec<String> = self.query("due_catchups", Retry::Idempotent, &cmd).await?;
        let mut places = Vec::with_capacity(members.len());
        for member in members {
            if let Some(place) = Place::from_member(&member) {
                places.push(place);
            } else {
                warn!(member = %member, "dropping a malformed catch-up entry");
                let mut zrem = redis::cmd("ZREM");
                zrem.arg(keys::catchup()).arg(&member);
                let _: i64 = self.query("due_catchups", Retry::Idempotent, &zrem).await?;
            }
        }
        Ok(places)
    }

    /// Claims the catch-up of `place` at `now_ms` for `owner`, holding its lease for
    /// `lease_ms`: of several replicas claiming the same due catch-up, one gets
    /// [`CatchupClaim::Write`] and the others [`CatchupClaim::Busy`]. Fixes the schedule on the
    /// way: a place with nothing owed is taken off it, one owed later is moved to its time.
    ///
    /// # Errors
    /// [`StoreError::InvalidArgument`] for a zero `lease_ms`; [`StoreError::Unavailable`]
    /// when Redis is down.
    pub async fn claim_catchup(
        &self,
        place: Place,
        owner: &str,
        now_ms: u64,
        lease_ms: u64,
    ) -> Result<CatchupClaim, StoreError> {
        if lease_ms == 0 {
            return Err(StoreError::InvalidArgument(
                "claim_catchup: lease_ms must be > 0".into(),
            ));
        }
        let mut inv = CLAIM_CATCHUP.prepare_invoke();
        inv.key(keys::owed(place))
            .key(keys::lease_at(place, CATCHUP_LEASE))
            .arg(now_ms)
            .arg(owner)
            .arg(lease_ms);
        let reply: Vec<u64> = self.invoke("claim_catchup", Retry::IfNotSent, &inv).await?;
        match reply.as_slice() {
            [0] => {
                self.unschedule(place).await?;
                Ok(CatchupClaim::Nothing)
            }
            [1, due_ms] => {
                self.schedule(place, *due_ms, "claim_catchup").await?;
                Ok(CatchupClaim::NotDue { due_ms: *due_ms })
            }
            [2] => Ok(CatchupClaim::Busy),
            [3, since, latest, due_ms] => Ok(CatchupClaim::Write(OwedBoard {
                since: *since,
                latest: *latest,
                due_ms: *due_ms,
            })),
            other => Err(StoreError::Redis(format!(
                "claim_catchup: unexpected reply {other:?}"
            ))),
        }
    }

    /// Records that the board of game `written_version` was just shown in `place`: what was
    /// owed up to that version is forgotten and the catch-up taken off the schedule. Returns
    /// false, keeping both, when a newer version is owed (a newer owed state is never lost).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn clear_catchup_if(
        &self,
        place: Place,
        written_version: u64,
    ) -> Result<bool, StoreError> {
        let mut inv = CLEAR_OWED_IF.prepare_invoke();
        inv.key(keys::owed(place)).arg(written_version);
        let cleared: i64 = self
            .invoke("clear_catchup_if", Retry::Idempotent, &inv)
            .await?;
        if cleared == 1 {
            self.unschedule(place).await?;
        }
        Ok(cleared == 1)
    }

    /// Releases the catch-up lease of `place` if `owner` holds it.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn release_catchup(&self, place: Place, owner: &str) -> Result<bool, StoreError> {
        self.release_lease_at(place, CATCHUP_LEASE, owner).await
    }

    /// Puts `place` on the schedule at `due_ms`, or keeps a later time already there.
    async fn schedule(
        &self,
        place: Place,
        due_ms: u64,
        op: &'static str,
    ) -> Result<(), StoreError> {
        let mut cmd = redis::cmd("ZADD");
        cmd.arg(keys::catchup())
            .arg("GT")
            .arg(due_ms)
            .arg(place.member());
        let _: i64 = self.query(op, Retry::Idempotent, &cmd).await?;
        Ok(())
    }

    /// Takes `place` off the schedule, then puts it back if it was owed again meanwhile (its
    /// owner wrote the record before scheduling, so either this sees it or its schedule comes
    /// after the removal).
    async fn unschedule(&self, place: Place) -> Result<(), StoreError> {
        let mut zrem = redis::cmd("ZREM");
        zrem.arg(keys::catchup()).arg(place.member());
        let _: i64 = self.query("unschedule", Retry::Idempotent, &zrem).await?;
        let mut hget = redis::cmd("HGET");
        hget.arg(keys::owed(place)).arg("due");
        let due: Option<u64> = self.query("unschedule", Retry::Idempotent, &hget).await?;
        if let Some(due) = due {
            self.schedule(place, due, "unschedule").await?;
        }
        Ok(())
    }
}
