//! What an action did, in order: the board message narrates it ([`super::super::narration`]).

use serde::{Deserialize, Serialize};

use crate::ai::Level;
use crate::engine::{Colour, Game, Loc, Move, Pass, Winner};

/// What happened in the last action: shown in the board message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "e", rename_all = "snake_case")]
pub enum Event {
    Joined {
        name: String,
    },
    Left {
        name: String,
    },
    /// The host or an admin removed a player (mid-game a computer takes the seat).
    Removed {
        name: String,
    },
    BotAdded {
        name: String,
        level: Level,
    },
    Replaced {
        name: String,
    },
    RollOff {
        rounds: Vec<Vec<(Colour, u8)>>,
        starter: Colour,
    },
    Rolled {
        seat: Colour,
        die: u8,
        counts: u8,
    },
    Moved {
        colour: Colour,
        from: Loc,
        to: Loc,
        captures: Option<Colour>,
        opened_barrier: bool,
        auto: bool,
    },
    NoMove {
        die: u8,
    },
    BonusLost {
        amount: u8,
    },
    ThirdSix {
        sent_home: Option<Loc>,
    },
    RollAgain {
        seat: Colour,
    },
    Won {
        winner: WinnerRec,
    },
    /// R6.3 The time limit ended the game: its winner (`None`: a draw) and the limit's
    /// minutes (0 in records stored before it was kept).
    TimeUp {
        winner: Option<WinnerRec>,
        #[serde(default)]
        minutes: u32,
    },
    Cancelled,
    /// The turn timer ran out: the bot played for the player (strike k of 3).
    TimedOut {
        name: String,
        strike: u8,
    },
    /// Three strikes: the computer plays for the player until they press a button.
    Absent {
        name: String,
    },
    /// The host had the bot play the current turn at once.
    Skipped {
        name: String,
    },
    /// An absent player pressed a button: they play their own turns again.
    Back {
        name: String,
    },
}

impl Event {
    /// The event of playing `mv` in `before` (the position it is legal in).
    #[must_use]
    pub fn moved(before: &Game, mv: Move, auto: bool) -> Self {
        let opened_barrier = match mv.from() {
            Loc::Sq(sq) => before.is_barrier(sq),
            _ => false,
        };
        Self::Moved {
            colour: mv.colour(),
            from: mv.from(),
            to: mv.to(),
            captures: mv.captures(),
            opened_barrier,
            auto,
        }
    }

    /// The event of a pass (a roll or bonus that could not be played, or a third six).
    #[must_use]
    pub fn passed(pass: Pass) -> Self {
        match pass {
            Pass::NoMove { die } => Self::NoMove { die },
            Pass::BonusLost { amount } => Self::BonusLost { amount },
            Pass::ThirdSix { sent_home } => Self::ThirdSix {
                sent_home: sent_home.map(|(_, l)| l),
            },
        }
    }
}

/// A winner as stored: one colour or a pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum WinnerRec {
    One(Colour),
    Pair(Colour, Colour),
}

impl From<Winner> for WinnerRec {
    fn from(w: Winner) -> Self {
        match w {
            Winner::Colour(c) => Self::One(c),
            Winner::Pair(a, b) => Self::Pair(a, b),
        }
    }
}
