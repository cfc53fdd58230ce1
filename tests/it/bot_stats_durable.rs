//! Stats that outlast faults and moves, end to end (the real bot against the fake Bot API and
//! a real Redis): a finished game whose recording failed is recorded once Redis is back, a
//! lobby replacing a finished game left unrecorded records it first, and a group that becomes
//! a supergroup keeps its tables.

use crate::support;

use std::time::{Duration, Instant};

use parxis::bot::core::table::{Status, Table};
use parxis::bot::effects::commit::Saved;
use parxis::bot::effects::stats::record_due;
use parxis::store::{DueKind, Place, keys};
use support::bot_harness::{Harness, Options, button_with, four_users, mover_of, text_of};
use support::fake_tg::{Recorded, buttons, msg_id};

/// A basic group (ids above -10^12) and the supergroup it becomes.
const OLD: i64 = -7_777;
const NEW: i64 = -1_000_000_007_777;

/// Another group, where a copy of a finished game is handed over.
const OTHER: i64 = -8_888;

/// Poll `what` until it holds (at most 10 s).
async fn eventually<F: std::future::Future<Output = bool>>(
    what: &str,
    mut check: impl FnMut() -> F,
) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !check().await {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn history_len(h: &Harness, chat: i64) -> usize {
    let mut raw = h.redis.raw().await;
    redis::cmd("LLEN")
        .arg(keys::stats_history(chat))
        .query_async(&mut raw)
        .await
        .expect("llen")
}

/// (games in `chat`, games over all chats) of `user`.
async fn games_of(h: &Harness, chat: i64, user: i64) -> (u64, u64) {
    let card = h.store.player_card(chat, user, None).await.expect("card");
    (
        card.chat.map_or(0, |a| a.games),
        card.global.map_or(0, |a| a.games),
    )
}

async fn table_in(h: &Harness, chat: i64) -> Option<(u64, Table)> {
    let rec = h.store.load::<Table>(chat).await.expect("redis")?;
    Some((rec.version, rec.state))
}

/// Play the two-player game in `chat` to its end, whoever is to move pressing the first
/// button of the board once it shows the table.
async fn play_to_end_in(h: &Harness, chat: i64) {
    let users = four_users();
    for _ in 0..5_000 {
        let (t, board) = h.fresh_board_at(Place::of_chat(chat)).await;
        if t.status() != Status::Playing {
            return;
        }
        let user = mover_of(&users, &t);
        h.press_in(chat, &user, msg_id(&board), &buttons(&board)[0].1)
            .await;
    }
    panic!("the game in {chat} did not end");
}

/// A game between Ana and Biel played to its end in `chat` (emoji board, English).
async fn finished_game_in(h: &Harness, chat: i64) -> (u64, Table) {
    h.settings_for(chat).await;
    h.two_player_game_in(chat).await;
    play_to_end_in(h, chat).await;
    h.wait_recorded(Place::of_chat(chat)).await;
    let rec = table_in(h, chat).await.expect("the finished table");
    assert_eq!(rec.1.status(), Status::Finished);
    rec
}

/// The finished game of `t` stored in `OTHER` as it is right after its end, before its
/// recording (Ana and Biel's game, new to that chat's tables).
async fn unrecorded_copy_in_other(h: &Harness, t: &Table) -> Saved {
    let mut copy = t.clone();
    // The table's stored form as it was before its recording.
    let mut v = serde_json::to_value(&copy).expect("json");
    v["tally"]["recorded"] = false.into();
    v["tally"]["results"] = serde_json::json!([]);
    copy = serde_json::from_value(v).expect("a table");
    h.settings_for(OTHER).await;
    // (The fake Telegram knows the group once someone writes in it.)
    let users = four_users();
    let mark = h.fake.mark();
    h.fake
        .push_update(h.fake.command(OTHER, &users[0], "/help"));
    h.settle(mark).await;
    let saved = h.store.save(OTHER, 0, &copy, 3_600).await.expect("save");
    assert!(saved.is_saved());
    Saved {
        table: copy,
        version: table_in(h, OTHER).await.expect("copy").0,
    }
}

fn sent_texts(sent: &[Recorded]) -> String {
    sent.iter()
        .filter(|r| r.method == "sendmessage")
        .filter_map(|r| r.str_param("text").map(str::to_owned))
        .collect::<Vec<_>>()
        .join("\n")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_whose_recording_failed_is_recorded_once_redis_is_back() {
    // Given a finished game of Ana and Biel in OTHER, not yet recorded,
    let mut h = Harness::start_with(
        81,
        Options {
            persistent_redis: true,
            ..Options::default()
        },
    )
    .await;
    let (_, t) = finished_game_in(&h, OLD).await;
    unrecorded_copy_in_other(&h, &t).await;
    let ctx = h.bots[0].ctx.clone();
    let other = Place::of_chat(OTHER);
    assert_eq!(games_of(&h, OTHER, 11).await, (0, 1));
    // and its record job planned, as the save that finished it plans it (a minute from now
    // here, so that the test says when it runs),
    let at = h.now_ms() + 60_000;
    h.store
        .set_due(DueKind::Record, other, Some(at))
        .await
        .expect("redis");

    // When its recording meets Redis down,
    h.redis.stop();
    record_due(&ctx, other).await;
    // Then, Redis back, the place still waits for its record (the retry lives in Redis:
    // `parxis:records:due`),
    tokio::task::block_in_place(|| h.redis.start_again());
    assert_eq!(
        h.store.due_at(DueKind::Record, other).await.expect("redis"),
        Some(at)
    );
    assert!(
        !table_in(&h, OTHER)
            .await
            .expect("the copy")
            .1
            .tally()
            .recorded,
        "nothing recorded while Redis was down"
    );
    // and when its time comes, the bot's own scheduler records the game and saves its
    // results,
    h.advance_to(at);
    eventually("the game recorded", || async {
        table_in(&h, OTHER)
            .await
            .is_some_and(|(_, t)| t.tally().recorded)
    })
    .await;
    assert_eq!(games_of(&h, OTHER, 11).await, (1, 2));
    assert_eq!(games_of(&h, OTHER, 12).await, (1, 2));
    assert_eq!(history_len(&h, OTHER).await, 1);
    eventually("the record job done", || async {
        h.store
            .due_at(DueKind::Record, other)
            .await
            .expect("redis")
            .is_none()
    })
    .await;
    // and shows them on a board in that chat.
    eventually("the results on the board", || async {
        h.fake
            .messages(OTHER)
            .iter()
            .any(|m| text_of(m).contains("🥇 ") && text_of(m).contains(" pt · newcomer"))
    })
    .await;
    // A later run of the job (a second replica's, a repeat) records nothing more.
    record_due(&ctx, other).await;
    assert_eq!(games_of(&h, OTHER, 11).await, (1, 2));
    assert_eq!(history_len(&h, OTHER).await, 1);
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_game_over_a_finished_game_left_unrecorded_records_it_first() {
    // Given a finished game in OTHER left unrecorded and unknown to the running bot (its
    // recording failed before a restart),
    let h = Harness::start(82).await;
    let (_, t) = finished_game_in(&h, OLD).await;
    unrecorded_copy_in_other(&h, &t).await;
    assert_eq!(
        h.store
            .due_at(DueKind::Record, Place::of_chat(OTHER))
            .await
            .expect("redis"),
        None,
        "no record job planned for it"
    );
    assert_eq!(history_len(&h, OTHER).await, 0);
    // When someone opens a new game there,
    let users = four_users();
    let mark = h.fake.mark();
    h.fake
        .push_update(h.fake.command(OTHER, &users[0], "/newgame"));
    h.settle(mark).await;
    // Then the lobby replaces the finished table, and the finished game is in the tables.
    let (_, lobby) = table_in(&h, OTHER).await.expect("a table");
    assert_eq!(lobby.status(), Status::Lobby);
    assert_eq!(history_len(&h, OTHER).await, 1);
    assert_eq!(games_of(&h, OTHER, 11).await, (1, 2));
    assert_eq!(games_of(&h, OTHER, 12).await, (1, 2));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_that_becomes_a_supergroup_keeps_its_stats_under_the_new_id() {
    // Given a game of Ana and Biel recorded in a basic group,
    let h = Harness::start(83).await;
    finished_game_in(&h, OLD).await;
    assert_eq!(games_of(&h, OLD, 11).await, (1, 1));
    // When the group becomes a supergroup,
    h.fake.push_update(h.fake.migrate_to_supergroup(OLD, NEW));
    // Then its tables follow it: the supergroup's /top and /stats know Ana and Biel,
    // (moved one table after another by the migration's handler: wait for the last)
    eventually("the stats moved", || async {
        games_of(&h, NEW, 11).await == (1, 1)
            && games_of(&h, NEW, 12).await == (1, 1)
            && history_len(&h, NEW).await == 1
    })
    .await;
    assert_eq!(
        games_of(&h, OLD, 11).await,
        (0, 1),
        "none left in the old id"
    );
    assert_eq!(history_len(&h, NEW).await, 1);
    let users = four_users();
    let mark = h.fake.mark();
    h.fake
        .push_update(h.fake.command(NEW, &users[0], "/top all"));
    let top = sent_texts(&h.settle(mark).await);
    assert!(top.contains("Ana") && top.contains("Biel"), "{top}");
    // and a new game there starts from them.
    let mark = h.fake.mark();
    h.fake
        .push_update(h.fake.command(NEW, &users[0], "/newgame"));
    h.settle(mark).await;
    let lobby = h.fake.last_board(NEW).expect("a lobby");
    assert!(!button_with(&lobby, "j:").is_empty());
}
