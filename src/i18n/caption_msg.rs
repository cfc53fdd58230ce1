//! [`CaptionMsg`]: the short texts of the board's caption, one variant per Fluent message
//! (ids `caption-*` in the `# caption` block of each locale). Reached through
//! `Msg::Caption`.
//!
//! The caption opens with what to do now ("🔴 Biel 🎲 3 — choose a move · ⏳ until 19:42"),
//! then tells the turns played since, one short line each ("🔵 Pere 🎲 4: 42 → 46 ⚔ 🟢 Laia").

use crate::engine::Loc;

use super::arg::{Arg, Word};
use super::vocab::Preset;

/// One caption text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum CaptionMsg {
    /// "NAME: roll the die" / "NAME: roll again" (after a 6).
    Roll { name: String, again: bool },
    /// "NAME 🎲 3 — choose a move" (the roll to play; `counts` as in [`CaptionMsg::Die`]).
    Choose { name: String, roll: u8, counts: u8 },
    /// "NAME: count 20 with one of your pieces".
    Bonus { name: String, bonus: u8 },
    /// "NAME: the computer is thinking…" / "NAME 💤: the computer plays…" (absent).
    Computer { name: String, absent: bool },
    /// "🏆 NAME wins" (HTML).
    Won { name: String },
    /// "🏆 FIRST and SECOND win" (HTML).
    WonPair { first: String, second: String },
    /// "✖️ Game cancelled".
    Cancelled,
    /// "⏳ until 19:42": the turn's deadline as a clock time in the chat's time zone (a
    /// snapshot that stays true, not a countdown that looks live).
    Until { hour: u8, minute: u8 },
    /// "before:", at the head of each earlier turn's line.
    Before,
    /// "🎲 4" / "🎲 6 (counts 7)" (R2.3).
    Die { roll: u8, counts: u8 },
    /// "42 → 46" (short locations, as on the buttons).
    Move { from: Loc, to: Loc },
    /// "(only move)": played without asking.
    OnlyMove,
    /// "opens a barrier" (R4.4).
    Barrier,
    /// "no move" (R2.6).
    NoMove,
    /// "+20: 12 → 32": a bonus played (R5).
    BonusMove { bonus: u8, from: Loc, to: Loc },
    /// "+20 lost" (R5.2).
    BonusLost { bonus: u8 },
    /// "third six, 26 back to the nest" / "third six" (R2.5).
    ThirdSix { from: Option<Loc> },
    /// "JCF rules, in pairs" (HTML, a quiet last line).
    Rules { preset: Preset, pairs: bool },
}

impl CaptionMsg {
    /// The Fluent message id.
    #[must_use]
    pub fn id(&self) -> &'static str {
        match self {
            Self::Roll { .. } => "caption-roll",
            Self::Choose { .. } => "caption-choose",
            Self::Bonus { .. } => "caption-bonus",
            Self::Computer { .. } => "caption-computer",
            Self::Won { .. } => "caption-won",
            Self::WonPair { .. } => "caption-won-pair",
            Self::Cancelled => "caption-cancelled",
            Self::Until { .. } => "caption-until",
            Self::Before => "caption-before",
            Self::Die { .. } => "caption-die",
            Self::Move { .. } => "caption-move",
            Self::OnlyMove => "caption-only-move",
            Self::Barrier => "caption-barrier",
            Self::NoMove => "caption-no-move",
            Self::BonusMove { .. } => "caption-bonus-move",
            Self::BonusLost { .. } => "caption-bonus-lost",
            Self::ThirdSix { from: Some(_) } => "caption-third-six-back",
            Self::ThirdSix { from: None } => "caption-third-six",
            Self::Rules { .. } => "caption-rules",
        }
    }

    /// The Fluent arguments.
    #[must_use]
    pub fn args(&self) -> Vec<(&'static str, Arg<Self>)> {
        let text = |s: &str| Arg::Text(s.to_owned());
        let num = |n: u8| Arg::Num(u32::from(n));
        let short = |l: &Loc| Arg::Word(Word::LocShort(*l));
        match self {
            Self::Roll { name, again } => vec![("name", text(name)), ("again", Arg::Flag(*again))],
            Self::Won { name } => vec![("name", text(name))],
            Self::Choose { name, roll, counts } => vec![
                ("name", text(name)),
                (
                    "die",
                    Arg::Msg(Self::Die {
                        roll: *roll,
                        counts: *counts,
                    }),
                ),
            ],
            Self::Bonus { name, bonus } => vec![("name", text(name)), ("bonus", num(*bonus))],
            Self::Computer { name, absent } => {
                vec![("name", text(name)), ("absent", Arg::Flag(*absent))]
            }
            Self::WonPair { first, second } => {
                vec![("first", text(first)), ("second", text(second))]
            }
            Self::Until { hour, minute } => vec![
                ("hour", num(*hour)),
                ("time", Arg::Text(format!("{hour}:{minute:02}"))),
            ],
            Self::Die { roll, counts } => {
                let counts = if counts == roll { 0 } else { *counts };
                vec![("roll", num(*roll)), ("counts", num(counts))]
            }
            Self::Move { from, to } => vec![("from", short(from)), ("to", short(to))],
            Self::BonusMove { bonus, from, to } => vec![
                ("bonus", num(*bonus)),
                ("from", short(from)),
                ("to", short(to)),
            ],
            Self::BonusLost { bonus } => vec![("bonus", num(*bonus))],
            Self::ThirdSix { from: Some(from) } => vec![("from", short(from))],
            Self::Rules { preset, pairs } => vec![
                ("preset", Arg::Word(Word::Preset(*preset))),
                ("pairs", Arg::Flag(*pairs)),
            ],
            Self::Cancelled
            | Self::Before
            | Self::OnlyMove
            | Self::Barrier
            | Self::NoMove
            | Self::ThirdSix { from: None } => Vec::new(),
        }
    }

    /// Instances that together use every caption id and variant, for the locale tests.
    #[must_use]
    pub fn samples() -> Vec<Self> {
        let name = || "Vicent".to_owned();
        let sq = |n| crate::engine::Square::ring(n).map_or(Loc::Nest, Loc::Sq);
        vec![
            Self::Roll {
                name: name(),
                again: false,
            },
            Self::Roll {
                name: name(),
                again: true,
            },
            Self::Choose {
                name: name(),
                roll: 3,
                counts: 3,
            },
            Self::Choose {
                name: name(),
                roll: 6,
                counts: 7,
            },
            Self::Bonus {
                name: name(),
                bonus: 20,
            },
            Self::Computer {
                name: name(),
                absent: false,
            },
            Self::Computer {
                name: name(),
                absent: true,
            },
            Self::Won { name: name() },
            Self::WonPair {
                first: name(),
                second: "Amparo".into(),
            },
            Self::Cancelled,
            Self::Until {
                hour: 19,
                minute: 42,
            },
            Self::Until { hour: 1, minute: 5 },
            Self::Before,
            Self::Die { roll: 4, counts: 4 },
            Self::Die { roll: 6, counts: 7 },
            Self::Move {
                from: sq(42),
                to: sq(46),
            },
            Self::OnlyMove,
            Self::Barrier,
            Self::NoMove,
            Self::BonusMove {
                bonus: 20,
                from: sq(12),
                to: sq(32),
            },
            Self::BonusLost { bonus: 10 },
            Self::ThirdSix { from: Some(sq(26)) },
            Self::ThirdSix { from: None },
            Self::Rules {
                preset: Preset::Jcf,
                pairs: true,
            },
        ]
    }
}
