//! The stats tables in Redis: recording finished games ([`Store::record_game`]), the
//! leaderboards ([`Store::top`]), a player's card ([`Store::player_card`]) and `/forgetme`
//! ([`Store::forget_user`]). The pure part (records, R9 points, weeks, ratings) is
//! [`crate::stats`]; the key layout is in [`super::keys`].
//!
//! # Exactly once
//!
//! A game is recorded in two scopes, the chat's tables (hash tag `{<chat>}`) and the global
//! ones, split by player into shards (`{stats:<k>}`, see [`super::keys`]). No script spans
//! two hash tags, so the chat and each global shard of the game's humans have their own Lua
//! script run and their own "recorded" marker, set by that script in the same atomic step as
//! the writes (`stats_record.lua`): a scope (or shard) is either wholly updated with its
//! marker set, or untouched. The ratings of every shard are computed from all humans'
//! ratings, read once; when one shard conflicts, the shards already recorded keep the
//! ratings they were computed from.
//! Failure cases:
//!
//! - the same end delivered twice, or to two replicas: the second run of each script finds
//!   the marker and writes nothing ([`RecordOutcome::recorded`] is false);
//! - the connection drops mid-script: the script is re-sent once (it is idempotent thanks to
//!   its marker); if that fails too the caller gets `Unavailable` and may call again;
//! - the process dies between two scopes or shards (global is done first): the chat's tables miss
//!   the game until the same record is handed over again, which then completes only the
//!   missing scope. The bot should keep the record until `record_game` returns `Ok`;
//! - ratings are read before the script and computed in Rust; the script checks that every
//!   player's stored μ and σ are still those read (compare-and-set) and otherwise writes
//!   nothing, so two games ending at once for the same player (global ratings) never lose an
//!   update: the loser reads again and recomputes, up to [`MAX_ATTEMPTS`] times.
//!
//! A game counts for points and ratings only with at least two humans (R9.3); a game against
//! computers only adds to the players' aggregates.

mod forget;
mod migrate;
mod query;
mod record;
mod zone;

pub use forget::Forgotten;
pub use query::{PlayerCard, Table, Top, TopLine};
pub use record::{KeptReplay, RecordOutcome, SeatChange};
pub(crate) use zone::zone_key;

#[allow(unused_imports)] // for the doc links
use super::redis_store::Store;

/// How many times a scope's recording is computed again after a rating conflict.
pub const MAX_ATTEMPTS: usize = 5;
