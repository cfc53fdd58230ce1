//! The record of one finished game, as the bot hands it over when a game ends.
//!
//! It is plain data (serde, compact JSON with short field names: it is what the chat's history
//! list keeps, 200 of them per chat). The bot builds it from its table; [`sides_of`] turns the
//! engine's final position into the per-seat `team`, `distance` and `won` fields.

use serde::{Deserialize, Serialize};

use crate::ai::Level;
use crate::engine::{Colour, Game, Options, Preset, Winner};

/// Longest accepted [`GameRecord::id`].
pub const MAX_ID_LEN: usize = 64;
/// Longest accepted player name, in bytes (longer names are cut at a char boundary).
pub const MAX_NAME_LEN: usize = 64;
/// Most seats at a table (R8: boards of up to 8 arms).
pub const MAX_SEATS: usize = 8;

/// One finished game. Cancelled games are never recorded: the bot calls
/// [`crate::store::Store::record_game`] only when a game ends with a result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's id, unique within its chat (for instance the Unix ms it started at, or
    /// the id of the update that started it): the idempotency key. `[A-Za-z0-9:_-]`, at most
    /// [`MAX_ID_LEN`] bytes.
    pub id: String,
    /// The Telegram chat.
    pub chat: i64,
    /// The forum topic, if the game ran in one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub topic: Option<i32>,
    /// R7 preset.
    pub preset: Preset,
    /// R7 options the game was played with.
    #[serde(rename = "opt")]
    pub options: Options,
    /// R8 board size: the number of arms (4, 6 or 8).
    pub arms: u8,
    /// Start and end, Unix milliseconds.
    #[serde(rename = "t0")]
    pub started_ms: i64,
    /// The end: the week of this instant in the chat's time zone gets the R9 points.
    #[serde(rename = "t1")]
    pub ended_ms: i64,
    /// Moves played in the whole game.
    #[serde(rename = "mv")]
    pub moves: u32,
    /// Dice rolled in the whole game.
    #[serde(rename = "ro")]
    pub rolls: u32,
    /// The seats, in R1.2 turn order.
    pub seats: Vec<SeatRecord>,
}

/// Who sat in a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// A Telegram user, with the name shown at the time.
    Human {
        /// Telegram user id.
        id: i64,
        /// Display name at the time of the game.
        name: String,
    },
    /// A computer player.
    Computer {
        /// Its level.
        level: Level,
    },
    /// A user who asked to be forgotten (`/forgetme`): what remains of them in the history
    /// of other players' games.
    Forgotten,
}

impl Player {
    /// The Telegram user id of a human seat.
    #[must_use]
    pub fn user(&self) -> Option<i64> {
        match self {
            Self::Human { id, .. } => Some(*id),
            _ => None,
        }
    }
}

/// One seat of a finished game, with what its player did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRecord {
    /// The player.
    #[serde(rename = "p")]
    pub player: Player,
    /// The colour's protocol name (`yellow`, …; a string so that the colours of large boards
    /// need no new record format).
    #[serde(rename = "c")]
    pub colour: String,
    /// The side: the seat's index in an individual game, the pair's in a pairs game (partners
    /// share it). Sides are what R6.1 ranks and R9 scores.
    #[serde(rename = "tm")]
    pub team: u8,
    /// R6.1 the side's distance to the goal (sum over the side's pieces; partners carry the
    /// same value).
    #[serde(rename = "d")]
    pub distance: u32,
    /// This seat's side won (R6.1, R6.2, or R6.3 at the time limit).
    #[serde(rename = "w")]
    pub won: bool,
    /// Opponent pieces this player captured.
    #[serde(rename = "cm")]
    pub captures_made: u32,
    /// This player's pieces captured by others.
    #[serde(rename = "cs")]
    pub captures_suffered: u32,
    /// This colour's pieces in the goal at the end.
    #[serde(rename = "h")]
    pub pieces_home: u8,
    /// R2.5 third sixes rolled.
    #[serde(rename = "s3")]
    pub third_sixes: u32,
    /// Turns played for the player by the timer.
    #[serde(rename = "to")]
    pub timeouts: u32,
    /// The dice the player rolled, per face (ones first; all zero in records made before
    /// they were counted).
    #[serde(rename = "fc", default, skip_serializing_if = "no_faces")]
    pub faces: [u32; 6],
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's signature
fn no_faces(f: &[u32; 6]) -> bool {
    f.iter().all(|&n| n == 0)
}

/// Why a record was refused (nothing is written).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The id is empty, too long or has characters outside `[A-Za-z0-9:_-]`.
    #[error("game id must be 1..={MAX_ID_LEN} characters of [A-Za-z0-9:_-]")]
    BadId,
    /// Fewer than 2 or more than [`MAX_SEATS`] seats.
    #[error("a game has 2 to {MAX_SEATS} seats, not {0}")]
    SeatCount(usize),
    /// Fewer than two sides.
    #[error("a game has at least two sides")]
    OneSide,
    /// Partners (seats of one side) disagree on the distance or the result.
    #[error("the seats of side {0} disagree on distance or result")]
    SideMismatch(u8),
    /// More than one side is marked as the winner.
    #[error("more than one side won")]
    TwoWinners,
    /// One user holds two seats.
    #[error("user {0} holds two seats")]
    DuplicateUser(i64),
    /// A seat is marked as forgotten: only history entries are rewritten that way.
    #[error("a new record cannot hold a forgotten seat")]
    ForgottenSeat,
    /// The game ends before it starts.
    #[error("the game ends before it starts")]
    EndBeforeStart,
}

impl GameRecord {
    /// Checks the record and normalizes names (control characters dropped, at most
    /// [`MAX_NAME_LEN`] bytes).
    ///
    /// # Errors
    /// The first [`RecordError`] found.
    pub fn validated(mut self) -> Result<Self, RecordError> {
        let id_ok = !self.id.is_empty()
            && self.id.len() <= MAX_ID_LEN
            && self
                .id
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b':' | b'_' | b'-'));
        if !id_ok {
            return Err(RecordError::BadId);
        }
        if !(2..=MAX_SEATS).contains(&self.seats.len()) {
            return Err(RecordError::SeatCount(self.seats.len()));
        }
        if self.ended_ms < self.started_ms {
            return Err(RecordError::EndBeforeStart);
        }
        let mut users = Vec::new();
        for seat in &mut self.seats {
            match &mut seat.player {
                Player::Human { id, name } => {
                    if users.contains(id) {
                        return Err(RecordError::DuplicateUser(*id));
                    }
                    users.push(*id);
                    *name = clean_name(name);
                }
                Player::Computer { .. } => {}
                Player::Forgotten => return Err(RecordError::ForgottenSeat),
            }
        }
        let sides = self.sides();
        if sides.len() < 2 {
            return Err(RecordError::OneSide);
        }
        for side in &sides {
            let first = &self.seats[side.seats[0]];
            if side.seats.iter().any(|&i| {
                self.seats[i].distance != first.distance || self.seats[i].won != first.won
            }) {
                return Err(RecordError::SideMismatch(side.team));
            }
        }
        if sides.iter().filter(|s| s.won).count() > 1 {
            return Err(RecordError::TwoWinners);
        }
        Ok(self)
    }

    /// The sides (teams), ranked under R6.1: the winner first, then by smaller distance.
    /// Sides with the same result and distance share a place (`place` is 1-based, the
    /// competition ranking 1, 1, 3 …).
    #[must_use]
    pub fn sides(&self) -> Vec<Side> {
        let mut sides: Vec<Side> = Vec::new();
        for (i, seat) in self.seats.iter().enumerate() {
            if let Some(side) = sides.iter_mut().find(|s| s.team == seat.team) {
                side.seats.push(i);
            } else {
                sides.push(Side {
                    team: seat.team,
                    won: seat.won,
                    distance: seat.distance,
                    place: 0,
                    seats: vec![i],
                });
            }
        }
        sides.sort_by_key(|s| (!s.won, s.distance));
        let keys: Vec<(bool, u32)> = sides.iter().map(|s| (s.won, s.distance)).collect();
        for (i, side) in sides.iter_mut().enumerate() {
            let first = keys.iter().position(|&k| k == (side.won, side.distance));
            side.place = first.unwrap_or(i) + 1;
        }
        sides
    }

    /// The Telegram users who played, in seat order.
    pub fn humans(&self) -> impl Iterator<Item = (usize, i64, &str)> {
        self.seats
            .iter()
            .enumerate()
            .filter_map(|(i, s)| match &s.player {
                Player::Human { id, name } => Some((i, *id, name.as_str())),
                _ => None,
            })
    }

    /// R9.3 The game counts for R9 points and ratings only with at least two humans.
    #[must_use]
    pub fn counts_for_ranking(&self) -> bool {
        self.humans().count() >= 2
    }

    /// The record as stored: compact JSON.
    ///
    /// # Panics
    /// Never: the record holds only strings, numbers and enums.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// One side of a finished game, ranked (see [`GameRecord::sides`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Side {
    /// The side's `team` number.
    pub team: u8,
    /// It won.
    pub won: bool,
    /// Its R6.1 distance.
    pub distance: u32,
    /// Its place, 1-based; tied sides share the best of their places.
    pub place: usize,
    /// Indices into [`GameRecord::seats`].
    pub seats: Vec<usize>,
}

/// Drops control characters and cuts to [`MAX_NAME_LEN`] bytes at a char boundary.
fn clean_name(name: &str) -> String {
    let mut out = String::new();
    for ch in name.chars().filter(|c| !c.is_control()) {
        if out.len() + ch.len_utf8() > MAX_NAME_LEN {
            break;
        }
        out.push(ch);
    }
    out
}

/// The R6.1 result of each seat of a finished game, in seat order: `(colour, team, distance,
/// won)`. Partners of a pairs game (R6.2) share a team and the pair's summed distance.
/// `winner` is the game's winner, or the R6.3 result when the time limit ended it
/// (`game.winner().or_else(|| game.time_limit_result())`; `None` for a draw).
#[must_use]
pub fn sides_of(game: &Game, winner: Option<Winner>) -> Vec<(Colour, u8, u32, bool)> {
    let pairs = game.options().pairs;
    let seats: Vec<Colour> = game.seats().collect();
    let team_of = |c: Colour| -> u8 {
        let lead = if pairs {
            // The partner earlier in R1.2 order names the pair.
            c.min(game.partner(c))
        } else {
            c
        };
        u8::try_from(seats.iter().position(|&s| s == lead).unwrap_or(0)).unwrap_or(0)
    };
    let distance = |c: Colour| -> u32 {
        if pairs {
            game.distance_of(c) + game.distance_of(game.partner(c))
        } else {
            game.distance_of(c)
        }
    };
    let won = |c: Colour| winner.is_some_and(|w| w.includes(c));
    seats
        .iter()
        .map(|&c| (c, team_of(c), distance(c), won(c)))
        .collect()
}
