//! Tournaments through crashes and races: a replica killed between planning a table's
//! result posts and marking them posted, and another that takes over, repeat neither the
//! posts nor the history entry; a replica killed between a write Telegram took and the
//! outbox's "done" repeats that one write and nothing else (at least once, at most one
//! repeat); a Ready pressed while the call's message is on its way is accepted; a table
//! whose place still holds an open game puts its start off longer each time (5 s, 10 s,
//! then every 20 s) instead of at every firing; two live replicas post each result once.
//!
//! The real bot (dispatcher and scheduler) against the fake Bot API over HTTP and a real
//! `redis-server`, on the harness's test clock (deadlines run their true lengths; the test
//! moves the clock). The crash is a test-only crash point of the bot (`effects::crash`): the
//! replica stops exactly there, and the test then kills it.

use crate::support;

use std::sync::Arc;
use std::time::Duration;

use parxis::bot::core::settings::{ChatSettings, Display};
use parxis::bot::core::table::Table;
use parxis::bot::core::tourney::Stage;
use parxis::bot::effects::crash::{CrashHook, CrashPoint};
use parxis::store::{DueKind, Place, keys};
use support::bot_harness::{CHAT, Harness};
use support::fake_tg::{Recorded, TestUser, buttons, msg_id};
use support::tourney::{press, the_record, users, wait_for, wait_record};

/// A group without topics, emoji boards and computer turns 300 ms apart (a table's game
/// stays open for a while); no bot runs yet.
async fn plain_group(seed: u64) -> Harness {
    let mut h = Harness::start(seed).await;
    h.stop_bots().await;
    h.pause = Duration::from_millis(300);
    h.settings(ChatSettings {
        display: Display::Emoji,
        ..ChatSettings::default()
    })
    .await;
    h
}

/// The host opens `/tournament <args>`, the others join by button, the host starts it; the
/// first bracket posted.
async fn sign_up_and_draw(h: &Harness, people: &[TestUser], args: &str) {
    let mark = h.fake.mark();
    sign_up_and_start(h, people, args).await;
    wait_for(h, mark, "the bracket", |r| {
        r.method == "sendphoto" && r.ok()
    })
    .await;
}

/// The host opens `/tournament <args>`, the others join by button, the host starts it (not
/// waiting for what that plans).
async fn sign_up_and_start(h: &Harness, people: &[TestUser], args: &str) {
    let mark = h.fake.mark();
    h.command(&people[0], &format!("/tournament {args}")).await;
    let signup = wait_for(h, mark, "the sign-up", |r| {
        r.method == "sendmessage"
            && r.ok()
            && buttons(r.result())
                .iter()
                .any(|(_, d)| d.starts_with("tj:"))
    })
    .await
    .result()
    .clone();
    for u in &people[1..] {
        let join = buttons(&signup)[0].1.clone();
        assert_eq!(
            press(h, CHAT, u, &signup, &join).await,
            "You are in the tournament."
        );
    }
    h.fake
        .push_update(h.fake.command(CHAT, &people[0], "/tournament start"));
}

fn has(r: &Recorded, key: &str, part: &str) -> bool {
    r.ok() && r.str_param(key).is_some_and(|s| s.contains(part))
}

/// Forget the leases `kinds` of the chat that a killed replica left (the test does not wait
/// for them to run out: 20 s for the tournament's, 30 s for the outbox's).
async fn drop_leases(h: &Harness, kinds: &[DueKind]) {
    let mut raw = h.redis.raw().await;
    for kind in kinds {
        let _: i64 = redis::cmd("DEL")
            .arg(keys::lease_at(Place::of_chat(CHAT), kind.lease()))
            .query_async(&mut raw)
            .await
            .expect("del");
    }
}

/// The final's result: decided by hand, it is told in the champion's caption (no "goes
/// through" post right before "champion").
fn result_line(r: &Recorded) -> bool {
    r.method == "sendphoto" && has(r, "caption", "Final: decided by the host: did not come")
}

fn champion(r: &Recorded) -> bool {
    r.method == "sendphoto" && has(r, "caption", "is the champion")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replica_killed_between_planning_the_champion_and_marking_it_posted_repeats_nothing() {
    // Given a two-person tournament, on a replica that stops for good right after planning a
    // decided table's posts and before the record says they are posted,
    let mut h = plain_group(41).await;
    let hook = Arc::new(CrashHook::at(CrashPoint::TourneyPosted));
    h.crash = Some(hook.clone());
    h.spawn_bot().await;
    let people = users(300, 2);
    sign_up_and_draw(&h, &people, "2").await;
    // When the host decides the final by hand,
    let mark = h.fake.mark();
    h.command(&people[0], "/tournament advance 1 2 did not come")
        .await;
    // Then the replica records the champion in the history and reaches the crash point with
    // the result still to be marked posted, and its outbox makes the result and the
    // champion's bracket;
    tokio::time::timeout(Duration::from_secs(10), hook.reached.notified())
        .await
        .expect("the crash point is reached");
    wait_for(&h, mark, "the result", result_line).await;
    wait_for(&h, mark, "the champion's bracket", champion).await;
    h.wait_writes(Duration::from_secs(10)).await;
    assert_eq!(h.store.tourney_history(CHAT).await.expect("redis").len(), 1);
    assert!(
        !the_record(&h, CHAT).await.unposted.is_empty(),
        "not marked posted"
    );
    // When it is killed there, its tournament lease runs out, and another replica takes over,
    h.kill_bot(0).await;
    drop_leases(&h, &[DueKind::Tourney]).await;
    h.spawn_bot().await;
    // Then the new replica plans the posts again and marks the result posted,
    wait_record(&h, CHAT, "the result marked posted", |t| {
        t.unposted.is_empty()
    })
    .await;
    h.wait_writes(Duration::from_secs(10)).await;
    // and the result, the champion's bracket and the history entry each exist once (the
    // posts' ids made the second plan nothing).
    let log = h.fake.requests_since(mark);
    let history = h.store.tourney_history(CHAT).await.expect("redis");
    let counts = (
        log.iter().filter(|r| result_line(r)).count(),
        log.iter().filter(|r| champion(r)).count(),
        history.len(),
    );
    assert_eq!(
        counts,
        (1, 1, 1),
        "(results, champion posts, history entries)"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replica_killed_between_telegrams_answer_and_the_outboxs_done_repeats_that_one_write() {
    // Given a two-person tournament, and a replica that stops for good once its outbox has
    // made the champion's post (Telegram answered) and before it tells the outbox so,
    let mut h = plain_group(45).await;
    h.spawn_bot().await;
    let people = users(300, 2);
    sign_up_and_draw(&h, &people, "2").await;
    h.wait_writes(Duration::from_secs(10)).await;
    h.stop_bots().await;
    let hook = Arc::new(CrashHook::at(CrashPoint::OutboxMade).on(":champion"));
    h.crash = Some(hook.clone());
    h.spawn_bot().await;
    // When the host decides the final by hand (the drain never ends: no waiting for it),
    let mark = h.fake.mark();
    h.fake.push_update(
        h.fake
            .command(CHAT, &people[0], "/tournament advance 1 2 did not come"),
    );
    tokio::time::timeout(Duration::from_secs(10), hook.reached.notified())
        .await
        .expect("the crash point is reached");
    wait_for(&h, mark, "the champion's bracket", champion).await;
    wait_record(&h, CHAT, "the result marked posted", |t| {
        t.unposted.is_empty()
    })
    .await;
    // and the replica is killed there, its outbox lease runs out, and another takes over,
    h.kill_bot(0).await;
    drop_leases(&h, &[DueKind::Outbox, DueKind::Tourney]).await;
    h.spawn_bot().await;
    h.wait_writes(Duration::from_secs(10)).await;
    // Then the write in flight, still planned, is made again: the champion's post twice
    // (the outbox is "at least once" for that window, and one repeat at most: a drain makes
    // one write at a time), and nothing else is written twice: the result once, one
    // history entry, and every other request since the advance once.
    let log = h.fake.requests_since(mark);
    let history = h.store.tourney_history(CHAT).await.expect("redis");
    let counts = (
        log.iter().filter(|r| result_line(r)).count(),
        log.iter().filter(|r| champion(r)).count(),
        history.len(),
    );
    // (The result is in the champion's caption: it comes twice with it.)
    assert_eq!(
        counts,
        (2, 2, 1),
        "(results, champion posts, history entries)"
    );
    let mut writes: Vec<String> = log
        .iter()
        .filter(|r| r.ok() && (r.method.starts_with("send") || r.method.starts_with("edit")))
        .filter(|r| !champion(r))
        .map(|r| format!("{} {}", r.method, r.params))
        .collect();
    let all = writes.len();
    writes.sort();
    writes.dedup();
    assert_eq!(
        writes.len(),
        all,
        "a write other than the champion's repeated"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ready_pressed_while_the_calls_message_is_still_on_its_way_is_accepted() {
    // Given a two-person tournament, and a Telegram slow to answer the table's call (the
    // message is there for everyone, its answer reaches the bot 1.5 s later),
    let mut h = plain_group(42).await;
    h.spawn_bot().await;
    let people = users(300, 2);
    h.fake.delay_answers(
        |method, params| {
            method == "sendmessage" && params["reply_markup"].to_string().contains("\"tr:")
        },
        Duration::from_millis(1500),
    );
    let mark = h.fake.mark();
    sign_up_and_start(&h, &people, "2").await;
    let call = wait_for(&h, mark, "the table's call", |r| {
        r.method == "sendmessage"
            && r.ok()
            && buttons(r.result())
                .iter()
                .any(|(_, d)| d.starts_with("tr:"))
    })
    .await;
    // When both press Ready as soon as the call shows, before the bot has its answer,
    let call = call.result().clone();
    let ready = buttons(&call)[0].1.clone();
    let mut answers = Vec::new();
    for u in &people {
        answers.push(press(&h, CHAT, u, &call, &ready).await);
    }
    assert_eq!(
        the_record(&h, CHAT).await.tables[0].call_msg,
        None,
        "the presses came before the call's answer"
    );
    h.fake.clear_delays();
    // Then both are accepted, and the table's game starts with both of them present.
    assert_eq!(answers, ["You are ready.", "You are ready."]);
    let t = wait_record(&h, CHAT, "the table started", |t| {
        t.tables.first().is_some_and(|p| p.started_ms.is_some())
    })
    .await;
    assert_eq!(t.tables[0].ready.len(), 2, "{:?}", t.tables[0]);
    let place = Place {
        chat: CHAT,
        topic: t.tables[0].topic,
    };
    let game = h
        .store
        .load::<Table>(place)
        .await
        .expect("redis")
        .expect("the table's game");
    assert!(
        game.state.players().iter().all(|p| !p.absent),
        "{:?}",
        game.state.players()
    );
    // and once Telegram's answer comes, the call (not the game's board: the game started
    // before its id was known) loses its Ready button.
    h.wait_message(
        CHAT,
        msg_id(&call),
        Duration::from_secs(10),
        "the call without its Ready button",
        |m| m.is_some_and(|m| buttons(m).is_empty()),
    )
    .await;
}

/// The score of the chat's tournament in the due set (when its job fires next).
async fn tourney_due(h: &Harness) -> Option<u64> {
    let mut raw = h.redis.raw().await;
    let score: Option<f64> = redis::cmd("ZSCORE")
        .arg(DueKind::Tourney.key())
        .arg(Place::of_chat(CHAT).member())
        .query_async(&mut raw)
        .await
        .expect("zscore");
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    score.map(|s| s as u64)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_whose_lane_still_holds_an_open_game_waits_longer_each_time_then_starts() {
    // Given lane 0 of the group holding an open game (a lobby nobody closed), and a
    // two-person tournament whose table is called there (nobody presses Ready: its game is to
    // start at the 90 s deadline),
    let mut h = plain_group(43).await;
    h.spawn_bot().await;
    let lane = Place::in_lane(CHAT, 0);
    let host = parxis::bot::core::table::Actor {
        id: 999,
        name: "Someone".into(),
        is_admin: false,
    };
    let lobby = Table::lobby(&host, parxis::engine::Preset::Jcf, false);
    assert!(
        h.store
            .save(lane, 0, &lobby, 600)
            .await
            .expect("redis")
            .is_saved()
    );
    let people = users(300, 2);
    sign_up_and_draw(&h, &people, "2").await;
    let t = wait_record(&h, CHAT, "the table called", |t| {
        t.tables.first().is_some_and(|p| p.call_msg.is_some())
    })
    .await;
    assert_eq!(t.tables[0].topic, lane.topic, "called in lane 0");
    // When the clock reaches the deadline, and then each time the tournament is due again,
    let mut next = t.tables[0].ready_by_ms;
    let mut pauses = Vec::new();
    for waits in 1..=5 {
        h.advance_to(next);
        let t = wait_record(&h, CHAT, "the start put off", |t| {
            t.tables[0].waits == waits
        })
        .await;
        let retry = t.tables[0].retry_ms.expect("a retry time");
        // (the job is due at the table's retry, not sooner: nothing else is to do)
        let due = loop {
            if let Some(d) = tourney_due(&h).await.filter(|&d| d > next) {
                break d;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        };
        assert_eq!(due, retry, "the job is due at the retry");
        pauses.push(retry - next);
        next = retry;
    }
    // Then the start was put off 5 s, 10 s, then every 20 s, never tried at every firing
    // (counted from the deadline or the last retry: the job runs there, give or take the
    // moment a loaded machine takes to run it, which the bots' clock counts too),
    let wanted = [5_000, 10_000, 20_000, 20_000, 20_000];
    assert!(
        pauses
            .iter()
            .zip(wanted)
            .all(|(&p, w)| (w..w + 3_000).contains(&p)),
        "pauses, ms: {pauses:?}, wanted {wanted:?} (+ under 3 s)"
    );
    assert!(the_record(&h, CHAT).await.tables[0].started_ms.is_none());
    // and when the lane's game is gone, the table's game starts at the next try.
    let rec = h
        .store
        .load::<Table>(lane)
        .await
        .expect("redis")
        .expect("the lobby");
    assert!(
        h.store
            .delete(lane, rec.version)
            .await
            .expect("redis")
            .is_saved()
    );
    h.advance_to(next);
    let t = wait_record(&h, CHAT, "the table started", |t| {
        t.tables[0].started_ms.is_some()
    })
    .await;
    // (The record marks the table started first, then its game is saved: wait for it.)
    let deadline = tokio::time::Instant::now() + support::tourney::WAIT;
    let game = loop {
        if let Some(game) = h.store.load::<Table>(lane).await.expect("redis") {
            break game;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the table's game never saved"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    };
    assert_eq!(
        game.state.stats().started_ms,
        t.tables[0].started_ms.unwrap_or(0)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_played_by_two_live_replicas_posts_each_result_once_and_one_champion() {
    // Given two live replicas on one fake Bot API and one Redis, and a Telegram slow to
    // answer pictures (0.6 s), so one replica's writes are under way while the other's
    // firings come in,
    let mut h = plain_group(44).await;
    h.pause = Duration::from_millis(20);
    h.spawn_bot().await;
    h.spawn_bot().await;
    h.fake.delay_answers(
        |method, _| method == "sendphoto",
        Duration::from_millis(600),
    );
    // When four people play a tournament of 2-seat tables, nobody pressing Ready (the
    // computer plays every seat), to its champion,
    let people = users(300, 4);
    let mark = h.fake.mark();
    sign_up_and_draw(&h, &people, "2").await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(90);
    let t = loop {
        let t = the_record(&h, CHAT).await;
        if t.stage == Stage::Finished && t.unposted.is_empty() {
            break t;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "not finished: {:?}\n{}",
            t.tournament.map(|x| x.rounds().to_vec()),
            h.fake.log_tail(10)
        );
        if !h.step_clock(1000).await {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    h.wait_writes(Duration::from_secs(20)).await;
    let tn = t.tournament.as_ref().expect("drawn");
    assert!(tn.champion().is_some());
    assert_eq!(tn.rounds().len(), 2, "4 → 2 → 1");
    // Then each table was called once, each round-1 table's result came with one bracket
    // update, the final no "goes through" (the champion says it), the champion once, and
    // one history entry.
    let log = h.fake.requests_since(mark);
    let count = |method: &str, key: &str, parts: &[&str]| {
        log.iter()
            .filter(|r| r.method == method && r.ok())
            .filter(|r| {
                r.str_param(key)
                    .is_some_and(|s| parts.iter().all(|p| s.contains(p)))
            })
            .count()
    };
    let seen = [
        count("sendmessage", "text", &["Round 1 · table 1</b>:"]),
        count("sendmessage", "text", &["Round 1 · table 2</b>:"]),
        count("sendmessage", "text", &["🏆 <b>Final</b>:"]),
        count(
            "sendphoto",
            "caption",
            &["Round 1 · table 1:", "goes through"],
        ),
        count(
            "sendphoto",
            "caption",
            &["Round 1 · table 2:", "goes through"],
        ),
        count("sendmessage", "text", &["Final:", "goes through"]),
        count("sendphoto", "caption", &["is the champion"]),
        h.store.tourney_history(CHAT).await.expect("redis").len(),
    ];
    assert_eq!(
        seen,
        [1, 1, 1, 1, 1, 0, 1, 1],
        "calls of R1T1, R1T2, the final; bracket updates of R1T1, R1T2; no 'goes through' \
         for the final (the champion says it); champion posts; history entries"
    );
}
