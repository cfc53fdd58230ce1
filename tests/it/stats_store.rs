//! The stats tables on a real `redis-server` (see `support/redis.rs`): recording a game once,
//! R9 weekly and all-time points, ratings, history, leaderboards and `/forgetme`.

use crate::support;
use support::redis as redis_support;
use support::stats_fixture;

use std::collections::HashMap;

use parxis::ai::Level;
use parxis::stats::card::{Aggregate, contributions};
use parxis::stats::rating::rate;
use parxis::stats::{ChatZone, GameRecord, Player, Points, Rating};
use parxis::store::{StatsScope, Store, StoreError, Table, keys};
use redis::AsyncCommands;
use redis::aio::MultiplexedConnection;
use redis_support::TestRedis;
use stats_fixture::*;

const CHAT: i64 = -1_001_234_567_890;

async fn setup() -> (TestRedis, Store, MultiplexedConnection) {
    let server = TestRedis::start();
    let store = Store::connect(&server.url()).await.expect("connect");
    let raw = server.raw().await;
    (server, store, raw)
}

async fn hash(raw: &mut MultiplexedConnection, key: &str) -> HashMap<String, String> {
    raw.hgetall(key).await.unwrap()
}

async fn agg(raw: &mut MultiplexedConnection, scope: StatsScope, user: i64) -> Option<Aggregate> {
    Aggregate::from_hash(&hash(raw, &scope.user(user)).await)
}

fn week_table(zone: &ChatZone, ms: i64) -> Table {
    Table::Week(zone.week_of(ms))
}

#[tokio::test]
async fn a_finished_game_updates_aggregates_tables_and_history_like_the_pure_model() {
    // Given a 4-seat game: Anna wins, a computer second, Bernat third, Carla last
    let (_server, store, mut raw) = setup().await;
    let zone = ChatZone::default();
    let g = game(
        "g1",
        CHAT,
        MONDAY_0000_MADRID,
        vec![
            seat(human(1, "Anna"), 0, 0, true),
            seat(computer(Level::Normal), 1, 40, false),
            seat(human(2, "Bernat"), 2, 80, false),
            seat(human(3, "Carla"), 3, 120, false),
        ],
    );
    // When recorded
    let out = store.record_game(&g, &zone).await.unwrap();
    // Then the outcome names each human's points and rating change
    assert!(out.recorded);
    assert_eq!(out.week.to_string(), "2026-11-30");
    let pts: Vec<(i64, Points)> = out.seats.iter().map(|s| (s.user, s.points)).collect();
    assert_eq!(
        pts,
        [
            (1, Points::whole(2)),
            (2, Points::whole(-1)),
            (3, Points::whole(-2))
        ]
    );
    assert_eq!(out.seats[0].chat_rating.unwrap().0, 1000);
    assert!(out.seats[0].chat_rating.unwrap().1 > 1000);
    assert_eq!(out.seats[0].chat_rating, out.seats[0].global_rating);

    // And each aggregate, chat and global, is what the pure update gives
    let expected = contributions(&g.clone().validated().unwrap(), |_, _| Rating::default());
    for c in &expected {
        let mut model = Aggregate::default();
        model.apply(c);
        for scope in [StatsScope::Chat(CHAT), StatsScope::Global] {
            let stored = agg(&mut raw, scope, c.user).await.unwrap();
            assert_eq!(stored, model, "user {} in {scope:?}", c.user);
        }
    }
    // And the tables list the three humans apart (fewer than 3 ranked games), never the
    // computer
    let top = store
        .top(
            StatsScope::Chat(CHAT),
            week_table(&zone, MONDAY_0000_MADRID),
            10,
            10,
            Some(3),
        )
        .await
        .unwrap();
    assert!(top.top.is_empty());
    let names: Vec<(&str, i64, u64)> = top
        .apart
        .iter()
        .map(|l| (l.name.as_str(), l.score, l.rank))
        .collect();
    assert_eq!(
        names,
        [
            ("Anna", 2 * 840, 1),
            ("Bernat", -840, 2),
            ("Carla", -2 * 840, 3)
        ]
    );
    let (me, apart) = top.caller.clone().unwrap();
    assert!(apart);
    assert_eq!((me.user, me.rank, me.games), (3, 3, 1));
    // And the week's table and the markers expire (bounded growth); the history is capped
    let week_key = StatsScope::Chat(CHAT).table("week:2026-11-30", true);
    let ttl: i64 = raw.ttl(&week_key).await.unwrap();
    assert!(ttl > 0 && ttl <= keys::STATS_WEEK_TTL_SECS as i64, "{ttl}");
    // (the global markers: one per shard of the game's humans)
    let mut scopes = vec![StatsScope::Chat(CHAT)];
    scopes.extend((1..=3).map(|u| StatsScope::Global.of_user(u)));
    for scope in scopes {
        let ttl: i64 = raw.ttl(scope.done(CHAT, "g1")).await.unwrap();
        assert!(ttl > 0 && ttl <= keys::STATS_DONE_TTL_SECS as i64, "{ttl}");
    }
    // And the history holds the record as compact JSON
    let history: Vec<String> = raw.lrange(keys::stats_history(CHAT), 0, -1).await.unwrap();
    assert_eq!(history.len(), 1);
    assert_eq!(serde_json::from_str::<GameRecord>(&history[0]).unwrap(), g);
}

#[tokio::test]
async fn r9_3_the_week_boundary_follows_the_chats_zone() {
    // Given two games in Madrid, one ending Sunday 23:59, one Monday 00:00
    let (_server, store, _raw) = setup().await;
    let zone = ChatZone::default();
    let a = ranked(
        "sun",
        CHAT,
        SUNDAY_2359_MADRID,
        &[(1, "Anna"), (2, "Bernat")],
    );
    let b = ranked(
        "mon",
        CHAT,
        MONDAY_0000_MADRID,
        &[(1, "Anna"), (2, "Bernat")],
    );
    store.record_game(&a, &zone).await.unwrap();
    store.record_game(&b, &zone).await.unwrap();
    // Then each week holds one game's points, and all time both
    let scope = StatsScope::Chat(CHAT);
    for ms in [SUNDAY_2359_MADRID, MONDAY_0000_MADRID] {
        let t = store
            .top(scope, week_table(&zone, ms), 10, 10, None)
            .await
            .unwrap();
        let s: Vec<i64> = t.apart.iter().map(|l| l.score).collect();
        assert_eq!(s, [840, -840], "week of {ms}");
    }
    let all = store
        .top(scope, Table::AllTime, 10, 10, None)
        .await
        .unwrap();
    let s: Vec<i64> = all.apart.iter().map(|l| l.score).collect();
    assert_eq!(s, [1680, -1680]);
    // And in a UTC chat both instants are the same (Sunday's) week
    let utc = ChatZone::named("UTC").unwrap();
    let chat2 = 77;
    for (id, ms) in [("x", SUNDAY_2359_MADRID), ("y", MONDAY_0000_MADRID)] {
        store
            .record_game(&ranked(id, chat2, ms, &[(1, "Anna"), (2, "Bernat")]), &utc)
            .await
            .unwrap();
    }
    let t = store
        .top(
            StatsScope::Chat(chat2),
            week_table(&utc, SUNDAY_2359_MADRID),
            10,
            10,
            None,
        )
        .await
        .unwrap();
    assert_eq!(t.apart[0].score, 1680);
    // And the card shows this week's points
    let card = store
        .player_card(CHAT, 1, Some(zone.week_of(MONDAY_0000_MADRID)))
        .await
        .unwrap();
    assert_eq!(card.week_points, Points::whole(1));
    assert_eq!(card.chat.unwrap().points, Points::whole(2));
    assert_eq!(card.global.unwrap().games, 4);
}

#[tokio::test]
async fn a_game_is_recorded_once_when_its_end_is_delivered_twice_or_to_two_replicas() {
    // Given one game, and two store handles as two bot replicas
    let (server, store, mut raw) = setup().await;
    let replica = Store::connect(&server.url()).await.unwrap();
    let zone = ChatZone::default();
    let g = ranked(
        "dup",
        CHAT,
        MONDAY_0000_MADRID,
        &[(1, "Anna"), (2, "Bernat")],
    );
    // When both replicas record it at once, and then one of them again
    let (a, b) = tokio::join!(store.record_game(&g, &zone), replica.record_game(&g, &zone));
    let again = store.record_game(&g, &zone).await.unwrap();
    // Then exactly one of the concurrent calls recorded it, and the retry did nothing
    assert_eq!(
        u8::from(a.unwrap().recorded) + u8::from(b.unwrap().recorded),
        1
    );
    assert!(!again.recorded);
    for scope in [StatsScope::Chat(CHAT), StatsScope::Global] {
        let a = agg(&mut raw, scope, 1).await.unwrap();
        assert_eq!((a.games, a.wins, a.rated_games), (1, 1, 1), "{scope:?}");
        assert_eq!(a.points, Points::whole(1));
    }
    let len: usize = raw.llen(keys::stats_history(CHAT)).await.unwrap();
    assert_eq!(len, 1);
}

#[tokio::test]
async fn a_half_recorded_game_is_completed_by_the_retry() {
    // Given a game whose global part was recorded but whose chat part was not (the process
    // died in between): simulated by deleting the chat's stats keys after recording it
    let (_server, store, mut raw) = setup().await;
    let zone = ChatZone::default();
    let g = ranked(
        "half",
        CHAT,
        MONDAY_0000_MADRID,
        &[(1, "Anna"), (2, "Bernat")],
    );
    store.record_game(&g, &zone).await.unwrap();
    let chat_keys: Vec<String> = raw
        .keys(format!("parxis:{{{CHAT}}}:stats:*"))
        .await
        .unwrap();
    let _: () = raw.del(&chat_keys).await.unwrap();
    // When the same record is handed over again
    let out = store.record_game(&g, &zone).await.unwrap();
    // Then the chat's tables get it, and the global ones are not counted twice
    assert!(out.recorded);
    assert_eq!(
        agg(&mut raw, StatsScope::Chat(CHAT), 1)
            .await
            .unwrap()
            .games,
        1
    );
    assert_eq!(agg(&mut raw, StatsScope::Global, 1).await.unwrap().games, 1);
    assert_eq!(
        out.seats[0].global_rating, None,
        "global was already recorded"
    );
}

#[tokio::test]
async fn stored_ratings_match_skillratings_over_successive_games() {
    // Given three humans who play three games in changing orders
    let (_server, store, mut raw) = setup().await;
    let zone = ChatZone::default();
    let orders = [[1, 2, 3], [3, 1, 2], [2, 3, 1]];
    let mut model: HashMap<i64, Rating> = HashMap::new();
    for (i, order) in orders.iter().enumerate() {
        let players: Vec<(i64, &str)> = order.iter().map(|&u| (u, "P")).collect();
        let g = ranked(
            &format!("r{i}"),
            CHAT,
            MONDAY_0000_MADRID + i as i64,
            &players,
        );
        for (seat, r) in rate(&g, |_, u| model.get(&u).copied().unwrap_or_default()) {
            model.insert(order[seat], r);
        }
        store.record_game(&g, &zone).await.unwrap();
    }
    // Then the stored μ and σ are the model's, bit for bit, and the rating table is the
    // shown figure of each, everyone now settled (3 ranked games)
    let top = store
        .top(StatsScope::Chat(CHAT), Table::Rating, 10, 10, None)
        .await
        .unwrap();
    assert!(top.apart.is_empty());
    assert_eq!(top.top.len(), 3);
    for user in 1..=3 {
        let stored = agg(&mut raw, StatsScope::Chat(CHAT), user).await.unwrap();
        assert_eq!(stored.rating, Some(model[&user]), "user {user}");
        let line = top.top.iter().find(|l| l.user == user).unwrap();
        assert_eq!(line.score, model[&user].display());
    }
}

#[tokio::test]
async fn global_ratings_lose_no_update_when_two_chats_finish_at_once() {
    // Given, ten times over, one player in two games ending at the same time in two chats,
    // recorded through two connections at once (so one reads ratings the other then changes)
    let (server, store, mut raw) = setup().await;
    let other = Store::connect(&server.url()).await.unwrap();
    let zone = ChatZone::default();
    for round in 0..10i64 {
        let (anna, bernat, carla) = (100 * round + 1, 100 * round + 2, 100 * round + 3);
        let a = ranked(
            &format!("a{round}"),
            10,
            MONDAY_0000_MADRID,
            &[(anna, "A"), (bernat, "B")],
        );
        let b = ranked(
            &format!("b{round}"),
            20,
            MONDAY_0000_MADRID,
            &[(carla, "C"), (anna, "A")],
        );
        // When both are recorded concurrently
        let (ra, rb) = tokio::join!(store.record_game(&a, &zone), other.record_game(&b, &zone));
        ra.unwrap();
        rb.unwrap();
        // Then Anna's global rating is the result of both games, in one order or the other
        // (a lost update would leave the result of one game alone)
        let fresh = |_: usize, _: i64| Rating::default();
        let after_a = rate(&a, fresh)[0].1;
        let after_b = rate(&b, fresh)[1].1;
        let a_then_b = rate(&b, |_, u| {
            if u == anna {
                after_a
            } else {
                Rating::default()
            }
        })[1]
            .1;
        let b_then_a = rate(&a, |_, u| {
            if u == anna {
                after_b
            } else {
                Rating::default()
            }
        })[0]
            .1;
        let stored = agg(&mut raw, StatsScope::Global, anna).await.unwrap();
        assert_eq!(stored.rated_games, 2);
        let r = stored.rating.unwrap();
        assert!(r == a_then_b || r == b_then_a, "round {round}: {r:?}");
    }
}

#[tokio::test]
async fn r9_points_reach_the_tables_for_tables_of_2_3_4_6_8_pairs_and_ties() {
    // Given one game of each kind, each in its own chat, players numbered by chat
    let (_server, store, _raw) = setup().await;
    let zone = ChatZone::default();
    let people = |chat: i64, n: i64| -> Vec<(i64, &'static str)> {
        (1..=n).map(|i| (chat * 100 + i, "P")).collect()
    };
    let mut cases: Vec<(GameRecord, Vec<i64>)> = Vec::new();
    for (chat, n, expected) in [
        (2, 2, vec![1, -1]),
        (3, 3, vec![1, 0, -1]),
        (4, 4, vec![2, 1, -1, -2]),
        (6, 6, vec![3, 2, 1, -1, -2, -3]),
        (8, 8, vec![4, 3, 2, 1, -1, -2, -3, -4]),
    ] {
        let g = ranked(&format!("n{n}"), chat, MONDAY_0000_MADRID, &people(chat, n));
        cases.push((g, expected.into_iter().map(|p| p * 840).collect()));
    }
    // A pairs game won by the second pair, and a 4-player game with places 2 and 3 tied
    // and 4 players where the last three tie (−2/3 each).
    let pairs = game(
        "pairs",
        40,
        MONDAY_0000_MADRID,
        vec![
            seat(human(4001, "P"), 0, 90, false),
            seat(human(4002, "P"), 1, 0, true),
            seat(human(4003, "P"), 0, 90, false),
            seat(human(4004, "P"), 1, 0, true),
        ],
    );
    cases.push((pairs, vec![-840, 840, -840, 840]));
    let tie = |chat: i64, d: [u32; 4]| {
        let seats = (0..4u8)
            .map(|t| {
                seat(
                    human(chat * 100 + i64::from(t) + 1, "P"),
                    t,
                    d[usize::from(t)],
                    t == 0,
                )
            })
            .collect();
        game("tie", chat, MONDAY_0000_MADRID, seats)
    };
    cases.push((tie(41, [0, 30, 30, 60]), vec![1680, 0, 0, -1680]));
    cases.push((tie(42, [0, 30, 30, 30]), vec![1680, -560, -560, -560]));
    for (g, expected) in &cases {
        // When recorded
        store.record_game(g, &zone).await.unwrap();
        // Then the week's table (and all time) holds each human's points, in 1/840
        for table in [week_table(&zone, MONDAY_0000_MADRID), Table::AllTime] {
            let t = store
                .top(StatsScope::Chat(g.chat), table, 0, 10, None)
                .await
                .unwrap();
            for (seat, want) in g.seats.iter().zip(expected) {
                let user = seat.player.user().unwrap();
                let line = t.apart.iter().find(|l| l.user == user).unwrap();
                assert_eq!(line.score, *want, "chat {} user {user}", g.chat);
            }
        }
    }
}

#[tokio::test]
async fn a_game_against_computers_counts_toward_stats_only() {
    // Given one human against two computers
    let (_server, store, mut raw) = setup().await;
    let g = game(
        "solo",
        CHAT,
        MONDAY_0000_MADRID,
        vec![
            seat(human(1, "Anna"), 0, 0, true),
            seat(computer(Level::Easy), 1, 10, false),
            seat(computer(Level::Hard), 2, 20, false),
        ],
    );
    let out = store.record_game(&g, &ChatZone::default()).await.unwrap();
    // Then her aggregate counts the game and the win, but no table lists her
    assert_eq!(out.seats[0].points, Points(0));
    assert_eq!(out.seats[0].chat_rating, None);
    let a = agg(&mut raw, StatsScope::Chat(CHAT), 1).await.unwrap();
    assert_eq!((a.games, a.wins, a.rated_games, a.rating), (1, 1, 0, None));
    for table in [Table::AllTime, Table::Rating] {
        let t = store
            .top(StatsScope::Chat(CHAT), table, 10, 10, Some(1))
            .await
            .unwrap();
        assert_eq!((t.settled_count, t.apart_count, t.caller), (0, 0, None));
    }
}

#[tokio::test]
async fn top_lists_settled_players_the_callers_line_and_newcomers_apart() {
    // Given 12 players with 3 games each (player u scores by its place) and 2 newcomers
    let (_server, store, _raw) = setup().await;
    let zone = ChatZone::default();
    let mut n = 0;
    for round in 0..3 {
        for pair in 0..6i64 {
            let (w, l) = (2 * pair + 1, 2 * pair + 2);
            // Odd players always win; 1 and 3 also beat each other's pair…: keep it simple,
            // each pair plays alone, so odd users end +3, even users −3.
            let g = ranked(
                &format!("g{round}-{pair}"),
                CHAT,
                MONDAY_0000_MADRID + n,
                &[(w, "W"), (l, "L")],
            );
            store.record_game(&g, &zone).await.unwrap();
            n += 1;
        }
    }
    let g = ranked(
        "new",
        CHAT,
        MONDAY_0000_MADRID + n,
        &[(100, "Nova"), (101, "Novell")],
    );
    store.record_game(&g, &zone).await.unwrap();
    // When the top 4 of all time is asked for by player 12 (a loser, not in the top 4)
    let t = store
        .top(StatsScope::Chat(CHAT), Table::AllTime, 4, 10, Some(12))
        .await
        .unwrap();
    // Then 4 winners with +3 share rank 1, the caller's line is rank 7 with −3, and the
    // newcomers are apart
    assert_eq!(t.top.len(), 4);
    assert!(
        t.top
            .iter()
            .all(|l| l.score == 3 * 840 && l.rank == 1 && l.user % 2 == 1)
    );
    assert_eq!((t.settled_count, t.apart_count), (12, 2));
    let (me, apart) = t.caller.unwrap();
    assert!(!apart);
    assert_eq!((me.user, me.score, me.rank, me.games), (12, -3 * 840, 7, 3));
    let apart: Vec<(i64, u64)> = t.apart.iter().map(|l| (l.user, l.games)).collect();
    assert_eq!(apart, [(100, 1), (101, 1)]);
    // And the global scope has the same players, but no weekly table
    let g = store
        .top(StatsScope::Global, Table::Rating, 3, 0, None)
        .await
        .unwrap();
    assert_eq!((g.top.len(), g.settled_count), (3, 12));
    assert!(matches!(
        store
            .top(StatsScope::Global, week_table(&zone, 0), 3, 0, None)
            .await,
        Err(StoreError::InvalidArgument(_))
    ));
}

#[tokio::test]
async fn history_keeps_the_last_200_games_newest_first() {
    let (_server, store, mut raw) = setup().await;
    let zone = ChatZone::default();
    for i in 0..205 {
        let g = ranked(
            &format!("h{i}"),
            CHAT,
            MONDAY_0000_MADRID + i,
            &[(1, "A"), (2, "B")],
        );
        store.record_game(&g, &zone).await.unwrap();
    }
    let history: Vec<String> = raw.lrange(keys::stats_history(CHAT), 0, -1).await.unwrap();
    assert_eq!(history.len(), 200);
    let first: GameRecord = serde_json::from_str(&history[0]).unwrap();
    let last: GameRecord = serde_json::from_str(&history[199]).unwrap();
    assert_eq!((first.id.as_str(), last.id.as_str()), ("h204", "h5"));
    assert_eq!(
        agg(&mut raw, StatsScope::Chat(CHAT), 1)
            .await
            .unwrap()
            .games,
        205
    );
}

#[tokio::test]
async fn an_invalid_record_writes_nothing() {
    let (_server, store, mut raw) = setup().await;
    let dup = ranked("bad", CHAT, 0, &[(1, "A"), (1, "A")]);
    let err = store
        .record_game(&dup, &ChatZone::default())
        .await
        .unwrap_err();
    assert!(matches!(err, StoreError::InvalidArgument(_)), "{err:?}");
    let size: u64 = redis::cmd("DBSIZE").query_async(&mut raw).await.unwrap();
    assert_eq!(size, 0);
}

/// Every key with every value in it (strings, hash fields and values, list, set and sorted
/// set members), read with SCAN.
async fn dump(raw: &mut MultiplexedConnection) -> Vec<(String, String)> {
    let mut keys: Vec<String> = Vec::new();
    let mut cursor: u64 = 0;
    loop {
        let (next, batch): (u64, Vec<String>) = redis::cmd("SCAN")
            .arg(cursor)
            .arg("COUNT")
            .arg(1000)
            .query_async(raw)
            .await
            .unwrap();
        keys.extend(batch);
        cursor = next;
        if cursor == 0 {
            break;
        }
    }
    let mut out = Vec::new();
    for key in keys {
        let kind: String = redis::cmd("TYPE").arg(&key).query_async(raw).await.unwrap();
        let values: Vec<String> = match kind.as_str() {
            "string" => vec![raw.get(&key).await.unwrap()],
            "hash" => {
                let h: HashMap<String, String> = raw.hgetall(&key).await.unwrap();
                h.into_iter().flat_map(|(k, v)| [k, v]).collect()
            }
            "list" => raw.lrange(&key, 0, -1).await.unwrap(),
            "set" => raw.smembers(&key).await.unwrap(),
            "zset" => raw.zrange(&key, 0, -1).await.unwrap(),
            other => panic!("unexpected type {other} of {key}"),
        };
        out.push((key.clone(), key.clone()));
        out.extend(values.into_iter().map(|v| (key.clone(), v)));
    }
    out
}

#[tokio::test]
async fn forgetme_leaves_no_trace_of_the_user_in_any_key() {
    // Given Zoe (id 987654321) with games in two chats across two weeks, with others
    let (_server, store, mut raw) = setup().await;
    let zone = ChatZone::default();
    let zoe = 987_654_321;
    let games = [
        ranked(
            "a",
            CHAT,
            SUNDAY_2359_MADRID,
            &[(zoe, "Zoe Zebra"), (2, "Bernat")],
        ),
        ranked(
            "b",
            CHAT,
            MONDAY_0000_MADRID,
            &[(2, "Bernat"), (zoe, "Zoe Zebra"), (3, "Carla")],
        ),
        ranked(
            "c",
            55,
            MONDAY_0000_MADRID,
            &[(3, "Carla"), (zoe, "Zoe Zebra")],
        ),
        ranked(
            "d",
            CHAT,
            MONDAY_0000_MADRID + 1,
            &[(2, "Bernat"), (3, "Carla")],
        ),
    ];
    for g in &games {
        store.record_game(g, &zone).await.unwrap();
    }
    let before = dump(&mut raw).await;
    let mentions = |d: &[(String, String)]| {
        d.iter()
            .filter(|(_, v)| v.contains(&zoe.to_string()) || v.contains("Zoe Zebra"))
            .count()
    };
    assert!(mentions(&before) > 10, "the test must see her first");
    // When she asks to be forgotten
    let report = store.forget_user(zoe).await.unwrap();
    // Then no key name or value mentions her id or her name
    let after = dump(&mut raw).await;
    let left: Vec<&(String, String)> = after
        .iter()
        .filter(|(_, v)| v.contains(&zoe.to_string()) || v.contains("Zoe Zebra"))
        .collect();
    assert!(left.is_empty(), "traces left: {left:?}");
    assert_eq!(report.chats, 2);
    assert_eq!(report.history_entries, 3);
    // And the others keep their tables and their games, with her seat anonymous
    let b = agg(&mut raw, StatsScope::Chat(CHAT), 2).await.unwrap();
    assert_eq!(b.games, 3);
    let history: Vec<String> = raw.lrange(keys::stats_history(CHAT), 0, -1).await.unwrap();
    assert_eq!(history.len(), 3);
    let game_b: GameRecord = serde_json::from_str(&history[1]).unwrap();
    assert_eq!(game_b.seats[1].player, Player::Forgotten);
    let t = store
        .top(StatsScope::Chat(CHAT), Table::AllTime, 10, 10, Some(zoe))
        .await
        .unwrap();
    assert!(t.caller.is_none() && t.apart.iter().all(|l| l.user != zoe));
    // And forgetting again is harmless
    assert_eq!(store.forget_user(zoe).await.unwrap().chats, 0);
}
