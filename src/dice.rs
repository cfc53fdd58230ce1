//! Seeded dice for the engine's [`Dice`] trait: the engine never rolls, callers inject dice.
//!
//! ```
//! use parxis::dice::RngDice;
//! use parxis::engine::Dice;
//! use rand::SeedableRng;
//! use rand_chacha::ChaCha8Rng;
//!
//! let mut a = RngDice::new(ChaCha8Rng::seed_from_u64(7));
//! let mut b = RngDice::new(ChaCha8Rng::seed_from_u64(7));
//! let rolls: Vec<u8> = (0..20).map(|_| a.roll()).collect();
//! assert!(rolls.iter().all(|r| (1..=6).contains(r)));
//! assert_eq!(rolls, (0..20).map(|_| b.roll()).collect::<Vec<_>>()); // same seed, same rolls
//! ```

pub mod fair;

use rand::Rng;

use crate::engine::Dice;

/// A fair six-sided die driven by any random number generator (seed it for reproducible runs).
#[derive(Clone, Debug)]
pub struct RngDice<R: Rng>(pub R);

impl<R: Rng> RngDice<R> {
    /// Dice rolled with `rng`.
    #[must_use]
    pub fn new(rng: R) -> Self {
        Self(rng)
    }

    /// The generator, e.g. to reuse it after the dice.
    pub fn rng_mut(&mut self) -> &mut R {
        &mut self.0
    }
}

impl<R: Rng> Dice for RngDice<R> {
    fn roll(&mut self) -> u8 {
        self.0.random_range(1..=6u8)
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;

    #[test]
    fn rolls_are_fair_enough_and_in_range() {
        let mut d = RngDice::new(ChaCha8Rng::seed_from_u64(1));
        let mut counts = [0u32; 7];
        for _ in 0..60_000 {
            counts[usize::from(d.roll())] += 1;
        }
        assert_eq!(counts[0], 0);
        for &c in &counts[1..] {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
    }
}
