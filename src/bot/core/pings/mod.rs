//! When to mention the player whose turn it is (`/pings`), and the one warning before the
//! turn timer plays for them: a pure plan, kept per place in the store beside the game and
//! fired by the driver (see `effects::pings`).
//!
//! - A human's decision point (roll, or choose a move) that waits [`PingTiming::after_ms`]
//!   without them acting gets one ping; every saved action re-arms the wait, so a player who
//!   keeps pressing is never pinged.
//! - At most one ordinary ping per turn (a turn: from the moment the seat to move changes, or
//!   another seat rolls, until it changes again), and at most one warning, sent
//!   [`WARN_BEFORE_SECS`] before the timer plays, when the timer is longer than
//!   [`WARN_MIN_TIMER_SECS`]. An ordinary ping that would come within [`TOGETHER_SECS`] of
//!   the warning (or after it) is left out: the warning replaces it.
//! - A ping message on screen is deleted once the table moves on (the player acted, or the
//!   timer played for them) or when the next ping is sent ([`PingRecord::stale`]).
//! - Computers and absent players are never pinged.

use serde::{Deserialize, Serialize};

use super::table::{Event, Table};
use crate::engine::{Colour, Game, Phase};

/// How long before the timer plays the warning comes, in timer seconds.
pub const WARN_BEFORE_SECS: u64 = 30;
/// Only a turn timer longer than this (seconds) gets a warning.
pub const WARN_MIN_TIMER_SECS: u64 = 45;
/// An ordinary ping due less than this (seconds) before the warning is left to the warning.
pub const TOGETHER_SECS: u64 = 15;
/// At most this many ping messages wait to be deleted (an older one left is harmless).
pub const MAX_STALE: usize = 8;

/// The waits of one place, from its chat's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PingTiming {
    /// How long a decision point waits before the ping, ms; 0 = pings off.
    pub after_ms: u64,
    /// The turn timer, ms; 0 = no timer.
    pub turn_ms: u64,
    /// Milliseconds in one second of the turn timer (1000; tests shorten it).
    pub timer_unit_ms: u64,
}

/// A ping message on screen: its id, and the table `seq` it was sent at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sent {
    pub message_id: i32,
    pub seq: u64,
}

/// What a ping asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PingKind {
    /// "🟡 Anna, your turn — roll the die".
    Roll,
    /// "🟡 Anna, your turn — choose a move".
    Choose,
    /// "⏳ Anna, 30 s — then the computer plays for you".
    Warning,
}

/// A ping to send now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ping {
    pub kind: PingKind,
    /// The player's Telegram id and name, for the mention.
    pub player: i64,
    pub name: String,
    pub seat: Colour,
}

/// The ping plan of one place, as stored (JSON) beside its game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PingRecord {
    /// The game version this plan was made from (0: none yet).
    pub version: u64,
    /// That table's `seq`.
    pub seq: u64,
    /// The seat to move then.
    pub seat: Option<Colour>,
    /// Turns counted so far: a new number whenever a new turn starts.
    pub turn: u64,
    /// The human waited for (none: a computer, an absent player, no game, or pings off).
    pub player: Option<i64>,
    /// When the ordinary ping is due (Unix ms).
    pub ping_due: Option<u64>,
    /// When the warning is due (Unix ms).
    pub warn_due: Option<u64>,
    /// This turn's ordinary ping was sent (or replaced by the warning).
    pub pinged: bool,
    /// This turn's warning was sent.
    pub warned: bool,
    /// The ping message on screen.
    pub sent: Option<Sent>,
    /// Ping messages to delete.
    #[serde(default)]
    pub stale: Vec<i32>,
}

/// Did a new turn start between the table planned in `r` and `t`? The seat to move changed,
/// or the events since (every action's, and the automatic turns chained into it) hold a
/// roll by another seat or the roll-off of a game that starts.
fn new_turn(r: &PingRecord, t: &Table, seat: Option<Colour>) -> bool {
    r.version == 0
        || r.seat != seat
        || t.last().iter().any(|e| match e {
            Event::Rolled { seat: s, .. } => Some(*s) != seat,
            Event::RollOff { .. } => true,
            _ => false,
        })
}

impl PingRecord {
    /// The plan after the table `t` was saved as `version` at `now_ms`; `None` when this
    /// record is already of that version or a later one (an older save's plan comes late).
    #[must_use]
    pub fn plan(&self, t: &Table, version: u64, now_ms: u64, timing: PingTiming) -> Option<Self> {
        if self.version != 0 && version <= self.version {
            return None;
        }
        let mut r = self.clone();
        let seat = t.playing().and_then(Game::turn);
        if new_turn(self, t, seat) {
            r.turn += 1;
            r.pinged = false;
            r.warned = false;
        }
        (r.version, r.seq, r.seat) = (version, t.seq(), seat);
        if let Some(s) = r.sent.filter(|s| s.seq != t.seq()) {
            r.push_stale(s.message_id);
            r.sent = None;
        }
        let human = t.to_move().filter(|p| !p.is_automatic()).map(|p| p.id);
        r.player = human.filter(|_| timing.after_ms > 0);
        r.ping_due = None;
        r.warn_due = None;
        if r.player.is_none() {
            return Some(r);
        }
        let unit = timing.timer_unit_ms;
        if !r.pinged {
            r.ping_due = Some(now_ms.saturating_add(timing.after_ms));
        }
        if !r.warned && timing.turn_ms > WARN_MIN_TIMER_SECS * unit {
            r.warn_due = t
                .deadline_ms()
                .map(|d| d.saturating_sub(WARN_BEFORE_SECS * unit));
        }
        if let (Some(p), Some(w)) = (r.ping_due, r.warn_due)
            && p.saturating_add(TOGETHER_SECS * unit) >= w
        {
            r.ping_due = None;
        }
        Some(r)
    }

    /// A record to plan anew from, for a place whose game was created again (its versions
    /// start again below this record's): only the ping messages to delete are kept.
    #[must_use]
    pub fn restarted(&self) -> Self {
        let mut r = Self {
            stale: self.stale.clone(),
            ..Self::default()
        };
        if let Some(s) = self.sent {
            r.push_stale(s.message_id);
        }
        r
    }

    /// When the driver should look at this place next (the earlier of the two pings).
    #[must_use]
    pub fn due(&self) -> Option<u64> {
        match (self.ping_due, self.warn_due) {
            (Some(p), Some(w)) => Some(p.min(w)),
            (p, w) => p.or(w),
        }
    }

    /// The ping due at `now_ms` for `t` (the table this record was planned from), if any:
    /// the warning when it is due, else the ordinary ping ("roll" or "choose", by the
    /// phase). Only for the human planned for, while they are to move and present.
    #[must_use]
    pub fn ping_now(&self, t: &Table, now_ms: u64) -> Option<Ping> {
        let id = self.player?;
        let p = t.to_move().filter(|p| p.id == id && !p.is_automatic())?;
        let seat = p.colour?;
        let kind = if self.warn_due.is_some_and(|w| w <= now_ms) && !self.warned {
            PingKind::Warning
        } else if self.ping_due.is_some_and(|d| d <= now_ms) && !self.pinged {
            match t.playing().map(Game::phase) {
                Some(Phase::AwaitingRoll(_)) => PingKind::Roll,
                Some(Phase::AwaitingMove { .. } | Phase::AwaitingBonus { .. }) => PingKind::Choose,
                _ => return None,
            }
        } else {
            return None;
        };
        Some(Ping {
            kind,
            player: id,
            name: p.name.clone(),
            seat,
        })
    }

    /// The record once `kind` was sent as message `message_id` (at the planned `seq`): the
    /// ping before it, if still on screen, is to be deleted.
    #[must_use]
    pub fn sent(&self, kind: PingKind, message_id: i32) -> Self {
        let mut r = self.given_up(kind);
        if let Some(old) = r.sent.take() {
            r.push_stale(old.message_id);
        }
        r.sent = Some(Sent {
            message_id,
            seq: self.seq,
        });
        r
    }

    /// The record once `kind` is not to be sent again this turn (sent, or failed for good).
    #[must_use]
    pub fn given_up(&self, kind: PingKind) -> Self {
        let mut r = self.clone();
        r.pinged = true;
        r.ping_due = None;
        if kind == PingKind::Warning {
            r.warned = true;
            r.warn_due = None;
        }
        r
    }

    /// `self` is the latest record, saved while `kind` planned in `planned` was being sent
    /// as `message_id`: the same decision point takes it as sent; a later one (the player
    /// acted meanwhile) has it to delete at once.
    #[must_use]
    pub fn sent_late(&self, planned: &Self, kind: PingKind, message_id: i32) -> Self {
        if self.seq == planned.seq && self.turn == planned.turn {
            let mut r = self.sent(kind, message_id);
            r.sent = Some(Sent {
                message_id,
                seq: planned.seq,
            });
            r
        } else {
            let mut r = self.clone();
            r.push_stale(message_id);
            r
        }
    }

    /// The record without the ping messages in `deleted`.
    #[must_use]
    pub fn without_stale(&self, deleted: &[i32]) -> Self {
        let mut r = self.clone();
        r.stale.retain(|id| !deleted.contains(id));
        r
    }

    /// Adds `id` to the ping messages to delete (the oldest forgotten past [`MAX_STALE`]).
    pub fn push_stale(&mut self, id: i32) {
        if !self.stale.contains(&id) {
            self.stale.push(id);
        }
        if self.stale.len() > MAX_STALE {
            self.stale.remove(0);
        }
    }
}

#[cfg(test)]
mod tests;
