//! R9 weekly ranking points, exact: stored as integers in units of 1/[`POINT_SCALE`].
//!
//! R9.2 tied places share the mean of their points; a mean over k places needs a
//! denominator of k, and a table has at most 8 places, so every share is a whole number of
//! 1/840 (840 = lcm(1..=8)). `Points` keeps that integer; Redis keeps it too (hash fields
//! and sorted-set scores, exact up to 2^53). Shown with [`Points::display`].

use serde::{Deserialize, Serialize};

use super::record::{GameRecord, Side};

/// Units per point: lcm(1, …, 8), so that any mean of up to 8 tied places is whole.
pub const POINT_SCALE: i64 = 840;

/// A number of R9 points, in units of 1/[`POINT_SCALE`].
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Points(pub i64);

impl Points {
    /// Whole points.
    #[must_use]
    pub const fn whole(n: i64) -> Self {
        Self(n * POINT_SCALE)
    }

    /// The value as a float (for display only).
    #[must_use]
    #[allow(clippy::cast_precision_loss)]
    pub fn as_f64(self) -> f64 {
        self.0 as f64 / POINT_SCALE as f64
    }

    /// The value in tenths of a point, rounded half away from zero (1/3 → 3, −2/3 → −7):
    /// what a locale-aware formatter needs (the decimal separator is a comma in `ca`/`es`).
    #[must_use]
    pub fn tenths(self) -> i64 {
        (self.0 * 10 + self.0.signum() * POINT_SCALE / 2) / POINT_SCALE
    }

    /// The locale-neutral form, for logs and tests (users see the bot's localized one, built
    /// from [`Points::tenths`]): at most one decimal, a point as separator, a sign: `+2`,
    /// `-1`, `+0.5`, `+0.3` (1/3), `0`.
    #[must_use]
    pub fn display(self) -> String {
        let tenths = self.tenths();
        let sign = match tenths.signum() {
            1 => "+",
            -1 => "-",
            _ => "",
        };
        let abs = tenths.abs();
        if abs % 10 == 0 {
            format!("{sign}{}", abs / 10)
        } else {
            format!("{sign}{}.{}", abs / 10, abs % 10)
        }
    }
}

impl std::ops::Add for Points {
    type Output = Self;
    fn add(self, o: Self) -> Self {
        Self(self.0.saturating_add(o.0))
    }
}

/// R9.1 The points of place `p` (1-based) at a table of `n` places, in whole points:
/// `h − p + 1` for `p ≤ h`, `−(p − (n − h))` for `p > n − h`, 0 for the middle of an odd
/// table, with `h = ⌊n/2⌋`. Places outside `1..=n` score 0.
#[must_use]
pub fn place_points(n: usize, p: usize) -> i64 {
    let (n, p) = (i64::try_from(n).unwrap_or(0), i64::try_from(p).unwrap_or(0));
    let h = n / 2;
    if p < 1 || p > n {
        0
    } else if p <= h {
        h - p + 1
    } else if p > n - h {
        -(p - (n - h))
    } else {
        0
    }
}

/// R9.1–R9.2 The points of each ranked side (from [`GameRecord::sides`]), in that order:
/// tied sides (same place) share the mean of the places they occupy.
#[must_use]
pub fn side_points(sides: &[Side]) -> Vec<Points> {
    let n = sides.len();
    sides
        .iter()
        .map(|side| {
            let tied = sides
                .iter()
                .filter(|s| s.place == side.place)
                .count()
                .max(1);
            let sum: i64 = (side.place..side.place + tied)
                .map(|p| place_points(n, p))
                .sum();
            let k = i64::try_from(tied).unwrap_or(1);
            Points(sum * POINT_SCALE / k)
        })
        .collect()
}

/// R9 The points of each seat of a game, in seat order (both partners of a pair get the
/// pair's points). All zero when the game does not count (R9.3: fewer than two humans).
#[must_use]
pub fn seat_points(record: &GameRecord) -> Vec<Points> {
    let mut out = vec![Points(0); record.seats.len()];
    if !record.counts_for_ranking() {
        return out;
    }
    let sides = record.sides();
    for (side, pts) in sides.iter().zip(side_points(&sides)) {
        for &i in &side.seats {
            if let Some(slot) = out.get_mut(i) {
                *slot = pts;
            }
        }
    }
    out
}
