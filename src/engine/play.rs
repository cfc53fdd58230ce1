//! R2, R4–R6 Playing: rolling, moving, passing, bonuses, the third six, winning.

use thiserror::Error;

use super::board::{Arms, Colour, Loc, NEST, Square};
use super::game::{Game, OFF, Pending, Phase, Winner};
use super::moves::Move;
use super::rules::Spares;

/// Why a roll, move or pass was refused. The game is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    #[error("the game is over")]
    GameOver,
    #[error("a die shows 1 to 6")]
    BadDie,
    #[error("not waiting for a roll")]
    NotAwaitingRoll,
    #[error("no roll or bonus to play")]
    NothingToPlay,
    #[error("that move is not legal now")]
    IllegalMove,
    #[error("a legal move exists: passing is not allowed (R4.4.3)")]
    MustMove,
}

/// What a pass did (R2.5, R2.6, R5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pass {
    /// R2.6 The roll had no legal move.
    NoMove { die: u8 },
    /// R5.2 No piece could play the whole bonus: it is lost.
    BonusLost { amount: u8 },
    /// R2.5 Third six: the piece that moved last went back to its nest (`sent_home`
    /// names where it stood and its colour), or was spared / nothing had moved.
    ThirdSix { sent_home: Option<(Colour, Loc)> },
}

impl Game {
    /// R2.3 Roll the die: the game then waits for the move of that roll.
    ///
    /// # Errors
    /// [`PlayError`] when the game is not waiting for a roll or `die` is not 1..=6.
    #[inline]
    pub fn roll(&self, die: u8) -> Result<Self, PlayError> {
        let mut g = self.clone();
        g.roll_mut(die)?;
        Ok(g)
    }

    /// [`Game::roll`] in place (no copy of the game, for play-outs); on an error the game is
    /// unchanged.
    ///
    /// # Errors
    /// [`PlayError`] when the game is not waiting for a roll or `die` is not 1..=6.
    #[inline]
    pub fn roll_mut(&mut self, die: u8) -> Result<(), PlayError> {
        if !(1..=6).contains(&die) {
            return Err(PlayError::BadDie);
        }
        match self.phase() {
            Phase::AwaitingRoll(_) => {
                self.pending = Pending::Move(die);
                Ok(())
            }
            Phase::Finished(_) => Err(PlayError::GameOver),
            _ => Err(PlayError::NotAwaitingRoll),
        }
    }

    /// Play a move of the pending roll or bonus, checked against [`Game::legal_moves`].
    ///
    /// # Errors
    /// [`PlayError::IllegalMove`] for a move that is not legal now.
    pub fn play(&self, mv: Move) -> Result<Self, PlayError> {
        match self.phase() {
            Phase::Finished(_) => return Err(PlayError::GameOver),
            Phase::AwaitingRoll(_) => return Err(PlayError::NothingToPlay),
            _ => {}
        }
        if !self.legal_moves().contains(&mv) {
            return Err(PlayError::IllegalMove);
        }
        Ok(self.play_unchecked(mv))
    }

    /// Play a move without checking it: for simulations, with a move taken from
    /// [`Game::legal_moves`] of this very position. Any other move corrupts the game.
    #[must_use]
    #[inline]
    pub fn play_unchecked(&self, mv: Move) -> Self {
        let mut g = self.clone();
        g.apply(mv);
        g
    }

    /// [`Game::play_unchecked`] in place (no copy of the game, for play-outs), with the same
    /// contract: `mv` comes from [`Game::legal_moves`] of this very position.
    #[inline]
    pub fn play_unchecked_mut(&mut self, mv: Move) {
        self.apply(mv);
    }

    /// [`Game::play_unchecked_mut`] for a caller that knows the board: `arms` is the game's
    /// ([`Game::arms`]; see [`Game::legal_moves_into_on`]).
    #[inline(always)]
    pub fn play_unchecked_mut_on(&mut self, arms: Arms, mv: Move) {
        debug_assert_eq!(arms, self.arms);
        self.apply_on(arms, mv);
    }

    /// Pass a roll or bonus that has no legal move (R2.5, R2.6, R5.2).
    ///
    /// # Errors
    /// [`PlayError::MustMove`] when a legal move exists; [`PlayError::NothingToPlay`]
    /// when the game waits for a roll.
    #[inline]
    pub fn pass(&self) -> Result<(Self, Pass), PlayError> {
        let mut g = self.clone();
        let pass = g.pass_mut()?;
        Ok((g, pass))
    }

    /// [`Game::pass`] in place (no copy of the game, for play-outs); on an error the game is
    /// unchanged.
    ///
    /// # Errors
    /// As [`Game::pass`].
    #[inline]
    pub fn pass_mut(&mut self) -> Result<Pass, PlayError> {
        match self.phase() {
            Phase::Finished(_) => return Err(PlayError::GameOver),
            Phase::AwaitingRoll(_) => return Err(PlayError::NothingToPlay),
            _ => {}
        }
        if !self.legal_moves().is_empty() {
            return Err(PlayError::MustMove);
        }
        Ok(self.apply_pass())
    }

    /// [`Game::pass_mut`] without checking it: for play-outs, in a position whose
    /// [`Game::legal_moves`] the caller has just seen empty (a roll or a bonus is pending).
    /// Anything else corrupts the game.
    #[inline]
    pub fn pass_unchecked_mut(&mut self) -> Pass {
        self.apply_pass()
    }

    /// R4, R5, R6 Carry out a legal move.
    #[inline]
    fn apply(&mut self, mv: Move) {
        // The board's size a constant in each of the three copies of the code.
        match self.arms {
            Arms::Four => self.apply_on(Arms::Four, mv),
            Arms::Six => self.apply_on(Arms::Six, mv),
            Arms::Eight => self.apply_on(Arms::Eight, mv),
        }
    }

    /// [`Game::apply`] on the board `arms` (the game's).
    #[inline(always)]
    fn apply_on(&mut self, arms: Arms, mv: Move) {
        let m = mv.colour();
        let (from, to) = (mv.from_progress(), mv.to_progress());
        let path = arms.path(m);
        // The path table holds OFF at the nest and at the goal.
        let (a, b) = (path[usize::from(from)], path[usize::from(to)]);
        // A capture sends the last-arrived foreign piece to its nest (R3.3, R4.3): of two
        // pieces of the victim's colour there, either (they are alike).
        let captures = mv.captures();
        if let Some(victim) = captures {
            let vp = arms.progress_at(victim, usize::from(b));
            if let Some(k) = self.slot_at(victim, vp) {
                self.lift(victim, b);
                self.set_prog(victim, k, NEST);
            }
        }
        // The moving piece leaves its square (of two of its colour, the other one stays,
        // first there) and arrives after the piece already on its new square.
        if let Some(k) = self.slot_at(m, from) {
            if a != OFF {
                self.lift(m, a);
            }
            self.set_prog(m, k, to);
            if b != OFF {
                self.land(m, b);
            }
        }

        // Bookkeeping: a roll move updates the sixes; a bonus move keeps them.
        let was_bonus = matches!(self.pending, Pending::Bonus(_));
        if let Pending::Move(die) = self.pending {
            self.sixes = if die == 6 { self.sixes + 1 } else { 0 };
        }
        // R2.5 The "last moved" piece is the one the turn's last played roll moved. A bonus
        // carries it along only when it moves that same piece on; a bonus moving another piece
        // leaves it where it is (JCF 1.5). Of two own pieces on one square the later-arrived
        // one leaves (above), so a bonus from the last-moved square moves that very piece.
        let from_loc = Square::from_index(usize::from(a)).map_or(Loc::Nest, Loc::Sq);
        if !was_bonus || self.last_moved == Some(from_loc) {
            self.last_moved = Some(Square::from_index(usize::from(b)).map_or(Loc::Goal, Loc::Sq));
        }
        self.pending = Pending::Roll;
        if captures.is_some() {
            self.pending = Pending::Bonus(20); // R3.3, R4.3, R5
        } else if to == arms.goal() {
            if let Some(w) = self.won_by(m) {
                self.finish(w);
                return;
            }
            self.pending = Pending::Bonus(10); // R4.5
        }
        if self.pending == Pending::Roll {
            self.end_of_chain();
        }
    }

    /// R6.1 / R6.2 Has the move of colour `m` into the goal won the game?
    fn won_by(&self, m: Colour) -> Option<Winner> {
        if self.in_goal(m) < 4 {
            return None;
        }
        if !self.opts.pairs {
            return Some(Winner::Colour(m));
        }
        let p = self.partner(m);
        if self.in_goal(p) < 4 {
            return None;
        }
        Some(if m < p {
            Winner::Pair(m, p)
        } else {
            Winner::Pair(p, m)
        })
    }

    fn finish(&mut self, w: Winner) {
        self.winner = Some(w);
        self.pending = Pending::Roll;
        self.sixes = 0;
        self.last_moved = None;
    }

    /// R2.4 / R5.3 After a roll and its bonuses: roll again after a six, else pass the turn.
    fn end_of_chain(&mut self) {
        if self.sixes == 0 {
            self.next_turn();
        }
    }

    /// R2.1 The turn passes to the next seat in R1.2 order.
    fn next_turn(&mut self) {
        self.sixes = 0;
        self.last_moved = None;
        self.pending = Pending::Roll;
        // The next seated colour after the turn's, else the first seated one (no division).
        let seats = u32::from(self.seats);
        let after = seats & !((2u32 << self.turn.index()) - 1);
        let c = if after != 0 { after } else { seats }.trailing_zeros();
        self.turn = Colour::from_index(c as usize).unwrap_or(self.turn);
    }

    #[inline(always)]
    fn apply_pass(&mut self) -> Pass {
        let die = match std::mem::take(&mut self.pending) {
            Pending::Bonus(amount) => {
                self.end_of_chain();
                return Pass::BonusLost { amount };
            }
            Pending::Move(die) => die,
            Pending::Roll => 0,
        };
        if die != 6 {
            self.next_turn();
            return Pass::NoMove { die };
        }
        if self.sixes < 2 {
            self.sixes += 1; // R2.4 an unplayable 6 still rolls again
            return Pass::NoMove { die };
        }
        let sent_home = self.third_six_penalty();
        self.next_turn();
        Pass::ThirdSix { sent_home }
    }

    /// R2.5 The piece that moved last goes back to its nest unless spared.
    fn third_six_penalty(&mut self) -> Option<(Colour, Loc)> {
        let Some(Loc::Sq(sq)) = self.last_moved else {
            return None; // nothing moved, or the piece is in the goal
        };
        if self.opts.third_six_spares == Spares::Corridor && sq.corridor_of().is_some() {
            return None;
        }
        let seat = self.turn;
        let i = sq.index();
        let candidates = [self.moving_colour(seat), seat];
        let colour = candidates
            .into_iter()
            .find(|&c| self.cell(i).contains(&super::game::piece(c)))?;
        let p = self.arms.progress_of(colour, Loc::Sq(sq))?;
        let k = self.slot_at(colour, p)?;
        self.set_piece(colour, k, NEST);
        Some((colour, Loc::Sq(sq)))
    }
}
