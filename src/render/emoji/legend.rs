//! The emoji board's legend: each emoji with a key the bot and the terminal translate.

use super::{EMPTY, GOAL, NEST, PAIR, SAFE, TROPHY, TURN};

/// What a legend entry explains; the bot maps each key to a localized text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LegendKey {
    /// One piece of each colour.
    Pieces,
    /// Two pieces of one colour: a barrier.
    Barrier,
    /// Any other two pieces on a square, listed under the board.
    Pair,
    /// Where the move of a number ends (the numbers of the buttons or the choices).
    Move,
    /// An empty ring square.
    Square,
    /// A safe square.
    Safe,
    /// On the ring the colour's exit square; in the colour's line its corridor.
    Lane,
    /// Pieces in the nest.
    Nest,
    /// Pieces in the goal.
    Goal,
    /// The seat to act.
    Turn,
    /// The winner.
    Winner,
    /// The row labels: the number of each row's first square.
    Anchors,
}

impl LegendKey {
    /// A stable id for the localized text (`legend-barrier`, …).
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Self::Pieces => "legend-pieces",
            Self::Barrier => "legend-barrier",
            Self::Pair => "legend-pair",
            Self::Move => "legend-move",
            Self::Square => "legend-square",
            Self::Safe => "legend-safe",
            Self::Lane => "legend-lane",
            Self::Nest => "legend-nest",
            Self::Goal => "legend-goal",
            Self::Turn => "legend-turn",
            Self::Winner => "legend-winner",
            Self::Anchors => "legend-anchors",
        }
    }

    /// The English text, a fallback and a model for translations.
    #[must_use]
    pub const fn english(self) -> &'static str {
        match self {
            Self::Pieces => "pieces",
            Self::Barrier => "barrier (two of one colour)",
            Self::Pair => "two pieces of two colours: see the list under the board",
            Self::Move => "where move 1, 2… ends",
            Self::Square => "square",
            Self::Safe => "safe square",
            Self::Lane => "exit square (on the ring) and corridor (in the colour's line)",
            Self::Nest => "pieces at home",
            Self::Goal => "pieces in the goal",
            Self::Turn => "to play",
            Self::Winner => "winner",
            Self::Anchors => "number of the row's first square (rows of ten, read like a page)",
        }
    }
}

/// The board's legend: each emoji (or group) with what it means, in reading order.
#[must_use]
pub fn legend() -> &'static [(&'static str, LegendKey)] {
    &[
        ("🟡🔵🔴🟢", LegendKey::Pieces),
        ("💛💙❤\u{fe0f}💚", LegendKey::Barrier),
        (PAIR, LegendKey::Pair),
        ("1\u{fe0f}\u{20e3}", LegendKey::Move),
        (EMPTY, LegendKey::Square),
        (SAFE, LegendKey::Safe),
        ("🟨🟦🟥🟩", LegendKey::Lane),
        (NEST, LegendKey::Nest),
        (GOAL, LegendKey::Goal),
        (TURN, LegendKey::Turn),
        (TROPHY, LegendKey::Winner),
        ("11", LegendKey::Anchors),
    ]
}

/// The legend in English, one `emoji meaning` line per entry.
#[must_use]
pub fn legend_english() -> String {
    legend()
        .iter()
        .map(|(e, k)| format!("{e} {}", k.english()))
        .collect::<Vec<_>>()
        .join("\n")
}
