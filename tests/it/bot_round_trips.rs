//! Redis round trips per update, counted in the store's one request path
//! (`Store::round_trips`) between an update's arrival and the bot's answer at the fake Bot
//! API, and the board message kept apart from the game's version.

use crate::support;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use support::bot_harness::{CHAT, Harness, Options, WAIT, four_users, mover_of, refused};
use support::fake_tg::{buttons, callback_id, msg_id};

/// At most this many Redis round trips before a plain press is answered (docs/ARCHITECTURE.md).
const PRESS_ROUND_TRIPS: u64 = 3;

/// A harness whose scheduler (it polls Redis on its own, and makes the planned writes) has a
/// Redis connection of its own, so the dispatcher's round trips are counted apart, in a
/// two-player emoji game.
async fn game_without_driver(seed: u64) -> Harness {
    let h = Harness::start_with(
        seed,
        Options {
            scheduler_apart: true,
            ..Options::default()
        },
    )
    .await;
    h.use_emoji().await;
    h.start_game(2).await;
    h
}

/// Wait until the bot makes no more round trips (the bookkeeping that follows a shown
/// board runs beside it and may finish later).
async fn quiet(store: &parxis::store::Store) {
    let mut last = store.round_trips();
    let mut still = 0;
    while still < 5 {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        let now = store.round_trips();
        if now == last {
            still += 1;
        } else {
            (last, still) = (now, 0);
        }
    }
}

/// The bot's round trips from now until its `answerCallbackQuery` for a press of `data`
/// on `board` by `user`, and the answer.
async fn round_trips_of_press(
    h: &Harness,
    user: &support::fake_tg::TestUser,
    board: &serde_json::Value,
    data: &str,
) -> (u64, support::fake_tg::Recorded) {
    let store = h.bots[0].ctx.store.clone();
    let at_answer = Arc::new(AtomicU64::new(u64::MAX));
    let seen = at_answer.clone();
    let counted = store.clone();
    h.fake.tap(move |r| {
        if r.method == "answercallbackquery" {
            // The bot waits for this answer: nothing it does after it is counted here.
            seen.store(counted.round_trips(), Ordering::SeqCst);
        }
    });
    quiet(&store).await;
    let before = store.round_trips();
    let upd = h.fake.press(CHAT, user, msg_id(board), data);
    let id = callback_id(&upd);
    h.fake.push_update(upd);
    let answer = h.fake.wait_for_callback_answer(&id).await;
    h.shown_after(&answer).await;
    (at_answer.load(Ordering::SeqCst) - before, answer)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_plain_press_is_answered_after_at_most_three_redis_round_trips() {
    // Given a game in play, its board shown,
    let h = game_without_driver(5).await;
    let users = four_users();
    let (t, board) = h.fresh_board().await;
    let mover = mover_of(&users, &t);
    let (version, _) = h.table().await;
    // When the player to move presses the board's first button,
    let (trips, answer) = round_trips_of_press(&h, &mover, &board, &buttons(&board)[0].1).await;
    // Then the press went through and was answered after the dedup mark, the chat's load
    // and the compare-and-set save: three round trips, no more.
    assert!(!refused(&answer), "{:?}", answer.params);
    assert_eq!(trips, PRESS_ROUND_TRIPS);
    let (after, _) = h.table().await;
    assert_eq!(after, version + 1, "one save");
    // And the rest (the games gauge, the due set, the board planned) followed the answer.
    let total = h.bots[0].ctx.store.round_trips();
    assert!(total > PRESS_ROUND_TRIPS);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_press_out_of_turn_is_refused_after_two_round_trips_and_saves_nothing() {
    // Given a game in play, When the player who is not to move presses,
    let h = game_without_driver(6).await;
    let users = four_users();
    let (t, board) = h.fresh_board().await;
    let mover = mover_of(&users, &t);
    let other = users[..2]
        .iter()
        .find(|u| u.id != mover.id)
        .expect("the other player");
    let (version, _) = h.table().await;
    let (trips, answer) = round_trips_of_press(&h, other, &board, &buttons(&board)[0].1).await;
    // Then they are told, after the dedup mark and the chat's load only.
    assert!(answer.str_param("text").is_some());
    assert_eq!(trips, 2);
    assert_eq!(h.table().await.0, version, "nothing saved");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn showing_the_board_again_never_changes_the_game_s_version() {
    // Given a game in play,
    let h = game_without_driver(8).await;
    let users = four_users();
    let (version, t) = h.table().await;
    let old = h.board_id().await.expect("a board");
    // When someone posts the board again with /board,
    let mark = h.fake.mark();
    h.fake
        .push_update(h.fake.command(CHAT, &users[0], "/board"));
    h.fake
        .wait_for_request_after(
            mark,
            |r| r.method == "sendmessage" && r.ok(),
            std::time::Duration::from_secs(5),
        )
        .await;
    let new = h
        .wait_board_id(std::time::Duration::from_secs(5), "the new board", |id| {
            id != Some(old)
        })
        .await;
    // Then a new board message is recorded, and the game's version and seq are the same:
    // a press drawn before it is not stale.
    assert!(new.is_some());
    let (after, t2) = h.table().await;
    assert_eq!((after, t2.seq()), (version, t.seq()));
    let board = h.board().await;
    let mover = mover_of(&users, &t2);
    let answer = h.press(&mover, msg_id(&board), &buttons(&board)[0].1).await;
    assert!(!refused(&answer), "{:?}", answer.params);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_stored_by_the_previous_version_plays_on_in_its_old_board_message() {
    // Given a game stored as the previous version stored it: its board message inside the
    // table (`board_msg`), the image trail as a whole move (`last_move`), no board record,
    let h = game_without_driver(9).await;
    let users = four_users();
    let old_board = h.board_id().await.expect("a board");
    let (version, t) = h.table().await;
    let mut old: serde_json::Value = serde_json::to_value(&t).expect("encode");
    let object = old.as_object_mut().expect("a JSON object");
    object.remove("trail");
    object.insert(
        "last_move".into(),
        serde_json::json!({"colour": "yellow", "from": 0, "to": 5, "captures": null}),
    );
    object.insert("board_msg".into(), old_board.into());
    object.insert("board_photo".into(), false.into());
    let saved = h
        .store
        .save(CHAT, version, &old, 3600)
        .await
        .expect("redis");
    assert!(saved.is_saved());
    h.store.clear_display(CHAT).await.expect("redis");
    // When the player to move presses a button on that board,
    let (loaded, _) = h.table().await;
    assert_eq!(loaded, version + 1, "the old record loads");
    let board = h.fake.message(CHAT, old_board).expect("the old board");
    let mover = mover_of(&users, &h.table().await.1);
    let answer = h.press(&mover, old_board, &buttons(&board)[0].1).await;
    // Then the press goes through, the same message is edited, and it is recorded as the
    // board from now on (the table itself no longer carries it).
    assert!(!refused(&answer), "{:?}", answer.params);
    // (The press is shown once the edit lands; the board record is written just after it,
    // so it is waited for: whichever message it names must be the old board.)
    let recorded = h
        .wait_board_id(WAIT, "the board record", |id| id.is_some())
        .await;
    assert_eq!(recorded, Some(old_board));
    let raw: String = {
        let mut conn = h.redis.raw().await;
        redis::cmd("HGET")
            .arg(parxis::store::keys::game(CHAT))
            .arg("state")
            .query_async(&mut conn)
            .await
            .expect("state")
    };
    assert!(!raw.contains("\"board_msg\"") && !raw.contains("\"last_move\""));
}
