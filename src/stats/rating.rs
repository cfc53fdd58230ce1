//! Skill ratings: Weng-Lin (the OpenSkill algorithm) from the `skillratings` crate.
//!
//! Each side of a game is a team (one player, or the two partners of a pair), ranked by its
//! R6.1 place; tied sides share a rank. Computer players take part with a fixed rating per
//! level ([`computer_rating`]) that no game changes. A game updates ratings only when at least
//! two humans played ([`GameRecord::counts_for_ranking`]).
//!
//! What is shown is conservative: `μ − 3σ`, so a new player (μ 25, σ 25/3) starts at 0 and
//! climbs as games make σ smaller; one lucky game does not top the table. It is scaled to a
//! familiar range by [`display`]: `1000 + 40·(μ − 3σ)`, rounded (new player 1000, a strong
//! settled player around 1 800–2 000).

use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

use super::record::{GameRecord, Player};
use crate::ai::Level;

/// A player's rating: mean μ and uncertainty σ.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// μ.
    pub mu: f64,
    /// σ.
    pub sigma: f64,
}

impl Default for Rating {
    /// A new player: μ 25, σ 25/3.
    fn default() -> Self {
        let r = WengLinRating::new();
        Self {
            mu: r.rating,
            sigma: r.uncertainty,
        }
    }
}

impl From<Rating> for WengLinRating {
    fn from(r: Rating) -> Self {
        Self {
            rating: r.mu,
            uncertainty: r.sigma,
        }
    }
}

impl From<WengLinRating> for Rating {
    fn from(r: WengLinRating) -> Self {
        Self {
            mu: r.rating,
            sigma: r.uncertainty,
        }
    }
}

impl Rating {
    /// The shown figure; see [`display`].
    #[must_use]
    pub fn display(self) -> i64 {
        display(self)
    }
}

/// `1000 + 40·(μ − 3σ)`, rounded to the nearest integer (saturating).
#[must_use]
#[allow(clippy::cast_possible_truncation)]
pub fn display(r: Rating) -> i64 {
    let v = 40.0f64
        .mul_add(3.0f64.mul_add(-r.sigma, r.mu), 1000.0)
        .round();
    if v.is_finite() { v as i64 } else { 1000 }
}

/// The fixed rating of a computer player. Chosen from the strengths measured when it was
/// written (docs/AI.md, "Strength": normal beat three easy 85 % of the time, the hard of then
/// three normal 36 %): easy μ 18, normal μ 25 (a new human's mean), hard μ 28, all with σ 2.
#[must_use]
pub fn computer_rating(level: Level) -> Rating {
    let mu = match level {
        Level::Easy => 18.0,
        Level::Normal => 25.0,
        Level::Hard => 28.0,
    };
    Rating { mu, sigma: 2.0 }
}

/// The Weng-Lin configuration used (the crate's defaults: β = 25/6).
#[must_use]
pub fn config() -> WengLinConfig {
    WengLinConfig::new()
}

/// The new ratings of the humans of a game, in seat order as `(seat index, new rating)`,
/// given each human's rating before (`before(seat index, user id)`). Empty when the game does
/// not count for ratings (fewer than two humans).
#[must_use]
pub fn rate(record: &GameRecord, before: impl Fn(usize, i64) -> Rating) -> Vec<(usize, Rating)> {
    if !record.counts_for_ranking() {
        return Vec::new();
    }
    let sides = record.sides();
    let teams: Vec<Vec<WengLinRating>> = sides
        .iter()
        .map(|side| {
            side.seats
                .iter()
                .map(|&i| match &record.seats[i].player {
                    Player::Human { id, .. } => before(i, *id).into(),
                    Player::Computer { level } => computer_rating(*level).into(),
                    Player::Forgotten => Rating::default().into(),
                })
                .collect()
        })
        .collect();
    let input: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(&sides)
        .map(|(team, side)| (team.as_slice(), MultiTeamOutcome::new(side.place)))
        .collect();
    let after = weng_lin_multi_team(&input, &config());
    let mut out = Vec::new();
    for (side, team) in sides.iter().zip(after) {
        for (&i, r) in side.seats.iter().zip(team) {
            if matches!(record.seats[i].player, Player::Human { .. }) {
                out.push((i, r.into()));
            }
        }
    }
    out.sort_by_key(|&(i, _)| i);
    out
}
