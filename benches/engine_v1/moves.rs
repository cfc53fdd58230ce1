//! R3–R5 Legal moves: leaving the nest, moving, barriers, captures, bonuses, obligations.

use arrayvec::ArrayVec;

use super::board::{Arms, Colour, Loc, NEST, Progress, Square};
use super::game::{Game, Pending, piece};

/// One move: a piece of `colour` goes from one progress point of its path to another.
/// Small and `Copy`; two pieces of one colour on one square give one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Move {
    colour: Colour,
    from: Progress,
    to: Progress,
    captures: Option<Colour>,
    /// The board the progress numbers are counted on (absent in the JSON of a four-arm move).
    #[serde(default, skip_serializing_if = "Arms::is_four")]
    arms: Arms,
}

impl Move {
    /// The colour of the moved piece.
    #[must_use]
    pub fn colour(self) -> Colour {
        self.colour
    }

    /// Where the piece starts.
    #[must_use]
    pub fn from(self) -> Loc {
        self.arms.loc_at(self.colour, self.from)
    }

    /// Where the piece ends.
    #[must_use]
    pub fn to(self) -> Loc {
        self.arms.loc_at(self.colour, self.to)
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
        self.to == self.arms.goal()
    }

    /// R3.1 Does the move take a piece out of the nest?
    #[must_use]
    pub fn leaves_nest(self) -> bool {
        self.from == NEST
    }
}

/// The legal moves of one roll or bonus.
///
/// Capacity 4: a roll or bonus moves one piece of one colour, and a colour has four
/// pieces, so at most four distinct starting places; leaving the nest (R4.4.1) is
/// exclusive of every other move.
pub type MoveList = ArrayVec<Move, 4>;

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
        if self.winner.is_some() {
            return MoveList::new();
        }
        match self.pending {
            Pending::Bonus(amount) => self.bonus_moves(amount),
            Pending::Move(die) => self.roll_moves(die),
            Pending::Roll => MoveList::new(),
        }
    }

    /// R3–R4 The legal moves of a roll of `die` for the seat to move.
    pub(crate) fn roll_moves(&self, die: u8) -> MoveList {
        let mut out = MoveList::new();
        // R2.5 A third six is not played.
        if die == 6 && self.sixes >= 2 {
            return out;
        }
        let m = self.moving_colour(self.turn);
        // R4.4.1 With a 5 and a piece in the nest, leaving is the only legal move if possible.
        if die == 5
            && self.in_nest(m) > 0
            && let Some(mv) = self.leave_move(m)
        {
            out.push(mv);
            return out;
        }
        let count = self.count_of(m, die);
        self.piece_moves(m, count, &mut out);
        // R4.4.2 With a 6, opening a barrier is obligatory when possible.
        if die == 6 {
            let opens = |mv: &Move| mv.from != NEST && self.barrier_at(self.path_index(m, mv.from));
            if out.iter().any(opens) {
                out.retain(|mv| opens(mv));
            }
        }
        out
    }

    /// R5 The legal moves of a bonus of `amount` (no obligations, R5.2).
    pub(crate) fn bonus_moves(&self, amount: u8) -> MoveList {
        let mut out = MoveList::new();
        let m = self.moving_colour(self.turn);
        self.piece_moves(m, amount, &mut out);
        out
    }

    /// R4.1–R4.3 Every piece of `m` in play that can move `count` steps, one move per square.
    fn piece_moves(&self, m: Colour, count: u8, out: &mut MoveList) {
        let mut seen: [Progress; 4] = [u8::MAX; 4];
        let goal = self.arms.goal();
        for (k, &p) in self.prog[m.index()].iter().enumerate() {
            if p == NEST || p == goal || seen[..k].contains(&p) {
                continue;
            }
            seen[k] = p;
            if let Some(mv) = self.step_move(m, p, count) {
                out.push(mv);
            }
        }
    }

    /// R4.1–R4.3 The move of a piece of `m` at progress `from` by `count`, if legal.
    #[inline]
    fn step_move(&self, m: Colour, from: Progress, count: u8) -> Option<Move> {
        let to = from.checked_add(count)?;
        let goal = self.arms.goal();
        if to > goal {
            return None; // R4.1 exact count into the goal
        }
        let path = self.arms.path(m);
        let last = to.min(goal - 1);
        // R4.2 No passing or landing on a barrier.
        let crossed = path.get(usize::from(from) + 1..=usize::from(last))?;
        if crossed.iter().any(|&i| self.barrier_at(usize::from(i))) {
            return None;
        }
        let mut mv = Move {
            colour: m,
            from,
            to,
            captures: None,
            arms: self.arms,
        };
        if to == goal {
            return Some(mv);
        }
        let i = usize::from(path[usize::from(to)]);
        let [a, b] = self.cell(i);
        if b != 0 {
            return None; // R1.6 two pieces already
        }
        if a != 0 && a != piece(m) && to <= self.arms.last_ring() {
            // R4.3 one foreign piece: share on a safe square, else capture.
            let safe = Square::from_index(i).is_some_and(Square::is_safe);
            if !safe {
                mv.captures = Colour::from_index(usize::from(a) - 1);
            }
        }
        Some(mv)
    }

    /// R3 Leaving the nest onto the exit square, if possible.
    fn leave_move(&self, m: Colour) -> Option<Move> {
        let i = self.path_index(m, 1);
        let own = piece(m);
        let mut mv = Move {
            colour: m,
            from: NEST,
            to: 1,
            captures: None,
            arms: self.arms,
        };
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
