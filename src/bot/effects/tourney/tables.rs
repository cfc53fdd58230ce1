//! The tables of a round: called in their place (a forum topic of their own, or a lane of
//! the group),
//! their players' Ready, and their games started as ordinary games of the bot.

use teloxide::payloads::SendMessageSetters;
use teloxide::prelude::Requester;
use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup, ParseMode};
use teloxide::utils::html::escape;
use tracing::{info, warn};

use super::super::chat::{ChatAddr, DisplayState, Here, InTopic, Stored, load as load_place};
use super::super::commit::{after_save, save};
use super::super::telegram::TgBot;
use super::{Ctx, minute_ms, mutate, post, ready_ms};
use crate::bot::core::table::{Action, Actor, Player, PlayerKind, Table, TimeLimit};
use crate::bot::core::tourney::{Tourney, seats_of};
use crate::dice::RngDice;
use crate::i18n::{Lang, Msg, TourneyMsg, tr_plain};
use crate::store::Place;
use crate::tournament::{TableId, text_name};

fn m(t: TourneyMsg) -> Msg {
    Msg::Tourney(t)
}

/// The place of a table's game (its topic value as the store keeps it: a forum topic, a
/// lane, or `None` for the group).
#[must_use]
pub fn place_of(chat: i64, topic: Option<i32>) -> ChatAddr {
    ChatAddr::from(Place { chat, topic })
}

/// Callback data of a table's Ready button: `tr:<round>.<table>`.
#[must_use]
pub fn ready_data(at: TableId) -> String {
    format!("tr:{}.{}", at.round, at.table)
}

/// Call every table of the round that has no call yet: a forum topic for each in a forum
/// (in a group, the group itself), a message with its players and the Ready button. Runs
/// under the chat's tournament lease, so a table is called once.
pub async fn call_tables(bot: &TgBot, ctx: &Ctx, chat: i64, t: &Tourney) {
    let to_call = t.tables_to_call();
    if to_call.is_empty() {
        return;
    }
    let Some(tournament) = &t.tournament else {
        return;
    };
    let lang = load_place(ctx, post::home(chat, t), None).await.lang;
    let mut called = Vec::new();
    for at in to_call {
        let tag = crate::bot::core::view::tourney::table_tag(tournament, at);
        let topic = if t.forum {
            let name = tr_plain(
                lang,
                &m(TourneyMsg::TopicName {
                    round: tag.round,
                    table: tag.table,
                    last: tag.last,
                }),
            );
            match bot
                .create_forum_topic(ChatAddr::new(chat).chat_id(), name)
                .await
            {
                Ok(topic) => Some(topic.thread_id.0.0),
                Err(e) => {
                    warn!(chat, error = %e, "no topic for a table: it plays in a lane");
                    Place::in_lane(chat, at.table).topic
                }
            }
        } else {
            // A group without topics: the table's lane, its number in the round.
            Place::in_lane(chat, at.table).topic
        };
        let text = crate::bot::core::view::tourney::call_text(lang, t, at);
        let keyboard = InlineKeyboardMarkup::new([[InlineKeyboardButton::callback(
            tr_plain(lang, &m(TourneyMsg::BtnReady)),
            ready_data(at),
        )]]);
        let addr = place_of(chat, topic);
        let msg = bot
            .send_message(addr.chat_id(), text)
            .in_topic(addr)
            .parse_mode(ParseMode::Html)
            .reply_markup(keyboard)
            .await
            .ok()
            .map(|msg| msg.id.0);
        called.push((at, topic, msg));
    }
    let by = ctx.now_ms() + ready_ms(ctx);
    let _ = mutate(ctx, chat, |t| {
        for &(at, topic, msg) in &called {
            t.call(at, topic, by);
            if let Some(id) = msg {
                t.set_call_msg(at, id);
            }
        }
        Ok(())
    })
    .await;
}

/// Start the games of the tables whose Ready deadline has passed.
pub async fn start_due(bot: &TgBot, ctx: &Ctx, chat: i64) {
    let Ok(Some(rec)) = super::load(ctx, chat).await else {
        return;
    };
    let now = ctx.now_ms();
    let due: Vec<TableId> = rec
        .state
        .tables
        .iter()
        .filter(|p| p.started_ms.is_none() && p.ready_by_ms <= now)
        .map(|p| p.at)
        .collect();
    for at in due {
        start_game(bot, ctx, chat, at).await;
    }
}

/// Start the game of table `at`: marked started in the record by compare-and-set (so only
/// one caller goes on), then an ordinary game opened at the table's place with its seats
/// taken by the table's sides in bracket order; whoever did not press Ready is absent (the
/// computer plays for them). A place with a game still open waits for the next firing.
pub async fn start_game(bot: &TgBot, ctx: &Ctx, chat: i64, at: TableId) {
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
            "a game is open at the table's place: waiting"
        );
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
    let mut players: Vec<Player> = seats_of(tournament, at)
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
    let Some(first) = players.first() else { return };
    let host = Actor {
        id: first.id,
        name: first.name.clone(),
        is_admin: false,
    };
    let mut lobby = Table::lobby(&host, t.preset, t.pairs);
    // The game knows its table: its board names it, and it offers no rematch.
    lobby.origin = Some(crate::bot::core::view::tourney::table_tag(tournament, at).encode());
    // R6.3 The tournament's limit is the game's: its end is set when it starts, so the
    // board shows the time left and the game ends there by itself.
    lobby.limit = t.limit_minutes.map(|m| TimeLimit {
        minutes: m.into(),
        minute_ms: minute_ms(ctx),
    });
    lobby.players = std::mem::take(&mut players);
    lobby.seq = stored.table.as_ref().map_or(1, |r| r.state.seq + 1);
    let mut rng = ctx.rng(chat, lobby.seq ^ u64::from(at.table));
    let Ok(mut game) = lobby.act(&host, Action::Start, now, &mut RngDice(&mut rng)) else {
        warn!(chat, ?at, "a table's game could not start");
        return;
    };
    for p in &mut game.players {
        if p.kind == PlayerKind::Human && !play.ready.contains(&p.id) {
            p.absent = true;
        }
    }
    game.stats.started_ms = now;
    let expected = stored.table.as_ref().map_or(0, |r| r.version);
    // The call message becomes the game's board (edited in place, its Ready button gone),
    // recorded as the place's board before the game is saved, so no other writer posts one.
    let board = play.call_msg.map(|id| DisplayState {
        message_id: id,
        photo: false,
    });
    if let Some(d) = board
        && let Err(e) = ctx
            .store
            .set_display(addr.place(), &d, ctx.open_ttl_secs)
            .await
    {
        warn!(chat, error = %e, "the call message is not the board");
    }
    let here = Here {
        stored: here.stored.clone().map(|s| Stored {
            display: board.or(s.display),
            ..s
        }),
        ..here
    };
    match save(ctx, &here, expected, game).await {
        Ok(saved_game) => {
            info!(
                chat,
                topic = addr.topic(),
                round = at.round,
                table = at.table,
                "a tournament table started"
            );
            after_save(bot, ctx, &here, &saved_game).await;
            if t.limit_minutes.is_some() {
                super::ext::offer(bot, addr, here.lang, at).await;
            }
        }
        Err(e) => warn!(chat, ?e, "a tournament table's game not saved"),
    }
}

/// The answer to a Ready press by `user` at table `at` (plain text), starting the game at
/// once when every person there is ready.
pub async fn press_ready(
    bot: &TgBot,
    ctx: &Ctx,
    chat: i64,
    lang: Lang,
    at: TableId,
    user: i64,
) -> String {
    match mutate(ctx, chat, |t| t.ready(at, user)).await {
        Ok((_, all)) => {
            if all {
                start_game(bot, ctx, chat, at).await;
            }
            tr_plain(lang, &m(TourneyMsg::ReadyOk))
        }
        Err(e) => super::refusal_text(lang, &e),
    }
}

/// The game at table `at`'s place, when it is still open, is called off (the table was
/// decided by hand, or the tournament cancelled); saved and shown like any cancel.
pub async fn stop_game(bot: &TgBot, ctx: &Ctx, chat: i64, t: &Tourney, at: TableId) {
    let Some(play) = t.play(at).filter(|p| p.started_ms.is_some()) else {
        return;
    };
    let here = load_place(ctx, place_of(chat, play.topic), None).await;
    let Ok(rec) = here.table() else { return };
    if !rec.state.is_open() || rec.state.stats.started_ms != play.started_ms.unwrap_or(0) {
        return;
    }
    let host = Actor {
        id: rec.state.host,
        name: String::new(),
        is_admin: true,
    };
    let mut rng = ctx.rng(chat, rec.state.seq);
    let Ok(next) = rec
        .state
        .act(&host, Action::Cancel, ctx.now_ms(), &mut RngDice(&mut rng))
    else {
        return;
    };
    if let Ok(saved) = save(ctx, &here, rec.version, next).await {
        after_save(bot, ctx, &here, &saved).await;
    }
}

/// Escaped names of a table's sides (for logs and texts).
#[must_use]
pub fn side_names(t: &crate::tournament::Tournament, at: TableId) -> String {
    t.table(at)
        .map(|s| {
            s.sides
                .iter()
                .map(|&x| escape(text_name(t, Some(x))))
                .collect::<Vec<_>>()
                .join(" – ")
        })
        .unwrap_or_default()
}
