//! Tournaments in the chat, the effects: the record in Redis (one per chat, saved by
//! compare-and-set, [`mutate`]), the texts ([`texts`]) and posts ([`post`], [`pairs`])
//! planned in the chat's outbox where the tournament was opened, the tables called and their
//! games started ([`tables`]), the results of finished games applied to the bracket exactly
//! once ([`results`]), the R10.5 extensions ([`ext`]), and what follows a post Telegram took
//! ([`sent`]), and the buttons that stopped applying taken off ([`unbutton`]).
//!
//! Everything that is due (tables to call, Ready deadlines, time limits, the check of
//! tables being played, results to post) is one score per chat in `parxis:tourney:due`,
//! fired by the scheduler under the chat's `tourney` lease ([`job`]), so it survives
//! restarts and fires once across replicas. Posts carry ids, so a post planned again after
//! a crash is made once.
//!
pub mod ext;
pub mod job;
pub mod pairs;
pub mod post;
pub mod results;
pub mod sent;
pub mod tables;
pub mod texts;
pub mod unbutton;

use tracing::warn;

use super::Ctx;
use super::chat::ChatAddr;
use super::chat_record::{self, Kind};
use crate::bot::core::tourney::{CHECK_SECS, READY_SECS, TReject, Tourney};
use crate::store::{CasOutcome, DueKind, Place, StoreError, Versioned};

/// Time-to-live of a tournament record (refreshed by every save).
pub const TOURNEY_TTL_SECS: u64 = 30 * 24 * 3600;
/// Why a change of the record did not happen: its refusal, or the store.
pub type MutErr = super::chat_record::MutErr<TReject>;

/// One minute of a table's time limit, ms.
pub const MINUTE_MS: u64 = 60_000;

/// The Ready deadline of a table call, ms.
pub const READY_MS: u64 = READY_SECS * 1000;

/// The least pause between two firings of a chat's tournament that find nothing new to do
/// (a table whose place still holds an open game, a topic not created yet).
pub const REFIRE_MS: u64 = 1_000;

/// The place of a table's game (its topic value as the store keeps it: a forum topic, a
/// lane, or `None` for the group).
#[must_use]
pub fn place_of(chat: i64, topic: Option<i32>) -> ChatAddr {
    ChatAddr::from(Place { chat, topic })
}

/// A chat's tournament record.
///
/// # Errors
/// Redis unavailable, or a record that does not decode.
pub async fn load(ctx: &Ctx, chat: i64) -> Result<Option<Versioned<Tourney>>, StoreError> {
    ctx.store.load_tourney(chat).await
}

/// Saves a new tournament record (a sign-up just opened) over version `expected` of the
/// chat's (0: none), by compare-and-set; `false` when another was saved first.
///
/// # Errors
/// Redis unavailable.
pub async fn create(ctx: &Ctx, chat: i64, expected: u64, t: &Tourney) -> Result<bool, StoreError> {
    let saved = ctx
        .store
        .save_tourney(chat, expected, t, TOURNEY_TTL_SECS)
        .await?;
    Ok(matches!(saved, CasOutcome::Saved { .. }))
}

/// The chat's tournament fires at once (its first round's tables are called).
pub fn wake(ctx: &Ctx, chat: i64) {
    ctx.kick(DueKind::Tourney, Place::of_chat(chat));
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
    f: impl FnMut(&mut Tourney) -> Result<R, TReject>,
) -> Result<(Versioned<Tourney>, R), MutErr> {
    let target = (Kind::Tourney, chat, TOURNEY_TTL_SECS);
    let (saved, out) = chat_record::mutate(ctx, target, TReject::NoTourney, f).await?;
    sync_due(ctx, chat, &saved.state).await;
    Ok((saved, out))
}

/// Put the chat's next due time in the due set (or take it out), not before `not_before`.
pub async fn sync_due_after(ctx: &Ctx, chat: i64, t: &Tourney, not_before: u64) {
    let due = t
        .due(ctx.now_ms(), MINUTE_MS, CHECK_SECS * 1000)
        .map(|d| d.max(not_before));
    if let Err(e) = ctx
        .store
        .set_due(DueKind::Tourney, Place::of_chat(chat), due)
        .await
    {
        warn!(chat, error = %e, "tournament due time not set");
    }
}

/// Put the chat's next due time in the due set (or take it out).
pub async fn sync_due(ctx: &Ctx, chat: i64, t: &Tourney) {
    sync_due_after(ctx, chat, t, 0).await;
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
