//! The validated game state and its read-only views.

use super::board::{self, Colour, GOAL, Loc, NEST, PATH, Progress, SQUARES, Square};
use super::rules::{Barriers, Options, Preset};

/// R6 Who won: one colour, or a pair (R6.2) written in R1.2 order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Winner {
    Colour(Colour),
    Pair(Colour, Colour),
}

impl PartialEq for Game {
    fn eq(&self, other: &Self) -> bool {
        self.canonical() == other.canonical()
    }
}

impl Eq for Game {}

impl std::hash::Hash for Game {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.canonical().hash(state);
    }
}

impl Winner {
    /// The winning colours.
    #[must_use]
    pub fn colours(self) -> ArrayColours {
        let mut v = ArrayColours::new();
        match self {
            Self::Colour(c) => v.push(c),
            Self::Pair(a, b) => {
                v.push(a);
                v.push(b);
            }
        }
        v
    }

    /// Does this winner include colour `c`?
    #[must_use]
    pub fn includes(self, c: Colour) -> bool {
        self.colours().contains(&c)
    }
}

/// A short list of colours (at most four).
pub type ArrayColours = arrayvec::ArrayVec<Colour, 4>;

/// What the game waits for now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The seat must roll the die.
    AwaitingRoll(Colour),
    /// The seat rolled `roll` and must play it (or pass when it has no legal move).
    AwaitingMove { seat: Colour, roll: u8 },
    /// R5 The seat must play a bonus of `amount` (10 or 20).
    AwaitingBonus { seat: Colour, amount: u8 },
    /// R6 The game is over.
    Finished(Winner),
}

/// A validated game: built only by [`Game::new`] or from a checked setup.
///
/// Squares keep their pieces in arrival order (R1.7); `prog` keeps each colour's
/// four pieces' progress along its path (0 nest, 1..=71 on the board, 72 goal).
///
/// Equality and hashing are those of the position: the order in which `prog` happens to
/// store a colour's pieces and the seat recorded after the game is won do not count, so a
/// game equals its own JSON round trip.
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) preset: Preset,
    pub(crate) opts: Options,
    /// Bit `c` set when colour `c` has a seat.
    pub(crate) seats: u8,
    /// The seat to act; meaningless once `winner` is set.
    pub(crate) turn: Colour,
    pub(crate) sixes: u8,
    pub(crate) last_moved: Option<Loc>,
    pub(crate) bonus: Option<u8>,
    pub(crate) roll: Option<u8>,
    pub(crate) winner: Option<Winner>,
    /// Per square, up to two pieces in arrival order: 0 empty, else colour index + 1.
    pub(crate) squares: [[u8; 2]; SQUARES],
    pub(crate) prog: [[Progress; 4]; 4],
}

impl Game {
    /// Everything that makes the position, in a canonical form (see [`Game`]'s equality).
    #[allow(clippy::type_complexity)]
    fn canonical(
        &self,
    ) -> (
        (Preset, Options, u8, Option<Colour>, u8),
        (Option<Loc>, Option<u8>, Option<u8>, Option<Winner>),
        &[[u8; 2]; SQUARES],
        [[Progress; 4]; 4],
    ) {
        let mut prog = self.prog;
        for p in &mut prog {
            p.sort_unstable();
        }
        (
            (self.preset, self.opts, self.seats, self.turn(), self.sixes),
            (self.last_moved, self.bonus, self.roll, self.winner),
            &self.squares,
            prog,
        )
    }

    /// The preset the game was started with.
    #[must_use]
    pub fn preset(&self) -> Preset {
        self.preset
    }

    /// R7 The effective options.
    #[must_use]
    pub fn options(&self) -> Options {
        self.opts
    }

    /// The seated colours in turn order (R2.1).
    pub fn seats(&self) -> impl Iterator<Item = Colour> + '_ {
        Colour::ALL.into_iter().filter(|c| self.is_seated(*c))
    }

    /// Is colour `c` seated?
    #[must_use]
    pub fn is_seated(&self, c: Colour) -> bool {
        self.seats & (1 << c.index()) != 0
    }

    /// The seat to act, `None` once the game is won.
    #[must_use]
    #[inline]
    pub fn turn(&self) -> Option<Colour> {
        match self.winner {
            Some(_) => None,
            None => Some(self.turn),
        }
    }

    /// Consecutive sixes rolled in this turn (0..=2).
    #[must_use]
    pub fn sixes(&self) -> u8 {
        self.sixes
    }

    /// R2.5 Location of the piece that moved last in this turn.
    #[must_use]
    pub fn last_moved(&self) -> Option<Loc> {
        self.last_moved
    }

    /// R5 The bonus to play now, if any.
    #[must_use]
    pub fn bonus(&self) -> Option<u8> {
        self.bonus
    }

    /// The roll waiting to be played, if any.
    #[must_use]
    pub fn pending_roll(&self) -> Option<u8> {
        self.roll
    }

    /// R6 The winner, if the game is over.
    #[must_use]
    pub fn winner(&self) -> Option<Winner> {
        self.winner
    }

    /// What the game waits for.
    #[must_use]
    #[inline]
    pub fn phase(&self) -> Phase {
        let seat = self.turn;
        match (self.winner, self.bonus, self.roll) {
            (Some(w), _, _) => Phase::Finished(w),
            (None, Some(amount), _) => Phase::AwaitingBonus { seat, amount },
            (None, None, Some(roll)) => Phase::AwaitingMove { seat, roll },
            (None, None, None) => Phase::AwaitingRoll(seat),
        }
    }

    /// The pieces standing on a square, in arrival order (R1.7).
    pub fn pieces_on(&self, sq: Square) -> impl Iterator<Item = Colour> + '_ {
        self.squares[sq.index()].iter().filter_map(|&v| {
            v.checked_sub(1)
                .and_then(|i| Colour::from_index(i as usize))
        })
    }

    /// Pieces of colour `c` in its nest.
    #[must_use]
    pub fn in_nest(&self, c: Colour) -> u8 {
        if !self.is_seated(c) {
            return 0;
        }
        self.prog[c.index()].iter().filter(|&&p| p == NEST).count() as u8
    }

    /// Pieces of colour `c` in its goal.
    #[must_use]
    pub fn in_goal(&self, c: Colour) -> u8 {
        if !self.is_seated(c) {
            return 0;
        }
        self.prog[c.index()].iter().filter(|&&p| p == GOAL).count() as u8
    }

    /// Each piece's progress along colour `c`'s path (0 nest, 1..=71 board, 72 goal),
    /// smallest first.
    #[must_use]
    pub fn progress(&self, c: Colour) -> [Progress; 4] {
        let mut p = self.prog[c.index()];
        p.sort_unstable();
        p
    }

    /// Each piece's location, nest first, goal last.
    #[must_use]
    pub fn piece_locations(&self, c: Colour) -> [Loc; 4] {
        self.progress(c).map(|p| board::loc_at(c, p))
    }

    /// R6.2 The colour whose pieces the seat moves: its own, or its partner's once all its
    /// own pieces are in the goal in a pairs game.
    #[must_use]
    #[inline]
    pub fn moving_colour(&self, seat: Colour) -> Colour {
        if self.opts.pairs && self.in_goal(seat) == 4 {
            seat.partner()
        } else {
            seat
        }
    }

    /// R4.2 Is there a barrier on square index `i`?
    #[inline]
    pub(crate) fn barrier_at(&self, i: usize) -> bool {
        let [a, b] = self.squares[i];
        a != 0
            && a == b
            && (self.opts.barriers == Barriers::Anywhere
                || Square::from_index(i).is_some_and(Square::is_safe))
    }

    /// Is there a barrier on square `sq`?
    #[must_use]
    pub fn is_barrier(&self, sq: Square) -> bool {
        self.barrier_at(sq.index())
    }

    /// Square index of colour `c`'s path at progress `p` (1..=71).
    #[inline]
    pub(crate) fn path_index(c: Colour, p: Progress) -> usize {
        PATH[c.index()][p as usize] as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_equals_its_json_round_trip_whatever_the_piece_order() {
        // Given red pieces stored as [1, 16] (left the nest, then moved one)
        let mut g = Game::new(
            Preset::Jcf,
            Preset::Jcf.options(),
            &[Colour::Yellow, Colour::Red],
        )
        .expect("new game");
        for (p, k) in [(1u8, 0usize), (16, 1)] {
            g.prog[Colour::Red.index()][k] = p;
            g.squares[Game::path_index(Colour::Red, p)][0] = Colour::Red as u8 + 1;
        }
        // When it goes through its JSON form (which lists pieces square by square)
        let text = serde_json::to_string(&g).expect("serialise");
        let back: Game = serde_json::from_str(&text).expect("deserialise");
        // Then it is the same game, with the same hash
        assert_eq!(back, g);
        let s = std::hash::RandomState::new();
        assert_eq!(
            std::hash::BuildHasher::hash_one(&s, &back),
            std::hash::BuildHasher::hash_one(&s, &g)
        );
    }
}
