//! The sign-up: Join, Leave, and the draw that closes it.

use super::{MAX_SIGNUP, Pairing, SignedUp, Stage, TReject, Tourney};
use crate::tournament::{Entrant, Tournament};

impl Tourney {
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
    /// Sign-up is closed, or fewer than 2 entrants (2 pairs).
    pub fn draw(&mut self, seed: u64) -> Result<Pairing, TReject> {
        if self.stage != Stage::SignUp {
            return Err(TReject::NotSignUp);
        }
        if self.signup.len() < 2 {
            return Err(TReject::NeedTwo);
        }
        let (entrants, pairing) = if self.pairs {
            let (e, p) = self.pair_entrants(seed);
            if e.len() < 2 {
                return Err(TReject::NeedTwoPairs);
            }
            (e, p)
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
