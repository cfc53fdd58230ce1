//! R3–R5 Legal moves: leaving the nest, moving, barriers, captures, bonuses, obligations.

use arrayvec::ArrayVec;

use super::board::{Arms, Colour, Loc, NEST, PATH_LEN, Progress, is_safe_index};
use super::game::{ALL_FOUR, Game, Pending, SQUARE_WORDS, eq_bytes, piece};

/// One move: a piece of `colour` goes from one progress point of its path to another.
/// Small and `Copy` (four bytes); two pieces of one colour on one square give one move.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The colour's index in the low nibble, the board's place in [`Arms::ALL`] above it.
    who: u8,
    from: Progress,
    to: Progress,
    captures: Option<Colour>,
}

impl Move {
    /// A move of colour `c` on the board `arms`.
    #[inline(always)]
    const fn new(arms: Arms, c: Colour, from: Progress, to: Progress) -> Self {
        Self {
            who: c as u8 | (arms.slot() as u8) << 4,
            from,
            to,
            captures: None,
        }
    }

    /// The board the progress numbers are counted on.
    #[must_use]
    #[inline]
    pub fn arms(self) -> Arms {
        match self.who >> 4 {
            0 => Arms::Four,
            1 => Arms::Six,
            _ => Arms::Eight,
        }
    }

    /// The colour of the moved piece.
    #[must_use]
    #[inline]
    pub fn colour(self) -> Colour {
        Colour::ALL[usize::from(self.who & 7)]
    }

    /// Where the piece starts.
    #[must_use]
    pub fn from(self) -> Loc {
        self.arms().loc_at(self.colour(), self.from)
    }

    /// Where the piece ends.
    #[must_use]
    pub fn to(self) -> Loc {
        self.arms().loc_at(self.colour(), self.to)
    }

    /// Progress along the colour's path before the move (0 = nest).
    #[must_use]
    pub fn from_progress(self) -> Progress {
        self.from
    }

    /// Progress along the colour's path after the move ([`Arms::goal`] = the goal).
    #[must_use]
    pub fn to_progress(self) -> Progress {
        self.to
    }

    /// The colour of the captured piece, if the move captures (R3.3, R4.3).
    #[must_use]
    pub fn captures(self) -> Option<Colour> {
        self.captures
    }

    /// R4.5 Does the move reach the goal?
    #[must_use]
    pub fn reaches_goal(self) -> bool {
        self.to == self.arms().goal()
    }

    /// R3.1 Does the move take a piece out of the nest?
    #[must_use]
    pub fn leaves_nest(self) -> bool {
        self.from == NEST
    }
}

impl std::fmt::Debug for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Move")
            .field("colour", &self.colour())
            .field("from", &self.from)
            .field("to", &self.to)
            .field("captures", &self.captures)
            .field("arms", &self.arms())
            .finish()
    }
}

impl serde::Serialize for Move {
    /// `{"colour", "from", "to", "captures"}` (progress numbers), and `"arms"` on the large
    /// boards.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let four = self.arms().is_four();
        let mut m = s.serialize_struct("Move", if four { 4 } else { 5 })?;
        m.serialize_field("colour", &self.colour())?;
        m.serialize_field("from", &self.from)?;
        m.serialize_field("to", &self.to)?;
        m.serialize_field("captures", &self.captures)?;
        if !four {
            m.serialize_field("arms", &self.arms())?;
        }
        m.end()
    }
}

/// The legal moves of one roll or bonus.
///
/// Capacity 4: a roll or bonus moves one piece of one colour, and a colour has four
/// pieces, so at most four distinct starting places; leaving the nest (R4.4.1) is
/// exclusive of every other move.
pub type MoveList = ArrayVec<Move, 4>;

/// The low `n` bits set (`n` below 64).
#[inline]
fn low_bits(n: u8) -> u64 {
    (1u64 << n) - 1
}

/// The 64 bits of the bit set `mask` from bit `start` on (`start` below 192; bits past the
/// set are 0).
#[inline]
fn window(mask: &[u64; 4], start: u32) -> u64 {
    let (w, b) = ((start / 64) as usize, start % 64);
    // `<< 1 << (63 - b)` is `<< (64 - b)` without the shift by 64 when `b` is 0.
    (mask[w] >> b) | (mask[(w + 1).min(3)] << 1 << (63 - b))
}

impl Game {
    /// R2.3 What a roll of `die` counts for the moving colour `m`.
    #[must_use]
    #[inline]
    pub fn count_of(&self, m: Colour, die: u8) -> u8 {
        if die == 6 && self.in_nest(m) == 0 {
            self.opts.six_counts
        } else {
            die
        }
    }

    /// The legal moves now: for the pending roll or the pending bonus. Empty when the
    /// game waits for a roll, is over, or the roll or bonus has no legal move.
    #[must_use]
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        // One list, filled in place and returned (no copy of a list written piece by piece);
        // the board's size a constant in each of the three copies of the code.
        let mut out = MoveList::new();
        match self.arms {
            Arms::Four => self.moves_on(Arms::Four, &mut out),
            Arms::Six => self.moves_on(Arms::Six, &mut out),
            Arms::Eight => self.moves_on(Arms::Eight, &mut out),
        }
        out
    }

    /// [`Game::legal_moves`] written into `out` (emptied first), for play-outs that keep one
    /// list: no list is returned, and so none is copied. Not forced inline: its many callers
    /// would each get the three boards' generation (the package's release build took 6 min 37 s
    /// instead of 2 min 44 s); `parxis simulate`'s loop takes [`Game::legal_moves_into_on`], inline there.
    #[inline]
    pub fn legal_moves_into(&self, out: &mut MoveList) {
        out.clear();
        match self.arms {
            Arms::Four => self.moves_on(Arms::Four, out),
            Arms::Six => self.moves_on(Arms::Six, out),
            Arms::Eight => self.moves_on(Arms::Eight, out),
        }
    }

    /// [`Game::legal_moves_into`] for a caller that knows the board: `arms` is the game's
    /// ([`Game::arms`]). A play-out's loop written once per board, `arms` a constant in each
    /// copy, holds one copy of the move generation instead of three.
    #[inline(always)]
    pub fn legal_moves_into_on(&self, arms: Arms, out: &mut MoveList) {
        debug_assert_eq!(arms, self.arms);
        out.clear();
        self.moves_on(arms, out);
    }

    /// [`Game::legal_moves`] on the board `arms` (the game's).
    #[inline(always)]
    fn moves_on(&self, arms: Arms, out: &mut MoveList) {
        if self.winner.is_none() {
            match self.pending {
                Pending::Bonus(amount) => self.bonus_moves(arms, amount, out),
                Pending::Move(die) => self.roll_moves(arms, die, out),
                Pending::Roll => {}
            }
        }
    }

    /// R6.2 The colour the seat to act moves, on the board `arms` (the game's).
    #[inline(always)]
    fn mover(&self, arms: Arms) -> Colour {
        let seat = self.turn;
        if self.opts.pairs && eq_bytes(self.prog[seat.index()], arms.goal()) == ALL_FOUR {
            arms.partner(seat)
        } else {
            seat
        }
    }

    /// R3–R4 The legal moves of a roll of `die` for the seat to move, on the board `arms`
    /// (the game's).
    #[inline(always)]
    pub(crate) fn roll_moves(&self, arms: Arms, die: u8, out: &mut MoveList) {
        // R2.5 A third six is not played.
        if (die == 6) & (self.sixes >= 2) {
            return;
        }
        let m = self.mover(arms);
        // The moving colour is seated (its own seat, or a partner: pairs fill every seat).
        let nest = eq_bytes(self.prog[m.index()], NEST);
        // R4.4.1 With a 5 and a piece in the nest, leaving is the only legal move if possible.
        if die == 5
            && nest != 0
            && let Some(mv) = self.leave_move(m)
        {
            out.push(mv);
            return;
        }
        if nest == ALL_FOUR {
            return; // every piece in the nest, and no 5 to leave
        }
        // R2.3 (as `count_of`)
        let count = if die == 6 && nest == 0 {
            self.opts.six_counts
        } else {
            die
        };
        // R4.4.2 With a 6, opening a barrier is obligatory when possible.
        self.piece_moves(arms, m, count, die == 6, out);
    }

    /// R5 The legal moves of a bonus of `amount` (no obligations, R5.2), on the board `arms`
    /// (the game's).
    #[inline(always)]
    pub(crate) fn bonus_moves(&self, arms: Arms, amount: u8, out: &mut MoveList) {
        let m = self.mover(arms);
        self.piece_moves(arms, m, amount, false, out);
    }

    /// R4.2 Is there a barrier at progress `from + 1 ..= last` of colour `c`'s path (`from`
    /// on the board, `last` below the goal)?
    #[inline]
    pub(crate) fn path_blocked(&self, c: Colour, from: Progress, last: Progress) -> bool {
        self.blocked(self.arms, self.arms.path(c), from, last)
    }

    /// R4.2 Is there a barrier at progress `from + 1 ..= last` of `path` (`from` on the
    /// board, `last` below the goal)? The ring squares crossed are consecutive square indices
    /// (but for the step from the last index to the first), and so are the corridor's: each
    /// run is read from the barrier bit set at once.
    #[inline]
    fn blocked(&self, arms: Arms, path: &[u8; PATH_LEN], from: Progress, last: Progress) -> bool {
        let (ring, last_ring) = (arms.ring(), arms.last_ring());
        let mut bits = 0;
        if from < last_ring {
            let s = path[usize::from(from) + 1];
            let n = last.min(last_ring) - from;
            let before_end = n.min(ring - s);
            bits |= window(&self.barriers, u32::from(s)) & low_bits(before_end);
            if before_end < n {
                bits |= self.barriers[0] & low_bits(n - before_end);
            }
        }
        if last > last_ring {
            let k = from.max(last_ring);
            let s = path[usize::from(k) + 1];
            bits |= window(&self.barriers, u32::from(s)) & low_bits(last - k);
        }
        bits != 0
    }

    /// R4.1–R4.3 Every piece of `m` in play that can move `count` steps, one move per square;
    /// with `must_open` (a 6, R4.4.2) only the moves opening a barrier when there are any.
    #[inline(always)]
    fn piece_moves(&self, arms: Arms, m: Colour, count: u8, must_open: bool, out: &mut MoveList) {
        let (goal, last_ring) = (arms.goal(), arms.last_ring());
        let prog = self.prog[m.index()];
        // The slots to try (one bit per slot, at its byte's high bit): those in play; a slot
        // tried takes the others of its square with it (one move per square).
        let mut live = !(eq_bytes(prog, NEST) | eq_bytes(prog, goal)) & 0x8080_8080;
        if live == 0 {
            return;
        }
        let path = arms.path(m);
        let own = piece(m);
        let any_barrier = self.barriers[..SQUARE_WORDS].iter().any(|&w| w != 0);
        let mut opening = 0u32;
        while live != 0 {
            let from = prog[live.trailing_zeros() as usize / 8];
            live &= !eq_bytes(prog, from);
            let to = from + count; // at most 139 + 20: no overflow
            if to > goal {
                continue; // R4.1 exact count into the goal
            }
            // R4.2 No passing or landing on a barrier: none at from + 1 ..= min(to, goal − 1).
            if any_barrier && self.blocked(arms, path, from, to.min(goal - 1)) {
                continue;
            }
            let mut mv = Move::new(arms, m, from, to);
            if to < goal {
                let i = path[usize::from(to)];
                let here = self.squares[usize::from(i)];
                if here >= 0x10 {
                    continue; // R1.6 two pieces already
                }
                // R4.3 one foreign piece: share on a safe square, else capture (corridors
                // hold only their colour's pieces).
                let capture = (here != 0) & (here != own) & (to <= last_ring) & !is_safe_index(i);
                mv.captures = Colour::from_index(if capture { usize::from(here) - 1 } else { 8 });
            }
            // R4.4.2 which of the moves open a barrier (counted whatever the die).
            let opens = self.barrier_at(usize::from(path[usize::from(from)]));
            opening |= u32::from(opens) << out.len();
            out.push(mv);
        }
        if must_open && opening != 0 {
            let mut k = 0;
            out.retain(|_| {
                k += 1;
                opening & (1 << (k - 1)) != 0
            });
        }
    }

    /// R3 Leaving the nest onto the exit square, if possible.
    #[inline(always)]
    fn leave_move(&self, m: Colour) -> Option<Move> {
        let i = self.path_index(m, 1);
        let own = piece(m);
        let mut mv = Move::new(self.arms, m, NEST, 1);
        match self.cell(i) {
            // R3.2 two pieces of the moving colour: impossible.
            [a, b] if a == own && b == own => return None,
            // R3.3 two pieces, at least one foreign: capture the last-arrived foreign one.
            [a, b] if b != 0 => {
                let victim = if b != own { b } else { a };
                mv.captures = Colour::from_index(victim as usize - 1);
            }
            // R3.4 empty or one piece: join.
            _ => {}
        }
        Some(mv)
    }
}
