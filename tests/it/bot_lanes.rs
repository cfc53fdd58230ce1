//! Lanes: several games at once in one group without topics (a tournament round's tables),
//! each opened from code with its seats decided (`open_seated`), each on its own board
//! message, its buttons naming its lane.
//!
//! The real bot against the fake Bot API and a real `redis-server`.

use crate::support;

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use parxis::ai::Level;
use parxis::bot::core::callback::lane_of;
use parxis::bot::core::settings::{ChatSettings, DiceMode, Display};
use parxis::bot::core::table::{Event, Origin, Seat, SeatedSpec, Status, Table};
use parxis::bot::effects::chat::{ChatAddr, DisplayState};
use parxis::bot::effects::commit::Saved;
use parxis::bot::effects::seated::open_seated;
use parxis::engine::Preset;
use parxis::i18n::Lang;
use parxis::store::Place;
use serde_json::Value;
use support::bot_harness::{CHAT, Harness, WAIT, four_users, refused};
use support::fake_tg::{Recorded, TestUser, buttons, msg_id};

const SENDS: [&str; 2] = ["sendmessage", "sendphoto"];
const EDITS: [&str; 3] = [
    "editmessagetext",
    "editmessagemedia",
    "editmessagereplymarkup",
];

fn lane(n: u16) -> Place {
    Place::in_lane(CHAT, n)
}

fn settings(timer_secs: u32) -> ChatSettings {
    ChatSettings {
        lang: Some(Lang::En),
        display: Display::Emoji,
        timer_secs,
        dice: DiceMode::Auto,
        pings_secs: parxis::bot::core::settings::DEFAULT_PINGS_SECS,
        lang_offered: true,
    }
}

fn human(u: &TestUser) -> Seat {
    Seat::Human {
        id: u.id,
        name: u.first_name.clone(),
    }
}

fn spec(seats: Vec<Seat>, origin: &str) -> SeatedSpec {
    SeatedSpec {
        preset: Preset::Jcf,
        pairs: false,
        board: None,
        seats,
        time_limit_minutes: None,
        origin: Some(Origin::decode(origin)),
    }
}

/// Open `spec`'s game at lane `n` from code, as the tournament does (with the first bot's
/// context: its board is planned, and the bot's scheduler writes it).
async fn open(h: &Harness, n: u16, spec: &SeatedSpec) -> Saved {
    let ctx = h.bots[0].ctx.clone();
    open_seated(&ctx, ChatAddr::in_lane(CHAT, n), spec)
        .await
        .expect("a seated game")
}

async fn table_at(h: &Harness, place: Place) -> Option<Table> {
    h.store
        .load::<Table>(place)
        .await
        .expect("redis")
        .map(|r| r.state)
}

/// The board message of `place` as its display record names it (waiting for the record).
async fn board_at(h: &Harness, place: Place) -> Value {
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let d: Option<DisplayState> = h.store.display(place).await.expect("redis");
        if let Some(d) = d {
            return h
                .fake
                .message(CHAT, d.message_id)
                .unwrap_or_else(|| panic!("board {} of {place} missing", d.message_id));
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "no board at {place}:\n{}",
            h.fake.log_tail(10)
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// The table of `place` and its board once the board shows it (buttons drawn at its seq).
async fn fresh_board_at(h: &Harness, place: Place) -> (Table, Value) {
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let t = table_at(h, place).await.expect("a table");
        let board = board_at(h, place).await;
        let fresh = buttons(&board).first().is_some_and(|(_, d)| {
            d.ends_with(&format!(":{}", t.seq())) || d.contains(&format!(":{}:", t.seq()))
        });
        if fresh {
            return (t, board);
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{place}: the board never showed seq {}",
            t.seq()
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// The human of `users` to move in `t`, if a human is to move.
fn human_to_move(users: &[TestUser], t: &Table) -> Option<TestUser> {
    let p = t.to_move().filter(|p| !p.is_automatic())?;
    users.iter().find(|u| u.id == p.id).cloned()
}

/// The lane every button of a written message names (`None`: no buttons), checking they
/// all name the same one.
fn lane_of_buttons(markup_holder: &Value) -> Option<Option<u16>> {
    let lanes: BTreeSet<Option<u16>> = buttons(markup_holder)
        .iter()
        .map(|(_, d)| lane_of(d))
        .collect();
    assert!(lanes.len() <= 1, "buttons of two places: {markup_holder}");
    lanes.into_iter().next()
}

/// Every request from `mark` on: a send carries no thread id, and every message written
/// with buttons keeps the lane it was posted for (an edit of a lane's board only ever
/// draws that lane's buttons). Returns the lane of each message posted, and the number of
/// edits checked.
fn writes_keep_their_lane(h: &Harness, mark: usize) -> (BTreeMap<i64, u16>, usize) {
    let mut owner: BTreeMap<i64, u16> = BTreeMap::new();
    let mut edits = 0;
    for r in h.fake.requests_since(mark) {
        if SENDS.contains(&r.method.as_str()) {
            assert_eq!(
                r.thread_id(),
                None,
                "a send with a thread id: {:?}",
                r.params
            );
            if r.ok()
                && let Some(Some(l)) = lane_of_buttons(&r.params)
            {
                owner.insert(r.result()["message_id"].as_i64().expect("an id"), l);
            }
        } else if EDITS.contains(&r.method.as_str()) && r.ok() {
            let id = r.params["message_id"]
                .as_i64()
                .expect("an edit names its message");
            let l = owner
                .get(&id)
                .unwrap_or_else(|| panic!("an edit of a message no lane posted: {:?}", r.params));
            if let Some(drawn) = lane_of_buttons(&r.params) {
                assert_eq!(drawn, Some(*l), "lane {l}'s board drew: {:?}", r.params);
            }
            edits += 1;
        }
    }
    (owner, edits)
}

/// `user` presses `data` under `message`; the answer.
async fn press(h: &Harness, user: &TestUser, message: &Value, data: &str) -> Recorded {
    h.press_in(CHAT, user, msg_id(message), data).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_lanes_of_one_plain_group_play_two_games_at_once_each_on_its_own_board() {
    // Given a group without topics (emoji boards, no timer, automatic dice), whose own
    // place holds a lobby opened by /newgame,
    let h = Harness::start(51).await;
    h.settings(settings(0)).await;
    let users = four_users();
    h.command(&users[3], "/newgame").await;
    let chat_game = h.table().await;
    let chat_board = h.board_id().await.expect("the chat's lobby");
    let mark = h.fake.mark();

    // When two tables are opened from code at lanes 1 and 2, humans and computers seated,
    let s1 = spec(
        vec![
            human(&users[0]),
            human(&users[1]),
            Seat::Computer(Level::Easy),
        ],
        "r1/t1",
    );
    let s2 = spec(
        vec![human(&users[2]), Seat::Computer(Level::Normal)],
        "r1/t2",
    );
    open(&h, 1, &s1).await;
    open(&h, 2, &s2).await;

    // Then both are in play at once, with their seats, each on a board of its own.
    let (t1, t2) = (
        table_at(&h, lane(1)).await.expect("lane 1"),
        table_at(&h, lane(2)).await.expect("lane 2"),
    );
    assert_eq!(
        (t1.status(), t2.status()),
        (Status::Playing, Status::Playing)
    );
    let ids = |t: &Table| t.players().iter().map(|p| p.id).collect::<Vec<_>>();
    assert_eq!(ids(&t1), [11, 12, -1]);
    assert_eq!(ids(&t2), [13, -1]);
    let (b1, b2) = (board_at(&h, lane(1)).await, board_at(&h, lane(2)).await);
    assert_ne!(msg_id(&b1), msg_id(&b2));
    assert_ne!(msg_id(&b1), chat_board);

    // When both are played to their end by presses on their own boards,
    let mut presses = [0_usize; 2];
    let mut over = [false; 2];
    for _ in 0..4000 {
        if over == [true, true] {
            break;
        }
        for (i, (here, other)) in [(lane(1), lane(2)), (lane(2), lane(1))]
            .into_iter()
            .enumerate()
        {
            if over[i] {
                continue;
            }
            let (t, board) = fresh_board_at(&h, here).await;
            if t.status() != Status::Playing {
                over[i] = true;
                continue;
            }
            let Some(mover) = human_to_move(&users, &t) else {
                tokio::time::sleep(Duration::from_millis(10)).await;
                continue;
            };
            let other_before = table_at(&h, other).await;
            let data = buttons(&board)[0].1.clone();
            assert_eq!(lane_of(&data), here.lane(), "{data}");
            let answer = press(&h, &mover, &board, &data).await;
            assert!(!refused(&answer), "{here}: {:?}", answer.params);
            presses[i] += 1;
            // Then the press moved its own lane's game on, and nothing else.
            assert!(table_at(&h, here).await.expect("a table").seq() > t.seq());
            assert_eq!(table_at(&h, other).await, other_before, "{other} changed");
            assert_eq!(h.table().await, chat_game, "the chat's own game changed");
        }
    }
    assert_eq!(over, [true, true], "after {presses:?} presses");

    // Then both finished, each keeping the tag it was opened with,
    let (t1, t2) = (
        table_at(&h, lane(1)).await.expect("lane 1"),
        table_at(&h, lane(2)).await.expect("lane 2"),
    );
    assert_eq!(
        (t1.status(), t2.status()),
        (Status::Finished, Status::Finished)
    );
    assert_eq!(t1.origin(), Some(&Origin::decode("r1/t1")));
    assert_eq!(t2.origin(), Some(&Origin::decode("r1/t2")));
    // and both were recorded, as two games (even if they started at the same moment),
    let mut raw = h.redis.raw().await;
    let history: Vec<String> = redis::cmd("LRANGE")
        .arg(parxis::store::keys::stats_history(CHAT))
        .arg(0)
        .arg(-1)
        .query_async(&mut raw)
        .await
        .expect("lrange");
    let ids: BTreeSet<String> = history
        .iter()
        .map(|r| {
            let v: Value = serde_json::from_str(r).expect("a record");
            v["id"].as_str().expect("an id").to_owned()
        })
        .collect();
    assert_eq!(ids.len(), 2, "{history:?}");
    // and every message was sent without a thread id, each board written only with its own
    // lane's buttons, and the chat's lobby never touched.
    let (owner, edits) = writes_keep_their_lane(&h, mark);
    assert_eq!(
        owner.values().copied().collect::<BTreeSet<_>>(),
        BTreeSet::from([1, 2])
    );
    assert!(!owner.contains_key(&i64::from(chat_board)));
    assert!(
        edits >= presses[0] + presses[1],
        "{edits} edits, {presses:?} presses"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timer_at_a_lane_is_fired_by_the_driver_and_edits_that_lanes_board() {
    // Given a group with a 30 s timer and a two-human game at lane 4,
    let h = Harness::start(52).await;
    h.settings(settings(30)).await;
    let users = four_users();
    // (Marked before the game opens: under load the timer may fire before its first board
    // is seen.)
    let mark = h.fake.mark();
    open(&h, 4, &spec(vec![human(&users[0]), human(&users[1])], "t4")).await;
    let (t0, board) = fresh_board_at(&h, lane(4)).await;
    // Then the due set names the lane's place.
    assert_eq!(h.deadline_entries().await, [lane(4).member()]);

    // When nobody presses and the timer runs out (the clock moved past it),
    h.advance_to(t0.deadline_ms().expect("a deadline"));
    let deadline = tokio::time::Instant::now() + WAIT;
    let t1 = loop {
        let t = table_at(&h, lane(4)).await.expect("a table");
        if t.seq() > t0.seq() {
            break t;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the timer never fired:\n{}",
            h.fake.log_tail(10)
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    };
    // Then the driver played the timed-out turn and showed it on the lane's board,
    assert!(
        t1.last()
            .iter()
            .any(|e| matches!(e, Event::TimedOut { .. })),
        "{:?}",
        t1.last()
    );
    let (t, shown) = fresh_board_at(&h, lane(4)).await;
    assert!(t.seq() >= t1.seq());
    assert_eq!(msg_id(&shown), msg_id(&board), "edited in place");
    let edited = h.fake.requests_since(mark).into_iter().any(|r| {
        EDITS.contains(&r.method.as_str())
            && r.ok()
            && r.params["message_id"].as_i64() == Some(i64::from(msg_id(&board)))
            && r.params["reply_markup"]
                .to_string()
                .contains(&format!(":{}", t1.seq()))
    });
    assert!(edited, "{}", h.fake.log_tail(10));
    // and the chat's own place has no game.
    assert_eq!(h.store.load::<Table>(CHAT).await.expect("redis"), None);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lane_game_whose_time_limit_runs_out_is_ended_by_the_driver_r6_3() {
    // Given a lane game opened with a time limit that is over at once (0 minutes),
    let h = Harness::start(53).await;
    h.settings(settings(0)).await;
    let users = four_users();
    let mut s = spec(vec![human(&users[0]), human(&users[1])], "t6");
    s.time_limit_minutes = Some(0);
    open(&h, 6, &s).await;

    // When the driver polls, Then it ends the game with the time limit's result,
    let deadline = tokio::time::Instant::now() + WAIT;
    let t = loop {
        let t = table_at(&h, lane(6)).await.expect("a table");
        if t.status() == Status::Finished {
            break t;
        }
        assert!(tokio::time::Instant::now() < deadline, "never ended: {t:?}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    };
    assert!(
        t.last().iter().any(|e| matches!(e, Event::TimeUp { .. })),
        "{:?}",
        t.last()
    );
    // and the lane's board shows the finished game (New game / Rematch, for the lane).
    let (_, board) = fresh_board_at(&h, lane(6)).await;
    assert!(buttons(&board).iter().all(|(_, d)| lane_of(d) == Some(6)));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forged_or_stale_lane_button_is_refused_and_changes_nothing() {
    // Given a two-human game at lane 1, no game at lane 2 nor in the chat itself,
    let h = Harness::start(54).await;
    h.settings(settings(0)).await;
    let users = four_users();
    open(&h, 1, &spec(vec![human(&users[0]), human(&users[1])], "t1")).await;
    let (t0, board) = fresh_board_at(&h, lane(1)).await;
    let old = buttons(&board)[0].1.clone();
    let mover = human_to_move(&users, &t0).expect("a human to move");
    let answer = press(&h, &mover, &board, &old).await;
    assert!(!refused(&answer), "{:?}", answer.params);
    let (t1, board) = fresh_board_at(&h, lane(1)).await;
    let mover = human_to_move(&users, &t1).expect("a human to move");
    let current = buttons(&board)[0].1.clone();
    let (_, rest) = current.split_once('@').expect("a lane button");

    // When presses come with stale or forged data, or from someone not seated,
    let attempts = [
        (&mover, old.clone()),                     // drawn before the last press
        (&mover, format!("2@{rest}")),             // a lane with no game
        (&mover, format!("1@r:{}", t1.seq() + 9)), // a version never drawn
        (&mover, rest.to_owned()),                 // the lane left out: the chat's game
        (&mover, format!("x@{rest}")),             // not a lane
        (&mover, format!("70000@{rest}")),         // past the last lane
        (&users[2], current.clone()),              // a good button, by someone not seated
    ];
    for (user, data) in attempts {
        let answer = press(&h, user, &board, &data).await;
        // Then each is refused with a localized answer,
        let text = answer.str_param("text").unwrap_or_default().to_owned();
        assert!(
            refused(&answer) && !text.is_empty(),
            "{data}: {:?}",
            answer.params
        );
        // and nothing changed anywhere.
        assert_eq!(table_at(&h, lane(1)).await.as_ref(), Some(&t1), "{data}");
        assert_eq!(table_at(&h, lane(2)).await, None, "{data}");
        assert_eq!(h.store.load::<Table>(CHAT).await.expect("redis"), None);
    }
    // And the current button still plays.
    let answer = press(&h, &mover, &board, &current).await;
    assert!(!refused(&answer), "{:?}", answer.params);
    assert!(table_at(&h, lane(1)).await.expect("a table").seq() > t1.seq());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lane_game_survives_a_bot_restart_and_goes_on_on_the_same_board() {
    // Given a game at lane 3 (a human and a computer), one move played,
    let mut h = Harness::start(55).await;
    h.settings(settings(0)).await;
    let users = four_users();
    let seats = vec![human(&users[0]), Seat::Computer(Level::Hard)];
    open(&h, 3, &spec(seats, "t3")).await;
    let (t, board) = fresh_board_at(&h, lane(3)).await;
    let answer = press(&h, &users[0], &board, &buttons(&board)[0].1).await;
    assert!(!refused(&answer), "{:?}", answer.params);
    let (before, _) = fresh_board_at(&h, lane(3)).await;
    assert!(before.seq() > t.seq());

    // When the bot stops and a new bot process starts on the same Redis,
    h.stop_bots().await;
    h.spawn_bot().await;

    // Then presses on the lane's board go on playing its game, on the same message.
    for _ in 0..3 {
        let (t, shown) = fresh_board_at(&h, lane(3)).await;
        if t.status() != Status::Playing {
            break;
        }
        assert_eq!(msg_id(&shown), msg_id(&board));
        let answer = press(&h, &users[0], &shown, &buttons(&shown)[0].1).await;
        assert!(!refused(&answer), "{:?}", answer.params);
        assert!(table_at(&h, lane(3)).await.expect("a table").seq() > t.seq());
    }
    let after = table_at(&h, lane(3)).await.expect("a table");
    assert!(
        after.seq() >= before.seq() + 3,
        "{} → {}",
        before.seq(),
        after.seq()
    );
    assert_eq!(after.origin(), Some(&Origin::decode("t3")));
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_upgraded_to_a_supergroup_gets_its_lane_boards_posted_there() {
    // Given a basic group playing at lanes 1 and 7 (two humans each), their boards shown,
    const OLD: i64 = -5_556;
    const NEW: i64 = -1_000_000_005_556;
    let h = Harness::start(56).await;
    h.settings_for(OLD).await;
    let users = four_users();
    let ctx = h.bots[0].ctx.clone();
    for (n, who) in [(1, [&users[0], &users[1]]), (7, [&users[2], &users[3]])] {
        let seats = vec![human(who[0]), human(who[1])];
        open_seated(&ctx, ChatAddr::in_lane(OLD, n), &spec(seats, "m"))
            .await
            .expect("a seated game");
    }
    let old_boards = [1, 7].map(|n| Place::in_lane(OLD, n));
    let deadline = tokio::time::Instant::now() + WAIT;
    for place in old_boards {
        while h
            .store
            .display::<DisplayState>(place)
            .await
            .expect("redis")
            .is_none()
        {
            assert!(
                tokio::time::Instant::now() < deadline,
                "no board at {place}"
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
    let before: Vec<Table> = {
        let mut v = Vec::new();
        for place in old_boards {
            v.push(table_at(&h, place).await.expect("a table"));
        }
        v
    };

    // When the group is upgraded (the service message),
    let mark = h.fake.mark();
    h.fake.push_update(h.fake.migrate_to_supergroup(OLD, NEW));

    // Then each lane's game goes on under the same lane of the new chat, on a board posted
    // there (the old message ids mean nothing in the new chat), with that lane's buttons,
    for (n, was) in [1_u16, 7].into_iter().zip(before) {
        let place = Place::in_lane(NEW, n);
        let deadline = tokio::time::Instant::now() + WAIT;
        let board = loop {
            let d: Option<DisplayState> = h.store.display(place).await.expect("redis");
            if let Some(m) = d.and_then(|d| h.fake.message(NEW, d.message_id)) {
                break m;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "no board at {place}:\n{}",
                h.fake.log_tail(10)
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        };
        let posted = h.fake.requests_since(mark).into_iter().any(|r| {
            SENDS.contains(&r.method.as_str())
                && r.ok()
                && r.chat_id() == Some(NEW)
                && r.result()["message_id"].as_i64() == Some(i64::from(msg_id(&board)))
        });
        assert!(posted, "lane {n}'s board was posted in the new chat");
        let t = table_at(&h, place).await.expect("the moved game");
        assert_eq!(
            (t.seq(), &t.players()),
            (was.seq(), &was.players()),
            "lane {n}"
        );
        assert!(buttons(&board).iter().all(|(_, d)| lane_of(d) == Some(n)));
        assert_eq!(table_at(&h, Place::in_lane(OLD, n)).await, None);
        // and its buttons play there.
        let mover = human_to_move(&users, &t).expect("a human to move");
        let answer = h
            .press_in(NEW, &mover, msg_id(&board), &buttons(&board)[0].1)
            .await;
        assert!(!refused(&answer), "lane {n}: {:?}", answer.params);
        assert!(table_at(&h, place).await.expect("a table").seq() > t.seq());
    }
}
