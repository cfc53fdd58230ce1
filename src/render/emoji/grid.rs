//! What each square shows, before it becomes an emoji or a terminal cell: shared by the
//! emoji board, the terminal cross and the terminal rows.

use crate::engine::{Colour, Game, Loc, Move, Square};

/// R1.2 Squares in each corridor.
pub(crate) const CORRIDOR: u8 = 7;

/// What one square shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Glyph {
    /// An empty ring square.
    Empty,
    /// An empty safe ring square that is no seated colour's exit.
    Safe,
    /// The empty exit square of a seated colour (R1.3: also safe).
    Exit(Colour),
    /// An empty corridor square of this colour.
    Lane(Colour),
    /// One piece.
    Piece(Colour),
    /// Two pieces of one colour forming a barrier (R4.2).
    Barrier(Colour),
    /// Any other two pieces, in arrival order (R1.7).
    Pair(Colour, Colour),
    /// Where the move of this number (1-based, in the caller's order) ends.
    Move(u8),
}

/// The move numbers of the caller's moves, by destination: move `i` (0-based) is
/// number `i + 1`.
pub(crate) struct Marks<'a>(pub &'a [Move]);

impl Marks<'_> {
    /// The numbers of the moves that end at `loc`, in order.
    pub fn at(&self, loc: Loc) -> impl Iterator<Item = u8> + '_ {
        self.0
            .iter()
            .enumerate()
            .filter(move |(_, m)| m.to() == loc)
            .map(|(i, _)| u8::try_from(i + 1).unwrap_or(u8::MAX))
    }
}

/// Is ring square `n` the exit square of a colour seated in `game`?
pub(crate) fn exit_of(game: &Game, n: u8) -> Option<Colour> {
    game.arms()
        .colours()
        .iter()
        .copied()
        .find(|&c| c.exit_square() == n && game.is_seated(c))
}

/// What square `sq` of `game` shows: the first move that ends there, else its pieces,
/// else its empty look.
pub(crate) fn square_glyph(game: &Game, sq: Square, marks: &Marks<'_>) -> Glyph {
    if let Some(n) = marks.at(Loc::Sq(sq)).next() {
        return Glyph::Move(n);
    }
    let mut on = game.pieces_on(sq);
    match (on.next(), on.next()) {
        (None, _) => empty_look(game, sq),
        (Some(p), None) => Glyph::Piece(p),
        (Some(p), Some(_)) if game.is_barrier(sq) => Glyph::Barrier(p),
        (Some(p), Some(q)) => Glyph::Pair(p, q),
    }
}

fn empty_look(game: &Game, sq: Square) -> Glyph {
    if let Some((c, _)) = sq.corridor_of() {
        return Glyph::Lane(c);
    }
    let n = sq.ring_number().unwrap_or(0);
    if let Some(c) = exit_of(game, n) {
        Glyph::Exit(c)
    } else if sq.is_safe() {
        Glyph::Safe
    } else {
        Glyph::Empty
    }
}

/// The ring squares `first..=last` (1-based, inclusive) of `game`'s board.
pub(crate) fn ring_squares(first: u8, last: u8) -> impl Iterator<Item = Square> {
    (first..=last).filter_map(Square::ring)
}

/// Colour `c`'s corridor squares 1..=7.
pub(crate) fn corridor(c: Colour) -> impl Iterator<Item = Square> {
    (1..=CORRIDOR).filter_map(move |k| Square::corridor(c, k))
}
