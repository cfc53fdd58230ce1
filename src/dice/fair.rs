//! Provably fair dice: every roll of a game is a pure function of a secret game seed, a
//! public salt and the roll's number, so anyone holding the revealed seed recomputes them.
//! Pure: no I/O, no clock, no randomness (the seed is drawn by the caller).
//!
//! The exact bytes (docs/FAIRNESS.md says the same in plain words, and
//! `docs/fairness_check.py` does it in a few lines of Python):
//!
//! - the **seed** is 32 bytes, written as 64 lowercase hex digits;
//! - the **commitment**, published before the first roll, is `SHA-256(seed)` (of the 32
//!   bytes, not of their hex), as 64 lowercase hex digits;
//! - the **salt** is a public UTF-8 string, fixed when the game starts;
//! - roll number `n` (0 for the game's first die, the roll-off's first, then 1, 2, … in the
//!   order the record lists them) is read from `HMAC-SHA256(key = seed, message = salt ":" n)`,
//!   `n` in decimal ASCII: the first byte `b` of the 32-byte result with `b < 252` gives the
//!   die `1 + b mod 6` (252 = 42 × 6, so each face has exactly 42 of the 252 byte values:
//!   no face is favoured). If all 32 bytes are 252 or more (odds of about 1 in 10⁵⁷), the
//!   next block is `HMAC-SHA256(seed, salt ":" n ":" k)` for k = 1, 2, …
//!
//! ```
//! use parxis::dice::fair::{Seed, roll, commitment};
//! let seed = Seed::from_bytes([7; 32]);
//! assert_eq!(commitment(&seed).len(), 64);
//! let rolls: Vec<u8> = (0..10).map(|n| roll(&seed, "salt", n)).collect();
//! assert!(rolls.iter().all(|d| (1..=6).contains(d)));
//! assert_eq!(rolls, (0..10).map(|n| roll(&seed, "salt", n)).collect::<Vec<_>>());
//! ```

use std::fmt;

use hmac::{Hmac, Mac};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sha2::{Digest, Sha256};

/// The name of the scheme, written in records so a later one can differ.
pub const SCHEME: &str = "hmac-sha256-v1";

/// The bytes below this are used (252 = 42 × 6: each face gets 42 byte values).
const ACCEPT_BELOW: u8 = 252;

type HmacSha256 = Hmac<Sha256>;

/// A game's secret seed: 32 bytes. Its `Debug` shows nothing of it, so a table logged by
/// mistake never leaks one; it is stored as hex (in Redis with the table, in a record once
/// revealed).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Seed([u8; 32]);

impl Seed {
    /// The seed of these bytes.
    #[must_use]
    pub fn from_bytes(bytes: [u8; 32]) -> Self {
        Self(bytes)
    }

    /// The seed written as 64 hex digits (`None`: not that).
    #[must_use]
    pub fn from_hex(text: &str) -> Option<Self> {
        let mut bytes = [0u8; 32];
        hex::decode_to_slice(text.trim(), &mut bytes).ok()?;
        Some(Self(bytes))
    }

    /// The 32 bytes.
    #[must_use]
    pub fn bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// 64 lowercase hex digits: only for the reveal.
    #[must_use]
    pub fn reveal(&self) -> String {
        hex::encode(self.0)
    }
}

impl fmt::Debug for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Seed(hidden)")
    }
}

impl Serialize for Seed {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.reveal())
    }
}

impl<'de> Deserialize<'de> for Seed {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Self::from_hex(&text).ok_or_else(|| serde::de::Error::custom("a seed is 64 hex digits"))
    }
}

/// The commitment to `seed`: SHA-256 of its 32 bytes, 64 lowercase hex digits.
#[must_use]
pub fn commitment(seed: &Seed) -> String {
    hex::encode(Sha256::digest(seed.0))
}

/// The HMAC block `k` of roll `n`.
fn block(seed: &Seed, salt: &str, n: u64, k: u32) -> [u8; 32] {
    // A key of any length is accepted by HMAC: this never fails.
    let mut mac = HmacSha256::new_from_slice(&seed.0).unwrap_or_else(|_| unreachable!());
    mac.update(salt.as_bytes());
    mac.update(b":");
    mac.update(n.to_string().as_bytes());
    if k > 0 {
        mac.update(b":");
        mac.update(k.to_string().as_bytes());
    }
    mac.finalize().into_bytes().into()
}

/// Roll number `n` (from 0) of the game of `seed` and `salt`: 1 to 6.
#[must_use]
pub fn roll(seed: &Seed, salt: &str, n: u64) -> u8 {
    for k in 0.. {
        if let Some(b) = block(seed, salt, n, k)
            .into_iter()
            .find(|&b| b < ACCEPT_BELOW)
        {
            return 1 + b % 6;
        }
    }
    unreachable!("an endless run of HMAC blocks without a byte below 252")
}

/// Where a list of rolls first differs from the derivation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The roll's number (from 0).
    pub n: u64,
    /// The roll the list has.
    pub got: u8,
    /// The roll the seed and salt give.
    pub expected: u8,
}

/// The first of `rolls` (roll 0 first) that the seed and salt do not give.
#[must_use]
pub fn first_mismatch(seed: &Seed, salt: &str, rolls: &[u8]) -> Option<Mismatch> {
    rolls.iter().zip(0u64..).find_map(|(&got, n)| {
        let expected = roll(seed, salt, n);
        (got != expected).then_some(Mismatch { n, got, expected })
    })
}

/// Chi-squared of six faces' counts against a fair die (5 degrees of freedom).
#[must_use]
pub fn chi_squared(counts: &[u64; 6]) -> f64 {
    let total: u64 = counts.iter().sum();
    if total == 0 {
        return 0.0;
    }
    #[allow(clippy::cast_precision_loss)] // counts far below 2^52
    let expected = total as f64 / 6.0;
    counts
        .iter()
        .map(|&c| {
            #[allow(clippy::cast_precision_loss)]
            let d = c as f64 - expected;
            d * d / expected
        })
        .sum()
}

/// Chi-squared with 5 degrees of freedom exceeds this with probability 0.1 % (a fair die's
/// counts stay below it 999 times in 1000).
pub const CHI2_5_999: f64 = 20.515;

/// Chi-squared with 5 degrees of freedom exceeds this with probability 1 %.
pub const CHI2_5_99: f64 = 15.086;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commitment_is_the_sha256_of_the_seeds_bytes() {
        // SHA-256 of 32 zero bytes (a published test value).
        let zero = Seed::from_bytes([0; 32]);
        assert_eq!(
            commitment(&zero),
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
        );
    }

    #[test]
    fn a_roll_is_the_first_accepted_byte_of_the_hmac() {
        let seed = Seed::from_bytes([1; 32]);
        for n in 0..200 {
            let mac = block(&seed, "s", n, 0);
            let b = mac
                .into_iter()
                .find(|&b| b < 252)
                .expect("a byte below 252");
            assert_eq!(roll(&seed, "s", n), 1 + b % 6, "roll {n}");
        }
    }

    #[test]
    fn salt_seed_and_number_all_change_the_rolls() {
        let a = Seed::from_bytes([1; 32]);
        let b = Seed::from_bytes([2; 32]);
        let of = |s: &Seed, salt: &str| (0..64).map(|n| roll(s, salt, n)).collect::<Vec<_>>();
        assert_ne!(of(&a, "x"), of(&b, "x"));
        assert_ne!(of(&a, "x"), of(&a, "y"));
        let r = of(&a, "x");
        assert_eq!(first_mismatch(&a, "x", &r), None);
        let mut changed = r.clone();
        changed[17] = changed[17] % 6 + 1;
        assert_eq!(
            first_mismatch(&a, "x", &changed),
            Some(Mismatch {
                n: 17,
                got: changed[17],
                expected: r[17]
            })
        );
    }

    #[test]
    fn a_seed_reads_back_from_its_hex_and_hides_in_debug() {
        let s = Seed::from_bytes([0xab; 32]);
        assert_eq!(Seed::from_hex(&s.reveal()), Some(s));
        assert_eq!(Seed::from_hex("abc"), None);
        assert_eq!(format!("{s:?}"), "Seed(hidden)");
        let json = serde_json::to_string(&s).expect("json");
        assert_eq!(serde_json::from_str::<Seed>(&json).expect("back"), s);
    }

    /// 10⁶ derived rolls of fixed seeds: chi-squared within its 99.9 % bound.
    #[test]
    fn a_million_derived_rolls_pass_chi_squared() {
        let mut counts = [0u64; 6];
        for s in 0u8..10 {
            let seed = Seed::from_bytes([s; 32]);
            for n in 0..100_000 {
                counts[usize::from(roll(&seed, "chi", n) - 1)] += 1;
            }
        }
        let chi = chi_squared(&counts);
        assert_eq!(counts.iter().sum::<u64>(), 1_000_000);
        assert!(chi < CHI2_5_999, "chi² {chi} for {counts:?}");
    }

    #[test]
    fn chi_squared_flags_a_loaded_die() {
        // A die that shows six a fifth of the time over 6000 rolls.
        let loaded = [960, 960, 960, 960, 960, 1200];
        assert!(chi_squared(&loaded) > CHI2_5_999);
        assert!(chi_squared(&[1000; 6]) < 1e-9);
    }
}
