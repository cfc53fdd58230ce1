//! The sign-up: Join, Leave, and the draw that closes it; and whether each of them can be
//! done at all now (the sign-up message shows what cannot disabled).

use super::{MAX_SIGNUP, Pairing, SignedUp, Stage, TReject, Tourney};
use crate::tournament::{Entrant, Tournament};

/// R10.1 The fewest entrants a draw takes (people, or pairs in a pairs tournament).
pub const MIN_ENTRANTS: usize = 2;

impl Tourney {
    /// The sign-up takes nobody more ([`MAX_SIGNUP`]): every Join is refused.
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.signup.len() >= MAX_SIGNUP
    }

    /// Why the draw would be refused now, whoever asks for it; `None` when it can be made.
    /// The one reading of the rule for both [`Tourney::draw`] and the sign-up's ▶️ Start
    /// (shown disabled while this is `Some`).
    #[must_use]
    pub fn draw_refused(&self) -> Option<TReject> {
        if self.stage != Stage::SignUp {
            Some(TReject::NotSignUp)
        } else if self.signup.len() < MIN_ENTRANTS {
            Some(TReject::NeedTwo)
        } else if self.pairs && self.pairs_at_draw() < MIN_ENTRANTS {
            Some(TReject::NeedTwoPairs)
        } else {
            None
        }
    }

    /// `who` signs up.
    ///
    /// # Errors
    /// Sign-up is closed, `who` is in already, or it is full.
    pub fn join(&mut self, who: &SignedUp) -> Result<(), TReject> {
        if self.stage != Stage::SignUp {
            return Err(TReject::NotSignUp);
        }
        if self.signup.iter().any(|s| s.id == who.id) {
            return Err(TReject::AlreadyIn);
        }
        if self.signup.len() >= MAX_SIGNUP {
            return Err(TReject::Full);
        }
        self.signup.push(who.clone());
        self.bump();
        Ok(())
    }

    /// `id` leaves the sign-up.
    ///
    /// # Errors
    /// Sign-up is closed, or `id` is not in it.
    pub fn leave(&mut self, id: i64) -> Result<(), TReject> {
        if self.stage != Stage::SignUp {
            return Err(TReject::NotSignUp);
        }
        let i = self
            .signup
            .iter()
            .position(|s| s.id == id)
            .ok_or(TReject::NotIn)?;
        self.signup.remove(i);
        self.forget_partner(id);
        self.bump();
        Ok(())
    }

    /// R10.1–R10.2 Closes the sign-up and draws the tournament with `seed` (a pairs
    /// sign-up pairs its singles at random first, with the same seed: see
    /// [`Tourney::pair_entrants`]).
    ///
    /// # Errors
    /// As [`Tourney::draw_refused`]: sign-up is closed, or fewer than [`MIN_ENTRANTS`]
    /// entrants (pairs).
    pub fn draw(&mut self, seed: u64) -> Result<Pairing, TReject> {
        if let Some(no) = self.draw_refused() {
            return Err(no);
        }
        let (entrants, pairing) = if self.pairs {
            self.pair_entrants(seed)
        } else {
            let e = self
                .signup
                .iter()
                .map(|s| Entrant::human(s.id, &s.name))
                .collect();
            (e, Pairing::default())
        };
        let t = Tournament::draw(self.preset, self.pairs, self.table_size, entrants, seed)
            .map_err(TReject::Core)?;
        self.tournament = Some(t);
        self.stage = Stage::Running;
        self.invites.clear();
        self.bump();
        Ok(pairing)
    }
}
