//! Seasons and leagues, the pure core: a season with its members, weeks and results
//! ([`league`]), a league's weekly draw of tables ([`fixtures`]) and a season's table of R9
//! points ([`standings`]), forfeits of unplayed tables included.
//!
//! No I/O, clock or hidden randomness: a week's draw takes a seed and the season's history
//! of meetings and byes; the standings take the games' results. The bot keeps the season in
//! Redis and calls these.
//!
//! ```
//! use parxis::season::fixtures::{History, draw};
//!
//! let mut history = History::new(10);
//! for week in 0..8 {
//!     let drawn = draw(&history, 4, 2026 + week).unwrap();
//!     assert_eq!(drawn.tables.iter().map(Vec::len).sum::<usize>(), 10);
//!     history.record(&drawn);
//! }
//! ```

pub mod fixtures;
pub mod league;
pub mod standings;

pub use league::{Fixture, LeagueError, Matchday, Phase, Season, Settings};
