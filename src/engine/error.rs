//! Why a setup is not a valid game: one kind per refusal, each with what it is about.

use thiserror::Error;

use crate::engine::board::{Arms, Colour, Loc, Square};

/// Why a setup (a docs/PROTOCOL.md position, or a new game's seats and options) is not a
/// valid game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    /// R7 `six_counts` is 6, 7 or 12.
    #[error("six_counts must be 6, 7 or 12, not {0}")]
    SixCounts(u8),
    /// R2.1 2 to `arms` seats.
    #[error("{got} seats: a board of {arms} arms seats 2 to {arms}")]
    SeatCount { got: usize, arms: Arms },
    /// R2.1 Seats are distinct and in turn order.
    #[error("seats must be distinct and in turn order (yellow, blue, red, green, …)")]
    SeatOrder,
    /// R1.2 A colour that has no arm on this board.
    #[error("{colour} has no arm on a board of {arms} arms")]
    ColourNotOnBoard { colour: Colour, arms: Arms },
    /// R6.2 A pairs game fills every seat of its board.
    #[error("a pairs game needs all {0} seats (set \"pairs\": false for fewer)")]
    PairsNeedEverySeat(Arms),
    /// A piece, a goal or the turn of a colour that has no seat.
    #[error("{0} has no seat")]
    NotSeated(Colour),
    /// The board lists squares only (not `nest` or `goal`).
    #[error("board lists only squares, not {0:?}")]
    NotASquare(Loc),
    /// A square the board does not have.
    #[error("square {square} is not on a board of {arms} arms")]
    SquareNotOnBoard { square: Square, arms: Arms },
    /// A square listed twice on the board.
    #[error("square {0} is listed twice")]
    DuplicateSquare(Square),
    /// A square listed with no pieces (only occupied squares are listed).
    #[error("square {0} is listed with no pieces (list only occupied squares)")]
    EmptySquare(Square),
    /// R1.6 More than two pieces on a square.
    #[error("{count} pieces on {square} (at most 2, R1.6)")]
    Crowded { square: Square, count: usize },
    /// R1.8 A piece in another colour's corridor.
    #[error("{colour} piece in a foreign corridor at {square} (R1.8)")]
    ForeignCorridor { colour: Colour, square: Square },
    /// R1.4 A ring square outside the colour's path.
    #[error("square {square} is not on {colour}'s path (R1.4)")]
    OffPath { colour: Colour, square: Square },
    /// More than four pieces of a colour.
    #[error("more than four {0} pieces")]
    TooManyPieces(Colour),
    /// A colour's goal listed twice.
    #[error("the goal of {0} is listed twice")]
    DuplicateGoal(Colour),
    /// `sixes` is 0, 1 or 2.
    #[error("sixes must be 0, 1 or 2, not {0}")]
    Sixes(u8),
    /// R5 A bonus is 10 or 20.
    #[error("bonus must be 10, 20 or null, not {0}")]
    Bonus(u8),
    /// A pending roll is 1 to 6.
    #[error("a roll is 1 to 6, not {0}")]
    Roll(u8),
    /// A roll and a bonus cannot both be pending.
    #[error("a roll cannot be pending while a bonus is")]
    RollAndBonus,
    /// `turn` is `null` only in a won game.
    #[error("turn is null but the game has no winner")]
    NoTurn,
    /// R6 A winner that does not fit the game: a colour in a pairs game, a pair otherwise,
    /// or two colours that are not partners in turn order.
    #[error("winner {0} does not fit this game (a colour, or a pair of partners in pairs games)")]
    WinnerShape(String),
    /// R6 A winner without all its pieces in the goal.
    #[error("winner {0} does not have four pieces in its goal")]
    WinnerNotHome(Colour),
    /// R6 A finished colour (or pair) without `winner`.
    #[error("{0} has finished but winner is null")]
    FinishedWithoutWinner(Colour),
    /// R2.5 `last_moved` names a place without the mover's pieces.
    #[error("last_moved {0} holds none of the mover's pieces")]
    LastMoved(Loc),
}
