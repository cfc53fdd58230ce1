//! Tournaments in the chat, the effects: the record in Redis (one per chat, saved by
//! compare-and-set, [`mutate`]), the texts and the bracket posted where the tournament was
//! opened ([`post`]), the tables called and their games started ([`tables`]), and the
//! results of finished games applied to the bracket exactly once ([`results`]), and the
//! buttons that stopped applying taken off ([`unbutton`]).
//!
//! Everything that is due (tables to call, Ready deadlines, time limits, the check of
//! tables being played) is one score per chat in `parxis:tourney:due`, fired by the driver's
//! poll under the chat's `tourney` lease ([`fire_due`]), so it survives restarts and fires
//! once across replicas. The clock of the Ready deadline and of time limits is the turn
//! timer's ([`Ctx::timer_unit_ms`] ms a second), so tests can shorten it.

pub mod ext;
pub mod pairs;
pub mod post;
pub mod results;
pub mod tables;
pub mod unbutton;

use std::sync::Arc;

use tracing::{debug, warn};

use super::Ctx;
use super::telegram::TgBot;
use crate::bot::core::tourney::{CHECK_SECS, READY_SECS, TReject, Tourney};
use crate::store::{CasOutcome, Place, StoreError, Versioned};

/// The lease a chat's tournament firing takes.
pub const TOURNEY_LEASE: &str = "tourney";
/// How long a firing may hold it.
pub const TOURNEY_LEASE_MS: u64 = 20_000;
/// Time-to-live of a tournament record (refreshed by every save).
pub const TOURNEY_TTL_SECS: u64 = 30 * 24 * 3600;
/// Compare-and-set attempts of one change before giving up.
const CAS_ATTEMPTS: usize = 8;
/// The pause before trying a change again after a store error.
const STORE_RETRY: std::time::Duration = std::time::Duration::from_millis(100);

/// Why a change of the record did not happen.
#[derive(Debug)]
pub enum MutErr {
    /// The tournament's own refusal.
    Rejected(TReject),
    /// Redis is unavailable, or the record kept changing.
    Store,
}

impl From<StoreError> for MutErr {
    fn from(e: StoreError) -> Self {
        warn!(error = %e, "tournament store error");
        Self::Store
    }
}

/// One minute of a table's time limit, ms.
#[must_use]
pub fn minute_ms(ctx: &Ctx) -> u64 {
    60 * ctx.timer_unit_ms
}

/// The Ready deadline of a table call, ms.
#[must_use]
pub fn ready_ms(ctx: &Ctx) -> u64 {
    READY_SECS * ctx.timer_unit_ms
}

/// A chat's tournament record.
///
/// # Errors
/// Redis unavailable, or a record that does not decode.
pub async fn load(ctx: &Ctx, chat: i64) -> Result<Option<Versioned<Tourney>>, StoreError> {
    ctx.store.load_tourney(chat).await
}

/// Apply `f` to the chat's stored tournament and save it by compare-and-set, again on a lost
/// race (up to a few times); `f` sees the latest record each time. Keeps the due set in
/// step. Returns the saved record and what `f` returned.
///
/// # Errors
/// [`MutErr::Rejected`] with `f`'s refusal (nothing saved), or [`MutErr::Store`].
pub async fn mutate<R>(
    ctx: &Ctx,
    chat: i64,
    mut f: impl FnMut(&mut Tourney) -> Result<R, TReject>,
) -> Result<(Versioned<Tourney>, R), MutErr> {
    for _ in 0..CAS_ATTEMPTS {
        // A store error is tried again too: a save that did happen comes back as a conflict,
        // and `f` sees its own change in the record it then loads.
        let rec = match load(ctx, chat).await {
            Ok(Some(rec)) => rec,
            Ok(None) => return Err(MutErr::Rejected(TReject::NoTourney)),
            Err(e) => {
                warn!(chat, error = %e, "tournament record not loaded: again");
                tokio::time::sleep(STORE_RETRY).await;
                continue;
            }
        };
        let mut next = rec.state.clone();
        let out = f(&mut next).map_err(MutErr::Rejected)?;
        let saved = match ctx
            .store
            .save_tourney(chat, rec.version, &next, TOURNEY_TTL_SECS)
            .await
        {
            Ok(s) => s,
            Err(e) => {
                warn!(chat, error = %e, "tournament record not saved: again");
                tokio::time::sleep(STORE_RETRY).await;
                continue;
            }
        };
        match saved {
            CasOutcome::Saved { version } => {
                sync_due(ctx, chat, &next).await;
                return Ok((
                    Versioned {
                        version,
                        state: next,
                    },
                    out,
                ));
            }
            CasOutcome::Conflict { .. } => {
                debug!(chat, "tournament record changed meanwhile: again");
            }
        }
    }
    Err(MutErr::Store)
}

/// Put the chat's next due time in the due set (or take it out).
pub async fn sync_due(ctx: &Ctx, chat: i64, t: &Tourney) {
    let check_ms = CHECK_SECS * ctx.timer_unit_ms;
    let due = t.due(ctx.now_ms(), minute_ms(ctx), check_ms);
    if let Err(e) = ctx.store.set_tourney_due(chat, due).await {
        warn!(chat, error = %e, "tournament due time not set");
    }
}

/// At most this many due chats per poll.
const DUE_BATCH: usize = 64;

/// The driver's poll: fire every chat whose tournament is due, each under its lease.
pub async fn fire_due(bot: &TgBot, ctx: &Arc<Ctx>, tasks: &mut tokio::task::JoinSet<()>) {
    let due = match ctx.store.due_tourneys(ctx.now_ms(), DUE_BATCH).await {
        Ok(d) => d,
        Err(e) => {
            debug!(error = %e, "tournament due set unavailable");
            return;
        }
    };
    for chat in due {
        let (bot, ctx) = (bot.clone(), ctx.clone());
        tasks.spawn(async move { fire(&bot, &ctx, chat).await });
    }
}

/// Fire one chat's tournament under its lease: call the tables to call, start the games
/// whose Ready deadline passed, end timed games at their limit, apply finished games.
pub async fn fire(bot: &TgBot, ctx: &Ctx, chat: i64) {
    let place = Place::of_chat(chat);
    match ctx
        .store
        .try_lease_at(place, TOURNEY_LEASE, &ctx.owner, ctx.tourney_lease_ms)
        .await
    {
        Ok(true) => {}
        _ => return,
    }
    match load(ctx, chat).await {
        Ok(Some(rec))
            if rec.state.is_open()
                || !rec.state.unposted.is_empty()
                || !rec.state.stale_msgs.is_empty() =>
        {
            results::post_unposted(bot, ctx, chat).await;
            unbutton::flush(bot, ctx, chat).await;
            tables::call_tables(bot, ctx, chat).await;
            tables::start_due(bot, ctx, chat).await;
            results::check_playing(bot, ctx, chat).await;
            if let Ok(Some(latest)) = load(ctx, chat).await {
                sync_due(ctx, chat, &latest.state).await;
            }
        }
        Ok(_) => {
            let _ = ctx.store.set_tourney_due(chat, None).await;
        }
        Err(e) => debug!(chat, error = %e, "tournament not loaded"),
    }
    let _ = ctx
        .store
        .release_lease_at(place, TOURNEY_LEASE, &ctx.owner)
        .await;
}

/// The text of a refused tournament change (plain: an alert or a short reply).
#[must_use]
pub fn refusal_text(lang: crate::i18n::Lang, e: &MutErr) -> String {
    use crate::i18n::{Msg, TourneyMsg as T, tr_plain};
    let msg = match e {
        MutErr::Store => Msg::AlertTryAgain,
        MutErr::Rejected(r) => match r {
            TReject::NoTourney => Msg::Tourney(T::NoTourney),
            TReject::AlreadyOpen => Msg::Tourney(T::AlreadyOpen),
            TReject::NotSignUp => Msg::Tourney(T::NotSignUp),
            TReject::AlreadyIn => Msg::Tourney(T::AlreadyIn),
            TReject::NotIn => Msg::Tourney(T::NotIn),
            TReject::Full => Msg::Tourney(T::Full),
            TReject::NeedTwo => Msg::Tourney(T::NeedTwo),
            TReject::NotHost => Msg::OnlyHost,
            TReject::NotRunning => Msg::Tourney(T::NotRunning),
            TReject::NotAtTable => Msg::Tourney(T::NotAtTable),
            TReject::AlreadyStarted => Msg::Tourney(T::AlreadyStarted),
            TReject::AlreadyCalled => Msg::Tourney(T::Refused),
            TReject::NotInvited => Msg::Pairs(crate::i18n::PairsMsg::NotInvited),
            TReject::AlreadyPaired => Msg::Pairs(crate::i18n::PairsMsg::AlreadyPaired),
            TReject::NotPairs => Msg::Pairs(crate::i18n::PairsMsg::NotPairs),
            TReject::NeedTwoPairs => Msg::Pairs(crate::i18n::PairsMsg::NeedTwoPairs),
            TReject::TimeUp => Msg::Ext(crate::i18n::ExtMsg::TimeUp),
            TReject::Core(e) => {
                crate::i18n::ExtMsg::of_error(e).map_or(Msg::Tourney(T::Refused), Msg::Ext)
            }
        },
    };
    tr_plain(lang, &msg)
}
