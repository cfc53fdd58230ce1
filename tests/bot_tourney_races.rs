//! Tournaments through crashes and races: a replica killed between posting a table's result
//! and marking it posted, and another that takes over, repeat neither the posts nor the
//! history entry; a Ready pressed while the call's message is on its way is accepted; a table
//! whose place still holds an open game puts its start off longer each time instead of
//! trying at every poll.
//!
//! The real bot (dispatcher and driver) against the fake Bot API over HTTP and a real
//! `redis-server`, with the turn timer's clock shortened (20 ms a second) and teloxide's send
//! throttle raised (what is posted is the matter here, not its pace). The crash is a
//! test-only crash point of the bot (`effects::crash`): the replica stops exactly there, and
//! the test then kills it.

mod support;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use parxis::bot::core::settings::{ChatSettings, Display};
use parxis::bot::core::table::Table;
use parxis::bot::core::tourney::Tourney;
use parxis::bot::effects::crash::{CrashHook, CrashPoint};
use parxis::store::{Place, keys};
use serde_json::Value;
use support::bot_harness::{CHAT, FAST_SENDS, Harness, Options};
use support::fake_tg::{Recorded, TestUser, buttons, msg_id};

fn users(n: i64) -> Vec<TestUser> {
    (1..=n)
        .map(|i| TestUser::new(300 + i, &format!("P{i}")))
        .collect()
}

async fn record(h: &Harness) -> Tourney {
    h.store
        .load_tourney::<Tourney>(CHAT)
        .await
        .expect("redis")
        .expect("a record")
        .state
}

/// Wait (up to 10 s) until the bot made a request since `mark` that `pred` accepts.
async fn wait_for(
    h: &Harness,
    mark: usize,
    what: &str,
    pred: impl Fn(&Recorded) -> bool,
) -> Recorded {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        if let Some(r) = h.fake.requests_since(mark).into_iter().find(|r| pred(r)) {
            return r;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "no {what}:\n{}",
            h.fake.log_tail(10)
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Poll the tournament record (up to 10 s) until `pred` holds.
async fn wait_record(h: &Harness, what: &str, pred: impl Fn(&Tourney) -> bool) -> Tourney {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let t = record(h).await;
        if pred(&t) {
            return t;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{what}: {t:?}\n{}",
            h.fake.log_tail(10)
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// `user` presses `data` under `message`; returns the callback answer's text.
async fn press(h: &Harness, user: &TestUser, message: &Value, data: &str) -> String {
    let mark = h.fake.mark();
    h.fake
        .push_update(h.fake.press(CHAT, user, msg_id(message), data));
    let answer = wait_for(h, mark, "the callback answer", |r| {
        r.method == "answercallbackquery"
    })
    .await;
    answer.str_param("text").unwrap_or_default().to_owned()
}

/// A group without topics, emoji boards, a short clock (20 ms a second) and computer turns
/// 300 ms apart (a table's game stays open for a while).
async fn plain_group(seed: u64) -> Harness {
    let mut h = Harness::start_with(
        seed,
        Options {
            timer_unit_ms: 20,
            ..Options::default()
        },
    )
    .await;
    h.stop_bots().await;
    h.pause = Duration::from_millis(300);
    h.throttle = FAST_SENDS;
    h.settings(ChatSettings {
        display: Display::Emoji,
        ..ChatSettings::default()
    })
    .await;
    h
}

/// The host opens `/tournament <args>`, the others join by button, the host starts it.
async fn sign_up_and_draw(h: &Harness, people: &[TestUser], args: &str) {
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
            press(h, u, &signup, &join).await,
            "You are in the tournament."
        );
    }
    let mark = h.fake.mark();
    h.command(&people[0], "/tournament start").await;
    wait_for(h, mark, "the bracket", |r| {
        r.method == "sendphoto" && r.ok()
    })
    .await;
}

fn has(r: &Recorded, key: &str, part: &str) -> bool {
    r.ok() && r.str_param(key).is_some_and(|s| s.contains(part))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replica_killed_between_posting_the_champion_and_marking_it_posted_repeats_nothing() {
    // Given a two-person tournament, on a replica that stops for good right after posting a
    // decided table's result and before the record says it is posted,
    let mut h = plain_group(41).await;
    let hook = Arc::new(CrashHook::at(CrashPoint::TourneyPosted));
    h.crash = Some(hook.clone());
    h.spawn_bot().await;
    let people = users(2);
    sign_up_and_draw(&h, &people, "2").await;
    // When the host decides the final by hand,
    let mark = h.fake.mark();
    h.command(&people[0], "/tournament advance 1 2 did not come")
        .await;
    // Then the replica posts the result and the champion's bracket, records the champion in
    // the history, and reaches the crash point with the result still to be marked posted;
    tokio::time::timeout(Duration::from_secs(10), hook.reached.notified())
        .await
        .expect("the crash point is reached");
    let result_line = |r: &Recorded| {
        r.method == "sendmessage" && has(r, "text", "put through by the host: did not come")
    };
    let champion = |r: &Recorded| r.method == "sendphoto" && has(r, "caption", "is the champion");
    wait_for(&h, mark, "the result", result_line).await;
    wait_for(&h, mark, "the champion's bracket", champion).await;
    assert_eq!(h.store.tourney_history(CHAT).await.expect("redis").len(), 1);
    assert!(!record(&h).await.unposted.is_empty(), "not marked posted");
    // When it is killed there, its lease runs out (the test does not wait the 20 s), and
    // another replica takes over,
    h.kill_bot(0).await;
    let mut raw = h.redis.raw().await;
    let _: i64 = redis::cmd("DEL")
        .arg(keys::lease_at(Place::of_chat(CHAT), "tourney"))
        .query_async(&mut raw)
        .await
        .expect("del");
    h.spawn_bot().await;
    // Then the new replica marks the result posted,
    wait_record(&h, "the result marked posted", |t| t.unposted.is_empty()).await;
    // and the result, the champion's bracket and the history entry each exist once.
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
async fn a_ready_pressed_while_the_calls_message_is_still_on_its_way_is_accepted() {
    // Given a two-person tournament, and a Telegram slow to answer the table's call (the
    // message is there for everyone, its answer reaches the bot 1.5 s later),
    let mut h = plain_group(42).await;
    h.spawn_bot().await;
    let people = users(2);
    h.fake.delay_answers(
        |method, params| {
            method == "sendmessage" && params["reply_markup"].to_string().contains("\"tr:")
        },
        Duration::from_millis(1500),
    );
    let mark = h.fake.mark();
    sign_up_and_draw(&h, &people, "2").await;
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
        answers.push(press(&h, u, &call, &ready).await);
    }
    h.fake.clear_delays();
    // Then both are accepted, and the table's game starts with both of them present.
    assert_eq!(answers, ["You are ready.", "You are ready."]);
    let t = wait_record(&h, "the table started", |t| {
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
        game.state.players.iter().all(|p| !p.absent),
        "{:?}",
        game.state.players
    );
}

/// Every time a key is set (`SET`: a lease taken), as Redis's keyspace notifications tell a
/// watcher thread: the times seen so far, and the switch that stops the watcher.
struct SetWatch {
    seen: Arc<Mutex<Vec<Instant>>>,
    stop: Arc<AtomicBool>,
}

impl SetWatch {
    fn start(url: &str, key: &str) -> Self {
        let client = redis::Client::open(url).expect("redis url");
        let mut con = client.get_connection().expect("redis");
        let _: () = redis::cmd("CONFIG")
            .arg("SET")
            .arg("notify-keyspace-events")
            .arg("K$")
            .query(&mut con)
            .expect("keyspace events");
        let (seen, stop) = (
            Arc::new(Mutex::new(Vec::new())),
            Arc::new(AtomicBool::new(false)),
        );
        let (s, st) = (seen.clone(), stop.clone());
        let channel = format!("__keyspace@0__:{key}");
        let (ready_tx, ready_rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut ps = con.as_pubsub();
            ps.subscribe(&channel).expect("subscribe");
            ps.set_read_timeout(Some(Duration::from_millis(50)))
                .expect("timeout");
            let _ = ready_tx.send(());
            while !st.load(Ordering::Relaxed) {
                if let Ok(m) = ps.get_message()
                    && m.get_payload::<String>().is_ok_and(|p| p == "set")
                {
                    s.lock().expect("lock").push(Instant::now());
                }
            }
        });
        ready_rx.recv().expect("the watcher subscribed");
        Self { seen, stop }
    }

    fn times(&self) -> Vec<Instant> {
        self.seen.lock().expect("lock").clone()
    }
}

impl Drop for SetWatch {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_whose_lane_still_holds_an_open_game_waits_longer_each_time_then_starts() {
    // Given lane 0 of the group holding an open game (a lobby nobody closed), and a
    // two-person tournament whose table is called there (nobody presses Ready: its game is to
    // start at the deadline, 1.8 s),
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
    let people = users(2);
    sign_up_and_draw(&h, &people, "2").await;
    let t = wait_record(&h, "the table called", |t| {
        t.tables.first().is_some_and(|p| p.call_msg.is_some())
    })
    .await;
    assert_eq!(t.tables[0].topic, lane.topic, "called in lane 0");
    // When the bot's tournament firings after the deadline are watched (each takes the
    // chat's tournament lease: one SET of its key) until it has tried six times,
    let watch = SetWatch::start(
        &h.redis.url(),
        &keys::lease_at(Place::of_chat(CHAT), "tourney"),
    );
    let deadline = Instant::now()
        + Duration::from_millis(t.tables[0].ready_by_ms.saturating_sub(now_ms()).min(10_000));
    let tries = || -> Vec<Instant> {
        watch
            .times()
            .into_iter()
            .filter(|&at| at >= deadline)
            .collect()
    };
    let until = tokio::time::Instant::now() + Duration::from_secs(15);
    while tries().len() < 6 {
        assert!(
            tokio::time::Instant::now() < until,
            "tries: {}",
            tries().len()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // Then they came further apart each time (0.1 s, 0.2 s, then every 0.4 s: the 20 s check
    // of the shortened clock), never at every 100 ms poll,
    let gaps: Vec<u128> = tries()
        .windows(2)
        .map(|w| w[1].duration_since(w[0]).as_millis())
        .collect();
    assert!(
        gaps.iter().skip(2).all(|&g| g >= 350),
        "the tries back off: gaps ms {gaps:?}"
    );
    assert!(record(&h).await.tables[0].started_ms.is_none());
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
    let t = wait_record(&h, "the table started", |t| {
        t.tables[0].started_ms.is_some()
    })
    .await;
    let game = h
        .store
        .load::<Table>(lane)
        .await
        .expect("redis")
        .expect("the table's game");
    assert_eq!(
        game.state.stats.started_ms,
        t.tables[0].started_ms.unwrap_or(0)
    );
}

fn now_ms() -> u64 {
    u64::try_from(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .expect("clock")
            .as_millis(),
    )
    .expect("ms")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_played_by_two_live_replicas_posts_each_result_once_and_one_champion() {
    // Given two live replicas on one fake Bot API and one Redis, a Telegram slow to answer
    // pictures (0.6 s) and tournament leases shorter than that (0.3 s), so a replica's posts
    // outlive its lease and the other replica's firings come in while it is still posting,
    let mut h = Harness::start_with(
        44,
        Options {
            timer_unit_ms: 20,
            ..Options::default()
        },
    )
    .await;
    h.stop_bots().await;
    h.throttle = FAST_SENDS;
    h.tourney_lease_ms = 300;
    h.settings(ChatSettings {
        display: Display::Emoji,
        ..ChatSettings::default()
    })
    .await;
    h.spawn_bot().await;
    h.spawn_bot().await;
    h.fake.delay_answers(
        |method, _| method == "sendphoto",
        Duration::from_millis(600),
    );
    // When four people play a tournament of 2-seat tables, nobody pressing Ready (the
    // computer plays every seat), to its champion,
    let people = users(4);
    let mark = h.fake.mark();
    sign_up_and_draw(&h, &people, "2").await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(90);
    let t = loop {
        let t = record(&h).await;
        if t.stage == parxis::bot::core::tourney::Stage::Finished && t.unposted.is_empty() {
            break t;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "not finished: {:?}\n{}",
            t.tournament.map(|x| x.rounds().to_vec()),
            h.fake.log_tail(10)
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let tn = t.tournament.as_ref().expect("drawn");
    assert!(tn.champion().is_some());
    assert_eq!(tn.rounds().len(), 2, "4 → 2 → 1");
    // Then each table was called once, each round-1 table's result came with one bracket
    // update, the final's result once, the champion once, and one history entry.
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
        count("sendmessage", "text", &["Round 1, table 1</b>:"]),
        count("sendmessage", "text", &["Round 1, table 2</b>:"]),
        count("sendmessage", "text", &["Round 2, table 1</b>:"]),
        count(
            "sendphoto",
            "caption",
            &["Round 1, table 1:", "goes through"],
        ),
        count(
            "sendphoto",
            "caption",
            &["Round 1, table 2:", "goes through"],
        ),
        count(
            "sendmessage",
            "text",
            &["Round 2, table 1:", "goes through"],
        ),
        count("sendphoto", "caption", &["is the champion"]),
        h.store.tourney_history(CHAT).await.expect("redis").len(),
    ];
    assert_eq!(
        seen, [1; 8],
        "calls of R1T1, R1T2, the final; bracket updates of R1T1, R1T2; the final's \
         result; champion posts; history entries"
    );
}
