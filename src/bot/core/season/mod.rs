//! A chat's season as the bot keeps it, around the pure [`Season`]: who runs it, where it
//! was opened, when each week ends, each week's tables' places (a forum topic or a lane of
//! the group) and their games, the games already counted, and the posts still owed. Pure:
//! the clock, the week ends (the chat's evenings) and the draw's seeds come in as arguments.
//!
//! One record per chat (stored by compare-and-set). Its life: sign-up (Join / Leave) →
//! weeks (a league's tables drawn each week, each with its lobby; the players press ✋ and
//! the game starts when all are there; a plain season counts every game of its members) →
//! over (a champion, the season archived) or cancelled.
//!
//! Decisions where the rules are silent (docs/RULES.md, "Seasons and leagues"):
//! - a week ends at the 20:00 (in the chat's time zone) nearest to seven days after the
//!   previous end (the first: after the start), so its recap, its reminder (two days before) and the next
//!   week's tables come in the evening, never at night;
//! - a table's game still being played when its week ends ends there as at a time limit
//!   (R6.3) and counts with that result;
//! - a plain season counts the finished games of its rule set with two or more of its
//!   members.

mod args;
#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

pub use args::{DEFAULT_TABLE, DEFAULT_WEEKS, SeasonCmd, parse_season};

use crate::season::{Fixture, LeagueError, Phase, Season, Settings};
use crate::stats::points::Points;

/// A week, in ms.
pub const WEEK_MS: u64 = 7 * DAY_MS;
/// A day, in ms.
pub const DAY_MS: u64 = 24 * 3_600_000;
/// How long before a week's end its reminder comes.
pub const REMIND_BEFORE_MS: u64 = 2 * DAY_MS;
/// The evening hour weeks end at, in the chat's time zone.
pub const EVENING_HOUR: u8 = 20;
/// The first lane of a league's tables in a group without topics (a tournament's tables
/// use the lanes below it).
pub const FIRST_LANE: u16 = 1_000;
/// The most game ids of a plain season kept to count each game once.
pub const MAX_COUNTED: usize = 4_096;

/// A post the season still owes the chat (planned with an id, so planning it again after a
/// crash makes it once; then taken off this list).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "lowercase")]
pub enum Todo {
    /// The week's tables and their lobbies (0-based week).
    Lobbies { week: u8 },
    /// Two days before the week's end: who still has a table to play.
    Reminder { week: u8 },
    /// The week is over: the standings, who climbed, the next week.
    Recap { week: u8 },
    /// The season is over: the champion, the trophy, the achievement and the archive.
    Champion,
}

/// A table of a week as the chat sees it: its place, its lobby message, its game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lobby {
    /// The week (0-based).
    pub week: u8,
    /// The table's index in its week.
    pub table: usize,
    /// Where its game lives, as the store keeps it ([`crate::store::Place::topic`]): a forum
    /// topic (> 0) or a lane of the group (< 0).
    pub topic: Option<i32>,
    /// The lobby message with the ✋ button (it becomes the game's board).
    #[serde(default)]
    pub msg: Option<i32>,
    /// When its game started (Unix ms), once it has.
    #[serde(default)]
    pub started_ms: Option<u64>,
}

/// Why a season action is refused (each has its text in every locale).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SReject {
    NoSeason,
    AlreadyOpen,
    NotSignUp,
    AlreadyIn,
    NotIn,
    Full,
    NeedTwo,
    NotHost,
    /// No such table this week, or it is not open any more.
    NoTable,
    /// That table's game has started.
    AlreadyStarted,
    /// Not a league week (a plain season has no tables).
    NotLeague,
    /// This is another season's button.
    Stale,
}

impl From<LeagueError> for SReject {
    fn from(e: LeagueError) -> Self {
        match e {
            LeagueError::Phase => Self::NotSignUp,
            LeagueError::Member => Self::NotIn,
            LeagueError::Members(n) if n < 2 => Self::NeedTwo,
            LeagueError::Members(_) => Self::Full,
            LeagueError::Settings | LeagueError::Table | LeagueError::Results => Self::NoTable,
        }
    }
}

/// One chat's season.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeasonRec {
    /// Names this season among the chat's (its posts' ids and its archive entry start with
    /// it): the Unix ms it was opened at.
    pub id: u64,
    /// Bumped by every change.
    pub seq: u64,
    /// Who opened it.
    pub host: i64,
    /// The forum topic it was opened in (its posts go there; `None`: the group).
    #[serde(default)]
    pub home_topic: Option<i32>,
    /// The group has forum topics: each table gets one.
    #[serde(default)]
    pub forum: bool,
    /// The season itself.
    pub season: Season,
    /// Called off by its host.
    #[serde(default)]
    pub cancelled: bool,
    /// The sign-up message (edited as people join).
    #[serde(default)]
    pub signup_msg: Option<i32>,
    /// When it started (Unix ms).
    #[serde(default)]
    pub started_ms: Option<u64>,
    /// When each week ends (Unix ms), set when it starts.
    #[serde(default)]
    pub ends: Vec<u64>,
    /// The tables of the week being played.
    #[serde(default)]
    pub lobbies: Vec<Lobby>,
    /// The week whose reminder was planned.
    #[serde(default)]
    pub reminded: Option<u8>,
    /// A plain season: the ids of the games counted (each counts once).
    #[serde(default)]
    pub counted: Vec<String>,
    /// Posts owed, in order.
    #[serde(default)]
    pub todo: Vec<Todo>,
}

/// A member's table this week, for their own view (the live page, the reminder).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NextFixture {
    /// The week (0-based).
    pub week: u8,
    /// The table's index in its week.
    pub table: usize,
    /// The names at the table, by seat (theirs included).
    pub names: Vec<String>,
    /// Who has pressed ✋, by seat.
    pub came: Vec<bool>,
    /// Its game has started.
    pub started: bool,
    /// The week's end (Unix ms): the table must be played by then.
    pub by_ms: u64,
}

impl SeasonRec {
    /// A sign-up opened by `host` (signed up first), with id `id` (now, ms).
    ///
    /// # Errors
    /// Settings out of range.
    pub fn open(
        id: u64,
        host: (i64, &str),
        settings: Settings,
        home_topic: Option<i32>,
        forum: bool,
    ) -> Result<Self, SReject> {
        let mut season = Season::open(settings).map_err(|_| SReject::NoTable)?;
        season.join(host.0, host.1).map_err(SReject::from)?;
        Ok(Self {
            id,
            seq: 1,
            host: host.0,
            home_topic,
            forum,
            season,
            cancelled: false,
            signup_msg: None,
            started_ms: None,
            ends: Vec::new(),
            lobbies: Vec::new(),
            reminded: None,
            counted: Vec::new(),
            todo: Vec::new(),
        })
    }

    /// Still going (sign-up or weeks being played).
    #[must_use]
    pub fn is_open(&self) -> bool {
        !self.cancelled && self.season.phase != Phase::Finished
    }

    /// The week being played (0-based).
    #[must_use]
    pub fn week(&self) -> Option<u8> {
        match self.season.phase {
            Phase::Week(w) if !self.cancelled => Some(w),
            _ => None,
        }
    }

    /// The post id of `what` (`season:<id>:<what>`): one post per id.
    #[must_use]
    pub fn post_id(&self, what: &str) -> String {
        format!("season:{}:{what}", self.id)
    }

    /// `user` (named `name`) signs up.
    ///
    /// # Errors
    /// Not in sign-up, already in, or full.
    pub fn join(&mut self, user: i64, name: &str) -> Result<(), SReject> {
        self.open_check()?;
        self.season.join(user, name).map_err(|e| match e {
            LeagueError::Member => SReject::AlreadyIn,
            e => e.into(),
        })?;
        self.seq += 1;
        Ok(())
    }

    /// `user` leaves the sign-up (the host cannot: they cancel).
    ///
    /// # Errors
    /// Not in sign-up, or not in it.
    pub fn leave(&mut self, user: i64) -> Result<(), SReject> {
        self.open_check()?;
        self.season.leave(user).map_err(SReject::from)?;
        self.seq += 1;
        Ok(())
    }

    fn open_check(&self) -> Result<(), SReject> {
        if self.cancelled {
            return Err(SReject::NoSeason);
        }
        if self.season.phase != Phase::SignUp {
            return Err(SReject::NotSignUp);
        }
        Ok(())
    }

    /// Week 1 starts at `now`: a league's first tables are drawn with `seed`, and `ends`
    /// (one per week, increasing, the first after `now`) are when each week ends.
    ///
    /// # Errors
    /// Not in sign-up, fewer than two members, or `ends` not one per week.
    pub fn start(&mut self, now: u64, seed: u64, ends: Vec<u64>) -> Result<(), SReject> {
        self.open_check()?;
        if ends.len() != usize::from(self.season.settings.weeks)
            || ends.first().is_none_or(|&e| e <= now)
            || ends.windows(2).any(|w| w[0] >= w[1])
        {
            return Err(SReject::NoTable);
        }
        self.season.start(seed).map_err(SReject::from)?;
        self.started_ms = Some(now);
        self.ends = ends;
        if self.season.settings.fixtures {
            self.todo.push(Todo::Lobbies { week: 0 });
        }
        self.seq += 1;
        Ok(())
    }

    /// The host calls it off.
    ///
    /// # Errors
    /// It is over already.
    pub fn cancel(&mut self) -> Result<(), SReject> {
        if !self.is_open() {
            return Err(SReject::NoSeason);
        }
        self.cancelled = true;
        self.todo.clear();
        self.seq += 1;
        Ok(())
    }

    /// The place of table `table` of this week, if it has one yet.
    #[must_use]
    pub fn lobby(&self, week: u8, table: usize) -> Option<&Lobby> {
        self.lobbies
            .iter()
            .find(|l| l.week == week && l.table == table)
    }

    fn lobby_mut(&mut self, week: u8, table: usize) -> Option<&mut Lobby> {
        self.lobbies
            .iter_mut()
            .find(|l| l.week == week && l.table == table)
    }

    /// Table `table` of week `week` gets its place (`topic`, as the store keeps it). False
    /// when it had one already (another firing gave it).
    ///
    /// # Errors
    /// Not that week of a league, or no such table.
    pub fn place_table(
        &mut self,
        week: u8,
        table: usize,
        topic: Option<i32>,
    ) -> Result<bool, SReject> {
        self.table_check(week, table)?;
        if self.lobby(week, table).is_some() {
            return Ok(false);
        }
        self.lobbies.push(Lobby {
            week,
            table,
            topic,
            msg: None,
            started_ms: None,
        });
        self.seq += 1;
        Ok(true)
    }

    /// The tables of week `week` that have no place yet.
    #[must_use]
    pub fn tables_to_place(&self, week: u8) -> Vec<usize> {
        let Some(day) = self.season.matchdays.get(usize::from(week)) else {
            return Vec::new();
        };
        (0..day.tables.len())
            .filter(|&t| self.lobby(week, t).is_none())
            .collect()
    }

    fn table_check(&self, week: u8, table: usize) -> Result<(), SReject> {
        if !self.season.settings.fixtures {
            return Err(SReject::NotLeague);
        }
        if self.week() != Some(week) {
            return Err(SReject::Stale);
        }
        match self
            .season
            .matchdays
            .get(usize::from(week))
            .and_then(|d| d.fixtures.get(table))
        {
            Some(Fixture::Open { .. }) => Ok(()),
            _ => Err(SReject::NoTable),
        }
    }

    /// The lobby message of a table was posted as message `msg`.
    pub fn lobby_shown(&mut self, week: u8, table: usize, msg: i32) {
        if let Some(l) = self.lobby_mut(week, table) {
            l.msg = Some(msg);
            self.seq += 1;
        }
    }

    /// `user` pressed ✋ at table `table` of week `week`. True when everyone there has come
    /// and its game is to start now.
    ///
    /// # Errors
    /// Not this week, no such open table, not a player there, or its game started.
    pub fn came(&mut self, week: u8, table: usize, user: i64) -> Result<bool, SReject> {
        self.table_check(week, table)?;
        if self
            .lobby(week, table)
            .is_some_and(|l| l.started_ms.is_some())
        {
            return Err(SReject::AlreadyStarted);
        }
        let all = self.season.came(table, user).map_err(|e| match e {
            LeagueError::Member => SReject::NotIn,
            e => e.into(),
        })?;
        self.seq += 1;
        Ok(all)
    }

    /// Table `table`'s game starts at `now` (everyone came). False when it had started
    /// already (another press got there first).
    ///
    /// # Errors
    /// No such open table, not everyone came, or it has no place yet.
    pub fn start_table(&mut self, week: u8, table: usize, now: u64) -> Result<bool, SReject> {
        self.table_check(week, table)?;
        let all = match self
            .season
            .matchdays
            .get(usize::from(week))
            .and_then(|d| d.fixtures.get(table))
        {
            Some(Fixture::Open { came }) => came.iter().all(|&c| c),
            _ => false,
        };
        if !all {
            return Err(SReject::NoTable);
        }
        let lobby = self.lobby_mut(week, table).ok_or(SReject::NoTable)?;
        if lobby.started_ms.is_some() {
            return Ok(false);
        }
        lobby.started_ms = Some(now);
        self.seq += 1;
        Ok(true)
    }

    /// The members at table `table` of this week, by seat: `(user, name)`.
    #[must_use]
    pub fn seats(&self, week: u8, table: usize) -> Vec<(i64, String)> {
        self.season
            .matchdays
            .get(usize::from(week))
            .and_then(|d| d.tables.get(table))
            .map(|t| {
                t.iter()
                    .filter_map(|&m| self.season.members.get(m))
                    .map(|m| (m.user, m.name.clone()))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The table of this week whose game lives at `topic` and started at `started_ms`.
    #[must_use]
    pub fn table_of_game(&self, topic: Option<i32>, started_ms: u64) -> Option<(u8, usize)> {
        let week = self.week()?;
        self.lobbies
            .iter()
            .find(|l| l.week == week && l.topic == topic && l.started_ms == Some(started_ms))
            .map(|l| (l.week, l.table))
    }

    /// A league table's game ended: `users` by seat with their R9 points and whether they
    /// won. False when the table was settled already (a result delivered twice).
    ///
    /// # Errors
    /// Not that week, or the players are not the table's.
    pub fn table_played(
        &mut self,
        week: u8,
        table: usize,
        users: &[(i64, Points, bool)],
    ) -> Result<bool, SReject> {
        if self.table_check(week, table).is_err() {
            return Ok(false);
        }
        let seats = self.seats(week, table);
        // The game's seats are the table's (a game opened for it), in the same order.
        let mut points = Vec::with_capacity(seats.len());
        let mut won = Vec::with_capacity(seats.len());
        for (user, _) in &seats {
            let (_, p, w) = users
                .iter()
                .find(|(u, _, _)| u == user)
                .ok_or(SReject::NotIn)?;
            points.push(*p);
            won.push(*w);
        }
        self.season
            .played(table, &points, &won)
            .map_err(SReject::from)?;
        self.seq += 1;
        Ok(true)
    }

    /// A game `id` of the group ended (a plain season: every game of its rule set counts
    /// once): `users` with their R9 points and wins. True when it counted.
    pub fn game_ended(
        &mut self,
        id: &str,
        preset: crate::engine::Preset,
        users: &[(i64, Points, bool)],
    ) -> bool {
        if self.season.settings.fixtures
            || self.week().is_none()
            || preset != self.season.settings.preset
            || self.counted.iter().any(|c| c == id)
        {
            return false;
        }
        match self.season.game(users) {
            Ok(true) => {
                if self.counted.len() >= MAX_COUNTED {
                    self.counted.remove(0);
                }
                self.counted.push(id.to_owned());
                self.seq += 1;
                true
            }
            _ => false,
        }
    }

    /// The week being played has ended (its end time passed): its open tables are settled,
    /// the next week drawn with `seed` (or the season is over), and the posts that follow
    /// are owed. Returns the week that ended.
    ///
    /// # Errors
    /// Not in a week.
    pub fn end_week(&mut self, seed: u64) -> Result<u8, SReject> {
        let week = self.week().ok_or(SReject::NoSeason)?;
        self.season.end_week(seed).map_err(SReject::from)?;
        self.lobbies.retain(|l| l.week > week);
        self.todo.retain(|t| !matches!(t, Todo::Reminder { .. }));
        self.todo.push(Todo::Recap { week });
        match self.season.phase {
            Phase::Week(next) if self.season.settings.fixtures => {
                self.todo.push(Todo::Lobbies { week: next });
            }
            Phase::Finished => self.todo.push(Todo::Champion),
            _ => {}
        }
        self.seq += 1;
        Ok(week)
    }

    /// The reminder of week `week` is owed (once).
    pub fn remind(&mut self, week: u8) {
        if self.reminded != Some(week) && self.week() == Some(week) {
            self.reminded = Some(week);
            self.todo.push(Todo::Reminder { week });
            self.seq += 1;
        }
    }

    /// Post `todo` was planned.
    pub fn done(&mut self, todo: Todo) {
        if let Some(i) = self.todo.iter().position(|&t| t == todo) {
            self.todo.remove(i);
            self.seq += 1;
        }
    }

    /// When this week ends (Unix ms).
    #[must_use]
    pub fn week_end(&self) -> Option<u64> {
        self.ends.get(usize::from(self.week()?)).copied()
    }

    /// When this week's reminder is due: two days before its end, in a league with tables
    /// not played yet.
    #[must_use]
    pub fn reminder_at(&self) -> Option<u64> {
        let week = self.week()?;
        if !self.season.settings.fixtures || self.reminded == Some(week) {
            return None;
        }
        let open = self
            .season
            .matchdays
            .get(usize::from(week))
            .is_some_and(|d| d.fixtures.iter().any(|f| matches!(f, Fixture::Open { .. })));
        open.then(|| self.week_end().map(|e| e.saturating_sub(REMIND_BEFORE_MS)))
            .flatten()
    }

    /// The next time something is due: now with posts owed, else the reminder or the week's
    /// end.
    #[must_use]
    pub fn due(&self, now: u64) -> Option<u64> {
        if !self.todo.is_empty() {
            return Some(now);
        }
        [self.reminder_at(), self.week_end()]
            .into_iter()
            .flatten()
            .min()
    }

    /// `user`'s table this week, if they have one still to play.
    #[must_use]
    pub fn next_fixture(&self, user: i64) -> Option<NextFixture> {
        let week = self.week()?;
        let member = self.season.member(user)?;
        let day = self.season.matchdays.get(usize::from(week))?;
        let table = day.tables.iter().position(|t| t.contains(&member))?;
        let Some(Fixture::Open { came }) = day.fixtures.get(table) else {
            return None;
        };
        Some(NextFixture {
            week,
            table,
            names: self
                .seats(week, table)
                .into_iter()
                .map(|(_, n)| n)
                .collect(),
            came: came.clone(),
            started: self
                .lobby(week, table)
                .is_some_and(|l| l.started_ms.is_some()),
            by_ms: self.week_end()?,
        })
    }
}

/// The instant of the next `hour`:00 at or after `from` (Unix ms) on a clock `offset_min`
/// minutes ahead of UTC.
#[must_use]
pub fn next_hour(from: u64, offset_min: i64, hour: u8) -> u64 {
    let minute_ms: i64 = 60_000;
    let day_min: i64 = 24 * 60;
    let from_i = i64::try_from(from).unwrap_or(i64::MAX);
    let local_min = (from_i / minute_ms + offset_min).rem_euclid(day_min);
    let mut wait = (i64::from(hour) * 60 - local_min).rem_euclid(day_min);
    let start_of_minute = from_i - from_i.rem_euclid(minute_ms);
    if wait == 0 && start_of_minute < from_i {
        wait = day_min;
    }
    u64::try_from(start_of_minute + wait * minute_ms).unwrap_or(from)
}

/// When each of `weeks` weeks ends, a season started at `start`: the [`EVENING_HOUR`]
/// nearest to seven days after the previous end (the first: after the start), each on the
/// clock of
/// `offset_at` (minutes ahead of UTC at an instant: the chat's time zone, summer time
/// included).
#[must_use]
pub fn week_ends(start: u64, weeks: u8, offset_at: impl Fn(u64) -> i64) -> Vec<u64> {
    let mut out = Vec::with_capacity(usize::from(weeks));
    let mut from = start;
    for _ in 0..weeks {
        // The evening nearest to seven days after `from`.
        let after = from + WEEK_MS - DAY_MS / 2;
        let guess = next_hour(after, offset_at(after), EVENING_HOUR);
        // Summer time may change within the week: read the offset at the end itself.
        let end = next_hour(after, offset_at(guess), EVENING_HOUR);
        out.push(end);
        from = end;
    }
    out
}
