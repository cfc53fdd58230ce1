//! A player's aggregate (what `/stats` shows) and how one game changes it.
//!
//! Redis keeps the aggregate as a hash per user per chat and one global (field names in
//! [`fields`]); the Lua script `stats_record.lua` applies a [`Contribution`] to it atomically.
//! [`Aggregate::apply`] is the same update in Rust: the reference the store tests compare
//! the script against, and what the bot can use to preview a change.

use std::collections::HashMap;

use super::points::{Points, seat_points};
use super::rating::{Rating, rate};
use super::record::GameRecord;

/// The hash field names of an aggregate.
pub mod fields {
    /// Name last seen.
    pub const NAME: &str = "n";
    /// Games played.
    pub const GAMES: &str = "g";
    /// Games won.
    pub const WINS: &str = "w";
    /// Sum of places (1-based), for the average place.
    pub const PLACE_SUM: &str = "ps";
    /// Captures made.
    pub const CAPTURES_MADE: &str = "cm";
    /// Captures suffered.
    pub const CAPTURES_SUFFERED: &str = "cs";
    /// Pieces brought home.
    pub const PIECES_HOME: &str = "h";
    /// Third sixes.
    pub const THIRD_SIXES: &str = "s3";
    /// Turns lost to the timer.
    pub const TIMEOUTS: &str = "to";
    /// The dice rolled per face, ones to sixes.
    pub const FACES: [&str; 6] = ["f1", "f2", "f3", "f4", "f5", "f6"];
    /// Current winning streak.
    pub const STREAK: &str = "st";
    /// Best winning streak.
    pub const BEST_STREAK: &str = "bs";
    /// All-time R9 points, in 1/840.
    pub const POINTS: &str = "pt";
    /// Rating μ.
    pub const MU: &str = "mu";
    /// Rating σ.
    pub const SIGMA: &str = "sg";
    /// Games that counted for the rating.
    pub const RATED: &str = "r";
    /// Change of the shown rating in the last rated game.
    pub const LAST_DELTA: &str = "ld";
    /// Per chat: the weeks (ids, space-separated, newest last) the user scored in.
    pub const WEEKS: &str = "wk";
}

/// Games a player needs in a table's count (games for points, rated games for the rating)
/// before being listed in the table proper rather than apart.
pub const ESTABLISHED_GAMES: u64 = 3;

/// What one game adds to one human's aggregate.
#[derive(Clone, Debug, PartialEq)]
pub struct Contribution {
    /// Seat index in the record.
    pub seat: usize,
    /// Telegram user id.
    pub user: i64,
    /// Name at the time.
    pub name: String,
    /// The side won.
    pub won: bool,
    /// R6.1 place, 1-based.
    pub place: usize,
    /// R9 points (zero when the game does not count).
    pub points: Points,
    /// Captures made, suffered, pieces home, third sixes, timeouts.
    pub captures_made: u32,
    /// See above.
    pub captures_suffered: u32,
    /// See above.
    pub pieces_home: u8,
    /// See above.
    pub third_sixes: u32,
    /// See above.
    pub timeouts: u32,
    /// The dice rolled per face (ones first).
    pub faces: [u32; 6],
    /// The rating before and after, when the game counts for ratings.
    pub rating: Option<(Rating, Rating)>,
}

/// The contributions of a game's humans, in seat order; `before` gives each human's rating
/// in the table being updated (chat or global).
#[must_use]
pub fn contributions(
    record: &GameRecord,
    before: impl Fn(usize, i64) -> Rating,
) -> Vec<Contribution> {
    let sides = record.sides();
    let points = seat_points(record);
    let rated = rate(record, &before);
    record
        .humans()
        .map(|(i, user, name)| {
            let seat = &record.seats[i];
            let place = sides
                .iter()
                .find(|s| s.seats.contains(&i))
                .map_or(record.seats.len(), |s| s.place);
            let rating = rated
                .iter()
                .find(|(j, _)| *j == i)
                .map(|&(_, after)| (before(i, user), after));
            Contribution {
                seat: i,
                user,
                name: name.to_owned(),
                won: seat.won,
                place,
                points: points.get(i).copied().unwrap_or_default(),
                captures_made: seat.captures_made,
                captures_suffered: seat.captures_suffered,
                pieces_home: seat.pieces_home,
                third_sixes: seat.third_sixes,
                timeouts: seat.timeouts,
                faces: seat.faces,
                rating,
            }
        })
        .collect()
}

/// A player's aggregate in one table (a chat, or global).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Aggregate {
    /// Name last seen.
    pub name: String,
    /// Games played.
    pub games: u64,
    /// Games won.
    pub wins: u64,
    /// Sum of places.
    pub place_sum: u64,
    /// Captures made.
    pub captures_made: u64,
    /// Captures suffered.
    pub captures_suffered: u64,
    /// Pieces brought home.
    pub pieces_home: u64,
    /// Third sixes.
    pub third_sixes: u64,
    /// Turns lost to the timer.
    pub timeouts: u64,
    /// The dice rolled per face (ones first), over every game since they were counted.
    pub faces: [u64; 6],
    /// Current winning streak.
    pub streak: u64,
    /// Best winning streak.
    pub best_streak: u64,
    /// All-time R9 points.
    pub points: Points,
    /// The rating, once a rated game was played.
    pub rating: Option<Rating>,
    /// Rated games.
    pub rated_games: u64,
    /// Change of the shown rating in the last rated game.
    pub last_delta: Option<i64>,
}

impl Aggregate {
    /// Win rate in 0..=1 (0 without games).
    #[must_use]
    #[allow(clippy::cast_precision_loss)]
    pub fn win_rate(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.wins as f64 / self.games as f64
        }
    }

    /// Average place (0 without games).
    #[must_use]
    #[allow(clippy::cast_precision_loss)]
    pub fn average_place(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.place_sum as f64 / self.games as f64
        }
    }

    /// The shown rating (see [`super::rating::display`]), once rated.
    #[must_use]
    pub fn display_rating(&self) -> Option<i64> {
        self.rating.map(Rating::display)
    }

    /// The same update as `stats_record.lua` applies to the hash.
    pub fn apply(&mut self, c: &Contribution) {
        let add = |v: &mut u64, d: u64| *v = v.saturating_add(d);
        self.name.clone_from(&c.name);
        add(&mut self.games, 1);
        add(&mut self.wins, u64::from(c.won));
        add(&mut self.place_sum, c.place as u64);
        add(&mut self.captures_made, u64::from(c.captures_made));
        add(&mut self.captures_suffered, u64::from(c.captures_suffered));
        add(&mut self.pieces_home, u64::from(c.pieces_home));
        add(&mut self.third_sixes, u64::from(c.third_sixes));
        add(&mut self.timeouts, u64::from(c.timeouts));
        for (total, &n) in self.faces.iter_mut().zip(&c.faces) {
            add(total, u64::from(n));
        }
        if c.won {
            self.streak += 1;
            self.best_streak = self.best_streak.max(self.streak);
        } else {
            self.streak = 0;
        }
        self.points = self.points + c.points;
        if let Some((before, after)) = c.rating {
            self.rating = Some(after);
            self.rated_games += 1;
            self.last_delta = Some(after.display() - before.display());
        }
    }

    /// Reads a stored hash (missing or malformed numbers count as 0; `None` for an empty
    /// hash: no such player).
    #[must_use]
    pub fn from_hash(h: &HashMap<String, String>) -> Option<Self> {
        if h.is_empty() {
            return None;
        }
        let num = |k: &str| h.get(k).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
        let float = |k: &str| h.get(k).and_then(|v| v.parse::<f64>().ok());
        let rating = match (float(fields::MU), float(fields::SIGMA)) {
            (Some(mu), Some(sigma)) => Some(Rating { mu, sigma }),
            _ => None,
        };
        Some(Self {
            name: h.get(fields::NAME).cloned().unwrap_or_default(),
            games: num(fields::GAMES),
            wins: num(fields::WINS),
            place_sum: num(fields::PLACE_SUM),
            captures_made: num(fields::CAPTURES_MADE),
            captures_suffered: num(fields::CAPTURES_SUFFERED),
            pieces_home: num(fields::PIECES_HOME),
            third_sixes: num(fields::THIRD_SIXES),
            timeouts: num(fields::TIMEOUTS),
            faces: fields::FACES.map(num),
            streak: num(fields::STREAK),
            best_streak: num(fields::BEST_STREAK),
            points: Points(
                h.get(fields::POINTS)
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(0),
            ),
            rating,
            rated_games: num(fields::RATED),
            last_delta: h.get(fields::LAST_DELTA).and_then(|v| v.parse().ok()),
        })
    }
}
