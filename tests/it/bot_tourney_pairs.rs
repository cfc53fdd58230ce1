//! Pairs tournaments in the chat (R6.2 with R10): a pairs sign-up (`/tournament pairs`),
//! partners made by an invitation (`/tournament partner` replying to the partner's message)
//! and its 🤝 Confirm button, singles paired at random at `/tournament start`, tables of two
//! pairs with partners opposite, played to the champion.
//!
//! The real bot (dispatcher and scheduler) against the fake Bot API over HTTP and a real
//! `redis-server`; nobody presses Ready, so the computer plays for the absent players once
//! a table's Ready deadline (90 s) is past: the test moves the bots' clock to it when
//! nothing else is left to happen (`Harness::step_clock`).

use crate::support;

use std::time::Duration;

use parxis::bot::core::settings::{ChatSettings, DiceMode, Display};
use parxis::bot::core::table::{Status, Table};
use parxis::bot::core::tourney::Stage;
use parxis::store::Place;
use parxis::tournament::{Member, TableResult};
use serde_json::Value;
use support::bot_harness::{CHAT, Harness, Options};
use support::fake_tg::{Recorded, TestUser, buttons, msg_id};
use support::tourney::{press, record, the_record, users, wait_for, wait_record, wait_within};

fn text_has(r: &Recorded, part: &str) -> bool {
    r.method == "sendmessage" && r.str_param("text").is_some_and(|s| s.contains(part))
}

/// `from` sends `/tournament partner` replying to a message of `to`; the invitation posted.
async fn invite(h: &Harness, from: &TestUser, to: &TestUser) -> Value {
    let theirs = h.fake.text(CHAT, to, "hola");
    let mut update = h.fake.command(CHAT, from, "/tournament partner");
    update["message"]["reply_to_message"] = theirs["message"].clone();
    let mark = h.fake.mark();
    h.fake.push_update(update);
    wait_for(h, mark, "the invitation", |r| {
        r.method == "sendmessage"
            && r.ok()
            && buttons(r.result())
                .iter()
                .any(|(_, d)| d.starts_with("tp:"))
    })
    .await
    .result()
    .clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn r10_a_four_pair_tournament_is_played_to_the_champion_with_partners_opposite() {
    // Given a group without topics, a 10 s turn timer and 8 people,
    let h = Harness::start(33).await;
    h.settings(ChatSettings {
        timer_secs: 10,
        dice: DiceMode::Auto,
        display: Display::Emoji,
        ..ChatSettings::default()
    })
    .await;
    let p = users(200, 8);
    // When a pairs tournament asks for tables of 2, Then the usage, and no record.
    let sent = h.command(&p[0], "/tournament pairs 2").await;
    assert!(
        sent.iter().any(|r| r
            .str_param("text")
            .is_some_and(|s| s.starts_with("Accepted:"))),
        "the usage is the answer"
    );
    assert!(record(&h, CHAT).await.is_none());
    // When P1 opens a pairs tournament, Then its sign-up says so.
    let mark = h.fake.mark();
    h.command(&p[0], "/tournament pairs").await;
    let signup = wait_for(&h, mark, "the sign-up", |r| {
        text_has(r, "A pairs tournament") && r.ok()
    })
    .await
    .result()
    .clone();
    let join = buttons(&signup)[0].1.clone();
    // When P1 asks for a partner without replying to anyone, Then told how, nothing changes.
    let before = record(&h, CHAT).await.expect("a record");
    let mark = h.fake.mark();
    h.command(&p[0], "/tournament partner").await;
    wait_for(&h, mark, "the how-to", |r| {
        text_has(r, "Reply to your partner's message")
    })
    .await;
    assert_eq!(record(&h, CHAT).await.expect("a record"), before);
    // When P1 invites P2 and P3 presses the Confirm, Then refused; When P2 confirms, Then
    // they are partners.
    let inv = invite(&h, &p[0], &p[1]).await;
    let confirm = buttons(&inv)[0].1.clone();
    assert_eq!(
        press(&h, CHAT, &p[2], &inv, &confirm).await,
        "There is no partner invitation for you here."
    );
    assert_eq!(
        press(&h, CHAT, &p[1], &inv, &confirm).await,
        "You are partners with P1."
    );
    // When P3 invites P4, P4 confirms, and then P4 leaves, Then the pair is broken and P3
    // stays in, single; P4 joins again, single.
    let inv = invite(&h, &p[2], &p[3]).await;
    let confirm = buttons(&inv)[0].1.clone();
    assert_eq!(
        press(&h, CHAT, &p[3], &inv, &confirm).await,
        "You are partners with P3."
    );
    let leave = buttons(&signup)[1].1.clone();
    assert_eq!(
        press(&h, CHAT, &p[3], &signup, &leave).await,
        "You left the tournament."
    );
    let t = record(&h, CHAT).await.expect("a record");
    assert_eq!(t.partner_of(p[2].id), None);
    assert_eq!(t.partner_of(p[0].id), Some(p[1].id));
    // When P4..P8 join single,
    for u in &p[3..] {
        assert_eq!(
            press(&h, CHAT, u, &signup, &join).await,
            "You are in the tournament."
        );
    }
    assert_eq!(record(&h, CHAT).await.expect("a record").signup.len(), 8);
    // and the host starts it, Then the 6 singles are paired at random (announced) and the
    // draw has 4 pairs, P1 & P2 among them.
    let mark = h.fake.mark();
    h.command(&p[0], "/tournament start").await;
    let random = wait_for(&h, mark, "the random pairs", |r| {
        text_has(r, "Paired at random: ")
    })
    .await;
    assert_eq!(
        random
            .str_param("text")
            .unwrap_or_default()
            .matches(" &amp; ")
            .count(),
        3,
        "{:?}",
        random.str_param("text")
    );
    wait_for(&h, mark, "the draw", |r| {
        r.method == "sendphoto"
            && r.str_param("caption")
                .is_some_and(|c| c.contains("4 entrants"))
    })
    .await;
    let t = record(&h, CHAT).await.expect("a record");
    let tn = t.tournament.clone().expect("drawn");
    assert!(tn.pairs());
    assert_eq!(tn.entrants().len(), 4);
    assert!(tn.entrants().iter().any(|e| e.name == "P1 & P2"));
    assert!(tn.entrants().iter().all(|e| e.members.len() == 2));
    // When it plays on with nobody pressing Ready,
    let deadline = tokio::time::Instant::now() + Duration::from_secs(240);
    let t = loop {
        let t = record(&h, CHAT).await.expect("a record");
        if t.stage == Stage::Finished {
            break t;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the tournament did not finish: {:?}\n{}",
            t.tournament.map(|x| x.rounds().to_vec()),
            h.fake.log_tail(15)
        );
        // (the Ready deadlines pass when the bots have nothing else to do)
        h.step_clock(1000).await;
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    // Then a champion pair, both rounds decided (2 tables of two pairs, then the final),
    let tn = t.tournament.as_ref().expect("drawn");
    let champion = tn.champion().expect("a champion");
    assert_eq!(tn.entrant(champion).expect("an entrant").members.len(), 2);
    assert_eq!(tn.rounds().len(), 2);
    assert_eq!(tn.rounds()[0].tables.len(), 2);
    for r in tn.rounds() {
        for slot in &r.tables {
            assert_eq!(slot.sides.len(), 2, "two pairs a table");
            assert!(matches!(
                slot.result,
                TableResult::Winner(_) | TableResult::RollOff { .. }
            ));
        }
    }
    // and each lane's last game (round 1's table 2, the final) was a pairs game of 4 with
    // partners opposite (seats 1 and 3, 2 and 4),
    for lane in [0, 1] {
        let game = h
            .store
            .load::<Table>(Place::in_lane(CHAT, lane))
            .await
            .expect("redis")
            .expect("a game in the lane");
        assert_eq!(game.state.status(), Status::Finished);
        assert!(game.state.pairs());
        let ids: Vec<i64> = game.state.players().iter().map(|x| x.id).collect();
        assert_eq!(ids.len(), 4);
        let entrant_of = |id: i64| {
            tn.entrants()
                .iter()
                .position(|e| e.members.contains(&Member::Human(id)))
                .expect("an entrant's member")
        };
        assert_eq!(
            entrant_of(ids[0]),
            entrant_of(ids[2]),
            "lane {lane}: {ids:?}"
        );
        assert_eq!(
            entrant_of(ids[1]),
            entrant_of(ids[3]),
            "lane {lane}: {ids:?}"
        );
        assert_ne!(entrant_of(ids[0]), entrant_of(ids[1]));
    }
    // and the champion is announced once (posted after the record says finished).
    let champion_name = &tn.entrant(champion).expect("an entrant").name;
    // (Its bracket picture is painted first: slow in a debug build on a busy machine.)
    wait_within(
        &h,
        Duration::from_secs(60),
        0,
        "the champion's bracket",
        |r| {
            r.method == "sendphoto"
                && r.str_param("caption")
                    .is_some_and(|c| c.contains("is the champion"))
        },
    )
    .await;
    let log = h.fake.requests();
    let said = log
        .iter()
        .filter(|r| {
            r.str_param("caption")
                .is_some_and(|c| c.contains("is the champion"))
        })
        .count();
    assert_eq!(said, 1);
    let history = h.store.tourney_history(CHAT).await.expect("redis");
    assert!(
        history[0].contains(champion_name.as_str()),
        "{}",
        history[0]
    );
}

/// Move the clock on (to what is due next, once the bots are idle) until `done` holds.
async fn until(h: &Harness, what: &str, done: impl Fn(&Harness) -> bool) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while !done(h) {
        assert!(
            tokio::time::Instant::now() < deadline,
            "never {what}:\n{}",
            h.fake.log_tail(10)
        );
        if !h.step_clock(1).await {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
}

fn invitation(r: &Recorded) -> bool {
    r.method == "sendmessage"
        && r.ok()
        && buttons(r.result())
            .iter()
            .any(|(_, d)| d.starts_with("tp:"))
}

fn buttons_off(id: i32) -> impl Fn(&Recorded) -> bool {
    move |r: &Recorded| {
        r.method == "editmessagereplymarkup"
            && r.ok()
            && r.params["message_id"].as_i64() == Some(i64::from(id))
    }
}

/// `from` sends `/tournament partner` replying to a message of `to` (not waiting for it).
fn push_invite(h: &Harness, from: &TestUser, to: &TestUser) {
    let theirs = h.fake.text(CHAT, to, "hola");
    let mut update = h.fake.command(CHAT, from, "/tournament partner");
    update["message"]["reply_to_message"] = theirs["message"].clone();
    h.fake.push_update(update);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invitation_that_stops_waiting_loses_its_button_within_the_chats_write_budget() {
    // Given a group whose write budget is 6 writes a minute spread evenly (one every 10.5 s
    // of the bots' clock), a pairs sign-up there and P1's invitation of P2 (its message on
    // record), everything planned so far made,
    let budget = (6, 60_000);
    let h = Harness::start_with(
        35,
        Options {
            write_budget: budget,
            ..Options::default()
        },
    )
    .await;
    let p = users(200, 3);
    let mark = h.fake.mark();
    h.fake
        .push_update(h.fake.command(CHAT, &p[0], "/tournament pairs"));
    wait_for(&h, mark, "the sign-up", |r| {
        text_has(r, "A pairs tournament")
    })
    .await;
    let mark = h.fake.mark();
    push_invite(&h, &p[0], &p[1]);
    until(&h, "the first invitation", |h| {
        h.fake.requests_since(mark).iter().any(invitation)
    })
    .await;
    let first = h
        .fake
        .requests_since(mark)
        .into_iter()
        .find(invitation)
        .expect("the invitation")
        .result()
        .clone();
    let first_id = msg_id(&first);
    wait_record(&h, CHAT, "the first invitation recorded", |t| {
        t.invite_msgs.iter().any(|m| m.msg == first_id)
    })
    .await;
    let mut raw = h.redis.raw().await;
    let outbox = parxis::store::keys::outbox(CHAT);
    loop {
        let planned: u64 = redis::cmd("HLEN")
            .arg(&outbox)
            .query_async(&mut raw)
            .await
            .expect("hlen");
        if planned == 0 {
            break;
        }
        if !h.step_clock(1).await {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
    // and the budget used up for now (the last write took the last free one),
    let pace = parxis::store::Pace::even(budget.0, budget.1 + budget.1 / 20);
    let free_at = h
        .store
        .outbox_take_more(CHAT, h.now_ms(), pace)
        .await
        .expect("redis");
    assert!(
        free_at.is_some_and(|at| at > h.now_ms() + 1_000),
        "{free_at:?}"
    );
    // When P1 invites P3 instead,
    let used_up = h.fake.mark();
    push_invite(&h, &p[0], &p[2]);
    // Then the first invitation's button is planned to come off (it left the record's
    // stale list for the outbox), and nothing is written while the budget is used up,
    let slot = format!("s:{first_id}");
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let planned: bool = redis::cmd("HEXISTS")
            .arg(&outbox)
            .arg(&slot)
            .query_async(&mut raw)
            .await
            .expect("hexists");
        if planned && the_record(&h, CHAT).await.stale_msgs.is_empty() {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the strip never planned"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    h.wait_polls().await;
    let written: Vec<String> = h
        .fake
        .requests_since(used_up)
        .iter()
        .filter(|r| r.method.starts_with("send") || r.method.starts_with("edit"))
        .map(|r| r.method.clone())
        .collect();
    assert!(
        written.is_empty(),
        "written with the budget used up: {written:?}"
    );
    // and as the clock lets writes go again, the second invitation goes first and the first
    // one's Confirm button comes off after it.
    until(&h, "the first invitation's button off", |h| {
        h.fake
            .requests_since(used_up)
            .iter()
            .any(buttons_off(first_id))
    })
    .await;
    let since = h.fake.requests_since(used_up);
    let strip = since
        .iter()
        .position(buttons_off(first_id))
        .expect("the strip");
    let second = since
        .iter()
        .position(invitation)
        .expect("the second invitation");
    assert!(second < strip, "the strip went before the invitation");
    let second = since[second].result().clone();
    let shown = h.fake.message(CHAT, first_id).expect("the message");
    assert!(buttons(&shown).is_empty(), "{shown}");
    // The second one keeps its button, until the host cancels the sign-up.
    wait_record(&h, CHAT, "the second invitation recorded", |t| {
        t.invite_msgs.iter().any(|m| m.msg == msg_id(&second))
    })
    .await;
    let shown = h.fake.message(CHAT, msg_id(&second)).expect("the message");
    assert_eq!(buttons(&shown).len(), 1, "{shown}");
    let mark = h.fake.mark();
    h.fake
        .push_update(h.fake.command(CHAT, &p[0], "/tournament cancel"));
    until(&h, "the second invitation's button off", |h| {
        h.fake
            .requests_since(mark)
            .iter()
            .any(buttons_off(msg_id(&second)))
    })
    .await;
}
