//! A pairs sign-up (R6.2 pairs tournaments): a player invites a partner, the partner
//! confirms, and at the draw the singles left are paired at random (seeded).
//!
//! Decisions where the task is silent: inviting signs the inviter up, confirming signs the
//! partner up; a new invitation replaces the inviter's earlier one; leaving breaks the pair
//! (the partner stays in, single); at the draw an odd single is left out (and told so).

use serde::{Deserialize, Serialize};

use super::{MAX_SIGNUP, SignedUp, Stage, TReject, Tourney};
use crate::tournament::{Entrant, shuffle};

/// Two people signed up as partners (the inviter first).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Partners(pub i64, pub i64);

impl Partners {
    #[must_use]
    pub fn has(&self, id: i64) -> bool {
        self.0 == id || self.1 == id
    }
}

/// How the sign-up became pairs at the draw: the pairs made at random and the odd one out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pairing {
    /// Names of the pairs made at random, in draw order.
    pub random: Vec<(String, String)>,
    /// The single left without a partner.
    pub left_out: Option<String>,
}

impl Tourney {
    fn is_paired(&self, id: i64) -> bool {
        self.partners.iter().any(|p| p.has(id))
    }

    fn add(&mut self, who: &SignedUp) -> Result<(), TReject> {
        if self.signup.iter().any(|s| s.id == who.id) {
            return Ok(());
        }
        if self.signup.len() >= MAX_SIGNUP {
            return Err(TReject::Full);
        }
        self.signup.push(who.clone());
        Ok(())
    }

    /// `from` invites `to` to be their partner (signing `from` up if needed).
    ///
    /// # Errors
    /// Not a pairs tournament, sign-up closed, oneself, either already paired, or full.
    pub fn invite(&mut self, from: &SignedUp, to: i64) -> Result<(), TReject> {
        if !self.pairs {
            return Err(TReject::NotPairs);
        }
        if self.stage != Stage::SignUp {
            return Err(TReject::NotSignUp);
        }
        if from.id == to || to <= 0 {
            return Err(TReject::NotInvited);
        }
        if self.is_paired(from.id) || self.is_paired(to) {
            return Err(TReject::AlreadyPaired);
        }
        self.add(from)?;
        self.invites.retain(|p| p.0 != from.id);
        self.invites.push(Partners(from.id, to));
        self.bump();
        Ok(())
    }

    /// `to` confirms `from`'s invitation (signing `to` up if needed); the pair is made.
    ///
    /// # Errors
    /// No such invitation, either already paired, or full.
    pub fn confirm(&mut self, to: &SignedUp, from: i64) -> Result<(), TReject> {
        if !self.pairs {
            return Err(TReject::NotPairs);
        }
        if self.stage != Stage::SignUp {
            return Err(TReject::NotSignUp);
        }
        if !self.invites.contains(&Partners(from, to.id)) {
            return Err(TReject::NotInvited);
        }
        if self.is_paired(from) || self.is_paired(to.id) {
            return Err(TReject::AlreadyPaired);
        }
        if !self.signup.iter().any(|s| s.id == from) {
            return Err(TReject::NotIn);
        }
        self.add(to)?;
        // The confirmed invitation's message says so itself (its button goes with it).
        self.invite_msgs.retain(|m| (m.from, m.to) != (from, to.id));
        self.invites.retain(|p| !p.has(from) && !p.has(to.id));
        self.partners.push(Partners(from, to.id));
        self.bump();
        Ok(())
    }

    /// `id` left: their pair is broken and their invitations are gone.
    pub(super) fn forget_partner(&mut self, id: i64) {
        self.partners.retain(|p| !p.has(id));
        self.invites.retain(|p| !p.has(id));
    }

    fn name_of(&self, id: i64) -> &str {
        self.signup
            .iter()
            .find(|s| s.id == id)
            .map_or("", |s| s.name.as_str())
    }

    /// How many entrants (pairs) a pairs draw made now would have: the pairs made and the
    /// singles paired two by two, whatever the seed ([`Tourney::pair_entrants`]).
    #[must_use]
    pub fn pairs_at_draw(&self) -> usize {
        let singles = self.signup.iter().filter(|s| !self.is_paired(s.id)).count();
        self.partners.len() + singles / 2
    }

    /// The entrants of a pairs draw: the pairs made, then the singles paired at random in
    /// the order of a seeded shuffle (reproducible), the odd one out left out.
    #[must_use]
    pub fn pair_entrants(&self, seed: u64) -> (Vec<Entrant>, Pairing) {
        let pair = |a: i64, b: i64| Entrant::pair((a, self.name_of(a)), (b, self.name_of(b)));
        let mut entrants: Vec<Entrant> = self.partners.iter().map(|p| pair(p.0, p.1)).collect();
        let singles: Vec<i64> = self
            .signup
            .iter()
            .map(|s| s.id)
            .filter(|&id| !self.is_paired(id))
            .collect();
        let order: Vec<i64> = shuffle(singles.len(), seed)
            .into_iter()
            .map(|i| singles[i])
            .collect();
        let mut pairing = Pairing::default();
        for two in order.chunks(2) {
            match two {
                [a, b] => {
                    entrants.push(pair(*a, *b));
                    pairing
                        .random
                        .push((self.name_of(*a).to_owned(), self.name_of(*b).to_owned()));
                }
                [a] => pairing.left_out = Some(self.name_of(*a).to_owned()),
                _ => {}
            }
        }
        (entrants, pairing)
    }

    /// The partner of `id` in the sign-up, if paired.
    #[must_use]
    pub fn partner_of(&self, id: i64) -> Option<i64> {
        self.partners.iter().find_map(|&Partners(a, b)| {
            if a == id {
                Some(b)
            } else if b == id {
                Some(a)
            } else {
                None
            }
        })
    }
}
