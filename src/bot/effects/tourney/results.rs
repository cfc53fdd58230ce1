//! Finished games into the bracket: the firing's check of the tables being played (a
//! finished game whose result is not in the bracket yet, a time limit that ran out:
//! [`check_playing`]), and the one post per decided table ([`post_unposted`]).
//!
//! Exactly once: the result is applied to the tournament record by compare-and-set and the
//! tournament refuses a table already decided; its posts are planned with ids, so planning
//! them again after a crash (before the record says "posted") makes nothing twice, and the
//! champion enters the chat's history once (by the tournament's id). The outbox makes each
//! planned write once, unless its drainer dies between Telegram's answer and forgetting
//! the write: then that one write is made again (see docs/ARCHITECTURE.md).

use tracing::{debug, info};

use super::super::chat::load as load_place;
use super::super::commit::{follow, save};
use super::super::crash::CrashPoint;
use super::super::ctx::Stream;
use super::{Ctx, MINUTE_MS, MutErr, mutate, place_of, post};
use crate::bot::core::table::{Status, Table};
use crate::bot::core::tourney::{TReject, Tourney, outcome_of};
use crate::dice::RngDice;
use crate::i18n::Lang;
use crate::tournament::TableId;

/// The table of the tournament whose game is `table` at forum topic `topic` (a started,
/// still open table whose game started when the table did).
fn table_of(t: &Tourney, topic: Option<i32>, table: &Table) -> Option<TableId> {
    let at = t.table_at_place(topic)?;
    let play = t.play(at)?;
    (play.started_ms == Some(table.stats().started_ms)).then_some(at)
}

/// Apply the finished `table` at `topic` of `chat` to its tournament, if it is one's.
async fn apply(ctx: &Ctx, chat: i64, topic: Option<i32>, table: &Table) {
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
        let mut rng = ctx.rng(chat, t.seq, Stream::Dice);
        t.table_finished(at, outcome.clone(), &mut RngDice(&mut rng))
    })
    .await;
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

/// Plan the posts of the results not posted yet (under the chat's tournament lease), each
/// then marked posted. A crash between the two plans them again at the next firing, and
/// their ids make that plan nothing (the champion's history entry too, by its id, added
/// before the champion's post is planned, so whoever sees the post finds it there). A
/// table's extension buttons come off with its decision ([`super::unbutton`]).
pub async fn post_unposted(ctx: &Ctx, chat: i64, lang: Lang) {
    let Ok(Some(rec)) = super::load(ctx, chat).await else {
        return;
    };
    let t = &rec.state;
    for &at in &t.unposted {
        let champion = t.tournament.as_ref().and_then(|tn| tn.champion());
        if let (Some(c), Some(tn)) = (champion, &t.tournament)
            && t.unposted.last() == Some(&at)
        {
            let summary = serde_json::json!({
                "champion": crate::tournament::text_name(tn, Some(c)),
                "members": tn.entrant(c).map(|e| e.members.clone()),
                "entrants": tn.entrants().len(),
                "preset": t.preset,
                "seed": tn.seed(),
                "finished_ms": ctx.now_ms(),
            });
            let id = post::post_id(t, "history");
            if let Err(e) = ctx
                .store
                .push_tourney_history_once(chat, &id, &summary)
                .await
            {
                // Not marked posted: the next firing adds it (once) and plans the posts.
                tracing::warn!(chat, error = %e, "tournament not recorded in the history");
                return;
            }
            // The champion's people earn their achievement (once per tournament id).
            let people: Vec<i64> = summary["members"]
                .as_array()
                .map(|ms| ms.iter().filter_map(|m| m["h"].as_i64()).collect())
                .unwrap_or_default();
            crate::bot::effects::achieve::award_champion(ctx, chat, &id, &people).await;
        }
        post::decided(ctx, chat, lang, t, at).await;
        ctx.crash_point(CrashPoint::TourneyPosted, "").await;
        let _ = mutate(ctx, chat, |t| {
            t.posted(at);
            Ok(())
        })
        .await;
    }
}

/// The tables being played: a finished game whose result is not in the bracket yet is
/// applied; a game past its time limit ends there (R6.3), its result applied at the next
/// firing (its end wakes the tournament).
pub async fn check_playing(ctx: &Ctx, chat: i64) {
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
        let addr = place_of(chat, play.topic);
        let here = load_place(ctx, addr, None).await;
        let Ok(game) = here.table() else { continue };
        if table_of(t, play.topic, &game.state) != Some(play.at) {
            continue;
        }
        match game.state.status() {
            Status::Finished => apply(ctx, chat, play.topic, &game.state).await,
            Status::Playing if t.limit_at(play.at, MINUTE_MS).is_some_and(|l| l <= now) => {
                let next = game.state.ended_by_time(now);
                info!(
                    chat,
                    topic = addr.topic(),
                    "a tournament table reached its time limit"
                );
                if let Ok(saved) = save(ctx, &here, game.version, next).await {
                    follow(ctx, &here, &saved, false).await;
                }
            }
            _ => {}
        }
    }
}
