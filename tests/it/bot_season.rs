//! Seasons and leagues in the chat (issue 54): a whole 8-week league of 10 members run on
//! the test clock by the real bot against the fake Bot API and a real `redis-server`:
//! sign-up by button, each week's tables drawn and announced with their lobbies, tables
//! played (one to its end, the others ended at the week's end as at a time limit), one
//! table left unplayed (its forfeits), the standings after every week checked against a
//! ledger kept from the games alone, a restart in the middle of a week, the champion with
//! the trophy, the achievement and the archive; and the writes of each week counted
//! against the chat's budget.

use crate::support;

use std::collections::BTreeMap;
use std::time::Duration;

use parxis::bot::core::season::SeasonRec;
use parxis::bot::core::settings::{ChatSettings, Display};
use parxis::bot::core::table::{Status, Table};
use parxis::season::standings::unplayed;
use parxis::season::{Fixture, Phase};
use parxis::stats::Player as SeatPlayer;
use parxis::stats::points::{Points, seat_points};
use parxis::store::Place;
use serde_json::Value;
use support::bot_harness::{CHAT, Harness, Options};
use support::fake_tg::{Recorded, buttons};
use support::redis::ClusterSet;
use support::tourney::{press, users, wait_for, wait_within};

/// Long enough for the bots to work through a week's end on a loaded machine.
const WAIT: Duration = Duration::from_secs(60);

async fn season(h: &Harness) -> SeasonRec {
    h.store
        .load_season::<SeasonRec>(CHAT)
        .await
        .expect("redis")
        .expect("a season")
        .state
}

async fn wait_season(h: &Harness, what: &str, pred: impl Fn(&SeasonRec) -> bool) -> SeasonRec {
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let s = season(h).await;
        if pred(&s) {
            return s;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "never {what}: {:?} todo {:?} lobbies {:?}\n{}",
            s.season.phase,
            s.todo,
            s.lobbies,
            h.fake.log_tail(12)
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The sign-up message the bot sent since `mark` (its Join button `sj:`).
async fn signup_message(h: &Harness, mark: usize) -> Value {
    let sent = wait_for(h, mark, "the sign-up", |r| {
        r.method == "sendmessage"
            && r.ok()
            && buttons(r.result())
                .iter()
                .any(|(_, d)| d.starts_with("sj:"))
    })
    .await;
    sent.result().clone()
}

/// The message the fake holds with the button `data`.
fn message_with(h: &Harness, data: &str) -> Value {
    h.fake
        .messages(CHAT)
        .into_iter()
        .rfind(|m| buttons(m).iter().any(|(_, d)| d == data))
        .unwrap_or_else(|| panic!("no message with {data}\n{}", h.fake.log_tail(10)))
}

/// The game stored at a table's place.
async fn game_at(h: &Harness, topic: Option<i32>) -> Option<Table> {
    h.store
        .load::<Table>(Place { chat: CHAT, topic })
        .await
        .expect("redis")
        .map(|v| v.state)
}

/// Points and wins of a finished game, by user (what the ledger adds up).
fn results(t: &Table) -> Vec<(i64, Points, bool)> {
    let record = t.game_record(CHAT, None).expect("a finished game");
    record
        .seats
        .iter()
        .zip(seat_points(&record))
        .filter_map(|(s, p)| match s.player {
            SeatPlayer::Human { id, .. } => Some((id, p, s.won)),
            _ => None,
        })
        .collect()
}

const WRITES: [&str; 8] = [
    "sendmessage",
    "editmessagetext",
    "editmessagereplymarkup",
    "editmessagecaption",
    "sendphoto",
    "deletemessage",
    "createforumtopic",
    "editmessagemedia",
];

fn writes(rs: &[Recorded]) -> usize {
    rs.iter()
        .filter(|r| r.chat_id() == Some(CHAT) && WRITES.contains(&r.method.as_str()))
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_eight_week_league_of_ten_is_drawn_played_settled_and_crowned_across_a_restart() {
    // Given a group without topics, emoji boards, a 10 s turn timer, and 10 people,
    let mut h = Harness::start(54).await;
    h.settings(ChatSettings {
        display: Display::Emoji,
        timer_secs: 10,
        ..ChatSettings::default()
    })
    .await;
    let people = users(5400, 10);
    // When the first opens a league of 8 weeks at tables of 4, ranked from 2 games,
    let mark = h.fake.mark();
    h.command(&people[0], "/season league 8 x4 min2").await;
    let signup = signup_message(&h, mark).await;
    let join = buttons(&signup)[0].1.clone();
    for u in &people[1..] {
        assert_eq!(
            press(&h, CHAT, u, &signup, &join).await,
            "You are in the season."
        );
    }
    // (a second Join is refused and changes nothing; a stranger cannot start it)
    assert_eq!(
        press(&h, CHAT, &people[1], &signup, &join).await,
        "You are already in the season."
    );
    assert_eq!(season(&h).await.season.members.len(), 10);
    h.command(&people[3], "/season start").await;
    assert_eq!(season(&h).await.season.phase, Phase::SignUp);
    // and starts it,
    let mark = h.fake.mark();
    h.command(&people[0], "/season start").await;
    wait_for(&h, mark, "week 1 announced", |r| {
        r.method == "sendmessage"
            && r.str_param("text")
                .is_some_and(|t| t.contains("Week 1 of 8"))
    })
    .await;
    let mut ledger: BTreeMap<i64, (i64, u32, u32)> = BTreeMap::new();
    let mut week_writes = Vec::new();
    let mut finished_normally = false;
    for week in 0..8u8 {
        let week_mark = h.fake.mark();
        // Then the week's tables are drawn and each gets its lobby, its players mentioned,
        let s = wait_season(&h, "the week's lobbies", |s| {
            s.week() == Some(week)
                && s.todo.is_empty()
                && s.lobbies.len() == 3
                && s.lobbies.iter().all(|l| l.msg.is_some())
        })
        .await;
        let day = s.season.matchdays[usize::from(week)].clone();
        assert_eq!(
            day.tables.iter().map(Vec::len).collect::<Vec<_>>(),
            vec![4, 3, 3]
        );
        if week == 3 {
            // A restart in the middle of a week changes nothing.
            h.stop_bots().await;
            h.spawn_bot().await;
            assert_eq!(season(&h).await, s);
        }
        let unplayed_table = (week == 2).then_some(1);
        for (t, seats) in day.tables.iter().enumerate() {
            let lobby = s.lobby(week, t).expect("placed").clone();
            let data = format!("sh:{}:{week}.{t}", s.id);
            let msg = message_with(&h, &data);
            let text = msg["text"].as_str().unwrap_or_default();
            for &m in seats {
                assert!(text.contains(&s.season.members[m].name), "{text}");
            }
            // (someone from another table cannot come to this one)
            let stranger = people
                .iter()
                .find(|u| s.season.member(u.id).is_some_and(|m| !seats.contains(&m)))
                .expect("a stranger");
            assert_eq!(
                press(&h, CHAT, stranger, &msg, &data).await,
                "You are not in this season, or not at this table."
            );
            let comers: Vec<usize> = if unplayed_table == Some(t) {
                seats[..1].to_vec()
            } else {
                seats.clone()
            };
            for &m in &comers {
                let u = people
                    .iter()
                    .find(|u| u.id == s.season.members[m].user)
                    .expect("user");
                let answer = press(&h, CHAT, u, &msg, &data).await;
                assert!(answer.starts_with("You are at the table"), "{answer}");
            }
            if unplayed_table != Some(t) {
                // everyone came: the table's game starts in its own lane,
                wait_season(&h, "the table started", |s| {
                    s.lobby(week, t).is_some_and(|l| l.started_ms.is_some())
                })
                .await;
                let game = game_at(&h, lobby.topic).await.expect("a game");
                assert_eq!(game.players().len(), seats.len());
            }
        }
        if week == 0 {
            // One table is played to its end (the turn timer then the computers play for
            // the players who never press), and counts at once.
            let topic = s.lobby(0, 2).and_then(|l| l.topic);
            let deadline = tokio::time::Instant::now() + Duration::from_secs(240);
            loop {
                let g = game_at(&h, topic).await.expect("a game");
                if g.status() == Status::Finished {
                    break;
                }
                h.step_clock(1000).await;
                assert!(
                    tokio::time::Instant::now() < deadline,
                    "the table never finished"
                );
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            wait_season(&h, "the finished table counted", |s| {
                matches!(s.season.matchdays[0].fixtures[2], Fixture::Played)
            })
            .await;
            finished_normally = true;
        }
        // When the week's end comes (20:00 in the chat's zone),
        let end = s.ends[usize::from(week)];
        h.advance_to(end - 2 * 24 * 3_600_000);
        if week == 2 {
            // two days before it, the reminder names the table still to play.
            wait_for(&h, week_mark, "the reminder", |r| {
                r.method == "sendmessage"
                    && r.str_param("text")
                        .is_some_and(|t| t.contains("Two days left"))
            })
            .await;
        }
        h.advance_to(end);
        // Then the week is settled: the games still in play end there, the unplayed table
        // is forfeited, the recap is posted,
        let after = wait_season(&h, "the week settled", |s| {
            s.week() != Some(week)
                && (s.todo.is_empty() || s.season.phase == Phase::Finished && s.todo.is_empty())
        })
        .await;
        let settled = &after.season.matchdays[usize::from(week)];
        for (t, seats) in settled.tables.iter().enumerate() {
            let users_at: Vec<i64> = seats
                .iter()
                .map(|&m| after.season.members[m].user)
                .collect();
            match &settled.fixtures[t] {
                Fixture::Played => {
                    let topic = s.lobby(week, t).and_then(|l| l.topic);
                    let g = game_at(&h, topic).await.expect("the game");
                    assert_eq!(g.status(), Status::Finished);
                    for (user, p, won) in results(&g) {
                        let e = ledger.entry(user).or_default();
                        e.0 += p.0;
                        e.1 += 1;
                        e.2 += u32::from(won);
                    }
                }
                Fixture::Forfeited { came } => {
                    assert_eq!(unplayed_table, Some(t));
                    for ((user, p), &c) in users_at.iter().zip(unplayed(came)).zip(came) {
                        let e = ledger.entry(*user).or_default();
                        e.0 += p.0;
                        e.1 += u32::from(c);
                    }
                }
                Fixture::Open { .. } => panic!("week {week} table {t} left open"),
            }
        }
        // and the standings after the week equal the ledger kept from the games alone.
        for row in after.season.standings() {
            let user = after.season.members[row.member].user;
            let (points, games, wins) = ledger.get(&user).copied().unwrap_or_default();
            assert_eq!(
                (row.points.0, row.games, row.wins),
                (points, games, wins),
                "week {week}, {user}"
            );
        }
        wait_for(&h, week_mark, "the recap", |r| {
            r.method == "sendphoto"
                && r.str_param("caption")
                    .is_some_and(|c| c.contains(&format!("Week {} of 8 is over", week + 1)))
        })
        .await;
        week_writes.push(writes(&h.fake.requests_since(week_mark)));
    }
    assert!(finished_normally);
    // Then the champion gets the trophy, the achievement, and the season is kept.
    let s = wait_season(&h, "the season crowned", |s| {
        s.season.phase == Phase::Finished && s.todo.is_empty()
    })
    .await;
    let champions = s.season.champions();
    assert!(!champions.is_empty());
    let name = &s.season.members[champions[0]].name;
    let trophy = h
        .fake
        .requests()
        .into_iter()
        .rfind(|r| {
            r.method == "sendphoto"
                && r.str_param("caption").is_some_and(|c| {
                    c.contains("wins the league") || c.contains("share the league")
                })
        })
        .expect("the champion's trophy");
    assert!(
        trophy
            .str_param("caption")
            .unwrap_or_default()
            .contains(name.as_str())
    );
    let past = h.store.past_seasons(CHAT).await.expect("redis");
    assert_eq!(past.len(), 1);
    assert!(past[0].contains(name.as_str()));
    let mark = h.fake.mark();
    h.command(&people[0], "/season past").await;
    wait_for(&h, mark, "the past seasons", |r| {
        r.method == "sendmessage"
            && r.str_param("text")
                .is_some_and(|t| t.contains("Past seasons") && t.contains(name.as_str()))
    })
    .await;
    // Nothing was refused for flooding (the outbox spends the chat's budget of 20 writes a
    // minute), and a week of the league costs about a minute's budget: its lobbies, their
    // ✋ edits, the boards of its games started and ended, the reminder and the recap.
    // Week 1's count also holds a whole game's board edits.
    assert!(h.fake.requests().iter().all(|r| r.status != 429));
    println!("writes to the chat per week: {week_writes:?}");
    assert!(week_writes[1..].iter().all(|&n| n <= 30), "{week_writes:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forum_league_gives_each_table_a_topic_and_its_game_plays_there() {
    forum_league(&Harness::start(541).await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forum_league_runs_the_same_on_a_three_primary_cluster() {
    // The season's record and its lanes' and topics' games keep the chat's hash tag; the
    // due set is one key: the same week on a cluster.
    let mut cluster = ClusterSet::start().await;
    let target = cluster.target(Duration::from_millis(50));
    let first = cluster.nodes.remove(0);
    let h = Harness::start_on(543, Options::default(), first, target).await;
    forum_league(&h).await;
    drop(cluster);
}

/// A one-week league of 5 in a forum: two tables (one bye), each with a topic of its own; one
/// played (ended at the week's end), the other never started; the champion its winner.
async fn forum_league(h: &Harness) {
    // Given a forum supergroup and 5 members of a one-week league at tables of 2,
    h.settings(ChatSettings {
        display: Display::Emoji,
        ..ChatSettings::default()
    })
    .await;
    h.fake.open_topic(CHAT, "Chat");
    let people = users(5500, 5);
    let mark = h.fake.mark();
    h.command(&people[0], "/season lliga 1 x2 min1").await;
    let signup = signup_message(h, mark).await;
    let join = buttons(&signup)[0].1.clone();
    for u in &people[1..] {
        press(h, CHAT, u, &signup, &join).await;
    }
    // When the host starts it with the sign-up's ▶️ Start (enabled once two signed up),
    let signup = h
        .fake
        .message(CHAT, support::fake_tg::msg_id(&signup))
        .expect("the sign-up");
    let start = buttons(&signup)
        .into_iter()
        .find(|(_, d)| d.starts_with("ss:"))
        .expect("Start")
        .1;
    press(h, CHAT, &people[0], &signup, &start).await;
    // Then two tables are drawn (one bye), each with a topic of its own and its lobby there,
    let s = wait_season(h, "the lobbies", |s| {
        s.lobbies.len() == 2 && s.lobbies.iter().all(|l| l.msg.is_some())
    })
    .await;
    let day = &s.season.matchdays[0];
    assert_eq!(day.byes.len(), 1);
    let topics: Vec<i32> = s.lobbies.iter().filter_map(|l| l.topic).collect();
    assert_eq!(topics.len(), 2);
    assert!(topics.iter().all(|&t| t > 0), "{topics:?}");
    let created = h
        .fake
        .requests()
        .into_iter()
        .filter(|r| r.method == "createforumtopic" && r.ok())
        .count();
    assert_eq!(created, 2);
    for l in &s.lobbies {
        let msg = h
            .fake
            .message(CHAT, l.msg.expect("a lobby"))
            .expect("the lobby");
        assert_eq!(msg["message_thread_id"].as_i64(), l.topic.map(i64::from));
    }
    // When both players of table 1 press ✋,
    let lobby = s.lobby(0, 0).expect("table 1").clone();
    let msg = h
        .fake
        .message(CHAT, lobby.msg.expect("a lobby"))
        .expect("lobby");
    let data = format!("sh:{}:0.0", s.id);
    for (user, _) in s.seats(0, 0) {
        let u = people.iter().find(|u| u.id == user).expect("user");
        press(h, CHAT, u, &msg, &data).await;
    }
    // Then its game plays in its topic,
    let s = wait_season(h, "table 1 started", |s| {
        s.lobby(0, 0).is_some_and(|l| l.started_ms.is_some())
    })
    .await;
    let game = game_at(h, lobby.topic).await.expect("the game");
    assert_eq!(game.status(), Status::Playing);
    // and at the week's end it ends there and counts; table 2 (nobody came) scores nothing,
    // the season is over and its champion crowned.
    h.advance_to(s.ends[0]);
    let s = wait_season(h, "the season over", |s| {
        s.season.phase == Phase::Finished && s.todo.is_empty()
    })
    .await;
    assert_eq!(s.season.matchdays[0].fixtures[0], Fixture::Played);
    assert!(matches!(
        s.season.matchdays[0].fixtures[1],
        Fixture::Forfeited { .. }
    ));
    let g = game_at(h, lobby.topic).await.expect("the game");
    assert_eq!(g.status(), Status::Finished);
    let winners: Vec<i64> = results(&g)
        .into_iter()
        .filter(|r| r.2)
        .map(|r| r.0)
        .collect();
    let champions: Vec<i64> = s
        .season
        .champions()
        .iter()
        .map(|&c| s.season.members[c].user)
        .collect();
    assert_eq!(champions, winners);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_season_counts_every_game_of_its_members_once() {
    // Given an open season of one week with two members,
    let h = Harness::start(542).await;
    let people = support::bot_harness::four_users();
    let mark = h.fake.mark();
    h.command(&people[0], "/season open 1 min1").await;
    let signup = signup_message(&h, mark).await;
    press(&h, CHAT, &people[1], &signup, &buttons(&signup)[0].1).await;
    h.command(&people[0], "/season start").await;
    wait_season(&h, "week 1", |s| s.week() == Some(0)).await;
    // When the two play an ordinary game of the group to its end,
    h.start_game(2).await;
    h.play_to_end(&people[..2], 5_000).await;
    // Then it counts once, with its R9 points,
    let s = wait_season(&h, "the game counted", |s| s.counted.len() == 1).await;
    let (_, t) = h.table().await;
    let mut expected: Vec<(i64, i64, u32)> = results(&t)
        .into_iter()
        .map(|(u, p, w)| (u, p.0, u32::from(w)))
        .collect();
    expected.sort_unstable();
    let mut got: Vec<(i64, i64, u32)> = s
        .season
        .standings()
        .iter()
        .map(|r| (s.season.members[r.member].user, r.points.0, r.wins))
        .collect();
    got.sort_unstable();
    assert_eq!(got, expected);
    assert!(s.season.standings().iter().all(|r| r.games == 1));
    // and `/season` shows the standings as a picture.
    let mark = h.fake.mark();
    h.command(&people[1], "/season").await;
    wait_within(&h, WAIT, mark, "the standings", |r| {
        r.method == "sendphoto"
            && r.ok()
            && r.str_param("caption")
                .is_some_and(|c| c.starts_with("🏅") && c.contains(" 1 de 1"))
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_marked_started_whose_game_was_lost_gets_it_at_the_next_press() {
    // Given a one-week league of two (one table), its lobby posted,
    let h = Harness::start(544).await;
    let people = users(5600, 2);
    let mark = h.fake.mark();
    h.command(&people[0], "/season league 1 x2 min1").await;
    let signup = signup_message(&h, mark).await;
    press(&h, CHAT, &people[1], &signup, &buttons(&signup)[0].1).await;
    h.command(&people[0], "/season start").await;
    let s = wait_season(&h, "the lobby", |s| {
        s.lobbies.len() == 1 && s.lobbies[0].msg.is_some()
    })
    .await;
    // and a crash between the table marked started and its game saved (both came, the
    // record says started, no game at its place),
    let rec = h
        .store
        .load_season::<SeasonRec>(CHAT)
        .await
        .expect("redis")
        .expect("a season");
    let mut crashed = rec.state.clone();
    for (user, _) in crashed.seats(0, 0) {
        crashed.came(0, 0, user).expect("came");
    }
    let started = h.now_ms();
    assert_eq!(crashed.start_table(0, 0, started), Ok(true));
    assert!(
        h.store
            .save_season(CHAT, rec.version, &crashed, 3600)
            .await
            .expect("redis")
            .is_saved()
    );
    let topic = s.lobbies[0].topic;
    assert!(game_at(&h, topic).await.is_none());
    // When a player presses ✋ again,
    let data = format!("sh:{}:0.0", s.id);
    let msg = message_with(&h, &data);
    let answer = press(&h, CHAT, &people[0], &msg, &data).await;
    // Then they are told it has started, and its game is opened at its place as of the
    // recorded start (so its result finds the table).
    assert_eq!(answer, "That table's game has started.");
    let deadline = tokio::time::Instant::now() + WAIT;
    let game = loop {
        if let Some(g) = game_at(&h, topic).await {
            break g;
        }
        assert!(tokio::time::Instant::now() < deadline, "no game opened");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(game.stats().started_ms, started);
    assert_eq!(game.status(), Status::Playing);
    // A second press opens nothing more.
    let answer = press(&h, CHAT, &people[1], &msg, &data).await;
    assert_eq!(answer, "That table's game has started.");
    let again = game_at(&h, topic).await.expect("the game");
    assert_eq!(again.stats().started_ms, started);
    assert_eq!(again.seq(), game.seq());
}
