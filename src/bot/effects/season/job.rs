//! A chat's season firing (the scheduler's [`crate::store::DueKind::Season`], under the
//! chat's lease): the week's end when it has come (its games still being played ended and
//! counted, its open tables settled, the next week drawn), the reminder two days before it,
//! then the posts owed, each planned with its id and then taken off the list; then the
//! next due time.

use tracing::{debug, info, warn};

use super::super::chat::load as load_place;
use super::super::ctx::Stream;
use super::texts::{home, summary};
use super::{Ctx, load, mutate, post, sync_due, tables};
use crate::bot::core::season::{SeasonRec, Todo};
use crate::store::{DueKind, Place};

/// Fire `chat`'s season.
pub async fn fire(ctx: &Ctx, chat: i64) {
    let rec = match load(ctx, chat).await {
        Ok(Some(rec)) if !rec.state.cancelled => rec,
        Ok(_) => {
            let _ = ctx
                .store
                .set_due(DueKind::Season, Place::of_chat(chat), None)
                .await;
            return;
        }
        Err(e) => {
            debug!(chat, error = %e, "season not loaded");
            return;
        }
    };
    let now = ctx.now_ms();
    let s = &rec.state;
    if let (Some(week), Some(end)) = (s.week(), s.week_end())
        && now >= end
    {
        tables::end_games(ctx, chat, s).await;
        let seed = rand::RngCore::next_u64(&mut ctx.rng(chat, s.id ^ end, Stream::Dice));
        match mutate(ctx, chat, |s| s.end_week(seed)).await {
            Ok(_) => info!(chat, week, seed, "a season week ended"),
            Err(e) => warn!(chat, week, ?e, "a season week did not end: again"),
        }
    } else if let (Some(week), Some(at)) = (s.week(), s.reminder_at())
        && now >= at
    {
        let _ = mutate(ctx, chat, |s| {
            s.remind(week);
            Ok(())
        })
        .await;
    }
    post_owed(ctx, chat).await;
    if let Ok(Some(latest)) = load(ctx, chat).await {
        sync_due(ctx, chat, &latest.state).await;
    }
}

/// Plan every post owed, each then taken off the list (a crash in between plans it again,
/// and its id makes that nothing).
async fn post_owed(ctx: &Ctx, chat: i64) {
    let Ok(Some(rec)) = load(ctx, chat).await else {
        return;
    };
    let s = &rec.state;
    if s.todo.is_empty() {
        return;
    }
    let lang = load_place(ctx, home(chat, s), None).await.lang;
    let zone = super::super::zone::zone_of(ctx, chat).await;
    for &todo in &s.todo {
        match todo {
            Todo::Lobbies { week } => tables::place_tables(ctx, chat, lang, s, week).await,
            Todo::Reminder { week } => post::reminder(ctx, chat, lang, s, week, &zone).await,
            Todo::Recap { week } => post::recap(ctx, chat, lang, s, week).await,
            Todo::Champion => {
                if !crown(ctx, chat, s).await {
                    // Not archived: the next firing tries again (once per id).
                    return;
                }
                post::champion(ctx, chat, lang, s).await;
            }
        }
        let _ = mutate(ctx, chat, |s| {
            s.done(todo);
            Ok(())
        })
        .await;
    }
}

/// The finished season archived (once per id) and its champions' achievement awarded;
/// false when the archive could not be written now.
async fn crown(ctx: &Ctx, chat: i64, s: &SeasonRec) -> bool {
    let summary = summary(s, ctx.now_ms());
    if let Err(e) = ctx
        .store
        .archive_season(chat, &s.post_id("past"), &summary)
        .await
    {
        warn!(chat, error = %e, "season not archived");
        return false;
    }
    let champions: Vec<i64> = s
        .season
        .champions()
        .iter()
        .filter_map(|&c| s.season.members.get(c))
        .map(|m| m.user)
        .collect();
    crate::bot::effects::achieve::award_season_champion(ctx, chat, s.id, &champions).await;
    info!(chat, champions = champions.len(), "a season finished");
    true
}
