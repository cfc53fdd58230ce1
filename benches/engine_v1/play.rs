//! R2, R4–R6 Playing: rolling, moving, passing, bonuses, the third six, winning.

use thiserror::Error;

use super::board::{Colour, Loc, NEST};
use super::game::{Game, Pending, Phase, Winner};
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
        if !(1..=6).contains(&die) {
            return Err(PlayError::BadDie);
        }
        match self.phase() {
            Phase::AwaitingRoll(_) => {
                let mut g = self.clone();
                g.pending = Pending::Move(die);
                Ok(g)
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

    /// Pass a roll or bonus that has no legal move (R2.5, R2.6, R5.2).
    ///
    /// # Errors
    /// [`PlayError::MustMove`] when a legal move exists; [`PlayError::NothingToPlay`]
    /// when the game waits for a roll.
    #[inline]
    pub fn pass(&self) -> Result<(Self, Pass), PlayError> {
        match self.phase() {
            Phase::Finished(_) => return Err(PlayError::GameOver),
            Phase::AwaitingRoll(_) => return Err(PlayError::NothingToPlay),
            _ => {}
        }
        if !self.legal_moves().is_empty() {
            return Err(PlayError::MustMove);
        }
        let mut g = self.clone();
        let pass = g.apply_pass();
        Ok((g, pass))
    }

    /// R4, R5, R6 Carry out a legal move.
    fn apply(&mut self, mv: Move) {
        let m = mv.colour();
        let (from, to) = (mv.from_progress(), mv.to_progress());
        let goal = self.arms.goal();
        // The moving piece leaves its square (the later-arrived of two of its colour).
        if from != NEST {
            let i = self.path_index(m, from);
            self.remove_piece(i, m);
        }
        if to != goal {
            let i = self.path_index(m, to);
            // A capture sends the last-arrived foreign piece to its nest (R3.3, R4.3).
            if let Some(victim) = mv.captures() {
                self.remove_piece(i, victim);
                if let Some(sq) = super::board::Square::from_index(i)
                    && let Some(vp) = self.arms.progress_of(victim, Loc::Sq(sq))
                    && let Some(k) = self.prog[victim.index()].iter().position(|&p| p == vp)
                {
                    self.prog[victim.index()][k] = NEST;
                }
            }
            self.add_piece(i, m);
        }
        if let Some(k) = self.prog[m.index()].iter().position(|&p| p == from) {
            self.prog[m.index()][k] = to;
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
        if !was_bonus || self.last_moved == Some(mv.from()) {
            self.last_moved = Some(mv.to());
        }
        self.pending = Pending::Roll;
        if mv.captures().is_some() {
            self.pending = Pending::Bonus(20); // R3.3, R4.3, R5
        } else if mv.reaches_goal() {
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
        let n = usize::from(self.arms.count());
        let mut c = self.turn.index();
        for _ in 0..n {
            c = (c + 1) % n;
            if self.seats & (1 << c) != 0 {
                break;
            }
        }
        self.turn = Colour::from_index(c).unwrap_or(self.turn);
    }

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
        self.remove_piece(i, colour);
        let p = self.arms.progress_of(colour, Loc::Sq(sq))?;
        let k = self.prog[colour.index()].iter().position(|&x| x == p)?;
        self.prog[colour.index()][k] = NEST;
        Some((colour, Loc::Sq(sq)))
    }
}
