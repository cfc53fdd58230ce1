//! The whole record of a game, kept move by move as the table plays ([`Table::log`]): the
//! roll-off, every roll, every move chosen (by whom), timeouts, skips, absences, returns,
//! players who left, and the time limit's end. Passes, bonuses and captures are not
//! written: the engine derives them from the rolls and moves, so replaying the log through
//! the engine gives back every position ([`crate::bot::core::replay`]).
//!
//! The log is one compact ASCII string, about one byte per roll or move:
//!
//! | text | step |
//! |---|---|
//! | `o` digits `.` | R2.2 the roll-off: every roll in order (round 1: every seat in turn order; each later round: the seats tied highest in the round before) |
//! | `1`…`6` | a roll of the die by the seat to act |
//! | `a`…`d` | the move a person chose: its index among the legal moves in [`log_order`] |
//! | `A`…`D` | the move the computer chose (a computer player, an absent player, a timed-out or skipped turn) |
//! | `*` | the only legal move, played without asking |
//! | `t`k | the turn timer played this turn for the seat to act (strike k) |
//! | `s`k | `/skip`: the bot played this turn at once (strike k) |
//! | `x` | the seat to act is marked absent (three strikes) |
//! | `h`c | the player of colour index c is back (pressed a button while absent) |
//! | `l`c, `k`c | the player of colour index c left mid-game / was removed: a computer plays on |
//! | `e` | R6.3 the time limit ended the game |
//!
//! A table stored before the log existed has none; a game it finishes has no whole record
//! ([`Table::replay`] gives `None`).

use serde::{Deserialize, Serialize};

use super::{Stage, Table};
use crate::ai::Level;
use crate::engine::{Arms, Colour, Game, Move, Options, Preset};

/// Who chose a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum By {
    /// A person pressed its button.
    Human,
    /// The computer chose it.
    Computer,
    /// It was the only legal move.
    Forced,
}

impl By {
    /// The name the JSON Lines record uses.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Human => "human",
            Self::Computer => "computer",
            Self::Forced => "forced",
        }
    }

    /// The value of a name the record uses.
    #[must_use]
    pub fn from_name(s: &str) -> Option<Self> {
        Some(match s {
            "human" => Self::Human,
            "computer" => Self::Computer,
            "forced" => Self::Forced,
            _ => return None,
        })
    }
}

/// One step of the log, decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// R2.2 Every roll of the roll-off, in order.
    RollOff(Vec<u8>),
    Roll(u8),
    /// The `index`-th legal move.
    Move {
        index: u8,
        by: By,
    },
    TimedOut {
        strike: u8,
    },
    Skipped {
        strike: u8,
    },
    Absent,
    Back(Colour),
    Left(Colour),
    Removed(Colour),
    TimeUp,
}

/// Why a log cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("byte {at} of the game's log: {what}")]
pub struct LogError {
    pub at: usize,
    pub what: &'static str,
}

/// The log of a game: see the [module](self) for its text.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct GameLog(String);

/// The legal moves of `g` in the log's order: by colour, then the piece's progress before
/// and after the move. [`Game::legal_moves`] lists them in an order that depends on how the
/// position was built (a table read back from the store may list them otherwise), so the
/// log never uses that order.
#[must_use]
pub fn log_order(g: &Game) -> crate::engine::MoveList {
    let mut moves = g.legal_moves();
    moves.sort_unstable_by_key(|m| (m.colour().index(), m.from_progress(), m.to_progress()));
    moves
}

fn digit(n: u8) -> char {
    char::from(b'0' + n.min(9))
}

impl GameLog {
    /// The log's text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// A log of this text (checked when read with [`GameLog::steps`]).
    #[must_use]
    pub fn from_text(text: &str) -> Self {
        Self(text.to_owned())
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Its length in bytes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Does it start with the roll-off (a log kept from the game's start)?
    #[must_use]
    pub fn is_whole(&self) -> bool {
        self.0.starts_with('o')
    }

    pub(super) fn clear(&mut self) {
        self.0.clear();
    }

    /// Add a step at the end.
    pub fn push(&mut self, step: &Step) {
        let s = &mut self.0;
        match *step {
            Step::RollOff(ref rolls) => {
                s.push('o');
                s.extend(rolls.iter().map(|&r| digit(r)));
                s.push('.');
            }
            Step::Roll(d) => s.push(digit(d)),
            Step::Move { index, by } => s.push(match by {
                By::Forced => '*',
                By::Human => char::from(b'a' + index.min(3)),
                By::Computer => char::from(b'A' + index.min(3)),
            }),
            Step::TimedOut { strike } => {
                s.push('t');
                s.push(digit(strike));
            }
            Step::Skipped { strike } => {
                s.push('s');
                s.push(digit(strike));
            }
            Step::Absent => s.push('x'),
            Step::Back(c) => {
                s.push('h');
                s.push(digit(c.index() as u8));
            }
            Step::Left(c) => {
                s.push('l');
                s.push(digit(c.index() as u8));
            }
            Step::Removed(c) => {
                s.push('k');
                s.push(digit(c.index() as u8));
            }
            Step::TimeUp => s.push('e'),
        }
    }

    /// Put `step` at byte `at` (the start of an action's steps), before the action's own.
    pub(super) fn insert(&mut self, at: usize, step: &Step) {
        let mut one = Self::default();
        one.push(step);
        let at = at.min(self.0.len());
        self.0.insert_str(at, &one.0);
    }

    /// Turn the timeouts written from byte `from` on into skips (`/skip` is a timeout
    /// played at once).
    pub(super) fn timeouts_to_skips(&mut self, from: usize) {
        let from = from.min(self.0.len());
        let tail: String = self.0[from..].replace('t', "s");
        self.0.truncate(from);
        self.0.push_str(&tail);
    }

    /// Turn the last step into a removal when it is the departure of `c` (the host or an
    /// admin removed the player).
    pub(super) fn departure_to_removal(&mut self, c: Colour) {
        let mut left = Self::default();
        left.push(&Step::Left(c));
        if self.0.ends_with(&left.0) {
            self.0.truncate(self.0.len() - left.0.len());
            self.push(&Step::Removed(c));
        }
    }

    /// The steps, in order.
    ///
    /// # Errors
    /// [`LogError`] for text that is not a log.
    pub fn steps(&self) -> Result<Vec<Step>, LogError> {
        let b = self.0.as_bytes();
        let mut out = Vec::with_capacity(b.len());
        let mut i = 0;
        let err = |at: usize, what: &'static str| LogError { at, what };
        let arg = |at: usize| -> Result<u8, LogError> {
            match b.get(at) {
                Some(d @ b'0'..=b'9') => Ok(d - b'0'),
                _ => Err(err(at, "a digit is missing")),
            }
        };
        let colour = |at: usize| -> Result<Colour, LogError> {
            Colour::from_index(usize::from(arg(at)?)).ok_or(err(at, "not a colour"))
        };
        while i < b.len() {
            let c = b[i];
            let (step, used) = match c {
                b'o' => {
                    let end = b[i..]
                        .iter()
                        .position(|&x| x == b'.')
                        .ok_or(err(i, "the roll-off has no end"))?;
                    let rolls = &b[i + 1..i + end];
                    if rolls.is_empty() || rolls.iter().any(|r| !(b'1'..=b'6').contains(r)) {
                        return Err(err(i, "a roll-off roll is not 1 to 6"));
                    }
                    (
                        Step::RollOff(rolls.iter().map(|r| r - b'0').collect()),
                        end + 1,
                    )
                }
                b'1'..=b'6' => (Step::Roll(c - b'0'), 1),
                b'a'..=b'd' => (
                    Step::Move {
                        index: c - b'a',
                        by: By::Human,
                    },
                    1,
                ),
                b'A'..=b'D' => (
                    Step::Move {
                        index: c - b'A',
                        by: By::Computer,
                    },
                    1,
                ),
                b'*' => (
                    Step::Move {
                        index: 0,
                        by: By::Forced,
                    },
                    1,
                ),
                b't' => (
                    Step::TimedOut {
                        strike: arg(i + 1)?,
                    },
                    2,
                ),
                b's' => (
                    Step::Skipped {
                        strike: arg(i + 1)?,
                    },
                    2,
                ),
                b'x' => (Step::Absent, 1),
                b'h' => (Step::Back(colour(i + 1)?), 2),
                b'l' => (Step::Left(colour(i + 1)?), 2),
                b'k' => (Step::Removed(colour(i + 1)?), 2),
                b'e' => (Step::TimeUp, 1),
                _ => return Err(err(i, "not a step")),
            };
            out.push(step);
            i += used;
        }
        Ok(out)
    }
}

/// Who sat at a seat of a recorded game, as the game started.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplaySeat {
    #[serde(rename = "c")]
    pub colour: Colour,
    /// The name the board showed.
    #[serde(rename = "n")]
    pub name: String,
    /// `None`: a person; else a computer player at that level.
    #[serde(rename = "k", default, skip_serializing_if = "Option::is_none")]
    pub computer: Option<Level>,
}

/// The whole record of a finished game: its settings and seats and its [`GameLog`], all a
/// replay needs (about 1 KB for a game of four). Stored with the game's history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Replay {
    /// The game's id ([`Table::game_id`]).
    pub id: String,
    #[serde(rename = "rules")]
    pub preset: Preset,
    /// The effective options (pairs among them).
    pub options: Options,
    #[serde(with = "arms_count")]
    pub arms: Arms,
    /// In turn order.
    pub seats: Vec<ReplaySeat>,
    /// R6.3 The game's time limit in minutes, if it had one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<u32>,
    /// The tag of a table opened by code (a tournament's table).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<String>,
    /// Start and end, Unix ms.
    #[serde(rename = "t0")]
    pub started_ms: u64,
    #[serde(rename = "t1")]
    pub finished_ms: u64,
    pub log: GameLog,
    /// The game's fair dice, revealed (`None`: played before provably fair dice).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fair: Option<super::FairReveal>,
}

mod arms_count {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::engine::Arms;

    #[allow(clippy::trivially_copy_pass_by_ref)] // serde's signature
    pub fn serialize<S: Serializer>(a: &Arms, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(a.count())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Arms, D::Error> {
        let n = u8::deserialize(d)?;
        Arms::from_count(n).ok_or_else(|| serde::de::Error::custom(format!("{n} arms")))
    }
}

impl Replay {
    /// The compact JSON stored with the game's history.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The name of the player at colour `c`.
    #[must_use]
    pub fn name_of(&self, c: Colour) -> String {
        self.seats
            .iter()
            .find(|s| s.colour == c)
            .map(|s| s.name.clone())
            .unwrap_or_default()
    }

    /// The new game before the roll-off decides who starts (the seats in turn order).
    ///
    /// # Errors
    /// The engine's refusal of the settings.
    pub fn new_game(&self) -> Result<Game, crate::engine::SetupError> {
        let seats: Vec<Colour> = self.seats.iter().map(|s| s.colour).collect();
        Game::new_on(self.arms, self.preset, self.options, &seats)
    }
}

impl Table {
    /// Log the move `mv` played in `g` by its index in [`log_order`].
    pub(super) fn log_move(&mut self, g: &Game, mv: Move, by: By) {
        let index = log_order(g)
            .iter()
            .position(|m| *m == mv)
            .and_then(|i| u8::try_from(i).ok())
            .unwrap_or(0);
        self.log.push(&Step::Move { index, by });
    }

    /// The whole record of this finished game (`None` while it is not finished, and for a
    /// game whose start was played before logs were kept).
    #[must_use]
    pub fn replay(&self) -> Option<Replay> {
        let Stage::Finished(g) = &self.stage else {
            return None;
        };
        if !self.log.is_whole() {
            return None;
        }
        let steps = self.log.steps().ok()?;
        let left: Vec<Colour> = steps
            .iter()
            .filter_map(|s| match s {
                Step::Left(c) | Step::Removed(c) => Some(*c),
                _ => None,
            })
            .collect();
        let seats = g
            .seats()
            .map(|c| {
                let p = self.player_of(c);
                let computer = match p.map(|p| p.kind) {
                    _ if left.contains(&c) => None,
                    Some(super::PlayerKind::Computer(l)) => Some(l),
                    Some(super::PlayerKind::Human) => None,
                    None => Some(Level::Normal),
                };
                ReplaySeat {
                    colour: c,
                    name: p.map(|p| p.name.clone()).unwrap_or_default(),
                    computer,
                }
            })
            .collect();
        Some(Replay {
            id: self.game_id(),
            preset: self.preset,
            options: g.options(),
            arms: g.arms(),
            seats,
            limit: self.limit.map(|l| l.minutes),
            origin: self.origin.as_ref().map(super::Origin::encode),
            started_ms: self.stats.started_ms,
            finished_ms: self.stats.finished_ms,
            log: self.log.clone(),
            fair: self.fair.as_ref().map(super::Fair::reveal),
        })
    }
}
