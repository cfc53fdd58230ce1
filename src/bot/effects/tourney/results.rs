//! Finished games into the bracket: the hook after a game's save ([`on_game_saved`]), the
//! firing's check of the tables being played (a result that did not reach the bracket, a
//! time limit that ran out: [`check_playing`]), and the one update per decided table.
//!
//! Exactly once: the result is applied to the tournament record by compare-and-set and the
//! tournament refuses a table already decided, so only the change that applied it posts the
//! result and the bracket, whichever replica or path got there first.

use tracing::{debug, info, warn};

use super::super::chat::{Here, load as load_place};
use super::super::commit::{Saved, after_save, save};
use super::super::crash::CrashPoint;
use super::super::telegram::TgBot;
use super::{Ctx, MutErr, TOURNEY_TTL_SECS, minute_ms, mutate, post};
use crate::bot::core::table::{Status, Table};
use crate::bot::core::tourney::{TReject, Tourney, outcome_of};
use crate::dice::RngDice;
use crate::store::StoreError;
use crate::tournament::TableId;

/// The table of the tournament whose game is `table` at forum topic `topic` (a started,
/// still open table whose game started when the table did).
fn table_of(t: &Tourney, topic: Option<i32>, table: &Table) -> Option<TableId> {
    let at = t.table_at_place(topic)?;
    let play = t.play(at)?;
    (play.started_ms == Some(table.stats.started_ms)).then_some(at)
}

/// After any save of a finished game: when it is a tournament table's, its result goes
/// into the bracket (once) and the next tables are called by the next firing.
pub async fn on_game_saved(bot: &TgBot, ctx: &Ctx, here: &Here, saved: &Saved) {
    if saved.table.status() != Status::Finished {
        return;
    }
    let place = here.addr.place();
    apply(bot, ctx, place.chat, place.topic, &saved.table).await;
}

/// Apply the finished `table` at `topic` of `chat` to its tournament, if it is one's.
async fn apply(bot: &TgBot, ctx: &Ctx, chat: i64, topic: Option<i32>, table: &Table) {
    let Ok(Some(rec)) = super::load(ctx, chat).await else {
        return;
    };
    let Some(at) = table_of(&rec.state, topic, table) else {
        return;
    };
    let Some(outcome) = rec
        .state
        .tournament
        .as_ref()
        .and_then(|t| outcome_of(t, at, table))
    else {
        return;
    };
    let result = mutate(ctx, chat, |t| {
        let mut rng = ctx.rng(chat, t.seq);
        t.table_finished(at, outcome.clone(), &mut RngDice(&mut rng))
    })
    .await;
    let _ = bot;
    match result {
        Ok(_) => info!(
            chat,
            round = at.round,
            table = at.table,
            "tournament table decided"
        ),
        Err(MutErr::Rejected(TReject::Core(e))) => {
            debug!(chat, ?at, %e, "table result already applied");
        }
        Err(e) => debug!(chat, ?at, ?e, "table result not applied"),
    }
}

/// Post the results not posted yet (under the chat's tournament lease), each then marked
/// posted: one update per decided table. Each message, and the champion's history entry,
/// has its id checked at the store ([`post::Once`], [`crate::store::Store::push_tourney_history`]),
/// so a firing that comes again after a crash between the posts and the mark, or another
/// replica's while this one is still posting, repeats none of them.
pub async fn post_unposted(bot: &TgBot, ctx: &Ctx, chat: i64) {
    let Ok(Some(rec)) = super::load(ctx, chat).await else {
        return;
    };
    for &at in &rec.state.unposted {
        if let Err(e) = announce(bot, ctx, chat, &rec.state, at).await {
            // Not marked posted: the next firing claims what is left.
            warn!(chat, ?at, error = %e, "tournament result not posted: store unavailable");
            return;
        }
        ctx.crash_point(CrashPoint::TourneyPosted).await;
        let _ = mutate(ctx, chat, |t| {
            t.posted(at);
            Ok(())
        })
        .await;
    }
}

/// The id of table `at`'s result posts in tournament `t` (unique in the chat: the draw's seed
/// names the tournament).
#[must_use]
pub fn post_id(t: &crate::tournament::Tournament, at: TableId) -> String {
    format!("{}:r{}.{}", t.seed(), at.round, at.table)
}

/// Post table `at`'s result and the bracket (the champion with it at the end); a finished
/// tournament goes into the chat's history first (once per tournament), so whoever sees the
/// champion's post finds it there.
///
/// # Errors
/// The store is unavailable (what was claimed was sent; the rest is left for later).
async fn announce(
    bot: &TgBot,
    ctx: &Ctx,
    chat: i64,
    t: &Tourney,
    at: TableId,
) -> Result<(), StoreError> {
    let Some(tournament) = &t.tournament else {
        return Ok(());
    };
    let addr = post::home(chat, t);
    let lang = load_place(ctx, addr, None).await.lang;
    let once = post::Once {
        ctx,
        chat,
        id: post_id(tournament, at),
    };
    if let Some(c) = tournament
        .champion()
        .filter(|_| t.unposted.last() == Some(&at))
    {
        let summary = serde_json::json!({
            "champion": crate::tournament::text_name(tournament, Some(c)),
            "members": tournament.entrant(c).map(|e| e.members.clone()),
            "entrants": tournament.entrants().len(),
            "preset": t.preset,
            "seed": tournament.seed(),
            "finished_ms": ctx.now_ms(),
        });
        let id = tournament.seed().to_string();
        ctx.store
            .push_tourney_history(chat, &id, &summary, TOURNEY_TTL_SECS)
            .await?;
    }
    post::decided(bot, &once, addr, lang, tournament, at).await?;
    Ok(())
}

/// The tables being played: a finished game whose result is not in the bracket yet is
/// applied; a game past its time limit ends there (R6.3), its result applied through the
/// save's hook.
pub async fn check_playing(bot: &TgBot, ctx: &Ctx, chat: i64) {
    let Ok(Some(rec)) = super::load(ctx, chat).await else {
        return;
    };
    let t = &rec.state;
    let Some(tournament) = &t.tournament else {
        return;
    };
    let now = ctx.now_ms();
    for play in &t.tables {
        if play.started_ms.is_none() || !tournament.table(play.at).is_some_and(|s| s.is_open()) {
            continue;
        }
        let addr = super::tables::place_of(chat, play.topic);
        let here = load_place(ctx, addr, None).await;
        let Ok(game) = here.table() else { continue };
        if table_of(t, play.topic, &game.state) != Some(play.at) {
            continue;
        }
        match game.state.status() {
            Status::Finished => apply(bot, ctx, chat, play.topic, &game.state).await,
            Status::Playing
                if t.limit_at(play.at, minute_ms(ctx))
                    .is_some_and(|l| l <= now) =>
            {
                let mut next = game.state.clone();
                next.seq += 1;
                next.last.clear();
                next.time_up(now);
                info!(
                    chat,
                    topic = addr.topic(),
                    "a tournament table reached its time limit"
                );
                if let Ok(saved) = save(ctx, &here, game.version, next).await {
                    after_save(bot, ctx, &here, &saved).await;
                }
            }
            _ => {}
        }
    }
}
