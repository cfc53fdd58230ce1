//! One chat's table: the lobby, the players and the game, with pure transitions.
//!
//! Everything here is pure: dice, the computer's randomness and the clock come in as
//! arguments, so every transition is testable without Telegram or Redis. The table's life
//! is a sum type, [`Stage`]: a lobby has no game, a game in play or finished has one.

mod auto;
mod event;
mod fair;
mod limit;
mod lobby;
mod log;
mod origin;
mod recent;
mod record;
mod rematch;
mod seated;
mod stored;
mod tally;
mod turns;

#[cfg(test)]
pub(crate) mod test_support;
#[cfg(test)]
mod tests;
#[cfg(test)]
pub(crate) mod tests_dice;
#[cfg(test)]
mod tests_large;
#[cfg(test)]
mod tests_log;
#[cfg(test)]
mod tests_recent;
#[cfg(test)]
mod tests_stats;

use serde::{Deserialize, Serialize};

use crate::ai::Level;
use crate::engine::{Arms, Colour, Game, Preset};
use crate::render::image::Trail;

pub use auto::{MAX_CHAIN_ROUNDS, MAX_CHAINED_TURNS, Streams};
pub use event::{Event, WinnerRec};
pub use fair::{Fair, FairReveal, MAX_PHRASE_CHARS, MAX_PHRASES, PhraseRefused, clean_phrase};
pub use limit::{MINUTE_MS, TimeLimit};
pub use log::{By, GameLog, LogError, Replay, ReplaySeat, Step, log_order};
pub use origin::{Origin, SEASON_PREFIX, SeasonTag, TOURNEY_PREFIX, TableTag};
pub use recent::{TurnSpan, turn_spans};
pub use seated::{Seat, SeatedSpec};
pub use stored::LegacyBoard;
pub use tally::{SeatResult, SeatTally, Tally};
pub use turns::{STRIKES_TO_ABSENT, Timing};

/// At most this many automatic steps in one action (a whole turn never needs more).
const MAX_AUTO_STEPS: usize = 64;

/// Who sits at a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", tag = "kind", content = "level")]
pub enum PlayerKind {
    Human,
    Computer(Level),
}

/// A player at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Telegram user id (computer players get small negative ids).
    pub id: i64,
    /// Display name (raw; escape before sending as HTML).
    pub name: String,
    pub kind: PlayerKind,
    /// Assigned when the game starts (R1.2 order).
    #[serde(default)]
    pub colour: Option<Colour>,
    /// Consecutive turns the timer played for this player.
    #[serde(default)]
    pub strikes: u8,
    /// Marked absent: the computer plays for them until they press a button.
    #[serde(default)]
    pub absent: bool,
}

impl Player {
    fn human(who: &Actor) -> Self {
        Self {
            id: who.id,
            name: who.name.clone(),
            kind: PlayerKind::Human,
            colour: None,
            strikes: 0,
            absent: false,
        }
    }

    /// Is this seat played by the computer now (a computer player or an absent human)?
    #[must_use]
    pub fn is_automatic(&self) -> bool {
        self.absent || matches!(self.kind, PlayerKind::Computer(_))
    }

    /// The level the computer plays this seat at (an absent human: normal).
    #[must_use]
    pub fn level(&self) -> Level {
        match self.kind {
            PlayerKind::Computer(l) => l,
            PlayerKind::Human => Level::Normal,
        }
    }
}

/// Where the table is in its life, and the game when it has one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Players join; no game yet.
    Lobby,
    Playing(Game),
    Finished(Game),
    /// Called off: in the lobby (no game) or during play (the game as it stood).
    Cancelled(Option<Game>),
}

/// The [`Stage`] without its game, for matching and for the store.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Lobby,
    Playing,
    Finished,
    Cancelled,
}

/// Game statistics for the end message.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    pub rolls: u32,
    pub moves: u32,
    pub captures: u32,
    pub started_ms: u64,
    pub finished_ms: u64,
}

/// Who acts: a Telegram user (or the bot itself for computer turns).
#[derive(Clone, Debug)]
pub struct Actor {
    pub id: i64,
    pub name: String,
    /// A chat administrator (may start, cancel and remove players like the host).
    pub is_admin: bool,
}

/// Something a player asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Join,
    Leave,
    Start,
    Cancel,
    AddBot(Level),
    Roll,
    /// Play the n-th legal move (0-based, in [`Game::legal_moves`] order).
    Move(u8),
    /// Play the move a button showed: the n-th legal move of the board it was drawn on,
    /// which took a piece from `from` to `to` along its path. On that board it is
    /// [`Action::Move`]; pressed on an older board while the same player is still to
    /// choose, it plays the same move if it is still legal (the board may be behind).
    MoveSeen(MoveKey),
    /// Remove the player at this index of the player list (host or admin).
    Remove(u8),
    /// Change what the lobby will play (host or admin, in the lobby): the board or the rules.
    Choose(Choice),
}

/// A lobby's setting the host changes before the start (the lobby's ▦ Board and 📜 Rules
/// buttons, the live page's choices): what `/newgame [preset] [4|6|8]` chose when it opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// R8.7 The board asked for (`None`: the smallest that seats everyone, at the start).
    Board(Option<Arms>),
    /// The rule set (a pairs preset plays in pairs, the others not).
    Rules(Preset),
}

/// A move as a button showed it: its index among the legal moves then, and the piece's
/// progress along its path before and after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveKey {
    pub index: u8,
    pub from: u8,
    pub to: u8,
}

impl Action {
    /// Does this action manage the table (host or administrator only)?
    #[must_use]
    pub fn manages(self) -> bool {
        matches!(
            self,
            Self::Start | Self::Cancel | Self::AddBot(_) | Self::Remove(_) | Self::Choose(_)
        )
    }

    /// Is this a lobby action (which acts on the lobby whatever board it was pressed on)?
    #[must_use]
    pub fn is_lobby(self) -> bool {
        matches!(
            self,
            Self::Join
                | Self::Leave
                | Self::Start
                | Self::Cancel
                | Self::AddBot(_)
                | Self::Choose(_)
        )
    }
}

/// One chat's table, stored in Redis as the `state` of a versioned record (see
/// [`stored`](self) for its stored form and how older records load).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "stored::Stored", into = "stored::Stored")]
pub struct Table {
    /// Bumped by every action that changes the table: buttons carry it, so a press on an
    /// older board is stale.
    seq: u64,
    stage: Stage,
    host: i64,
    preset: Preset,
    pairs: bool,
    /// R8.7 The board the host asked for (`/newgame … 4|6|8`); `None`: the smallest that
    /// seats everyone, picked at the start.
    board: Option<Arms>,
    players: Vec<Player>,
    /// Events of the last action, shown in the board message.
    last: Vec<Event>,
    /// The events of the turns before [`Table::last`] (whole turns, the newest few), so
    /// the board tells each player the others' turns since their own.
    recent: Vec<Event>,
    stats: Stats,
    /// The last move played, for the image's trail.
    trail: Option<Trail>,
    /// Deadline of the current turn (ms since the epoch), when a timer runs.
    deadline_ms: Option<u64>,
    /// The board message of a table stored before boards had a record of their own: read,
    /// never written (see [`LegacyBoard`]).
    legacy_board: Option<LegacyBoard>,
    /// Per-player counts for the game record, and the recorded results.
    tally: Tally,
    /// A rematch lobby's players who have not pressed Join yet (seated, unconfirmed).
    invited: Vec<i64>,
    /// Where a table opened by code with its seats decided comes from (a tournament's
    /// table; see [`Table::seated`]); `None` for tables opened in the chat.
    origin: Option<Origin>,
    /// R6.3 The game's time limit (`None`: none): the preset's when the lobby opens, a
    /// seated table's own; a rematch keeps it.
    limit: Option<TimeLimit>,
    /// R6.3 When the game's time limit runs out (Unix ms; set when the game starts, from
    /// [`Table::limit`]): the driver then ends it with [`Table::time_up`].
    ends_ms: Option<u64>,
    /// The whole record of the game in play or finished, step by step (see [`GameLog`]);
    /// empty in a lobby.
    log: GameLog,
    /// The lobby offers the chat's four languages (the first lobby of a chat whose language
    /// nobody chose: Telegram says `ca` for Valencians, and the chat's language came from
    /// whoever acted first).
    languages: bool,
    /// Provably fair dice ([`Fair`]): `None` for a table stored before them (its dice come
    /// from the caller's generator, as then).
    fair: Option<Fair>,
}

/// What the table holds, read (each field changes only through the table's own
/// transitions, which keep its bookkeeping: `seq`, the last events, the deadline).
impl Table {
    /// Bumped by every action that changes the table (see the field).
    #[must_use]
    pub fn seq(&self) -> u64 {
        self.seq
    }

    #[must_use]
    pub fn stage(&self) -> &Stage {
        &self.stage
    }

    #[must_use]
    pub fn host(&self) -> i64 {
        self.host
    }

    #[must_use]
    pub fn preset(&self) -> Preset {
        self.preset
    }

    #[must_use]
    pub fn pairs(&self) -> bool {
        self.pairs
    }

    /// R8.7 The board the host asked for (`None`: picked at the start).
    #[must_use]
    pub fn board(&self) -> Option<Arms> {
        self.board
    }

    #[must_use]
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// Events of the last action, shown in the board message.
    #[must_use]
    pub fn last(&self) -> &[Event] {
        &self.last
    }

    /// The events of the turns before [`Table::last`].
    #[must_use]
    pub fn recent(&self) -> &[Event] {
        &self.recent
    }

    #[must_use]
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The last move played, for the image's trail.
    #[must_use]
    pub fn trail(&self) -> Option<Trail> {
        self.trail
    }

    /// Deadline of the current turn (ms since the epoch), when a timer runs.
    #[must_use]
    pub fn deadline_ms(&self) -> Option<u64> {
        self.deadline_ms
    }

    /// The board message of a table stored before boards had a record of their own.
    #[must_use]
    pub fn legacy_board(&self) -> Option<LegacyBoard> {
        self.legacy_board
    }

    #[must_use]
    pub fn tally(&self) -> &Tally {
        &self.tally
    }

    /// A rematch lobby's players who have not pressed Join yet.
    #[must_use]
    pub fn invited(&self) -> &[i64] {
        &self.invited
    }

    /// Where a table opened by code comes from (`None`: opened in the chat).
    #[must_use]
    pub fn origin(&self) -> Option<&Origin> {
        self.origin.as_ref()
    }

    /// R6.3 The game's time limit (`None`: none).
    #[must_use]
    pub fn limit(&self) -> Option<TimeLimit> {
        self.limit
    }

    /// R6.3 When the game's time limit runs out (Unix ms).
    #[must_use]
    pub fn ends_ms(&self) -> Option<u64> {
        self.ends_ms
    }

    /// The whole record of the game in play or finished.
    #[must_use]
    pub fn log(&self) -> &GameLog {
        &self.log
    }

    /// The lobby offers the chat's four languages.
    #[must_use]
    pub fn languages(&self) -> bool {
        self.languages
    }

    /// Provably fair dice (`None`: a table stored before them).
    #[must_use]
    pub fn fair(&self) -> Option<&Fair> {
        self.fair.as_ref()
    }
}

impl Table {
    /// A new lobby opened by `host`; `seq` continues the chat's previous table, if any.
    #[must_use]
    pub fn lobby(host: &Actor, preset: Preset, pairs: bool) -> Self {
        Self {
            seq: 0,
            stage: Stage::Lobby,
            host: host.id,
            preset,
            pairs: pairs || preset.options().pairs,
            board: None,
            players: vec![Player::human(host)],
            last: Vec::new(),
            recent: Vec::new(),
            stats: Stats::default(),
            trail: None,
            deadline_ms: None,
            legacy_board: None,
            tally: Tally::default(),
            invited: Vec::new(),
            origin: None,
            limit: TimeLimit::of(preset),
            ends_ms: None,
            log: GameLog::default(),
            languages: false,
            fair: None,
        }
    }

    /// The same lobby offering the chat's languages under it (see [`Table::languages`]).
    #[must_use]
    pub fn offering_languages(mut self, offer: bool) -> Self {
        self.languages = offer;
        self
    }

    /// The same lobby on the board asked for (`None`: picked at the start).
    #[must_use]
    pub fn on_board(mut self, board: Option<Arms>) -> Self {
        self.board = board;
        self
    }

    /// The same lobby continuing the place's previous table, whose `seq` was `seq - 1` (so
    /// a press on the old table's board is stale here).
    #[must_use]
    pub fn continuing(mut self, seq: u64) -> Self {
        self.seq = seq;
        self
    }

    /// The most players this table seats.
    #[must_use]
    pub fn capacity(&self) -> usize {
        crate::bot::core::seats::capacity(self.board)
    }

    /// The stage without its game.
    #[must_use]
    pub fn status(&self) -> Status {
        match self.stage {
            Stage::Lobby => Status::Lobby,
            Stage::Playing(_) => Status::Playing,
            Stage::Finished(_) => Status::Finished,
            Stage::Cancelled(_) => Status::Cancelled,
        }
    }

    /// The game, in play or over (none in a lobby).
    #[must_use]
    pub fn game(&self) -> Option<&Game> {
        match &self.stage {
            Stage::Playing(g) | Stage::Finished(g) | Stage::Cancelled(Some(g)) => Some(g),
            Stage::Lobby | Stage::Cancelled(None) => None,
        }
    }

    /// The game in play.
    #[must_use]
    pub fn playing(&self) -> Option<&Game> {
        match &self.stage {
            Stage::Playing(g) => Some(g),
            _ => None,
        }
    }

    /// Is the table open (lobby or game in progress)?
    #[must_use]
    pub fn is_open(&self) -> bool {
        matches!(self.stage, Stage::Lobby | Stage::Playing(_))
    }

    /// The player seated at colour `c`.
    #[must_use]
    pub fn player_of(&self, c: Colour) -> Option<&Player> {
        self.players.iter().find(|p| p.colour == Some(c))
    }

    /// The player whose turn it is (in play only).
    #[must_use]
    pub fn to_move(&self) -> Option<&Player> {
        self.player_of(self.playing()?.turn()?)
    }

    fn can_manage(&self, who: &Actor) -> bool {
        who.id == self.host || who.is_admin
    }

    /// A copy to transform: no events yet (the last action's kept among the recent turns),
    /// `seq` bumped.
    fn next(&self) -> Self {
        let mut t = self.clone();
        t.remember_last();
        t.last.clear();
        t.seq += 1;
        t
    }
}
