//! Tournaments in the chat (R10): sign-up by button, the draw, each table an ordinary game
//! of the bot (in a forum topic of its own, or in the group one after another), winners
//! into the bracket once per table, the champion; a restart in the middle; a table decided
//! at its time limit.
//!
//! The real bot (dispatcher and scheduler) against the fake Bot API over HTTP and a real
//! `redis-server`. The tables' Ready deadline (90 s), turn timers and time limits have their
//! true lengths: the test moves the bots' clock to the next thing due when nothing else is
//! left to happen (`Harness::step_clock`), or to a game's limit; the players who never press
//! Ready are absent, so the computer plays for them.

use crate::support;

use std::collections::BTreeSet;
use std::time::Duration;

use parxis::bot::core::settings::{ChatSettings, DiceMode, Display};
use parxis::bot::core::table::{Event, Status, Table};
use parxis::bot::core::tourney::{Stage, Tourney};
use parxis::store::Place;
use parxis::tournament::TableResult;
use serde_json::Value;
use support::bot_harness::{CHAT, Harness};
use support::fake_tg::{Recorded, TestUser, buttons};
use support::tourney::{press, record, users, wait_for, wait_within};

/// The last message the bot sent (in `requests`) with a button whose data starts `prefix`.
fn sent_with_button(requests: &[Recorded], prefix: &str) -> Option<Value> {
    requests
        .iter()
        .filter(|r| r.method == "sendmessage" && r.ok())
        .map(|r| r.result().clone())
        .rfind(|m| buttons(m).iter().any(|(_, d)| d.starts_with(prefix)))
}

/// A group without topics, with emoji boards and computer turns 300 ms apart (so games stay
/// open for a while).
async fn slow_plain_group(seed: u64) -> Harness {
    let mut h = Harness::start(seed).await;
    h.stop_bots().await;
    h.pause = Duration::from_millis(300);
    h.spawn_bot().await;
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
    let sent = wait_for(h, mark, "the sign-up", |r| {
        sent_with_button(std::slice::from_ref(r), "tj:").is_some()
    })
    .await;
    let signup = sent.result().clone();
    for u in &people[1..] {
        let answer = press(h, CHAT, u, &signup, &buttons(&signup)[0].1).await;
        assert_eq!(answer, "You are in the tournament.");
    }
    // A second Join by the same person is refused and changes nothing.
    let again = press(h, CHAT, &people[1], &signup, &buttons(&signup)[0].1).await;
    assert_eq!(again, "You are already in the tournament.");
    let t = record(h, CHAT).await.expect("a record");
    assert_eq!(t.signup.len(), people.len());
    let mark = h.fake.mark();
    h.command(&people[0], "/tournament start").await;
    // Then the bracket is posted as a picture, the draw told in its caption.
    wait_for(h, mark, "the bracket", |r| {
        r.method == "sendphoto"
            && r.ok()
            && r.str_param("caption")
                .is_some_and(|c| c.contains("The draw is made</b>"))
    })
    .await;
}

/// Wait (polling Redis) until the tournament is over, noting the most tables whose games
/// were in play at the same time; `midway` runs once, when round 2 has been drawn. Time
/// moves on when nothing else can happen: to the end of the games in play that have a time
/// limit, else (the bots idle) to the next thing due a second or more away (a Ready
/// deadline, a turn timer).
async fn play_out(h: &mut Harness, limit: Duration, restart_midway: bool) -> (Tourney, usize) {
    let deadline = tokio::time::Instant::now() + limit;
    let mut most_at_once = 0;
    let mut restarted = !restart_midway;
    loop {
        let t = record(h, CHAT).await.expect("a record");
        if t.stage == Stage::Finished {
            return (t, most_at_once);
        }
        let mut playing = 0;
        let mut limits = Vec::new();
        for p in &t.tables {
            let place = Place {
                chat: CHAT,
                topic: p.topic,
            };
            let game = h.store.load::<Table>(place).await.ok().flatten();
            if let Some(g) = game.filter(|g| g.state.status() == Status::Playing) {
                playing += 1;
                limits.extend(g.state.ends_ms());
            }
        }
        most_at_once = most_at_once.max(playing);
        match limits.iter().max() {
            Some(&end) if end > h.now_ms() => {
                if h.is_idle().await {
                    h.advance_to(end);
                }
            }
            _ => {
                h.step_clock(1000).await;
            }
        }
        let rounds = t.tournament.as_ref().map_or(0, |x| x.rounds().len());
        if !restarted && rounds >= 2 {
            // Given round 2 drawn, When every bot process stops and a new one starts,
            // Then the tournament goes on from Redis.
            h.stop_bots().await;
            h.spawn_bot().await;
            restarted = true;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the tournament did not finish: {:?}\n{}",
            t.tournament.map(|x| x.rounds().to_vec()),
            h.fake.log_tail(15)
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn r10_an_eight_entrant_tournament_of_two_seat_tables_in_a_forum_is_played_to_its_champion_across_a_restart()
 {
    // Given a forum supergroup, a 10 s turn timer, and 8 people,
    let mut h = Harness::start(15).await;
    h.settings(ChatSettings {
        timer_secs: 10,
        dice: DiceMode::Auto,
        display: Display::Emoji,
        ..ChatSettings::default()
    })
    .await;
    h.fake.open_topic(CHAT, "Chat");
    let people = users(100, 8);
    // When the host opens a tournament of 2-seat tables, 7 join and the host starts it,
    sign_up_and_draw(&h, &people, "2").await;
    // Then each of the 4 tables of round 1 is called in a topic of its own,
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    let t = loop {
        let t = record(&h, CHAT).await.expect("a record");
        if t.tables.len() == 4 && t.tables.iter().all(|p| p.call_msg.is_some()) {
            break t;
        }
        assert!(tokio::time::Instant::now() < deadline, "tables not called");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let topics: BTreeSet<i32> = t.tables.iter().filter_map(|p| p.topic).collect();
    assert_eq!(topics.len(), 4, "one topic per table");
    // When both players of table 1 press Ready (someone else's press is refused),
    let first = &t.tables[0];
    let call = h
        .fake
        .message(CHAT, first.call_msg.expect("a call"))
        .expect("the call message");
    let people_there = t.people_at(first.at);
    let outsider = people
        .iter()
        .find(|u| !people_there.contains(&u.id))
        .expect("someone else");
    let data = buttons(&call)[0].1.clone();
    assert_eq!(
        press(&h, CHAT, outsider, &call, &data).await,
        "You do not play at this table."
    );
    for id in &people_there {
        let u = people.iter().find(|u| u.id == *id).expect("a player");
        assert_eq!(press(&h, CHAT, u, &call, &data).await, "You are ready.");
    }
    // Then its game starts at once, before the others' Ready deadline.
    let game = h
        .store
        .load::<Table>(Place::of_topic(CHAT, first.topic.expect("a topic")))
        .await
        .expect("redis")
        .expect("table 1's game");
    assert_eq!(game.state.status(), Status::Playing);
    assert!(
        game.state.players().iter().all(|p| !p.absent),
        "both were ready"
    );
    // When the tournament plays on, with a restart once round 2 is drawn,
    let (t, most_at_once) = play_out(&mut h, Duration::from_secs(150), true).await;
    // Then there is a champion, every table was decided, several played at once,
    let tn = t.tournament.as_ref().expect("drawn");
    let champion = tn.champion().expect("a champion");
    assert_eq!(tn.rounds().len(), 3, "8 → 4 → 2 → 1");
    for r in tn.rounds() {
        for slot in &r.tables {
            assert!(matches!(
                slot.result,
                TableResult::Winner(_) | TableResult::RollOff { .. }
            ));
        }
    }
    assert!(
        most_at_once >= 2,
        "tables of a round play at once ({most_at_once})"
    );
    // each of the 7 tables had its own topic and its result was posted once with the bracket
    // (the champion's last, once the record says finished),
    wait_for(&h, 0, "the champion's bracket", |r| {
        r.method == "sendphoto"
            && r.str_param("caption")
                .is_some_and(|c| c.contains("is the champion"))
    })
    .await;
    let log = h.fake.requests();
    let created: Vec<String> = log
        .iter()
        .filter(|r| r.method == "createforumtopic" && r.ok())
        .map(|r| format!("{} {}", r.index, r.str_param("name").unwrap_or_default()))
        .collect();
    assert_eq!(created.len(), 7, "{created:?}");
    let home_photos: Vec<String> = log
        .iter()
        .filter(|r| r.method == "sendphoto" && r.thread_id().is_none() && r.ok())
        .map(|r| {
            r.str_param("caption")
                .unwrap_or_default()
                .lines()
                .next()
                .unwrap_or_default()
                .to_owned()
        })
        .collect();
    assert_eq!(
        home_photos.len(),
        1 + 7,
        "the draw's bracket, then one per decided table: {home_photos:#?}\n{:#?}",
        log.iter()
            .filter(|r| r.method == "sendphoto")
            .map(|r| (
                r.index,
                r.thread_id(),
                r.ok(),
                r.str_param("caption")
                    .map(|c| c.chars().take(60).collect::<String>())
            ))
            .collect::<Vec<_>>()
    );
    let champion_posts = log
        .iter()
        .filter(|r| {
            r.str_param("caption")
                .is_some_and(|c| c.contains("is the champion"))
        })
        .count();
    assert_eq!(champion_posts, 1);
    // and the chat's history records the champion.
    let history = h.store.tourney_history(CHAT).await.expect("redis");
    assert_eq!(history.len(), 1);
    let champion_name = &tn.entrant(champion).expect("an entrant").name;
    assert!(
        history[0].contains(champion_name.as_str()),
        "{}",
        history[0]
    );
    // and the champion's /stats card counts the tournament won.
    let member = tn
        .entrant(champion)
        .and_then(|e| e.members.first().cloned());
    let Some(parxis::tournament::Member::Human(id)) = member else {
        panic!("a person is the champion: {member:?}");
    };
    let user = users(100, 8)
        .into_iter()
        .find(|u| u.id == id)
        .expect("a test user");
    // (the reply may wait its turn behind the tournament's last posts: 20 a minute a group)
    let mark = h.fake.mark();
    h.fake.push_update(h.fake.command(CHAT, &user, "/stats"));
    let card = wait_within(
        &h,
        Duration::from_secs(75),
        mark,
        "the champion's card",
        |r| {
            r.method == "sendmessage"
                && r.str_param("text")
                    .is_some_and(|t| t.contains(" in this chat"))
        },
    )
    .await;
    let text = card.str_param("text").unwrap_or_default();
    assert!(text.contains("Tournaments won in this chat: 1"), "{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn r6_3_tournament_tables_in_a_plain_group_play_at_once_in_lanes_and_end_at_their_time_limit()
{
    // Given a group without topics and computer turns slow enough (300 ms apart) that a game
    // cannot end within a second (its limit, 1 minute, comes when the clock is moved),
    let mut h = slow_plain_group(16).await;
    let people = users(100, 4);
    // When /tournament gets an argument it does not take, Then the accepted ones, no record.
    let sent = h.command(&people[0], "/tournament 3").await;
    assert!(
        sent.iter().any(|r| r
            .str_param("text")
            .is_some_and(|s| s.starts_with("Accepted: /tournament"))),
        "the usage is the answer"
    );
    assert!(record(&h, CHAT).await.is_none());
    // When a 4-entrant tournament of 2-seat tables with a 1-minute limit is drawn and nobody
    // presses Ready,
    sign_up_and_draw(&h, &people, "2 1m").await;
    let (t, most_at_once) = play_out(&mut h, Duration::from_secs(60), false).await;
    // Then the two tables of round 1 played at once, each in a lane of the group,
    assert!(most_at_once >= 2, "at once: {most_at_once}");
    let lanes: BTreeSet<Option<u16>> = t
        .tables
        .iter()
        .map(|p| {
            Place {
                chat: CHAT,
                topic: p.topic,
            }
            .lane()
        })
        .collect();
    assert_eq!(lanes, BTreeSet::from([Some(0), Some(1)]), "lanes 0 and 1");
    // and every game ended at its limit (R6.3): round 1's second table in lane 1, the final
    // in lane 0,
    for lane in [0, 1] {
        let game = h
            .store
            .load::<Table>(Place::in_lane(CHAT, lane))
            .await
            .expect("redis")
            .expect("a game in the lane");
        assert_eq!(game.state.status(), Status::Finished);
        assert!(
            game.state
                .last()
                .iter()
                .any(|e| matches!(e, Event::TimeUp { .. })),
            "lane {lane} ended by the time limit: {:?}",
            game.state.last()
        );
    }
    // and each result (a winner, or a roll-off of a draw) went through to the champion.
    let tn = t.tournament.expect("drawn");
    assert!(tn.champion().is_some());
    for r in tn.rounds() {
        for slot in &r.tables {
            assert_eq!(slot.limit_minutes, Some(1));
            assert!(matches!(
                slot.result,
                TableResult::Winner(_) | TableResult::RollOff { .. }
            ));
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_replaces_an_entrant_advances_a_table_by_hand_with_a_reason_and_cancels() {
    // Given a group without topics and slow computer turns (games stay open),
    let h = slow_plain_group(17).await;
    let people = users(100, 4);
    sign_up_and_draw(&h, &people, "2").await;
    let t = record(&h, CHAT).await.expect("a record");
    let tn = t.tournament.clone().expect("drawn");
    // When someone else asks for a host's power, Then refused, nothing changes.
    let mark = h.fake.mark();
    h.command(&people[1], "/tournament cancel").await;
    wait_for(&h, mark, "the answer", |r| {
        r.str_param("text")
            .is_some_and(|s| s.contains("Only the player who opened"))
    })
    .await;
    assert_eq!(
        record(&h, CHAT).await.expect("a record").stage,
        Stage::Running
    );
    // When the host replaces the 3rd of the draw, Then a computer plays for that entrant.
    let side = tn.draw_order()[2];
    let mark = h.fake.mark();
    h.command(&people[0], "/tournament replace 3").await;
    wait_for(&h, mark, "the answer", |r| {
        r.str_param("text")
            .is_some_and(|s| s.contains("is played by the computer"))
    })
    .await;
    let t = record(&h, CHAT).await.expect("a record");
    let members = &t.tournament.as_ref().expect("drawn").entrants()[usize::from(side)].members;
    assert!(matches!(
        members[0],
        parxis::tournament::Member::Computer(_)
    ));
    // When table 1's game is under way (nobody pressed Ready: it starts at its Ready
    // deadline) and the host advances its 2nd side by hand,
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    let play = loop {
        let t = record(&h, CHAT).await.expect("a record");
        if let Some(p) = t.tables.first().filter(|p| p.started_ms.is_some()) {
            break p.clone();
        }
        if let Some(p) = t.tables.first() {
            h.advance_to(p.ready_by_ms);
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "table 1 never started"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let mark = h.fake.mark();
    h.command(&people[0], "/tournament advance 1 2 did not come")
        .await;
    // Then the table is decided by hand with the reason, posted with the bracket,
    wait_for(&h, mark, "the result", |r| {
        r.method == "sendphoto"
            && r.str_param("caption")
                .is_some_and(|c| c.contains("put through by the host: did not come"))
    })
    .await;
    let t = record(&h, CHAT).await.expect("a record");
    let tn = t.tournament.as_ref().expect("drawn");
    let slot = tn.table(play.at).expect("table 1");
    assert_eq!(
        slot.result,
        TableResult::ByHand {
            winner: slot.sides[1],
            reason: "did not come".into()
        }
    );
    // and its game is called off.
    let place = Place {
        chat: CHAT,
        topic: play.topic,
    };
    let game = h
        .store
        .load::<Table>(place)
        .await
        .expect("redis")
        .expect("a game");
    assert_eq!(game.state.status(), Status::Cancelled);
    // When the host cancels the tournament, Then it is over, nothing is due any more, and
    // the games still being played are called off.
    let mark = h.fake.mark();
    h.command(&people[0], "/tournament cancel").await;
    wait_for(&h, mark, "the answer", |r| {
        r.str_param("text")
            .is_some_and(|s| s.contains("The tournament was cancelled."))
    })
    .await;
    let t = record(&h, CHAT).await.expect("a record");
    assert_eq!(t.stage, Stage::Cancelled);
    // (A post still under way when it was cancelled is finished first: wait for it.)
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    loop {
        let due = h.store.due_tourneys(u64::MAX, 10).await.expect("redis");
        if !due.contains(&CHAT) {
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "still due: {due:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(
        record(&h, CHAT)
            .await
            .expect("a record")
            .unposted
            .is_empty()
    );
    for p in t.tables.iter().filter(|p| p.started_ms.is_some()) {
        let place = Place {
            chat: CHAT,
            topic: p.topic,
        };
        let game = h
            .store
            .load::<Table>(place)
            .await
            .expect("redis")
            .expect("a game");
        assert_ne!(game.state.status(), Status::Playing, "{:?}", p.at);
    }
}
