//! The due sets: one sorted set per kind of work that happens later, each member a place (a
//! chat's own place for the chat-wide kinds), scored by when it is due (Unix ms). The
//! scheduler reads them all in one round trip ([`Store::due_all`]) and fires each due
//! member under a lease; the work itself moves or removes its member.

use tracing::warn;

use super::error::StoreError;
use super::keys::{self, Place};
use super::redis_store::Retry;
use super::redis_store::Store;
use super::season::SEASON_DUE;
use super::tourney::TOURNEY_DUE;

/// A kind of work that is due later, with its own due set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DueKind {
    /// A game's deadline: an automatic or timed-out turn, a time limit (per place).
    Turn,
    /// A chat's planned writes ([`super::outbox`]), drained within its budget (per chat).
    Outbox,
    /// A ping or a ping's delete (per place).
    Ping,
    /// A tournament's calls, Ready deadlines, results and checks (per chat).
    Tourney,
    /// A finished game to record in the stats (per place), retried until recorded.
    Record,
    /// A season's posts, reminders and week ends (per chat).
    Season,
}

impl DueKind {
    /// Every kind, in the order a poll reads them.
    pub const ALL: [Self; 6] = [
        Self::Outbox,
        Self::Turn,
        Self::Ping,
        Self::Tourney,
        Self::Record,
        Self::Season,
    ];

    /// The kind's due set.
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            Self::Turn => keys::DEADLINES,
            Self::Outbox => keys::OUTBOX_DUE,
            Self::Ping => keys::PINGS,
            Self::Tourney => TOURNEY_DUE,
            Self::Record => keys::RECORDS_DUE,
            Self::Season => SEASON_DUE,
        }
    }

    /// The name of the lease a firing of this kind takes on its place.
    #[must_use]
    pub fn lease(self) -> &'static str {
        match self {
            Self::Turn => "turn",
            Self::Outbox => "outbox",
            Self::Ping => "ping",
            Self::Tourney => "tourney",
            Self::Record => "record",
            Self::Season => "season",
        }
    }
}

impl Store {
    /// Up to `limit` due members of every kind at `now_ms`, earliest first within a kind, in
    /// one pipeline. Malformed members are dropped from their set (they would clog it).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn due_all(
        &self,
        now_ms: u64,
        limit: usize,
    ) -> Result<Vec<(DueKind, Place)>, StoreError> {
        let mut pipe = redis::pipe();
        for kind in DueKind::ALL {
            pipe.cmd("ZRANGEBYSCORE")
                .arg(kind.key())
                .arg("-inf")
                .arg(now_ms)
                .arg("LIMIT")
                .arg(0)
                .arg(limit.max(1));
        }
        let lists: Vec<Vec<String>> = self.query_pipe("due_all", Retry::Idempotent, &pipe).await?;
        let mut out = Vec::new();
        for (kind, members) in DueKind::ALL.into_iter().zip(lists) {
            for member in members {
                match Place::from_member(&member) {
                    Some(place) => out.push((kind, place)),
                    None => {
                        warn!(member = %member, set = kind.key(), "dropping a malformed due entry");
                        let mut zrem = redis::cmd("ZREM");
                        zrem.arg(kind.key()).arg(&member);
                        let _: i64 = self.query("due_all", Retry::Idempotent, &zrem).await?;
                    }
                }
            }
        }
        Ok(out)
    }

    /// Sets `place` due for `kind` at `at_ms`, or takes it out (`None`).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn set_due(
        &self,
        kind: DueKind,
        place: Place,
        at_ms: Option<u64>,
    ) -> Result<(), StoreError> {
        let mut cmd;
        if let Some(at) = at_ms {
            cmd = redis::cmd("ZADD");
            cmd.arg(kind.key()).arg(at).arg(place.member());
        } else {
            cmd = redis::cmd("ZREM");
            cmd.arg(kind.key()).arg(place.member());
        }
        let _: i64 = self.query("set_due", Retry::Idempotent, &cmd).await?;
        Ok(())
    }

    /// Makes `place` due for `kind` at `at_ms` unless it is due earlier already.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn due_by(&self, kind: DueKind, place: Place, at_ms: u64) -> Result<(), StoreError> {
        let mut cmd = redis::cmd("ZADD");
        cmd.arg(kind.key()).arg("LT").arg(at_ms).arg(place.member());
        let _: i64 = self.query("due_by", Retry::Idempotent, &cmd).await?;
        Ok(())
    }

    /// When `place` is due for `kind`, if it is.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn due_at(&self, kind: DueKind, place: Place) -> Result<Option<u64>, StoreError> {
        let mut cmd = redis::cmd("ZSCORE");
        cmd.arg(kind.key()).arg(place.member());
        let score: Option<f64> = self.query("due_at", Retry::Idempotent, &cmd).await?;
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        Ok(score.map(|s| s as u64))
    }
}
