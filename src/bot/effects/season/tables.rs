//! A league's tables of the week: each placed (a forum topic of its own, or a lane of the
//! group) with its lobby, its players' ✋, its game started when all of them are there, and
//! at the week's end the games still being played ended there (R6.3) and counted.
//!
//! A place is put on record before its lobby is planned (a ✋ pressed as soon as the lobby
//! shows is always for a placed table). In a forum the table's topic is created first; the
//! lobby follows once Telegram made it ([`super::sent`]).

use tracing::{debug, info, warn};

use super::super::called::{self, Call};
use super::super::chat::load as load_place;
use super::super::commit::{follow, save};
use super::super::outbox::{self, Plan, Priority, Then, Write};
use super::texts::{lobby_keyboard, lobby_text};
use super::{Ctx, MutErr, mutate};
use crate::bot::core::season::{FIRST_LANE, SReject, SeasonRec};
use crate::bot::core::table::{Origin, Player, PlayerKind, SeasonTag, Status};
use crate::i18n::{Lang, Msg, SeasonMsg, tr_plain};
use crate::stats::points::seat_points;
use crate::stats::{ChatZone, GameRecord, Player as SeatPlayer, Points};
use crate::store::Place;

/// The place of a table's game (its topic value as the store keeps it).
fn place_of(chat: i64, topic: Option<i32>) -> super::super::chat::ChatAddr {
    super::super::chat::ChatAddr::from(Place { chat, topic })
}

/// The lane of table `table` in a group without topics.
#[must_use]
pub fn lane_of(chat: i64, table: usize) -> Option<i32> {
    let table = u16::try_from(table).unwrap_or(u16::MAX - FIRST_LANE);
    Place::in_lane(chat, FIRST_LANE.saturating_add(table)).topic
}

/// Place every table of week `week` that has no place yet: in a forum each gets a topic
/// of its own first (planned once per table); in a group, its lane, recorded and its lobby
/// planned.
pub async fn place_tables(ctx: &Ctx, chat: i64, lang: Lang, s: &SeasonRec, week: u8) {
    let to_place = s.tables_to_place(week);
    if s.forum {
        for table in to_place {
            let name = tr_plain(
                lang,
                &Msg::Season(SeasonMsg::TopicName {
                    week: u32::from(week) + 1,
                    table: u32::try_from(table + 1).unwrap_or(u32::MAX),
                }),
            );
            let w = Write::Topic {
                name,
                then: Then::SeasonTopic {
                    sid: s.id,
                    week,
                    table,
                },
            };
            let id = s.post_id(&format!("topic:{week}.{table}"));
            outbox::plan(ctx, chat, Plan::post(w, id, Priority::Post)).await;
        }
        return;
    }
    let places: Vec<(usize, Option<i32>)> = to_place
        .into_iter()
        .map(|t| (t, lane_of(chat, t)))
        .collect();
    place_at(ctx, chat, lang, week, &places).await;
}

/// Record the places of `tables` of week `week` (each at its topic value) and plan their
/// lobbies.
pub async fn place_at(ctx: &Ctx, chat: i64, lang: Lang, week: u8, tables: &[(usize, Option<i32>)]) {
    // Only the tables this caller placed (another firing may have placed one first: its
    // lobby is planned by it).
    let Ok((saved, placed)) = mutate(ctx, chat, |s| {
        Ok(tables
            .iter()
            .filter(|&&(t, topic)| s.place_table(week, t, topic) == Ok(true))
            .map(|&(t, _)| t)
            .collect::<Vec<_>>())
    })
    .await
    else {
        return;
    };
    let zone = super::super::zone::zone_of(ctx, chat).await;
    for table in placed {
        plan_lobby(ctx, chat, lang, &saved.state, week, table, &zone).await;
    }
}

/// Plan table `table`'s lobby at its place: its name, deadline, players' mentions, ✋.
async fn plan_lobby(
    ctx: &Ctx,
    chat: i64,
    lang: Lang,
    s: &SeasonRec,
    week: u8,
    table: usize,
    zone: &ChatZone,
) {
    let Some(lobby) = s.lobby(week, table) else {
        return;
    };
    let w = Write::Send {
        place: place_of(chat, lobby.topic).place(),
        text: lobby_text(lang, s, week, table, zone),
        reply_to: None,
        keyboard: Some(lobby_keyboard(lang, s, week, table)),
        then: Some(Then::SeasonLobby {
            sid: s.id,
            week,
            table,
        }),
    };
    let id = s.post_id(&format!("lobby:{week}.{table}"));
    outbox::plan(ctx, chat, Plan::post(w, id, Priority::Call)).await;
}

/// The answer to a ✋ press by `user` at table `table` of week `week` (plain text): the
/// lobby shows who came, and the game starts at once when everyone has.
pub async fn press_here(
    ctx: &Ctx,
    chat: i64,
    lang: Lang,
    sid: u64,
    (week, table): (u8, usize),
    user: i64,
) -> String {
    let r = mutate(ctx, chat, |s| {
        if s.id != sid {
            return Err(SReject::Stale);
        }
        s.came(week, table, user)
    })
    .await;
    match r {
        Ok((saved, all)) => {
            if all {
                start_game(ctx, chat, week, table).await;
            } else if let Some(msg) = saved.state.lobby(week, table).and_then(|l| l.msg) {
                let zone = super::super::zone::zone_of(ctx, chat).await;
                let s = &saved.state;
                outbox::edit(
                    ctx,
                    chat,
                    msg,
                    lobby_text(lang, s, week, table, &zone),
                    Some(lobby_keyboard(lang, s, week, table)),
                    Priority::Call,
                )
                .await;
            }
            tr_plain(lang, &Msg::Season(SeasonMsg::HereOk))
        }
        Err(e @ MutErr::Rejected(SReject::AlreadyStarted)) => {
            // Its game should be at its place: opened now if a crash lost it.
            start_game(ctx, chat, week, table).await;
            super::refusal_text(lang, &e)
        }
        Err(e) => super::refusal_text(lang, &e),
    }
}

/// Start the game of table `table`: marked started in the record by compare-and-set (so
/// only one caller goes on), then an ordinary game opened at the table's place with its
/// players in the draw's seat order. A place still holding an open game starts nothing
/// (logged; the next ✋ tries again). A table marked started whose game is not at its place
/// (a crash between the two saves) has its game opened now, as of its recorded start.
pub async fn start_game(ctx: &Ctx, chat: i64, week: u8, table: usize) {
    let Ok(Some(rec)) = super::load(ctx, chat).await else {
        return;
    };
    let Some(lobby) = rec.state.lobby(week, table).cloned() else {
        return;
    };
    let addr = place_of(chat, lobby.topic);
    let here = load_place(ctx, addr, None).await;
    let Some(stored) = here.stored.as_ref() else {
        return;
    };
    let tag = SeasonTag::new(week, table);
    let ours = stored.table.as_ref().is_some_and(|r| {
        SeasonTag::of(&r.state) == Some(tag) && Some(r.state.stats().started_ms) == lobby.started_ms
    });
    if ours {
        return; // started already, its game there
    }
    if stored.table.as_ref().is_some_and(|r| r.state.is_open()) {
        warn!(
            chat,
            week, table, "a game is open at the table's place: not started"
        );
        return;
    }
    let (saved, now) = if let Some(started) = lobby.started_ms {
        warn!(
            chat,
            week, table, "a table marked started has no game: opened now"
        );
        (rec, started)
    } else {
        let now = ctx.now_ms();
        let Ok((saved, true)) = mutate(ctx, chat, |s| s.start_table(week, table, now)).await else {
            return;
        };
        (saved, now)
    };
    let s = &saved.state;
    let players: Vec<Player> = s
        .seats(week, table)
        .into_iter()
        .map(|(id, name)| Player {
            id,
            name,
            kind: PlayerKind::Human,
            colour: None,
            strikes: 0,
            absent: false,
        })
        .collect();
    let call = Call {
        players,
        preset: s.season.settings.preset,
        pairs: false,
        limit: None,
        origin: Origin::Season(tag),
        board_msg: lobby.msg,
        salt: u64::try_from(table).unwrap_or(u64::MAX),
        present: None,
    };
    if called::open(ctx, &here, call, now).await.is_some() {
        info!(chat, week, table, "a league table started");
    }
}

/// The players of a finished game with their R9 points and whether they won, by user.
#[must_use]
pub fn results_of(record: &GameRecord) -> Vec<(i64, Points, bool)> {
    let points = seat_points(record);
    record
        .seats
        .iter()
        .zip(points)
        .filter_map(|(seat, p)| match &seat.player {
            SeatPlayer::Human { id, .. } => Some((*id, p, seat.won)),
            _ => None,
        })
        .collect()
}

/// The week ends: each of its tables' games still being played ends there as at a time
/// limit (R6.3), saved and shown like any end, and its result counts at once (the stats'
/// record of it later finds the table settled).
pub async fn end_games(ctx: &Ctx, chat: i64, s: &SeasonRec) {
    let Some(week) = s.week() else { return };
    let now = ctx.now_ms();
    for lobby in s.lobbies.iter().filter(|l| l.week == week) {
        let Some(started) = lobby.started_ms else {
            continue;
        };
        let addr = place_of(chat, lobby.topic);
        let Some(ended) =
            end_game(ctx, addr, SeasonTag::new(week, lobby.table), started, now).await
        else {
            continue;
        };
        let Some(record) = ended.game_record(chat, None) else {
            continue;
        };
        let users = results_of(&record);
        let table = lobby.table;
        match mutate(ctx, chat, |s| s.table_played(week, table, &users)).await {
            Ok(_) | Err(MutErr::Rejected(_)) => {}
            Err(MutErr::Store) => warn!(chat, week, table, "a league table's result not counted"),
        }
    }
}

/// How often [`end_game`] tries again when a move was saved between its read and its save.
const END_TRIES: usize = 10;

/// The game of a table at `addr` (its tag and start), ended at `now` if still being played
/// (R6.3), saved and shown; the finished game, or `None` when it is not that table's. A
/// move saved meanwhile (a computer's, a timer's) wins the compare-and-set: the end is made
/// again on the game as it is now.
async fn end_game(
    ctx: &Ctx,
    addr: super::super::chat::ChatAddr,
    tag: SeasonTag,
    started: u64,
    now: u64,
) -> Option<crate::bot::core::table::Table> {
    for _ in 0..END_TRIES {
        let here = load_place(ctx, addr, None).await;
        let game = here.table().ok()?;
        if SeasonTag::of(&game.state) != Some(tag) || game.state.stats().started_ms != started {
            return None;
        }
        match game.state.status() {
            Status::Finished => return Some(game.state.clone()),
            Status::Playing => {}
            _ => return None,
        }
        let next = game.state.ended_by_time(now);
        match save(ctx, &here, game.version, next).await {
            Ok(saved) => {
                follow(ctx, &here, &saved, false).await;
                info!(
                    chat = addr.id(),
                    week = tag.week,
                    table = tag.table,
                    "a league table ended at the week's end"
                );
                return Some(saved.table);
            }
            Err(e) => debug!(
                chat = addr.id(),
                ?e,
                "a league table's game moved meanwhile: again"
            ),
        }
    }
    warn!(
        chat = addr.id(),
        week = tag.week,
        table = tag.table,
        "a league table's game could not be ended"
    );
    None
}
