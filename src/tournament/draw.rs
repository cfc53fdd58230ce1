//! R10.1–R10.2 The draw: a seeded random permutation of the entrants that fills round 1.

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{
    Entrant, Member, Round, Side, State, TableSlot, Tournament, TournamentError, VERSION, shape,
};
use crate::engine::Preset;

/// The most entrants a tournament takes.
pub const MAX_ENTRANTS: usize = 64;

/// A uniform number in `0..n` (`n ≥ 1`) by rejection, so no value is favoured.
fn below(rng: &mut ChaCha8Rng, n: u64) -> u64 {
    let zone = u64::MAX - u64::MAX % n;
    loop {
        let v = rng.next_u64();
        if v < zone {
            return v % n;
        }
    }
}

/// R10.1 The drawn order of `n` entrants (0..n) from `seed`: a Fisher–Yates shuffle driven
/// by ChaCha8 seeded with `seed` (`seed_from_u64`), drawing `i` from `0..=j` for `j` from
/// `n − 1` down to 1. Anyone can repeat the draw from the announced seed.
#[must_use]
pub fn shuffle(n: usize, seed: u64) -> Vec<usize> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut order: Vec<usize> = (0..n).collect();
    for j in (1..n).rev() {
        let i = below(&mut rng, j as u64 + 1) as usize;
        order.swap(i, j);
    }
    order
}

impl Tournament {
    /// R10.1–R10.2 Draws a tournament: `entrants` (in order of entry) are shuffled with
    /// `seed` and fill round 1's tables in drawn order; the shape, byes included, is
    /// [`shape::plan`]'s.
    ///
    /// # Errors
    /// Fewer than 2 or more than [`MAX_ENTRANTS`] entrants, a table size other than 2 or 4,
    /// pairs with 2-seat tables, or an entrant with a wrong number of members (1, or 2 in
    /// a pairs tournament).
    pub fn draw(
        preset: Preset,
        pairs: bool,
        table_size: u8,
        entrants: Vec<Entrant>,
        seed: u64,
    ) -> Result<Self, TournamentError> {
        let n = entrants.len();
        if n < 2 {
            return Err(TournamentError::TooFewEntrants(n));
        }
        if n > MAX_ENTRANTS {
            return Err(TournamentError::TooManyEntrants {
                got: n,
                max: MAX_ENTRANTS,
            });
        }
        if table_size != 2 && table_size != 4 {
            return Err(TournamentError::TableSize(table_size));
        }
        if pairs && table_size != 4 {
            return Err(TournamentError::PairsNeedFourSeats);
        }
        let members = if pairs { 2 } else { 1 };
        if let Some(i) = entrants.iter().position(|e| e.members.len() != members) {
            return Err(TournamentError::Members(i as Side));
        }
        let order: Vec<Side> = shuffle(n, seed).into_iter().map(|i| i as Side).collect();
        let k = shape::sides_per_table(table_size, pairs);
        let sizes = shape::spread(n, shape::first_round_tables(n, k));
        let round = fill(&order, &sizes);
        Ok(Self {
            version: VERSION,
            preset,
            pairs,
            table_size,
            seed,
            entrants,
            order,
            rounds: vec![round],
            state: State::Playing { round: 0 },
        })
    }

    /// Whether every member of `side` is a computer player.
    #[must_use]
    pub fn is_computer(&self, side: Side) -> bool {
        self.entrant(side)
            .is_some_and(|e| e.members.iter().all(|m| matches!(m, Member::Computer(_))))
    }
}

/// A round from `sides` in bracket order and its table sizes.
pub(super) fn fill(sides: &[Side], sizes: &[usize]) -> Round {
    let tables = shape::starts(sizes)
        .into_iter()
        .zip(sizes)
        .map(|(at, &len)| TableSlot::new(sides[at..at + len].to_vec()))
        .collect();
    Round { tables }
}
