//! A chat's tournament as the bot keeps it (R10 around the pure [`Tournament`]): the
//! sign-up, the draw, each table's place and its players' Ready, and the results going
//! into the bracket. Pure: the clock and the dice come in as arguments.
//!
//! One record per chat (stored by compare-and-set). Its life: [`Stage::SignUp`] (Join /
//! Leave) → [`Stage::Running`] (the draw is made; each open table of the round being
//! played gets a [`TablePlay`]: a place, a Ready call and, once started, an ordinary game
//! of the bot) → [`Stage::Finished`] (a champion) or [`Stage::Cancelled`].
//!
//! Decisions where the rules are silent:
//! - a table's game starts when every person seated at it pressed Ready, or at
//!   [`READY_SECS`] after its call; whoever did not press is marked absent, so the computer
//!   plays for them (they come back with any press, as in every game);
//! - the tables of a round play at once: in a forum each table gets a topic of its own, in a
//!   group without topics each table is a *lane* of the group (lane = the table's number in
//!   its round), with its own board message and buttons;
//! - a game cancelled at its table (`/cancel` there) leaves the table open: the host advances
//!   it by hand (`/tournament advance`).

mod args;
mod buttons;
mod calls;
mod ext;
mod outcome;
mod pairs;
mod signup;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_pairs;

use serde::{Deserialize, Serialize};

use crate::engine::{Dice, Preset};
use crate::tournament::{Outcome, Side, TableId, Tournament, TournamentError};

pub use args::{TourneyArgs, TourneyCmd, parse_tourney};
pub use buttons::InviteMsg;
pub use outcome::{Seat, outcome_of, seated_players, seats_of};
pub use pairs::{Pairing, Partners};
pub use signup::MIN_ENTRANTS;

/// Seconds (of the turn timer's clock: tests shorten it) a table waits for its players'
/// Ready before its game starts anyway.
pub const READY_SECS: u64 = 90;
/// Seconds between two checks of a table being played (a finished game whose result did not
/// reach the bracket, e.g. after a crash, is applied then).
pub const CHECK_SECS: u64 = 20;
/// Seconds before a table whose place still holds an open game tries to start again; the
/// pause doubles with each try, up to [`CHECK_SECS`].
pub const BLOCKED_SECS: u64 = 5;
/// The most entrants a sign-up takes.
pub const MAX_SIGNUP: usize = crate::tournament::MAX_ENTRANTS;

/// Where the tournament is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Stage {
    SignUp,
    Running,
    Finished,
    Cancelled,
}

/// Someone signed up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignedUp {
    pub id: i64,
    pub name: String,
}

/// A table of the round being played, as the chat sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TablePlay {
    pub at: TableId,
    /// The place its game lives in, as the store keeps it ([`crate::store::Place::topic`]):
    /// a forum topic (> 0), a lane of the group (< 0), or `None` for the group itself.
    pub topic: Option<i32>,
    /// The people who pressed Ready.
    #[serde(default)]
    pub ready: Vec<i64>,
    /// When the game starts even if not everyone is ready (Unix ms).
    pub ready_by_ms: u64,
    /// When its game started (Unix ms), once it has.
    #[serde(default)]
    pub started_ms: Option<u64>,
    /// The message with the Ready button.
    #[serde(default)]
    pub call_msg: Option<i32>,
    /// The table's place still held an open game when its game was to start: the start is
    /// tried again at this time (Unix ms), not at every firing ([`Tourney::start_blocked`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_ms: Option<u64>,
    /// How many starts that place has put off so far (the pause doubles each time).
    #[serde(default)]
    pub waits: u32,
    /// R10.5 The message with the extension buttons (a timed table's), while they apply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ext_msg: Option<i32>,
}

/// Why a tournament action is refused (each has its text in every locale).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TReject {
    NoTourney,
    AlreadyOpen,
    NotSignUp,
    AlreadyIn,
    NotIn,
    Full,
    NeedTwo,
    NotHost,
    NotRunning,
    NotAtTable,
    AlreadyStarted,
    /// The table has been called already (by another firing): never shown.
    AlreadyCalled,
    /// R10.5 The table's time limit has run out.
    TimeUp,
    /// No such partner invitation (or one to oneself).
    NotInvited,
    /// That person already has a partner.
    AlreadyPaired,
    /// A partner asked for in a tournament of single players.
    NotPairs,
    /// A pairs draw with fewer than 2 pairs.
    NeedTwoPairs,
    Core(TournamentError),
}

/// One chat's tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tourney {
    /// Bumped by every change: buttons carry it.
    /// Names this tournament among the chat's (its posts' ids start with it): set when it
    /// opens (0 in records stored before).
    #[serde(default)]
    pub id: u64,
    pub seq: u64,
    pub host: i64,
    pub preset: Preset,
    pub pairs: bool,
    /// Seats per table (2 or 4).
    pub table_size: u8,
    /// R6.3 The time limit of every table, minutes.
    #[serde(default)]
    pub limit_minutes: Option<u16>,
    /// The forum topic it was opened in (its announcements go there; `None`: the group).
    #[serde(default)]
    pub home_topic: Option<i32>,
    /// The group has forum topics: each table gets one.
    #[serde(default)]
    pub forum: bool,
    pub stage: Stage,
    #[serde(default)]
    pub signup: Vec<SignedUp>,
    #[serde(default)]
    pub signup_msg: Option<i32>,
    /// A pairs sign-up: the partners made by invitation and confirmation.
    #[serde(default)]
    pub partners: Vec<Partners>,
    /// A pairs sign-up: the invitations waiting for the partner (inviter, invited).
    #[serde(default)]
    pub invites: Vec<Partners>,
    #[serde(default)]
    pub tournament: Option<Tournament>,
    #[serde(default)]
    pub tables: Vec<TablePlay>,
    /// Tables decided whose result and bracket are not posted yet (posted by the next
    /// firing, each message once: see `effects::tourney::results`).
    #[serde(default)]
    pub unposted: Vec<TableId>,
    /// A pairs sign-up: the message of each waiting invitation (its Confirm button).
    #[serde(default)]
    pub invite_msgs: Vec<InviteMsg>,
    /// Messages whose buttons no longer apply (an invitation replaced or closed, the
    /// extension buttons of a decided table), to be taken off by the next firing.
    #[serde(default)]
    pub stale_msgs: Vec<i32>,
}

impl Tourney {
    /// A sign-up opened by `host` (signed up first).
    #[must_use]
    pub fn open(host: &SignedUp, args: TourneyArgs, home_topic: Option<i32>, forum: bool) -> Self {
        Self {
            id: 0,
            seq: 1,
            host: host.id,
            preset: args.preset,
            pairs: args.pairs,
            table_size: args.table_size,
            limit_minutes: args.limit_minutes,
            home_topic,
            forum,
            stage: Stage::SignUp,
            signup: vec![host.clone()],
            signup_msg: None,
            partners: Vec::new(),
            invites: Vec::new(),
            tournament: None,
            tables: Vec::new(),
            unposted: Vec::new(),
            invite_msgs: Vec::new(),
            stale_msgs: Vec::new(),
        }
    }

    /// Still going (sign-up or rounds being played).
    #[must_use]
    pub fn is_open(&self) -> bool {
        matches!(self.stage, Stage::SignUp | Stage::Running)
    }

    /// The id its posts carry: [`Tourney::id`], or for a record stored before ids, its
    /// draw's seed.
    #[must_use]
    pub fn post_key(&self) -> u64 {
        if self.id != 0 {
            return self.id;
        }
        self.tournament.as_ref().map_or(0, Tournament::seed)
    }

    /// Every change: a new `seq`, and the buttons that stopped applying marked stale.
    fn bump(&mut self) {
        self.seq += 1;
        self.settle_buttons();
    }

    /// The play of table `at`, if it has been called.
    #[must_use]
    pub fn play(&self, at: TableId) -> Option<&TablePlay> {
        self.tables.iter().find(|p| p.at == at)
    }

    fn play_mut(&mut self, at: TableId) -> Option<&mut TablePlay> {
        self.tables.iter_mut().find(|p| p.at == at)
    }

    /// The table whose game lives at the place of topic value `topic` (see
    /// [`TablePlay::topic`]), among the tables still open.
    #[must_use]
    pub fn table_at_place(&self, topic: Option<i32>) -> Option<TableId> {
        let t = self.tournament.as_ref()?;
        self.tables
            .iter()
            .filter(|p| p.topic == topic && p.started_ms.is_some())
            .filter(|p| {
                t.table(p.at)
                    .is_some_and(crate::tournament::TableSlot::is_open)
            })
            .map(|p| p.at)
            .next_back()
    }

    /// R10.3 The game at table `at` ended with `outcome` (a draw rolls off with `dice`); the
    /// tournament is finished when that made a champion.
    ///
    /// # Errors
    /// The table is not open in the round being played.
    pub fn table_finished(
        &mut self,
        at: TableId,
        outcome: Outcome,
        dice: &mut impl Dice,
    ) -> Result<(), TReject> {
        let t = self.tournament.as_mut().ok_or(TReject::NotRunning)?;
        t.table_finished(at, outcome, dice).map_err(TReject::Core)?;
        self.unposted.push(at);
        if t.champion().is_some() {
            self.stage = Stage::Finished;
        }
        self.bump();
        Ok(())
    }

    /// The host advances side `winner` (its number in the draw order, 1-based) of table `at`
    /// by hand.
    ///
    /// # Errors
    /// As [`Tournament::advance_by_hand`].
    pub fn advance(&mut self, at: TableId, winner: Side, reason: &str) -> Result<(), TReject> {
        let t = self.tournament.as_mut().ok_or(TReject::NotRunning)?;
        t.advance_by_hand(at, winner, reason)
            .map_err(TReject::Core)?;
        self.unposted.push(at);
        if t.champion().is_some() {
            self.stage = Stage::Finished;
        }
        self.bump();
        Ok(())
    }

    /// Table `at`'s result was posted.
    pub fn posted(&mut self, at: TableId) {
        self.unposted.retain(|&x| x != at);
        self.bump();
    }

    /// The host has a computer play for the `n`-th entrant of the draw (1-based) from now on
    /// (at the tables still to start). Returns the entrant's name.
    ///
    /// # Errors
    /// No such entrant, or it is out or the tournament over.
    pub fn replace(&mut self, n: u16) -> Result<String, TReject> {
        let t = self.tournament.as_mut().ok_or(TReject::NotRunning)?;
        let side = *t
            .draw_order()
            .get(usize::from(n).saturating_sub(1))
            .filter(|_| n >= 1)
            .ok_or(TReject::NotIn)?;
        t.replace_entrant(side, 0, crate::ai::Level::Normal)
            .map_err(TReject::Core)?;
        let name = t.entrant(side).map(|e| e.name.clone()).unwrap_or_default();
        self.bump();
        Ok(name)
    }

    /// The host calls the tournament off.
    ///
    /// # Errors
    /// It is already over.
    pub fn cancel(&mut self) -> Result<(), TReject> {
        if !self.is_open() {
            return Err(TReject::NoTourney);
        }
        self.stage = Stage::Cancelled;
        self.bump();
        Ok(())
    }

    /// When a table's time limit ends (Unix ms, with `minute_ms` ms a minute), for a table
    /// being played with one.
    #[must_use]
    pub fn limit_at(&self, at: TableId, minute_ms: u64) -> Option<u64> {
        let slot = self.tournament.as_ref()?.table(at)?;
        let started = self.play(at)?.started_ms?;
        let minutes = u64::from(slot.limit_minutes?) + u64::from(slot.extra_minutes);
        Some(started + minutes * minute_ms)
    }

    /// The next time something is due: now when results are to be posted, buttons taken off
    /// or tables called; a call's Ready deadline (later when its place was busy), a time
    /// limit, or the next check of a table being played (`check_ms` from `now_ms`).
    #[must_use]
    pub fn due(&self, now_ms: u64, minute_ms: u64, check_ms: u64) -> Option<u64> {
        if !self.unposted.is_empty() || !self.stale_msgs.is_empty() {
            return Some(now_ms);
        }
        if self.stage != Stage::Running {
            return None;
        }
        if !self.tables_to_call().is_empty() {
            return Some(now_ms);
        }
        let t = self.tournament.as_ref()?;
        self.tables
            .iter()
            .filter(|p| {
                t.table(p.at)
                    .is_some_and(crate::tournament::TableSlot::is_open)
            })
            .map(|p| match p.started_ms {
                None => calls::start_at(p),
                Some(_) => {
                    let check = now_ms + check_ms;
                    self.limit_at(p.at, minute_ms)
                        .map_or(check, |l| l.min(check))
                }
            })
            .min()
    }
}
