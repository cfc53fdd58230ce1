//! The effects of the bot: everything that talks to Telegram or Redis, built on the pure
//! [`core`](super::core) and imported only by [`entry`](super::entry).
//!
//! - [`telegram`]: the bot type, bounded retries, what a Telegram error means;
//! - [`chat`]: a chat's address and its state loaded in one round trip, with its language;
//! - [`display`]: the one place that writes boards (edit in place, or post and record);
//! - [`pace`]: the per-chat write budget and the catch-up of owed boards;
//! - [`commit`]: load → pure step → compare-and-set save → show;
//! - [`deadline`]: the due set kept in step with each saved table;
//! - [`driver`]: firing due chats: computer, absent and timed-out turns;
//! - [`pings`]: the mention of a player who takes long, and the warning before the timer;
//! - [`lifecycle`]: the chat itself changes (the bot is removed, the group migrates);
//! - [`active`]: game counters and the active-games gauge;
//! - [`stats`]: a finished game recorded once, its results on the board, rematch;
//! - [`seated`]: a game opened from code with its seats decided (a tournament's table);
//! - [`unrecorded`]: finished games whose recording failed, retried until recorded;
//! - [`tourney`]: tournaments: sign-up, draw, tables as games, results into the bracket.

pub mod active;
pub mod board_lock;
pub mod chat;
pub mod commit;
pub mod deadline;
pub mod display;
pub mod driver;
pub mod lifecycle;
pub mod pace;
pub mod pings;
pub mod seated;
pub mod stats;
pub mod telegram;
pub mod tourney;
pub mod unrecorded;

use std::time::Duration;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::core::pings::PingTiming;
use super::core::settings::ChatSettings;
use super::core::table::{Table, Timing};
use crate::i18n::Lang;
use crate::ops::metrics::Metrics;
use crate::store::{DEFAULT_WRITE_LIMIT, DEFAULT_WRITE_WINDOW_MS, Store};

pub use telegram::TgBot;

/// Handler result.
pub type HandlerResult = Result<(), anyhow::Error>;

/// Pause before a computer player's turn in production (visible to the chat; keeps edits
/// within Telegram's 20 a minute per group).
pub const COMPUTER_PAUSE: Duration = Duration::from_millis(3000);
/// Time-to-live of an open table in production (refreshed on every save).
pub const OPEN_TABLE_TTL_SECS: u64 = 30 * 24 * 3600;
/// Time-to-live of a finished or cancelled table.
pub const CLOSED_TABLE_TTL_SECS: u64 = 24 * 3600;

/// Everything the handlers need, shared by all updates.
pub struct Ctx {
    pub store: Store,
    /// Language when the chat chose none and the user's is unknown.
    pub default_lang: Lang,
    /// This replica's name, for leases.
    pub owner: String,
    /// Pause before a computer player's turn.
    pub pause: Duration,
    /// Milliseconds in one second of the turn timer (1000; tests shorten it so a "30 s"
    /// timer runs out in a fraction of a second).
    pub timer_unit_ms: u64,
    /// Milliseconds in one minute of a game's R6.3 time limit, for the lobbies opened in the
    /// chat ([`crate::bot::core::table::MINUTE_MS`]; tests shorten it so Solidari's "30
    /// minutes" run out in a second or two).
    pub limit_minute_ms: u64,
    /// Seed for dice and computer choices (tests); `None` = OS randomness.
    pub seed: Option<u64>,
    /// Time-to-live of an open table, seconds (refreshed on every save).
    pub open_ttl_secs: u64,
    /// Time-to-live of a finished or cancelled table, seconds.
    pub closed_ttl_secs: u64,
    /// Board writes a chat may get per [`Ctx::write_window_ms`], all replicas together.
    pub write_limit: u32,
    /// The window of [`Ctx::write_limit`], milliseconds (Telegram: a minute).
    pub write_window_ms: u64,
    pub metrics: Metrics,
    /// One board write at a time per place on this replica ([`board_lock`]).
    pub boards: board_lock::BoardLocks,
    /// Finished games whose recording failed, retried by the driver's poll ([`unrecorded`]).
    pub unrecorded: unrecorded::Unrecorded,
    /// Milliseconds in one second of `/pings` (1000; tests shorten it).
    pub ping_unit_ms: u64,
    /// The live board (the Mini App), when configured: its button under every group board,
    /// and its viewers told of every save ([`crate::webapp`]).
    pub live: Option<std::sync::Arc<crate::webapp::Live>>,
}

impl Ctx {
    /// A context with default timings.
    #[must_use]
    pub fn new(store: Store, default_lang: Lang, metrics: Metrics) -> Self {
        Self {
            store,
            default_lang,
            owner: format!("{}-{}", std::process::id(), rand::random::<u32>()),
            pause: COMPUTER_PAUSE,
            timer_unit_ms: 1000,
            limit_minute_ms: super::core::table::MINUTE_MS,
            seed: None,
            open_ttl_secs: OPEN_TABLE_TTL_SECS,
            closed_ttl_secs: CLOSED_TABLE_TTL_SECS,
            write_limit: DEFAULT_WRITE_LIMIT,
            write_window_ms: DEFAULT_WRITE_WINDOW_MS,
            metrics,
            boards: board_lock::BoardLocks::default(),
            unrecorded: unrecorded::Unrecorded::default(),
            ping_unit_ms: 1000,
            live: None,
        }
    }

    /// Milliseconds since the Unix epoch.
    #[must_use]
    pub fn now_ms(&self) -> u64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
    }

    /// The TTL a table gets when saved.
    #[must_use]
    pub fn ttl_for(&self, t: &Table) -> u64 {
        if t.is_open() {
            self.open_ttl_secs
        } else {
            self.closed_ttl_secs
        }
    }

    /// The pause and turn timer of a chat with settings `s`.
    #[must_use]
    pub fn timing(&self, s: &ChatSettings) -> Timing {
        Timing {
            pause_ms: u64::try_from(self.pause.as_millis()).unwrap_or(u64::MAX),
            turn_ms: s.turn_ms(self.timer_unit_ms),
        }
    }

    /// When a place of a chat with settings `s` pings its players ([`pings`]).
    #[must_use]
    pub fn ping_timing(&self, s: &ChatSettings) -> PingTiming {
        PingTiming {
            after_ms: u64::from(s.pings_secs) * self.ping_unit_ms,
            turn_ms: s.turn_ms(self.timer_unit_ms),
            timer_unit_ms: self.timer_unit_ms,
        }
    }

    /// The randomness for the action that follows `seq` in `chat`: seeded in tests (so a
    /// game replays), the OS's otherwise.
    #[must_use]
    pub fn rng(&self, chat: i64, seq: u64) -> ChaCha8Rng {
        match self.seed {
            Some(seed) => ChaCha8Rng::seed_from_u64(
                seed ^ (chat as u64).rotate_left(17) ^ seq.rotate_left(41),
            ),
            None => ChaCha8Rng::from_os_rng(),
        }
    }
}
