//! R10.5 Time extensions at a timed tournament table, through the real bot (dispatcher and
//! driver) against the fake Bot API over HTTP and a real `redis-server`: the table's place
//! gets "+5 / +10 / +15 min" when its game starts, a proposal is answered by the other side,
//! an accepted one moves the game's end (and it then ends later than its first limit), a
//! refused one keeps it. Minutes have their true length: the test moves the bots' clock
//! (`Harness::advance_to`) past a limit instead of waiting for it.

use crate::support;

use std::time::Duration;

use parxis::bot::core::settings::{ChatSettings, Display};
use parxis::bot::core::table::{Event, Status, Table};
use parxis::bot::core::tourney::Tourney;
use parxis::store::Place;
use parxis::tournament::TableId;
use serde_json::Value;
use support::bot_harness::{CHAT, Harness};
use support::fake_tg::{Recorded, TestUser, buttons, msg_id};
use support::tourney::{press, the_record, wait_for};

/// One minute of the limit, ms.
const MINUTE: u64 = parxis::bot::core::table::MINUTE_MS;

async fn game(h: &Harness, t: &Tourney) -> Table {
    let topic = t.tables.first().expect("a table").topic;
    h.store
        .load::<Table>(Place { chat: CHAT, topic })
        .await
        .expect("redis")
        .expect("a game")
        .state
}

fn with_button(r: &Recorded, prefix: &str) -> bool {
    r.method == "sendmessage"
        && r.ok()
        && buttons(r.result())
            .iter()
            .any(|(_, d)| d.starts_with(prefix))
}

/// A 2-minute tournament of Anna and Pep, both Ready: returns the harness, the people and
/// the extension message posted in the table's place.
async fn timed_table() -> (Harness, Vec<TestUser>, Value) {
    let mut h = Harness::start(21).await;
    // Computer turns 300 ms apart: a game cannot end by itself in the seconds played here.
    h.stop_bots().await;
    h.pause = Duration::from_millis(300);
    h.spawn_bot().await;
    h.settings(ChatSettings {
        display: Display::Emoji,
        ..ChatSettings::default()
    })
    .await;
    let people = vec![TestUser::new(101, "Anna"), TestUser::new(102, "Pep")];
    let mark = h.fake.mark();
    h.command(&people[0], "/tournament 2 2m").await;
    let signup = wait_for(&h, mark, "the sign-up", |r| with_button(r, "tj:"))
        .await
        .result()
        .clone();
    assert_eq!(
        press(&h, CHAT, &people[1], &signup, &buttons(&signup)[0].1).await,
        "You are in the tournament."
    );
    let mark = h.fake.mark();
    h.command(&people[0], "/tournament start").await;
    let call = wait_for(&h, mark, "the table's call", |r| with_button(r, "tr:"))
        .await
        .result()
        .clone();
    // The call is recorded before its message is sent; wait for the record all the same.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while the_record(&h, CHAT).await.tables.is_empty() {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the call not recorded"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let mark = h.fake.mark();
    for u in &people {
        assert_eq!(
            press(&h, CHAT, u, &call, &buttons(&call)[0].1).await,
            "You are ready."
        );
    }
    let ext = wait_for(&h, mark, "the extension buttons", |r| with_button(r, "tx:"))
        .await
        .result()
        .clone();
    (h, people, ext)
}

/// The table's limit in the bracket and its game's end (Unix ms).
async fn ends(h: &Harness) -> (u64, u64) {
    let t = the_record(h, CHAT).await;
    let limit = t.limit_at(TableId::new(0, 0), MINUTE).expect("a limit");
    let end = game(h, &t).await.ends_ms().expect("the game's end");
    (limit, end)
}

/// Poll until the table's game is finished; returns it and when it was seen finished (on
/// the bots' clock).
async fn finished(h: &Harness, within: Duration) -> (Table, u64) {
    let deadline = tokio::time::Instant::now() + within;
    loop {
        let t = the_record(h, CHAT).await;
        let g = game(h, &t).await;
        if g.status() == Status::Finished {
            return (g, h.now_ms());
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the game did not end"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn ended_by_the_limit(g: &Table) -> bool {
    g.last().iter().any(|e| matches!(e, Event::TimeUp { .. }))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn r10_5_an_accepted_extension_moves_the_end_and_the_game_ends_later() {
    // Given a timed table (2 minutes) whose game has started, its board telling the time
    let (h, people, ext) = timed_table().await;
    let (anna, pep) = (&people[0], &people[1]);
    let started = the_record(&h, CHAT).await.tables[0]
        .started_ms
        .expect("started");
    let first_end = started + 2 * MINUTE;
    assert_eq!(ends(&h).await, (first_end, first_end));
    let labels: Vec<String> = buttons(&ext).into_iter().map(|(l, _)| l).collect();
    assert_eq!(labels, ["+5 min", "+10 min", "+15 min"]);
    // When someone not at the table presses +5, Then refused
    let outsider = TestUser::new(999, "Outsider");
    assert_eq!(
        press(&h, CHAT, &outsider, &ext, "tx:0.0.5").await,
        "You do not play at this table."
    );
    // When Anna proposes +5, Then the message asks the other side, Accept / Refuse
    let mark = h.fake.mark();
    assert_eq!(
        press(&h, CHAT, anna, &ext, "tx:0.0.5").await,
        "Proposal sent."
    );
    let edit = wait_for(&h, mark, "the proposal", |r| {
        r.method == "editmessagetext"
            && r.str_param("text")
                .is_some_and(|s| s.contains("asks for 5 more minutes"))
    })
    .await;
    assert!(edit.str_param("text").is_some_and(|s| s.contains("Anna")));
    // and Anna cannot accept her own proposal, nor propose again meanwhile
    assert_eq!(
        press(&h, CHAT, anna, &ext, "ty:0.0.1").await,
        "The other side answers your proposal."
    );
    assert_eq!(
        press(&h, CHAT, pep, &ext, "tx:0.0.10").await,
        "An extension is already waiting for an answer."
    );
    assert_eq!(ends(&h).await, (first_end, first_end));
    // When Pep accepts
    let mark = h.fake.mark();
    assert_eq!(
        press(&h, CHAT, pep, &ext, "ty:0.0.1").await,
        "⏱ 5 minutes added to the game."
    );
    // Then the table's limit and the game's end are 5 minutes later, and the board says so
    let later = first_end + 5 * MINUTE;
    assert_eq!(ends(&h).await, (later, later));
    wait_for(&h, mark, "the board's new time", |r| {
        ["text", "caption"].iter().any(|k| {
            r.str_param(k)
                .is_some_and(|s| s.contains("minutes of the game left"))
        })
    })
    .await;
    // and after the first limit the game is still in play (once the bots saw the time),
    h.advance_to(first_end + 500);
    h.wait_polls().await;
    let g = game(&h, &the_record(&h, CHAT).await).await;
    assert_eq!(g.status(), Status::Playing, "{:?}", g.last());
    // and a second before the new limit too,
    h.advance_to(later - 1000);
    h.wait_polls().await;
    let g = game(&h, &the_record(&h, CHAT).await).await;
    assert_eq!(g.status(), Status::Playing, "{:?}", g.last());
    // and it ends at the new limit (R6.3), no sooner.
    h.advance_to(later);
    let (g, seen) = finished(&h, Duration::from_secs(30)).await;
    assert!(ended_by_the_limit(&g), "{:?}", g.last());
    assert!(seen >= later, "ended at {seen}, the limit was {later}");
    assert!(
        g.stats().finished_ms >= later,
        "ended at {}, the limit was {later}",
        g.stats().finished_ms
    );
    // When a side presses +5 after the end, Then it is too late
    let late = press(&h, CHAT, anna, &ext, "tx:0.0.5").await;
    assert!(
        [
            "The game's time has already run out.",
            "This table's game is over."
        ]
        .contains(&late.as_str()),
        "{late}"
    );
    assert_eq!(ends(&h).await, (later, later));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn r10_5_a_refused_extension_keeps_the_original_end() {
    // Given a timed table (2 minutes) whose game has started
    let (h, people, ext) = timed_table().await;
    let (anna, pep) = (&people[0], &people[1]);
    let started = the_record(&h, CHAT).await.tables[0]
        .started_ms
        .expect("started");
    let first_end = started + 2 * MINUTE;
    // When Pep proposes +15 and Anna refuses
    assert_eq!(
        press(&h, CHAT, pep, &ext, "tx:0.0.15").await,
        "Proposal sent."
    );
    let mark = h.fake.mark();
    assert_eq!(
        press(&h, CHAT, anna, &ext, "ty:0.0.0").await,
        "The extension was refused: the game's time stays as it was."
    );
    // Then the buttons are offered again, the end has not moved,
    wait_for(&h, mark, "the buttons again", |r| {
        r.method == "editmessagetext"
            && r.str_param("text")
                .is_some_and(|s| s.contains("was refused"))
    })
    .await;
    assert_eq!(ends(&h).await, (first_end, first_end));
    // and answering again finds nothing waiting,
    assert_eq!(
        press(&h, CHAT, pep, &ext, "ty:0.0.1").await,
        "No extension is waiting for an answer."
    );
    // and the game ends at its first limit (well before 15 minutes more),
    h.advance_to(first_end);
    let (g, seen) = finished(&h, Duration::from_secs(30)).await;
    assert!(ended_by_the_limit(&g), "{:?}", g.last());
    assert!(
        (first_end..first_end + 5 * MINUTE).contains(&seen),
        "ended at {seen}, the limit was {first_end}"
    );
    // and once the table is decided, the extension buttons, which no longer apply, are
    // taken off the message.
    let id = i64::from(msg_id(&ext));
    wait_for(&h, 0, "the extension buttons taken off", |r| {
        r.method == "editmessagereplymarkup"
            && r.ok()
            && r.params["message_id"].as_i64() == Some(id)
    })
    .await;
    let shown = h.fake.message(CHAT, msg_id(&ext)).expect("the message");
    assert!(buttons(&shown).is_empty(), "{shown}");
}
