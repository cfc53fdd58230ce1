//! Seasons and leagues in the chat, the effects: the record in Redis (one per chat, saved
//! by compare-and-set, [`mutate`]), the texts ([`texts`]) and posts ([`post`]) planned in the
//! chat's outbox where the season was opened, each week's tables placed and their games
//! started ([`tables`]), finished games counted exactly once ([`feed`]), what follows a post
//! Telegram took ([`sent`]), and the weekly firing ([`job`]).
//!
//! Everything that is due (posts owed, the reminder two days before a week's end, the end
//! itself) is one score per chat in `parxis:season:due`, fired by the scheduler under the
//! chat's `season` lease, so it survives restarts and fires once across replicas. Posts carry
//! ids, so a post planned again after a crash is made once.

pub mod feed;
pub mod job;
pub mod post;
pub mod sent;
pub mod tables;
pub mod texts;

use tracing::warn;

use super::Ctx;
use super::chat_record::{self, Kind};
use crate::bot::core::season::{SReject, SeasonRec};
use crate::store::{CasOutcome, DueKind, Place, StoreError, Versioned};

/// Time-to-live of a season record (refreshed by every save): a season of
/// [`crate::season::league::MAX_WEEKS`] weeks and a few months to look at it.
pub const SEASON_TTL_SECS: u64 = 400 * 24 * 3600;
/// Why a change of the record did not happen: its refusal, or the store.
pub type MutErr = super::chat_record::MutErr<SReject>;

/// A chat's season record.
///
/// # Errors
/// Redis unavailable, or a record that does not decode.
pub async fn load(ctx: &Ctx, chat: i64) -> Result<Option<Versioned<SeasonRec>>, StoreError> {
    ctx.store.load_season(chat).await
}

/// Saves a new season (a sign-up just opened) over version `expected` of the chat's (0:
/// none), by compare-and-set; `false` when another was saved first.
///
/// # Errors
/// Redis unavailable.
pub async fn create(
    ctx: &Ctx,
    chat: i64,
    expected: u64,
    s: &SeasonRec,
) -> Result<bool, StoreError> {
    let saved = ctx
        .store
        .save_season(chat, expected, s, SEASON_TTL_SECS)
        .await?;
    Ok(matches!(saved, CasOutcome::Saved { .. }))
}

/// The chat's finished seasons as archived (JSON summaries, newest first).
///
/// # Errors
/// Redis unavailable.
pub async fn past(ctx: &Ctx, chat: i64) -> Result<Vec<String>, StoreError> {
    ctx.store.past_seasons(chat).await
}

/// The chat's season fires at once.
pub fn wake(ctx: &Ctx, chat: i64) {
    ctx.kick(DueKind::Season, Place::of_chat(chat));
}

/// Apply `f` to the chat's stored season and save it by compare-and-set, again on a lost
/// race (up to a few times); `f` sees the latest record each time. Keeps the due set in
/// step. Returns the saved record and what `f` returned.
///
/// # Errors
/// [`MutErr::Rejected`] with `f`'s refusal (nothing saved), or [`MutErr::Store`].
pub async fn mutate<R>(
    ctx: &Ctx,
    chat: i64,
    f: impl FnMut(&mut SeasonRec) -> Result<R, SReject>,
) -> Result<(Versioned<SeasonRec>, R), MutErr> {
    let target = (Kind::Season, chat, SEASON_TTL_SECS);
    let (saved, out) = chat_record::mutate(ctx, target, SReject::NoSeason, f).await?;
    sync_due(ctx, chat, &saved.state).await;
    Ok((saved, out))
}

/// Put the chat's next due time in the due set (or take it out).
pub async fn sync_due(ctx: &Ctx, chat: i64, s: &SeasonRec) {
    let due = if s.cancelled {
        None
    } else {
        s.due(ctx.now_ms())
    };
    if let Err(e) = ctx
        .store
        .set_due(DueKind::Season, Place::of_chat(chat), due)
        .await
    {
        warn!(chat, error = %e, "season due time not set");
    }
}

/// The text of a refused season change (plain: an alert or a short reply).
#[must_use]
pub fn refusal_text(lang: crate::i18n::Lang, e: &MutErr) -> String {
    use crate::i18n::{Msg, SeasonMsg as S, tr_plain};
    let msg = match e {
        MutErr::Store => Msg::AlertTryAgain,
        MutErr::Rejected(r) => match r {
            SReject::NoSeason => Msg::Season(S::NoSeason),
            SReject::AlreadyOpen => Msg::Season(S::AlreadyOpen),
            SReject::NotSignUp => Msg::Season(S::NotSignUp),
            SReject::AlreadyIn => Msg::Season(S::AlreadyIn),
            SReject::NotIn => Msg::Season(S::NotIn),
            SReject::Full => Msg::Season(S::Full),
            SReject::NeedTwo => Msg::Season(S::NeedTwo),
            SReject::NotHost => Msg::OnlyHost,
            SReject::NoTable => Msg::Season(S::NoTable),
            SReject::AlreadyStarted => Msg::Season(S::AlreadyStarted),
            SReject::NotLeague => Msg::Season(S::NotLeague),
            SReject::Stale => Msg::Season(S::Stale),
        },
    };
    tr_plain(lang, &msg)
}
