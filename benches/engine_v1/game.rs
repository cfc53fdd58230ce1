//! The validated game state and its read-only views.

use super::board::{Arms, Colour, Loc, MAX_COLOURS, MAX_SQUARES, NEST, Progress, Square};
use super::rules::{Barriers, Options, Preset};

/// R6 Who won: one colour, or a pair (R6.2) written in turn order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Winner {
    Colour(Colour),
    Pair(Colour, Colour),
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
        match self {
            Self::Colour(w) => w == c,
            Self::Pair(a, b) => a == c || b == c,
        }
    }
}

/// The colours of a winner (one, or a pair).
pub type ArrayColours = arrayvec::ArrayVec<Colour, 2>;

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

/// What the seat to act owes the game: one value, so a roll and a bonus can never both be
/// pending.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Pending {
    /// A roll of the die (also the state of a won game).
    #[default]
    Roll,
    /// The move of a roll of `die` (or its pass, when it has no legal move).
    Move(u8),
    /// R5 A bonus of 10 or 20 to play (or to lose, when no piece can play it).
    Bonus(u8),
}

/// A validated game: built only by [`Game::new`] or from a checked setup.
///
/// Squares keep their pieces in arrival order (R1.7); `prog` keeps each colour's four
/// pieces' progress along its path (0 nest, then the board, then [`Arms::goal`]).
///
/// Equality and hashing are those of the position: the order in which `prog` happens to
/// store a colour's pieces and the seat recorded after the game is won do not count, so a
/// game equals its own JSON round trip.
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) preset: Preset,
    pub(crate) opts: Options,
    pub(crate) arms: Arms,
    /// Bit `c` set when colour `c` has a seat.
    pub(crate) seats: u8,
    /// The seat to act; meaningless once `winner` is set.
    pub(crate) turn: Colour,
    pub(crate) sixes: u8,
    pub(crate) last_moved: Option<Loc>,
    pub(crate) pending: Pending,
    pub(crate) winner: Option<Winner>,
    /// Per square, up to two pieces in arrival order, packed in one byte: the low nibble
    /// is the first piece, the high nibble the second, each 0 (none) or colour index + 1.
    pub(crate) squares: [u8; MAX_SQUARES],
    pub(crate) prog: [[Progress; 4]; MAX_COLOURS],
}

/// The packed value of a piece of colour `c` in a square nibble.
#[inline]
pub(crate) const fn piece(c: Colour) -> u8 {
    c as u8 + 1
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

impl Game {
    /// Everything that makes the position, in a canonical form (see [`Game`]'s equality).
    #[allow(clippy::type_complexity)]
    fn canonical(
        &self,
    ) -> (
        (Preset, Options, Arms, u8, Option<Colour>, u8),
        (Option<Loc>, Pending, Option<Winner>),
        &[u8; MAX_SQUARES],
        [[Progress; 4]; MAX_COLOURS],
    ) {
        let mut prog = self.prog;
        for p in &mut prog {
            p.sort_unstable();
        }
        (
            (
                self.preset,
                self.opts,
                self.arms,
                self.seats,
                self.turn(),
                self.sixes,
            ),
            (self.last_moved, self.pending, self.winner),
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

    /// The board the game is played on.
    #[must_use]
    #[inline]
    pub fn arms(&self) -> Arms {
        self.arms
    }

    /// The seated colours in turn order (R2.1).
    pub fn seats(&self) -> impl Iterator<Item = Colour> + '_ {
        self.arms
            .colours()
            .iter()
            .copied()
            .filter(|c| self.is_seated(*c))
    }

    /// Is colour `c` seated?
    #[must_use]
    #[inline]
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

    /// What the seat to act owes the game (a roll once the game is won).
    #[must_use]
    #[inline]
    pub fn pending(&self) -> Pending {
        self.pending
    }

    /// R5 The bonus to play now, if any.
    #[must_use]
    pub fn bonus(&self) -> Option<u8> {
        match self.pending {
            Pending::Bonus(b) => Some(b),
            _ => None,
        }
    }

    /// The roll waiting to be played, if any.
    #[must_use]
    pub fn pending_roll(&self) -> Option<u8> {
        match self.pending {
            Pending::Move(d) => Some(d),
            _ => None,
        }
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
        if let Some(w) = self.winner {
            return Phase::Finished(w);
        }
        match self.pending {
            Pending::Roll => Phase::AwaitingRoll(seat),
            Pending::Move(roll) => Phase::AwaitingMove { seat, roll },
            Pending::Bonus(amount) => Phase::AwaitingBonus { seat, amount },
        }
    }

    /// The two pieces of a square index in arrival order (0 none, else colour index + 1).
    #[inline]
    pub(crate) fn cell(&self, i: usize) -> [u8; 2] {
        let v = self.squares[i];
        [v & 0xF, v >> 4]
    }

    /// The pieces standing on a square, in arrival order (R1.7).
    pub fn pieces_on(&self, sq: Square) -> impl Iterator<Item = Colour> + '_ {
        self.cell(sq.index()).into_iter().filter_map(|v| {
            v.checked_sub(1)
                .and_then(|i| Colour::from_index(usize::from(i)))
        })
    }

    /// Pieces of colour `c` in its nest.
    #[must_use]
    #[inline]
    pub fn in_nest(&self, c: Colour) -> u8 {
        if !self.is_seated(c) {
            return 0;
        }
        self.prog[c.index()].iter().filter(|&&p| p == NEST).count() as u8
    }

    /// Pieces of colour `c` in its goal.
    #[must_use]
    #[inline]
    pub fn in_goal(&self, c: Colour) -> u8 {
        if !self.is_seated(c) {
            return 0;
        }
        let goal = self.arms.goal();
        self.prog[c.index()].iter().filter(|&&p| p == goal).count() as u8
    }

    /// Each piece's progress along colour `c`'s path (0 nest, then the board, then
    /// [`Arms::goal`]), smallest first.
    #[must_use]
    pub fn progress(&self, c: Colour) -> [Progress; 4] {
        let mut p = self.prog[c.index()];
        p.sort_unstable();
        p
    }

    /// Each piece's location, nest first, goal last.
    #[must_use]
    pub fn piece_locations(&self, c: Colour) -> [Loc; 4] {
        self.progress(c).map(|p| self.arms.loc_at(c, p))
    }

    /// R6.2 The partner of colour `c` on this board (sitting opposite).
    #[must_use]
    #[inline]
    pub fn partner(&self, c: Colour) -> Colour {
        self.arms.partner(c)
    }

    /// R6.2 The colour whose pieces the seat moves: its own, or its partner's once all its
    /// own pieces are in the goal in a pairs game.
    #[must_use]
    #[inline]
    pub fn moving_colour(&self, seat: Colour) -> Colour {
        if self.opts.pairs && self.in_goal(seat) == 4 {
            self.partner(seat)
        } else {
            seat
        }
    }

    /// R4.2 Is there a barrier on square index `i`?
    #[inline]
    pub(crate) fn barrier_at(&self, i: usize) -> bool {
        let v = self.squares[i];
        v >= 0x10
            && v & 0xF == v >> 4
            && (self.opts.barriers == Barriers::Anywhere
                || Square::from_index(i).is_some_and(Square::is_safe))
    }

    /// Is there a barrier on square `sq`?
    #[must_use]
    pub fn is_barrier(&self, sq: Square) -> bool {
        self.barrier_at(sq.index())
    }

    /// Square index of colour `c`'s path at progress `p` (on the board).
    #[inline]
    pub(crate) fn path_index(&self, c: Colour, p: Progress) -> usize {
        usize::from(self.arms.path(c)[usize::from(p)])
    }

    /// Put a piece of colour `c` on square index `i` (after those already there).
    #[inline]
    pub(crate) fn add_piece(&mut self, i: usize, c: Colour) {
        let v = &mut self.squares[i];
        *v = if *v == 0 {
            piece(c)
        } else {
            *v | piece(c) << 4
        };
    }

    /// Take a piece of colour `c` off square index `i`: of two of that colour, the one that
    /// arrived later.
    #[inline]
    pub(crate) fn remove_piece(&mut self, i: usize, c: Colour) {
        let v = &mut self.squares[i];
        *v = if *v >> 4 == piece(c) {
            *v & 0xF
        } else {
            *v >> 4
        };
    }
}
