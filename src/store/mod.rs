//! Persistence of each Telegram chat's game, settings, leases and due sets in Redis, and
//! each chat's outbox: the writes planned for it, made within a budget shared by all
//! replicas ([`Pace`], [`Taken`]).
//!
//! [`Store`] is a cheap-to-clone handle over one multiplexed, self-reconnecting connection:
//! to one node (the default), to the primary that Sentinel names, or to a Redis Cluster
//! ([`Target`], `conn.rs`). It is generic over what it stores: the game state is
//! any `Serialize`/`DeserializeOwned` type, kept as JSON inside a versioned record that is
//! saved by compare-and-set (see [`Store::save`]). The key layout is in [`keys`].
//!
//! Every operation fails fast with [`StoreError::Unavailable`] when Redis is down (bounded by
//! [`StoreOptions::operation_timeout`]) and works again, with the same `Store`, once Redis is
//! back. A command is sent a second time only when it surely never reached Redis (a
//! connection refused) or when it is a read or idempotent write; so after an outage the
//! first *non-idempotent* write (save, delete, lease, update dedup) on a connection that
//! dropped may fail once more with `Unavailable`. An `Unavailable` from a write does not say
//! whether it happened: reload before deciding anything.
//!
//! The keys are laid out for Redis Cluster: one hash tag per chat, and no script spanning two
//! slots (every script call is checked before it is sent, on one node too). Under Sentinel a
//! game save returns once a replica holds it too (`WAIT 1`, see [`Target::Sentinel`]), so a
//! move answered as done survives a failover.
//!
//! ```no_run
//! # async fn demo() -> Result<(), parxis::store::StoreError> {
//! use parxis::store::{CasOutcome, Store};
//!
//! let store = Store::connect("redis://127.0.0.1:6379/").await?;
//! let chat = -100_123;
//! let loaded = store.load::<Vec<u8>>(chat).await?;
//! let (version, mut state) = loaded.map_or((0, Vec::new()), |v| (v.version, v.state));
//! state.push(6);
//! match store.save(chat, version, &state, 30 * 24 * 3600).await? {
//!     CasOutcome::Saved { version } => println!("saved as version {version}"),
//!     CasOutcome::Conflict { current } => println!("someone else saved version {current}"),
//! }
//! # Ok(())
//! # }
//! ```

mod achieve;
mod active;
pub mod breaker;
mod chat;
mod conn;
mod coordination;
mod due;
mod error;
mod inline;
pub mod keys;
mod migrate;
mod migrate_global;
mod migrate_lanes;
mod notify;
mod outbox;
mod pace;
mod pings;
mod publish;
mod records;
mod redis_store;
mod replays;
mod scripts;
mod stats;
mod tourney;
mod url;
mod versioned;
mod web;

use std::time::Duration;

pub use achieve::Earned;
pub use breaker::Health;
pub use chat::ChatState;
pub use conn::{CLUSTER_VAR, DEFAULT_WAIT_MS, MASTER_VAR, SENTINELS_VAR, Target, WAIT_VAR};
pub use due::DueKind;
pub use error::StoreError;
pub use inline::INSTANCE_TTL_SECS;
pub use keys::Place;
pub use keys::StatsScope;
pub use migrate_global::GlobalMigration;
pub use notify::{PRIVATE_BURST, PRIVATE_PER_SECOND, PRIVATE_REFILL_MS};
pub use outbox::{
    FLOOD_LIMIT, Flood, MUTE_SECS, Meta, OUTBOX_IDS_TTL_SECS, OUTBOX_TTL_SECS, Pace, Planned, Put,
    Taken,
};
pub use pace::{DEFAULT_WRITE_LIMIT, DEFAULT_WRITE_WINDOW_MS};
pub use redis_store::Store;
pub use replays::PostedAnimation;
pub use stats::{
    Forgotten, KeptReplay, PlayerCard, RecordOutcome, SeatChange, Table, Top, TopLine,
};
pub use tourney::{HISTORY_LEN, TOURNEY_DUE, tourney_history_key, tourney_key};
pub use url::redact_url;
pub use web::Rate;

/// Layout number written with every game record (`schema` field); records of another schema
/// load as [`StoreError::Corrupt`].
pub const SCHEMA: u32 = 1;

/// How long a chat's settings live without being read or written (about 400 days).
pub const SETTINGS_TTL_SECS: u64 = 400 * 24 * 3600;

/// A suggested TTL for an active game, refreshed by every save (30 days).
pub const ACTIVE_GAME_TTL_SECS: u64 = 30 * 24 * 3600;

/// A stored value together with the version it was saved as (1 for the first save).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Versioned<T> {
    /// The record's version: pass it back as `expected_version` to save over it.
    pub version: u64,
    /// The decoded state.
    pub state: T,
}

/// The result of a compare-and-set write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[must_use]
pub enum CasOutcome {
    /// Written. `version` is the new version (0 after a delete: the record is absent).
    Saved {
        /// The version now stored.
        version: u64,
    },
    /// Not written: the stored version is `current` (0 = absent), not the expected one.
    Conflict {
        /// The version actually stored.
        current: u64,
    },
}

impl CasOutcome {
    /// True when the write happened.
    #[must_use]
    pub fn is_saved(self) -> bool {
        matches!(self, Self::Saved { .. })
    }
}

/// Timeouts and reconnection of a [`Store`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StoreOptions {
    /// How long one connection attempt may take.
    pub connection_timeout: Duration,
    /// How long Redis may take to answer one command.
    pub response_timeout: Duration,
    /// How many times a lost connection is retried (with exponential backoff from 100 ms)
    /// before the waiting operations fail; the next operation starts a new round.
    pub reconnect_retries: usize,
    /// Upper bound on one whole store operation, reconnection included.
    pub operation_timeout: Duration,
}

impl Default for StoreOptions {
    fn default() -> Self {
        Self {
            connection_timeout: Duration::from_millis(1500),
            response_timeout: Duration::from_millis(1500),
            reconnect_retries: 2,
            operation_timeout: Duration::from_secs(3),
        }
    }
}

/// Exponential backoff for [`Store::connect_with_retry`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Backoff {
    /// How many connection attempts in all (at least 1).
    pub max_attempts: u32,
    /// The wait after the first failure; doubled after each further failure.
    pub first_delay: Duration,
    /// The longest wait between two attempts.
    pub max_delay: Duration,
}

impl Default for Backoff {
    fn default() -> Self {
        Self {
            max_attempts: 10,
            first_delay: Duration::from_millis(200),
            max_delay: Duration::from_secs(10),
        }
    }
}

impl Backoff {
    /// The wait after the `failures`-th failed attempt (1-based).
    #[must_use]
    pub fn delay_after(&self, failures: u32) -> Duration {
        let factor = 2u32.saturating_pow(failures.saturating_sub(1));
        self.first_delay.saturating_mul(factor).min(self.max_delay)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_up_to_the_cap() {
        let b = Backoff {
            max_attempts: 5,
            first_delay: Duration::from_millis(100),
            max_delay: Duration::from_millis(500),
        };
        let delays: Vec<u128> = (1..=5).map(|n| b.delay_after(n).as_millis()).collect();
        assert_eq!(delays, [100, 200, 400, 500, 500]);
        assert_eq!(b.delay_after(200), Duration::from_millis(500));
    }
}
