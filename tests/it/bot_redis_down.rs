//! When Redis fails, every press is still answered at once (issue: "When Redis fails, every
//! press is still answered at once"). The real bot against the fake Bot API and a real
//! `redis-server` that the tests stop and start.
//!
//! The one-second bounds below are not speed measurements: Telegram drops a callback answer
//! after about 15 s, and a player who waits more than a second for "busy" presses again; the
//! bound is what the bot promises (the benchmarks measure how fast it really is).

use crate::support;

use std::time::{Duration, Instant};

use parxis::bot::core::table::Status;
use parxis::i18n::Lang;
use support::bot_harness::{CHAT, Harness, Options, four_users, refused};
use support::fake_tg::{buttons, callback_id, msg_id};

/// The longest a press may wait for its answer while Redis is down.
const ANSWER_WITHIN: Duration = Duration::from_secs(1);

/// Is `text` the "busy, try again" answer, in the language the bot could tell (with Redis
/// away, the presser's own)?
fn is_busy(text: &str) -> bool {
    parxis::i18n::Lang::ALL
        .iter()
        .any(|&l| text == parxis::i18n::tr_plain(l, &parxis::i18n::Msg::AlertTryAgain))
}

/// Wait until the bot's store says Redis is up (its probe found it back).
async fn until_redis_back(h: &Harness) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !h.bots[0].ctx.store.health().up {
        assert!(Instant::now() < deadline, "the store never saw Redis back");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ten_presses_while_redis_is_down_are_each_answered_busy_within_a_second_and_the_game_plays_on()
 {
    // Given a two-player game in a Valencian chat (its players' Telegram speaks `ca` and
    // `es`) whose Redis keeps an append-only file,
    let mut h = Harness::start_with(
        97,
        Options {
            persistent_redis: true,
            ..Options::default()
        },
    )
    .await;
    h.settings(parxis::bot::core::settings::ChatSettings {
        lang: Some(Lang::CaValencia),
        lang_offered: true,
        ..parxis::bot::core::settings::ChatSettings::default()
    })
    .await;
    let users = four_users();
    h.start_game(2).await;
    let (_, before) = h.table().await;
    let board = h.board().await;
    let data = buttons(&board)[0].1.clone();
    let mover = h.mover().await.expect("a human to move");
    let busy_va = parxis::i18n::tr_plain(Lang::CaValencia, &parxis::i18n::Msg::AlertTryAgain);
    assert!(
        busy_va.contains("la partida està a resguard") && busy_va.contains("un moment"),
        "{busy_va}"
    );
    // When Redis stops and ten presses of the two players arrive within a second,
    h.redis.stop();
    let mark = h.fake.mark();
    let mut pushed = Vec::new();
    for i in 0..10 {
        let user = if i % 2 == 0 { &mover } else { &users[1] };
        let upd = h.fake.press(CHAT, user, msg_id(&board), &data);
        let id = callback_id(&upd);
        h.fake.push_update(upd);
        pushed.push((id, Instant::now()));
        tokio::time::sleep(Duration::from_millis(90)).await;
    }
    // Then each is answered within a second of its arrival, with the "busy" in the chat's
    // language (this replica remembers it: the settings are in Redis), saying the game is
    // safe and to try again in a moment,
    for (id, at) in &pushed {
        let answer = h.fake.wait_for_callback_answer(id).await;
        let took = answer.at.saturating_duration_since(*at);
        assert!(
            took <= ANSWER_WITHIN,
            "a press answered after {took:?}:\n{}",
            h.fake.log_tail(12)
        );
        assert!(refused(&answer), "not played while Redis is down");
        let text = answer.str_param("text").unwrap_or_default();
        assert!(is_busy(text), "{text}");
        assert_eq!(text, busy_va, "in the chat's language");
    }
    // and no board changed meanwhile.
    let writes: Vec<String> = h
        .fake
        .requests_since(mark)
        .into_iter()
        .filter(|r| r.method.starts_with("edit") || r.method == "sendphoto")
        .map(|r| r.method)
        .collect();
    assert!(
        writes.is_empty(),
        "no board write while Redis is down: {writes:?}"
    );
    // When a command comes meanwhile, Then it gets one short answer, sent without Redis.
    let mark = h.fake.mark();
    h.fake
        .push_update(h.fake.command(CHAT, &users[1], "/board"));
    let reply = h
        .fake
        .wait_for_request_after(mark, |r| r.method == "sendmessage", Duration::from_secs(3))
        .await;
    assert_eq!(
        reply.str_param("text"),
        Some(busy_va.as_str()),
        "{:?}",
        reply.params
    );
    // When Redis is back (the same data, from its append-only file),
    h.redis.start_again();
    until_redis_back(&h).await;
    // Then the same game plays on from where it was: the mover's press is played.
    let (_, t) = h.table().await;
    assert_eq!(
        t.seq(),
        before.seq(),
        "nothing was lost or played meanwhile"
    );
    let answer = h.press(&mover, msg_id(&board), &data).await;
    assert!(!refused(&answer), "{:?}", answer.params);
    let (_, after) = h.table().await;
    assert_eq!(after.seq(), before.seq() + 1);
    assert_eq!(after.status(), Status::Playing);
    // And the bot never exited: its dispatcher still answers.
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_redis_restarted_without_its_data_leaves_no_dead_buttons() {
    // Given a game in play, and a Redis that forgets everything when restarted,
    let mut h = Harness::start(101).await;
    let users = four_users();
    h.start_game(2).await;
    let board = h.board().await;
    let data = buttons(&board)[0].1.clone();
    let mover = h.mover().await.expect("a human to move");
    h.redis.stop();
    h.redis.start_again();
    until_redis_back(&h).await;
    // When a player presses the old board's button (again, as a person would, while the
    // answer is still "busy": the store's first calls on the new server can still fail
    // right after its probe saw it answer),
    let mut busy = 0;
    let answer = loop {
        let upd = h.fake.press(CHAT, &mover, msg_id(&board), &data);
        let id = callback_id(&upd);
        h.fake.push_update(upd);
        let answer = h.fake.wait_for_callback_answer(&id).await;
        if !is_busy(answer.str_param("text").unwrap_or_default()) {
            break answer;
        }
        busy += 1;
        assert!(busy < 10, "still busy after {busy} presses");
        tokio::time::sleep(Duration::from_millis(300)).await;
    };
    // Then the answer says there is no game, and the board's buttons become "New game",
    assert!(refused(&answer), "{:?}", answer.params);
    let id = msg_id(&board);
    let deadline = Instant::now() + Duration::from_secs(5);
    let new_game = loop {
        let m = h.fake.message(CHAT, id).expect("the old board");
        let b = buttons(&m);
        if b.len() == 1 && b[0].1.starts_with("n:") {
            break b[0].1.clone();
        }
        assert!(
            Instant::now() < deadline,
            "buttons left dead: {b:?}\n{}",
            h.fake.log_tail(8)
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    };
    // and pressing it opens a new lobby.
    let answer = h.press(&users[1], id, &new_game).await;
    assert!(!refused(&answer), "{:?}", answer.params);
    assert_eq!(h.table().await.1.status(), Status::Lobby);
    h.stop_bots().await;
}
