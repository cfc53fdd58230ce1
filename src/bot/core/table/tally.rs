//! What a table counts during play for the game's record (captures made and suffered, third
//! sixes, turns the timer played, per player), the end-of-game results shown on the final
//! board, and the players a rematch lobby waits for. Stored with serde defaults, so tables
//! saved before these counters existed still load (with zero counts).

use serde::{Deserialize, Serialize};

use super::Table;
use crate::engine::Colour;

/// One player's counts in the current game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatTally {
    /// The player's id (as in [`super::Player::id`]).
    pub id: i64,
    #[serde(default, rename = "cm")]
    pub captures_made: u32,
    #[serde(default, rename = "cs")]
    pub captures_suffered: u32,
    #[serde(default, rename = "s3")]
    pub third_sixes: u32,
    #[serde(default, rename = "to")]
    pub timeouts: u32,
    /// The dice this player rolled in the game, per face (ones first).
    #[serde(default, rename = "fc", skip_serializing_if = "no_faces")]
    pub faces: [u32; 6],
}

/// No roll counted yet.
#[allow(clippy::trivially_copy_pass_by_ref)] // serde's signature
fn no_faces(f: &[u32; 6]) -> bool {
    f.iter().all(|&n| n == 0)
}

/// A human's result of the finished game, as the final board shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatResult {
    /// The player's id.
    pub id: i64,
    /// R9 points of the game in tenths (rounded), when the game counted for ranking.
    #[serde(default)]
    pub points_tenths: Option<i64>,
    /// The shown chat rating before and after.
    #[serde(default)]
    pub rating: Option<(i64, i64)>,
    /// Rated games in the chat after this one (`None`: recorded before it was kept); under
    /// [`crate::stats::ESTABLISHED_GAMES`] the rating is shown as new, not as a figure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rated_games: Option<u32>,
}

/// The table's counters for the game record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// The table's `seq` when the game started: with the start time, the game's id.
    #[serde(default)]
    pub start_seq: u64,
    #[serde(default)]
    pub seats: Vec<SeatTally>,
    /// Set once the finished game is recorded (the final board then shows `results`).
    #[serde(default)]
    pub recorded: bool,
    #[serde(default)]
    pub results: Vec<SeatResult>,
    /// The achievements this game earned that were new to their player in the chat (user
    /// id, achievement code), set with the results: the final caption announces them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub achievements: Vec<(i64, String)>,
}

impl Tally {
    /// The counts of player `id` (a fresh zero entry if none yet).
    pub fn seat_mut(&mut self, id: i64) -> &mut SeatTally {
        if let Some(i) = self.seats.iter().position(|s| s.id == id) {
            return &mut self.seats[i];
        }
        self.seats.push(SeatTally {
            id,
            ..SeatTally::default()
        });
        let last = self.seats.len() - 1;
        &mut self.seats[last]
    }

    /// The counts of player `id` (zero if none).
    #[must_use]
    pub fn seat(&self, id: i64) -> SeatTally {
        self.seats
            .iter()
            .find(|s| s.id == id)
            .copied()
            .unwrap_or(SeatTally {
                id,
                ..SeatTally::default()
            })
    }
}

impl Table {
    /// The id of the player at colour `c`, if seated.
    pub(super) fn id_at(&self, c: Colour) -> Option<i64> {
        self.player_of(c).map(|p| p.id)
    }

    /// Count a capture: `by` (the seat whose turn it is) took a piece of `victim`.
    pub(super) fn count_capture(&mut self, by: Option<Colour>, victim: Colour) {
        if let Some(id) = by.and_then(|c| self.id_at(c)) {
            self.tally.seat_mut(id).captures_made += 1;
        }
        if let Some(id) = self.id_at(victim) {
            self.tally.seat_mut(id).captures_suffered += 1;
        }
    }

    /// Count an R2.5 third six of the seat `by`.
    pub(super) fn count_third_six(&mut self, by: Option<Colour>) {
        if let Some(id) = by.and_then(|c| self.id_at(c)) {
            self.tally.seat_mut(id).third_sixes += 1;
        }
    }

    /// Count a roll of `die` by the seat `by` (its player's dice statistics).
    pub(super) fn count_roll(&mut self, by: Colour, die: u8) {
        if let (Some(id), Some(i)) = (self.id_at(by), usize::from(die).checked_sub(1))
            && let Some(n) = self.tally.seat_mut(id).faces.get_mut(i)
        {
            *n += 1;
        }
    }

    /// Count a turn the timer (or `/skip`) played for player `id`.
    pub(super) fn count_timeout(&mut self, id: i64) {
        self.tally.seat_mut(id).timeouts += 1;
    }

    /// The finished game marked recorded, with the `results` of a ranked game (`None`: it
    /// was not ranked, or was recorded before and its results are not known here). Not an
    /// action: `seq` stays, so the final board's buttons stay valid.
    #[must_use]
    pub fn recorded(&self, results: Option<Vec<SeatResult>>) -> Self {
        let mut t = self.clone();
        t.tally.recorded = true;
        if let Some(results) = results {
            t.tally.results = results;
        }
        t
    }

    /// The same table with the achievements its recording earned (user id, code), which
    /// the final caption announces.
    #[must_use]
    pub fn with_achievements(mut self, achievements: Vec<(i64, String)>) -> Self {
        self.tally.achievements = achievements;
        self
    }
}
