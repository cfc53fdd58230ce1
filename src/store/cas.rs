//! What a compare-and-set save answers and what a load gives back: a record's version with
//! its state, the layout number every record carries, and how long chat records live.

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
