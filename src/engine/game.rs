//! The validated game state and its read-only views.

use super::board::{
    Arms, Colour, Loc, MAX_COLOURS, MAX_SQUARES, NEST, Progress, Square, is_safe_index,
};
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

    /// The winner as the protocol writes it (`"red"`, `["yellow","red"]`; the serde form is
    /// in `setup::json`).
    #[must_use]
    pub fn json_text(self) -> String {
        serde_json::to_string(&self).unwrap_or_default()
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
/// pieces' progress along its path (0 nest, then the board, then [`Arms::goal`]); `barriers`
/// marks the squares holding a barrier (R4.2), so that a move's path is checked with a few
/// bit operations. Pieces move with [`Game::set_piece`], which keeps the three in step.
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
    /// R4.2 Bit `i` set when square index `i` holds a barrier (a function of `squares` and
    /// the options). A fourth word takes the bit of [`OFF`] (an index past the squares).
    pub(crate) barriers: [u64; SQUARE_WORDS + 1],
}

/// Words of a bit set of squares: one bit per square index.
pub(crate) const SQUARE_WORDS: usize = MAX_SQUARES.div_ceil(64);

/// The square index of a path's nest and goal ([`Arms::path`]'s entry there): no square.
pub(crate) const OFF: u8 = u8::MAX;

/// How many of the four bytes of `p` equal `v` (no branch, no loop).
#[inline]
pub(crate) const fn count_eq(p: [Progress; 4], v: Progress) -> u8 {
    // The four flags, one per byte, summed into the top byte (no popcount instruction needed).
    ((eq_bytes(p, v) >> 7).wrapping_mul(0x0101_0101) >> 24) as u8
}

/// [`eq_bytes`] when all four bytes are equal.
pub(crate) const ALL_FOUR: u32 = 0x8080_8080;

/// The high bit of byte `k` set exactly where byte `k` of `p` equals `v`.
#[inline]
pub(crate) const fn eq_bytes(p: [Progress; 4], v: Progress) -> u32 {
    let x = u32::from_le_bytes(p) ^ (v as u32 * 0x0101_0101);
    let y = (x & 0x7F7F_7F7F) + 0x7F7F_7F7F;
    !(y | x | 0x7F7F_7F7F)
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
        count_eq(self.prog[c.index()], NEST)
    }

    /// Pieces of colour `c` in its goal.
    #[must_use]
    #[inline]
    pub fn in_goal(&self, c: Colour) -> u8 {
        if !self.is_seated(c) {
            return 0;
        }
        count_eq(self.prog[c.index()], self.arms.goal())
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
        if self.opts.pairs && eq_bytes(self.prog[seat.index()], self.arms.goal()) == ALL_FOUR {
            self.partner(seat)
        } else {
            seat
        }
    }

    /// R4.2 Is there a barrier on square index `i`?
    #[inline]
    pub(crate) fn barrier_at(&self, i: usize) -> bool {
        (self.barriers[i / 64] >> (i % 64)) & 1 != 0
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

    /// Move piece `k` of colour `c` to progress `p` (the nest, a square of its path or the
    /// goal), wherever it stands: it leaves its old square (of two pieces of its colour there
    /// the one left is alike), and arrives on its new square after the piece already there
    /// (R1.7), with which it may form a barrier (R4.2).
    #[inline]
    pub(crate) fn set_piece(&mut self, c: Colour, k: usize, p: Progress) {
        let path = self.arms.path(c);
        // The path table holds OFF at the nest and from the goal on.
        let old = path[usize::from(self.prog[c.index()][k])];
        if old != OFF {
            self.lift(c, old);
        }
        self.set_prog(c, k, p);
        let new = path[usize::from(p)];
        if new != OFF {
            self.land(c, new);
        }
    }

    /// A piece of colour `c` leaves square index `i` (the later-arrived of two of its colour);
    /// no barrier is left there.
    #[inline(always)]
    pub(crate) fn lift(&mut self, c: Colour, i: u8) {
        let own = piece(c);
        let v = &mut self.squares[usize::from(i) % MAX_SQUARES];
        *v = if *v >> 4 == own { *v & 0xF } else { *v >> 4 };
        self.barriers[usize::from(i / 64)] &= !(1 << (i % 64));
    }

    /// A piece of colour `c` arrives on square index `i`, after the piece already there, with
    /// which it forms a barrier when it is of its colour and the options allow (R4.2).
    #[inline(always)]
    pub(crate) fn land(&mut self, c: Colour, i: u8) {
        let own = piece(c);
        let anywhere = self.opts.barriers == Barriers::Anywhere;
        let v = &mut self.squares[usize::from(i) % MAX_SQUARES];
        let barrier = (*v == own) & (anywhere | is_safe_index(i));
        *v = if *v == 0 { own } else { *v | own << 4 };
        self.barriers[usize::from(i / 64)] |= u64::from(barrier) << (i % 64);
    }

    /// Set the progress of piece `k` of colour `c` (only the progress: see
    /// [`Game::set_piece`]). The colour's four bytes are written at once, so that the next
    /// reading of all four (as one word) is not held up behind a single byte's store.
    #[inline(always)]
    pub(crate) fn set_prog(&mut self, c: Colour, k: usize, p: Progress) {
        let shift = 8 * (k % 4);
        let word = u32::from_le_bytes(self.prog[c.index()]) & !(0xFF << shift);
        self.prog[c.index()] = (word | u32::from(p) << shift).to_le_bytes();
    }

    /// The slot (0..4) of the first piece of colour `c` at progress `p`.
    #[inline]
    pub(crate) fn slot_at(&self, c: Colour, p: Progress) -> Option<usize> {
        let k = eq_bytes(self.prog[c.index()], p).trailing_zeros() as usize / 8;
        (k < 4).then_some(k)
    }

    /// The occupied square indices in increasing order.
    pub(crate) fn occupied_squares(&self) -> impl Iterator<Item = usize> + '_ {
        (0..MAX_SQUARES).filter(|&i| self.squares[i] != 0)
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
            g.set_piece(Colour::Red, k, p);
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

    #[test]
    fn count_eq_counts_equal_bytes_exactly() {
        for v in [0u8, 1, 72, 106, 140, 255] {
            for a in [0u8, 1, 2, 71, 72, 105, 106, 139, 140, 254, 255] {
                for b in [0u8, 1, 72, 106, 128, 140, 255] {
                    for p in [[a, b, a, b], [a, a, b, v], [v, a, v, b], [b, v, v, v]] {
                        let expected = p.iter().filter(|&&x| x == v).count() as u8;
                        assert_eq!(count_eq(p, v), expected, "{p:?} {v}");
                    }
                }
            }
        }
    }

    /// The slot of `c` to put on the board next: the first in its nest.
    fn nest_slot(g: &Game, c: Colour) -> usize {
        g.slot_at(c, NEST).expect("a piece in the nest")
    }

    #[test]
    fn the_barrier_set_follows_the_pieces_and_the_options() {
        // Given two yellow pieces arriving on yellow's progress 6 (square 10, not safe) and 8
        // (square 12, safe)
        for (barriers, on_10) in [(Barriers::Anywhere, true), (Barriers::Safe, false)] {
            let mut opts = Preset::Jcf.options();
            opts.barriers = barriers;
            let mut g = Game::new(Preset::Jcf, opts, Arms::Four.colours()).expect("game");
            let y = Colour::Yellow;
            for p in [6, 8] {
                let i = g.path_index(y, p);
                g.set_piece(y, nest_slot(&g, y), p);
                assert!(!g.barrier_at(i), "one piece is no barrier");
                g.set_piece(y, nest_slot(&g, y), p);
            }
            // Then a barrier stands where the options allow one, and opens when one leaves
            let (i10, i12) = (g.path_index(y, 6), g.path_index(y, 8));
            assert_eq!(g.barrier_at(i10), on_10, "{barriers:?}");
            assert!(
                g.barrier_at(i12),
                "a safe square holds a barrier under any option"
            );
            let k = g.slot_at(y, 8).expect("a piece at 8");
            g.set_piece(y, k, 9);
            assert!(!g.barrier_at(i12) && !g.barrier_at(g.path_index(y, 9)));
            // A red piece joining the yellow one left on square 12 forms no barrier
            let r = Colour::Red;
            let rp = g.arms.progress_at(r, i12);
            g.set_piece(r, nest_slot(&g, r), rp);
            assert!(!g.barrier_at(i12), "two colours are no barrier");
            assert_eq!(g.cell(i12), [1, 3]);
        }
    }

    #[test]
    fn two_pieces_of_a_square_keep_their_arrival_order_when_one_leaves() {
        // Given blue then yellow then (after blue leaves) red on one square (ring 30)
        let mut g =
            Game::new(Preset::Jcf, Preset::Jcf.options(), Arms::Four.colours()).expect("game");
        let i = Square::ring(30).expect("square").index();
        let on = |g: &Game, c: Colour| g.arms.progress_at(c, i);
        let (b, y, r) = (Colour::Blue, Colour::Yellow, Colour::Red);
        g.set_piece(b, 0, on(&g, b));
        g.set_piece(y, 0, on(&g, y));
        assert_eq!(g.cell(i), [2, 1]);
        g.set_piece(b, 0, NEST);
        assert_eq!(g.cell(i), [1, 0]);
        g.set_piece(r, 0, on(&g, r));
        // Then yellow is first, red second
        assert_eq!(g.cell(i), [1, 3]);
        // And when the first leaves, the second becomes the first
        g.set_piece(y, 0, on(&g, y) + 1);
        assert_eq!(g.cell(i), [3, 0]);
        g.set_piece(y, 1, on(&g, y));
        assert_eq!(g.cell(i), [3, 1]);
    }
}
