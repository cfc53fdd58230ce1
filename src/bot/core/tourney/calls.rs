//! A table of the round being played, from its call to its start: called at its place,
//! its players' Ready, and its game started, or put off while its place still holds an open
//! game.

use super::{BLOCKED_SECS, CHECK_SECS, Stage, TReject, TablePlay, Tourney, seated_players};
use crate::tournament::TableId;

impl Tourney {
    /// The open tables of the round being played that have no call yet, in bracket order.
    #[must_use]
    pub fn tables_to_call(&self) -> Vec<TableId> {
        let Some(t) = self
            .tournament
            .as_ref()
            .filter(|_| self.stage == Stage::Running)
        else {
            return Vec::new();
        };
        t.open_tables()
            .into_iter()
            .filter(|&at| self.play(at).is_none())
            .collect()
    }

    /// Table `at` is called at the place of topic value `topic` (see [`TablePlay::topic`]);
    /// its players press Ready by `ready_by_ms`.
    pub fn call(&mut self, at: TableId, topic: Option<i32>, ready_by_ms: u64) {
        if self.play(at).is_some() {
            return;
        }
        self.tables.push(TablePlay {
            at,
            topic,
            ready: Vec::new(),
            ready_by_ms,
            started_ms: None,
            call_msg: None,
            retry_ms: None,
            waits: 0,
            ext_msg: None,
        });
        self.bump();
    }

    /// Table `at` is called by this caller, as [`Tourney::call`] does, unless it is not to
    /// be called (any more): another firing called it first, or it is not an open table of
    /// the round being played.
    ///
    /// # Errors
    /// [`TReject::AlreadyCalled`].
    pub fn try_call(
        &mut self,
        at: TableId,
        topic: Option<i32>,
        ready_by_ms: u64,
    ) -> Result<(), TReject> {
        if !self.tables_to_call().contains(&at) {
            return Err(TReject::AlreadyCalled);
        }
        self.call(at, topic, ready_by_ms);
        Ok(())
    }

    /// Table `at`'s call was posted as message `msg`: it becomes the table's board, and its
    /// players have until `ready_by_ms` to press Ready (counted from the call shown, never
    /// sooner than from its record: the calls wait for the chat's write budget).
    pub fn call_shown(&mut self, at: TableId, msg: i32, ready_by_ms: u64) {
        if let Some(p) = self.play_mut(at) {
            p.call_msg = Some(msg);
            if p.started_ms.is_none() {
                p.ready_by_ms = p.ready_by_ms.max(ready_by_ms);
            }
            self.bump();
        }
    }

    /// The people (Telegram ids) who play at table `at`.
    #[must_use]
    pub fn people_at(&self, at: TableId) -> Vec<i64> {
        let Some(t) = &self.tournament else {
            return Vec::new();
        };
        seated_players(t, at)
            .iter()
            .filter_map(|(id, _, _)| (*id > 0).then_some(*id))
            .collect()
    }

    /// `user` is ready at table `at`. Returns whether every person there is ready now.
    ///
    /// # Errors
    /// Not a table being called, `user` does not play there, or its game has started.
    pub fn ready(&mut self, at: TableId, user: i64) -> Result<bool, TReject> {
        let people = self.people_at(at);
        let play = self.play(at).ok_or(TReject::NotRunning)?;
        if play.started_ms.is_some() {
            return Err(TReject::AlreadyStarted);
        }
        if !people.contains(&user) {
            return Err(TReject::NotAtTable);
        }
        let all = {
            let p = self.play_mut(at).ok_or(TReject::NotRunning)?;
            if !p.ready.contains(&user) {
                p.ready.push(user);
            }
            people.iter().all(|id| p.ready.contains(id))
        };
        self.bump();
        Ok(all)
    }

    /// The game at table `at` starts at `now_ms` (R10.5 with the tournament's limit).
    ///
    /// # Errors
    /// The table is not open, or already started.
    pub fn start_table(&mut self, at: TableId, now_ms: u64) -> Result<(), TReject> {
        let limit = self.limit_minutes;
        let play = self.play(at).ok_or(TReject::NotRunning)?;
        if play.started_ms.is_some() {
            return Err(TReject::AlreadyStarted);
        }
        let t = self.tournament.as_mut().ok_or(TReject::NotRunning)?;
        t.start_table(at, limit).map_err(TReject::Core)?;
        if let Some(p) = self.play_mut(at) {
            p.started_ms = Some(now_ms);
        }
        self.bump();
        Ok(())
    }

    /// Table `at` could not start at `now_ms`: its place still holds an open game. It tries
    /// again after [`BLOCKED_SECS`] seconds, doubled at each try up to [`CHECK_SECS`];
    /// meanwhile nothing is due for it ([`Tourney::due`]).
    pub fn start_blocked(&mut self, at: TableId, now_ms: u64) {
        let Some(p) = self.play_mut(at).filter(|p| p.started_ms.is_none()) else {
            return;
        };
        let secs = BLOCKED_SECS
            .saturating_mul(1 << p.waits.min(16))
            .min(CHECK_SECS);
        p.retry_ms = Some(now_ms.saturating_add(secs.saturating_mul(1000)));
        p.waits = p.waits.saturating_add(1);
        self.bump();
    }

    /// The tables whose game is due to start at `now_ms`: not started, past their Ready
    /// deadline, and past the pause of a place that was busy.
    #[must_use]
    pub fn due_to_start(&self, now_ms: u64) -> Vec<TableId> {
        self.tables
            .iter()
            .filter(|p| p.started_ms.is_none() && start_at(p) <= now_ms)
            .map(|p| p.at)
            .collect()
    }
}

/// When table play `p`'s game is to start: its Ready deadline, or later when its place was
/// busy.
pub(super) fn start_at(p: &TablePlay) -> u64 {
    p.ready_by_ms.max(p.retry_ms.unwrap_or(0))
}
