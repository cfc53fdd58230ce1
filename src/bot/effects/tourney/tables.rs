//! The tables of a round: called in their place (a forum topic of their own, or a lane of
//! the group), their players' Ready, and their games started as ordinary games of the bot.
//!
//! A call is put on record before its message is planned (a Ready pressed as soon as the
//! message shows is always for a table being called). In a forum the table's topic is
//! created first; the call follows once Telegram made it ([`super::sent`]).

use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};
use tracing::{info, warn};

use super::super::botapi;
use super::super::called::{self, Call};
use super::super::chat::load as load_place;
use super::super::commit::{follow, save};
use super::super::ctx::Stream;
use super::super::outbox::{self, Plan, Priority, Then, Write};
use super::post::post_id;
use super::texts::side_names;
use super::{Ctx, MINUTE_MS, READY_MS, mutate, place_of};
use crate::bot::core::refusal::{Alert, Refusal};
use crate::bot::core::table::{Action, Actor, Origin, Player, PlayerKind, TimeLimit};
use crate::bot::core::tourney::{Tourney, seats_of};
use crate::bot::core::view;
use crate::dice::RngDice;
use crate::i18n::{Lang, Msg, TourneyMsg, tr_plain};
use crate::store::Place;
use crate::tournament::TableId;

fn m(t: TourneyMsg) -> Msg {
    Msg::Tourney(t)
}

/// Callback data of a table's Ready button: `tr:<round>.<table>`.
#[must_use]
pub fn ready_data(at: TableId) -> String {
    format!("tr:{}.{}", at.round, at.table)
}

/// Call every table of the round that has no call yet. In a forum, each gets a topic of its
/// own first (planned once per table); in a group, its lane: the call is recorded and its
/// message planned.
pub async fn call_tables(ctx: &Ctx, chat: i64, lang: Lang, t: &Tourney) {
    let to_call = t.tables_to_call();
    if to_call.is_empty() {
        return;
    }
    if t.forum {
        let Some(tournament) = &t.tournament else {
            return;
        };
        for at in to_call {
            let tag = view::tourney::table_tag(tournament, at);
            let name = tr_plain(
                lang,
                &m(TourneyMsg::TopicName {
                    round: tag.round,
                    table: tag.table,
                    last: tag.last,
                }),
            );
            let id = post_id(t, &format!("topic:{}.{}", at.round, at.table));
            let w = Write::Topic {
                name,
                then: Then::TableTopic { tid: t.id, at },
            };
            outbox::plan(ctx, chat, Plan::post(w, id, Priority::Call)).await;
        }
        return;
    }
    // A group without topics: each table's lane, its number in the round.
    let lanes: Vec<(TableId, Option<i32>)> = to_call
        .into_iter()
        .map(|at| (at, Place::in_lane(chat, at.table).topic))
        .collect();
    call_at(ctx, chat, lang, &lanes).await;
}

/// Record the calls of `tables` (each at its topic value) and plan their messages.
pub async fn call_at(ctx: &Ctx, chat: i64, lang: Lang, tables: &[(TableId, Option<i32>)]) {
    let by = ctx.now_ms() + READY_MS;
    // Only the tables this caller called (another firing may have called one first: its
    // call is the one, and its message is planned by it).
    let Ok((saved, called)) = mutate(ctx, chat, |t| {
        Ok(tables
            .iter()
            .filter(|&&(at, topic)| t.try_call(at, topic, by).is_ok())
            .map(|&(at, _)| at)
            .collect::<Vec<_>>())
    })
    .await
    else {
        return;
    };
    let t = &saved.state;
    for at in called {
        if let Some(play) = t.play(at) {
            plan_call(ctx, chat, lang, t, at, play.topic).await;
        }
    }
}

/// Plan table `at`'s call at its place: its name, its players' mentions, the time limit,
/// the Ready button.
async fn plan_call(ctx: &Ctx, chat: i64, lang: Lang, t: &Tourney, at: TableId, topic: Option<i32>) {
    // The Ready deadline's clock as a `date_time` entity (Bot API 9.5): each reader sees it in
    // their own zone, the chat's clock stays as the fallback text.
    let zone = crate::bot::effects::stats::zone_of(ctx, chat).await;
    let mut text = view::tourney::call_text(lang, t, at, &zone);
    // (In the hint's line, the last: a player's name above may hold anything.)
    if let (Some(by), Some(at_hint)) = (view::tourney::ready_by(t, at), text.rfind('\n')) {
        let (hour, minute) = zone.clock_of(by);
        let clock = format!("{hour}:{minute:02}");
        let hint = botapi::date_time::mark_clock(&text[at_hint..], "⏳", &clock, by / 1000);
        text = format!("{}{hint}", &text[..at_hint]);
    }
    let keyboard = InlineKeyboardMarkup::new([[InlineKeyboardButton::callback(
        tr_plain(lang, &m(TourneyMsg::BtnReady)),
        ready_data(at),
    )]]);
    let addr = place_of(chat, topic);
    let w = Write::Send {
        place: addr.place(),
        text,
        reply_to: None,
        keyboard: Some(keyboard),
        then: Some(Then::TableCall { tid: t.id, at }),
    };
    let id = post_id(t, &format!("call:{}.{}", at.round, at.table));
    outbox::plan(ctx, chat, Plan::post(w, id, Priority::Call)).await;
}

/// Start the games of the tables whose Ready deadline has passed.
pub async fn start_due(ctx: &Ctx, chat: i64) {
    let Ok(Some(rec)) = super::load(ctx, chat).await else {
        return;
    };
    for at in rec.state.due_to_start(ctx.now_ms()) {
        start_game(ctx, chat, at).await;
    }
}

/// Start the game of table `at`: marked started in the record by compare-and-set (so only
/// one caller goes on), then an ordinary game opened at the table's place with its seats
/// taken by the table's sides in bracket order; whoever did not press Ready is absent (the
/// computer plays for them). A place with a game still open puts the start off, a longer
/// pause each time ([`Tourney::start_blocked`]: 5 s, 10 s, then every 20 s).
pub async fn start_game(ctx: &Ctx, chat: i64, at: TableId) {
    let Ok(Some(rec)) = super::load(ctx, chat).await else {
        return;
    };
    let Some(play) = rec.state.play(at).cloned() else {
        return;
    };
    let addr = place_of(chat, play.topic);
    let here = load_place(ctx, addr, None).await;
    let Some(stored) = here.stored.as_ref() else {
        return;
    };
    if stored.table.as_ref().is_some_and(|r| r.state.is_open()) {
        info!(
            chat,
            topic = addr.topic(),
            waits = play.waits,
            "a game is open at the table's place: waiting"
        );
        let now = ctx.now_ms();
        let _ = mutate(ctx, chat, |t| {
            t.start_blocked(at, now);
            Ok(())
        })
        .await;
        return;
    }
    let now = ctx.now_ms();
    let Ok((saved, ())) = mutate(ctx, chat, |t| t.start_table(at, now)).await else {
        return;
    };
    let t = &saved.state;
    let Some(tournament) = &t.tournament else {
        return;
    };
    let players: Vec<Player> = seats_of(tournament, at)
        .into_iter()
        .map(|s| Player {
            id: s.id,
            name: s.name,
            kind: s.computer.map_or(PlayerKind::Human, PlayerKind::Computer),
            colour: None,
            strikes: 0,
            absent: false,
        })
        .collect();
    // R6.3 The tournament's limit is the game's: its end is set when it starts, so the
    // board shows the time left and the game ends there by itself. The game knows its
    // table: its board names it, it offers no rematch, and its end wakes the tournament.
    let call = Call {
        players,
        preset: t.preset,
        pairs: t.pairs,
        limit: t.limit_minutes.map(|m| TimeLimit {
            minutes: m.into(),
            minute_ms: MINUTE_MS,
        }),
        origin: Origin::Tourney(view::tourney::table_tag(tournament, at)),
        board_msg: play.call_msg,
        salt: u64::from(at.table),
        present: Some(play.ready.clone()),
    };
    // Its start time is `now`, as the tournament records it (Start sets it).
    if called::open(ctx, &here, call, now).await.is_some() {
        info!(
            chat,
            topic = addr.topic(),
            round = at.round,
            table = at.table,
            players = %side_names(tournament, at),
            "a tournament table started"
        );
        if t.limit_minutes.is_some() {
            super::ext::offer(ctx, chat, addr, here.lang, t, at).await;
        }
    }
}

/// The answer to a Ready press by `user` at table `at` (plain text), starting the game at
/// once when every person there is ready.
pub async fn press_ready(ctx: &Ctx, chat: i64, lang: Lang, at: TableId, user: i64) -> String {
    match mutate(ctx, chat, |t| t.ready(at, user)).await {
        Ok((_, all)) => {
            if all {
                start_game(ctx, chat, at).await;
            }
            tr_plain(lang, &m(TourneyMsg::ReadyOk))
        }
        Err(e) => super::refusal_text(lang, &e),
    }
}

/// How often [`stop_game`] tries again when a move was saved between its read and its save.
const STOP_TRIES: usize = 5;

/// The game at table `at`'s place, when it is still open, is called off (the table was
/// decided by hand, or the tournament cancelled); saved and shown like any cancel. A move
/// saved meanwhile (a computer's, a press) wins the compare-and-set: the cancel is then made
/// again on the game as it is now, so a game is not left playing.
pub async fn stop_game(ctx: &Ctx, chat: i64, t: &Tourney, at: TableId) {
    let Some(play) = t.play(at).filter(|p| p.started_ms.is_some()) else {
        return;
    };
    for _ in 0..STOP_TRIES {
        let here = load_place(ctx, place_of(chat, play.topic), None).await;
        let Ok(rec) = here.table() else { return };
        if !rec.state.is_open() || rec.state.stats().started_ms != play.started_ms.unwrap_or(0) {
            return;
        }
        let host = Actor {
            id: rec.state.host(),
            name: String::new(),
            is_admin: true,
        };
        let mut rng = ctx.rng(chat, rec.state.seq(), Stream::Dice);
        let Ok(next) = rec
            .state
            .act(&host, Action::Cancel, ctx.now_ms(), &mut RngDice(&mut rng))
        else {
            return;
        };
        match save(ctx, &here, rec.version, next).await {
            Ok(saved) => {
                follow(ctx, &here, &saved, false).await;
                return;
            }
            Err(Refusal::Alert(Alert::Stale)) => {}
            Err(_) => return,
        }
    }
    warn!(
        chat,
        ?at,
        "a tournament table's game could not be called off"
    );
}
