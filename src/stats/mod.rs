//! Players are remembered: game records, R9 weekly ranking points, skill ratings and
//! per-player aggregates. This module is pure (no I/O, clock or randomness); the Redis
//! tables are in [`crate::store`] (`Store::record_game`, `Store::top`, `Store::player_card`,
//! `Store::forget_user`).
//!
//! - [`GameRecord`]: what the bot hands over when a game ends (serde, compact JSON).
//! - [`points`]: R9.1–R9.2 points, exact in units of 1/840 ([`Points`]).
//! - [`week`]: R9.3 weeks in the chat's time zone ([`ChatZone`], [`WeekId`]).
//! - [`rating`]: Weng-Lin multi-team ratings, fixed computer ratings, the shown figure.
//! - [`card`]: a player's aggregate and how one game changes it.
//!
//! ```
//! use parxis::stats::{ChatZone, points::place_points};
//!
//! assert_eq!((1..=4).map(|p| place_points(4, p)).collect::<Vec<_>>(), [2, 1, -1, -2]);
//! // Sunday 29 November 2026 23:59 in Madrid (22:59 UTC) is in the week of Monday the 23rd.
//! let madrid = ChatZone::default();
//! assert_eq!(madrid.week_of(1_795_993_140_000).to_string(), "2026-11-23");
//! ```

pub mod achievement;
pub mod card;
pub mod points;
pub mod rating;
pub mod record;
pub mod week;

pub use achievement::Achievement;
pub use card::{Aggregate, Contribution, ESTABLISHED_GAMES, contributions};
pub use points::{POINT_SCALE, Points};
pub use rating::Rating;
pub use record::{GameRecord, Player, RecordError, SeatRecord, Side, sides_of};
pub use week::{ChatZone, DEFAULT_ZONE, WeekId};
