//! A record the bot keeps once per chat by compare-and-set (a tournament, a season): a change
//! is a function of the latest record, saved over the version it read, and made again on the
//! latest record when another writer saved first.

use serde::Serialize;
use serde::de::DeserializeOwned;
use tracing::{debug, warn};

use super::Ctx;
use crate::store::{CasOutcome, StoreError, Versioned};

/// Compare-and-set attempts of one change before giving up.
const CAS_ATTEMPTS: usize = 8;
/// The pause before trying a change again after a store error.
const STORE_RETRY: std::time::Duration = std::time::Duration::from_millis(100);

/// Which record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Tourney,
    Season,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Self::Tourney => "tournament",
            Self::Season => "season",
        }
    }
}

/// Why a change of the record did not happen.
#[derive(Debug)]
pub enum MutErr<E> {
    /// The record's own refusal (nothing saved).
    Rejected(E),
    /// Redis is unavailable, or the record kept changing.
    Store,
}

impl<E> From<StoreError> for MutErr<E> {
    fn from(e: StoreError) -> Self {
        warn!(error = %e, "chat record store error");
        Self::Store
    }
}

/// The chat's record of `kind`, if any.
///
/// # Errors
/// Redis unavailable, or a record that does not decode.
pub async fn load<T: DeserializeOwned>(
    ctx: &Ctx,
    kind: Kind,
    chat: i64,
) -> Result<Option<Versioned<T>>, StoreError> {
    match kind {
        Kind::Tourney => ctx.store.load_tourney(chat).await,
        Kind::Season => ctx.store.load_season(chat).await,
    }
}

/// Saves the chat's record of `kind` if its version is still `expected` (0: none yet).
///
/// # Errors
/// Redis unavailable.
pub async fn save<T: Serialize>(
    ctx: &Ctx,
    kind: Kind,
    chat: i64,
    expected: u64,
    state: &T,
    ttl_secs: u64,
) -> Result<CasOutcome, StoreError> {
    match kind {
        Kind::Tourney => {
            ctx.store
                .save_tourney(chat, expected, state, ttl_secs)
                .await
        }
        Kind::Season => ctx.store.save_season(chat, expected, state, ttl_secs).await,
    }
}

/// Apply `f` to the chat's stored record of `kind` and save it by compare-and-set, again on
/// a lost race (up to a few times); `f` sees the latest record each time. No record:
/// `MutErr::Rejected(none)`. Returns the saved record and what `f` returned.
///
/// # Errors
/// [`MutErr::Rejected`] with `f`'s refusal (nothing saved), or [`MutErr::Store`].
pub async fn mutate<T, R, E>(
    ctx: &Ctx,
    (kind, chat, ttl_secs): (Kind, i64, u64),
    none: E,
    mut f: impl FnMut(&mut T) -> Result<R, E>,
) -> Result<(Versioned<T>, R), MutErr<E>>
where
    T: Clone + Serialize + DeserializeOwned,
{
    let what = kind.name();
    for _ in 0..CAS_ATTEMPTS {
        // A store error is tried again too: a save that did happen comes back as a conflict,
        // and `f` sees its own change in the record it then loads.
        let rec = match load::<T>(ctx, kind, chat).await {
            Ok(Some(rec)) => rec,
            Ok(None) => return Err(MutErr::Rejected(none)),
            Err(e) if !ctx.store.health().up => {
                warn!(chat, what, error = %e, "record not loaded: Redis is away");
                return Err(MutErr::Store);
            }
            Err(e) => {
                warn!(chat, what, error = %e, "record not loaded: again");
                tokio::time::sleep(STORE_RETRY).await;
                continue;
            }
        };
        let mut next = rec.state.clone();
        let out = f(&mut next).map_err(MutErr::Rejected)?;
        let saved = match save(ctx, kind, chat, rec.version, &next, ttl_secs).await {
            Ok(s) => s,
            Err(e) if !ctx.store.health().up => {
                warn!(chat, what, error = %e, "record not saved: Redis is away");
                return Err(MutErr::Store);
            }
            Err(e) => {
                warn!(chat, what, error = %e, "record not saved: again");
                tokio::time::sleep(STORE_RETRY).await;
                continue;
            }
        };
        match saved {
            CasOutcome::Saved { version } => {
                return Ok((
                    Versioned {
                        version,
                        state: next,
                    },
                    out,
                ));
            }
            CasOutcome::Conflict { .. } => debug!(chat, what, "record changed meanwhile: again"),
        }
    }
    Err(MutErr::Store)
}
