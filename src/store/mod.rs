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
mod cas;
mod chat;
mod clients;
mod conn;
mod coordination;
mod due;
mod error;
mod history;
mod inline;
pub mod keys;
mod migrate;
mod migrate_global;
mod migrate_lanes;
mod notify;
mod options;
mod outbox;
mod pace;
mod pictures;
mod pings;
mod publish;
mod records;
mod redis_store;
mod replays;
mod scripts;
mod season;
mod stats;
pub mod tls;
mod tourney;
mod url;
mod versioned;
mod web;

pub use achieve::Earned;
pub use breaker::Health;
pub use cas::{ACTIVE_GAME_TTL_SECS, CasOutcome, SCHEMA, SETTINGS_TTL_SECS, Versioned};
pub use chat::{ChatState, UpdateMark};
pub use clients::SentinelAuth;
pub use conn::{
    CLUSTER_VAR, DEFAULT_WAIT_MS, MASTER_VAR, SENTINEL_PASSWORD_VAR, SENTINEL_USERNAME_VAR,
    SENTINELS_VAR, Target, WAIT_VAR,
};
pub use due::DueKind;
pub use error::StoreError;
pub use inline::{INSTANCE_TTL_SECS, InlineMessage};
pub use keys::Place;
pub use keys::StatsScope;
pub use migrate_global::GlobalMigration;
pub use notify::{PRIVATE_BURST, PRIVATE_PER_SECOND, PRIVATE_REFILL_MS};
pub use options::{Backoff, StoreOptions};
pub use outbox::{
    Done, FLOOD_LIMIT, Flood, MUTE_SECS, Meta, OUTBOX_IDS_TTL_SECS, OUTBOX_TTL_SECS, Pace, Planned,
    Put, Taken,
};
pub use pace::{DEFAULT_WRITE_LIMIT, DEFAULT_WRITE_WINDOW_MS};
pub use pictures::{MAX_PICTURE_BYTES, PICTURE_TTL_SECS};
pub use redis_store::Store;
pub use replays::PostedAnimation;
pub use season::{PAST_SEASONS, SEASON_DUE, past_seasons_key, season_key};
pub use stats::{
    Forgotten, KeptReplay, PlayerCard, RecordOutcome, SeatChange, Table, Top, TopLine,
};
pub use tourney::{HISTORY_LEN, TOURNEY_DUE, tourney_history_key, tourney_key};
pub use url::redact_url;
pub use web::Rate;
