//! Redis round trips per update, counted in the store's one request path
//! (`Store::round_trips`, by operation `Store::round_trips_by_op`) between an update's
//! arrival and the bot's answer at the fake Bot API, after it, and in the drain that writes
//! its board; and the board message kept apart from the game's version.

use crate::support;

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use support::bot_harness::{CHAT, Harness, Options, WAIT, four_users, mover_of, refused};
use support::fake_tg::{buttons, callback_id, msg_id};

/// At most this many Redis round trips before a plain press is answered (docs/ARCHITECTURE.md).
const PRESS_ROUND_TRIPS: u64 = 2;

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
async fn a_plain_press_is_answered_after_at_most_two_redis_round_trips() {
    // Given a game in play, its board shown,
    let h = game_without_driver(5).await;
    let users = four_users();
    let (t, board) = h.fresh_board().await;
    let mover = mover_of(&users, &t);
    let (version, _) = h.table().await;
    // When the player to move presses the board's first button,
    let (trips, answer) = round_trips_of_press(&h, &mover, &board, &buttons(&board)[0].1).await;
    // Then the press went through and was answered after the chat's load (with the
    // update's dedup mark) and the compare-and-set save: two round trips, no more.
    assert!(!refused(&answer), "{:?}", answer.params);
    assert_eq!(trips, PRESS_ROUND_TRIPS);
    let (after, _) = h.table().await;
    assert_eq!(after, version + 1, "one save");
    // And the rest (the games gauge, the due set, the board planned) followed the answer.
    let total = h.bots[0].ctx.store.round_trips();
    assert!(total > PRESS_ROUND_TRIPS);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_press_out_of_turn_is_refused_after_one_round_trip_and_saves_nothing() {
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
    // Then they are told, after the chat's load (with the dedup mark) only.
    assert!(answer.str_param("text").is_some());
    assert_eq!(trips, 1);
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

/// Round trips by operation.
type Trips = BTreeMap<&'static str, u64>;

/// A plain press's round trips before its answer: the chat's load (the one read of the
/// game) with the update's dedup mark, and the compare-and-set save.
const BEFORE_ANSWER: &[(&str, u64)] = &[("load_chat_first", 1), ("save", 1)];

/// After the answer (`Pressed::follow`): the board planned with the saved table, the
/// deadline written with the game's version read after it (never the game), the ping plan
/// (its record, read with the chat, saved by compare-and-set; its due time), the games
/// gauge.
const AFTER_ANSWER: &[(&str, u64)] = &[
    ("mirror_deadline", 1),
    ("outbox_put", 1),
    ("save_ping", 1),
    ("set_due", 1),
    ("touch_active", 1),
];

/// The drain that writes the board (the scheduler's connection): the chat's lease, the
/// write taken, the chat's settings and board record with the stored game's version (the
/// board drawn from the table its plan carried, the game not read), the write forgotten
/// with the next take, which finds the outbox empty, the chat taken off the due set, the
/// lease released.
const DRAIN: &[(&str, u64)] = &[
    ("load_chat_carried", 1),
    ("outbox_off_due", 1),
    ("outbox_take", 2),
    ("release_lease_at", 1),
    ("try_lease_at", 1),
];

/// A firing of the drain that finds nothing to make (the scheduler may fire the chat again
/// when a kick and a poll cross): it reads no game.
const EMPTY_DRAIN: &[(&str, u64)] = &[
    ("outbox_off_due", 1),
    ("outbox_take", 1),
    ("release_lease_at", 1),
    ("try_lease_at", 1),
];

/// The operations that read a game's state (`HMGET … state`).
const GAME_READS: &[&str] = &["load_chat_first", "load_chat", "load"];

/// The scheduler's poll of the due sets (every 100 ms, whatever happens).
const POLL: &str = "due_all";

fn trips(pinned: &[(&'static str, u64)]) -> Trips {
    pinned.iter().copied().collect()
}

/// What `b` counted since `a`.
fn since(a: &Trips, b: &Trips) -> Trips {
    b.iter()
        .filter_map(|(op, n)| {
            let d = n - a.get(op).copied().unwrap_or(0);
            (d > 0).then_some((*op, d))
        })
        .collect()
}

fn game_reads(t: &Trips) -> u64 {
    GAME_READS
        .iter()
        .map(|op| t.get(op).copied().unwrap_or(0))
        .sum()
}

/// `drain` less its polls and its firings beyond the first, each of which must be an empty
/// one ([`EMPTY_DRAIN`]: a firing that made a write, or read a game, is left in).
fn one_firing(mut drain: Trips) -> Trips {
    drain.remove(POLL);
    let firings = drain.get("try_lease_at").copied().unwrap_or(0);
    for _ in 1..firings {
        for (op, n) in EMPTY_DRAIN {
            if let Some(left) = drain.get_mut(op) {
                *left = left.saturating_sub(*n);
            }
        }
    }
    drain.retain(|_, n| *n > 0);
    drain
}

/// One press's round trips by operation: before its answer and after it (the dispatcher's
/// connection), and in the drain (the scheduler's), until both went quiet.
struct Phases {
    before: Trips,
    after: Trips,
    drain: Trips,
}

async fn phases_of_press(
    h: &Harness,
    user: &support::fake_tg::TestUser,
    board: &serde_json::Value,
    data: &str,
) -> (Phases, support::fake_tg::Recorded) {
    let dispatcher = h.bots[0].ctx.store.clone();
    let scheduler = h.bots[0].scheduler.store.clone();
    let at_answer = Arc::new(Mutex::new(Trips::new()));
    let (seen, counted) = (at_answer.clone(), dispatcher.clone());
    h.fake.tap(move |r| {
        if r.method == "answercallbackquery" {
            *seen.lock().expect("not poisoned") = counted.round_trips_by_op();
        }
    });
    quiet(&dispatcher).await;
    quiet_drain(&scheduler).await;
    let (d0, s0) = (
        dispatcher.round_trips_by_op(),
        scheduler.round_trips_by_op(),
    );
    let upd = h.fake.press(CHAT, user, msg_id(board), data);
    let id = callback_id(&upd);
    h.fake.push_update(upd);
    let answer = h.fake.wait_for_callback_answer(&id).await;
    h.shown_after(&answer).await;
    quiet(&dispatcher).await;
    quiet_drain(&scheduler).await;
    let at = at_answer.lock().expect("not poisoned").clone();
    let phases = Phases {
        before: since(&d0, &at),
        after: since(&at, &dispatcher.round_trips_by_op()),
        drain: since(&s0, &scheduler.round_trips_by_op()),
    };
    (phases, answer)
}

/// Wait until the scheduler makes no round trips but its polls.
async fn quiet_drain(store: &parxis::store::Store) {
    let busy = |t: Trips| {
        t.into_iter()
            .filter(|(op, _)| *op != POLL)
            .map(|(_, n)| n)
            .sum::<u64>()
    };
    let mut last = busy(store.round_trips_by_op());
    let mut still = 0;
    while still < 10 {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        let now = busy(store.round_trips_by_op());
        if now == last {
            still += 1;
        } else {
            (last, still) = (now, 0);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_press_reads_the_game_once_in_all_its_round_trips() {
    // Given a game in play, its board shown,
    let h = game_without_driver(5).await;
    let users = four_users();
    for _ in 0..3 {
        let (t, board) = h.fresh_board().await;
        let mover = mover_of(&users, &t);
        let (version, _) = h.table().await;
        // When the player to move presses the board's first button,
        let (p, answer) = phases_of_press(&h, &mover, &board, &buttons(&board)[0].1).await;
        assert!(!refused(&answer), "{:?}", answer.params);
        assert_eq!(h.table().await.0, version + 1, "one save");
        // Then each phase made exactly its round trips (docs/SCALING.md),
        assert_eq!(p.before, trips(BEFORE_ANSWER), "before the answer");
        assert_eq!(p.after, trips(AFTER_ANSWER), "after the answer");
        assert_eq!(
            one_firing(p.drain.clone()),
            trips(DRAIN),
            "in the drain: {:?}",
            p.drain
        );
        // and the game was read once in all of them: before the step. The follow-up read
        // only its version, and the drain drew the table the plan carried.
        let reads = game_reads(&p.before) + game_reads(&p.after) + game_reads(&p.drain);
        assert_eq!(reads, 1, "{:?} {:?} {:?}", p.before, p.after, p.drain);
        // And the board shows the game as saved (`fresh_board` waits for its seq there).
        let (shown, _) = h.fresh_board().await;
        assert_eq!(shown.seq(), h.table().await.1.seq());
    }
}
