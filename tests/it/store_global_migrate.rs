//! `Store::migrate_global_stats`: global stats stored in the layout before the split (every
//! key tagged `{stats}`) are moved into the shards, read the same afterwards, and a second
//! run changes nothing. On a real `redis-server` and on a cluster (see `support/redis.rs`).

use crate::support;
use support::redis::{ClusterSet, TestRedis};
use support::stats_fixture::*;

use parxis::stats::ChatZone;
use parxis::store::keys::{self, GLOBAL_SHARDS};
use parxis::store::{GlobalMigration, PlayerCard, StatsScope, Store, StoreOptions, Table, Top};
use redis::AsyncCommands;

const CHAT: i64 = -1_003_000_000_077;
const USERS: [(i64, &str); 6] = [
    (1, "Anna"),
    (2, "Bernat"),
    (18, "Carla"),
    (35, "Dolors"),
    (-4, "Eloi"),
    (1_000_000_007, "Fina"),
];

/// Ten ranked games of three or four of [`USERS`].
async fn record(store: &Store) {
    for i in 0..10_usize {
        let seated: Vec<(i64, &str)> = (0..3 + i % 2).map(|j| USERS[(i + j * 5) % 6]).collect();
        let g = ranked(
            &format!("m{i}"),
            CHAT,
            MONDAY_0000_MADRID + i64::try_from(i).unwrap() * 60_000,
            &seated,
        );
        assert!(
            store
                .record_game(&g, &ChatZone::default())
                .await
                .unwrap()
                .recorded
        );
    }
    let earned = vec![(1, "first_win".to_owned()), (35, "capture".to_owned())];
    store.award(CHAT, "m0", &earned).await.unwrap();
}

/// Everything a player sees of the global stats.
#[derive(Debug, PartialEq)]
struct Seen {
    tops: Vec<Top>,
    cards: Vec<PlayerCard>,
    anywhere: Vec<Vec<String>>,
}

async fn seen(store: &Store) -> Seen {
    let mut tops = Vec::new();
    for table in [Table::AllTime, Table::Rating] {
        tops.push(
            store
                .top(StatsScope::Global, table, 10, 10, Some(35))
                .await
                .unwrap(),
        );
    }
    let mut cards = Vec::new();
    let mut anywhere = Vec::new();
    for (user, _) in USERS {
        cards.push(store.player_card(CHAT, user, None).await.unwrap());
        anywhere.push(store.achievements(CHAT, user).await.unwrap().anywhere);
    }
    Seen {
        tops,
        cards,
        anywhere,
    }
}

/// Rewrites the global keys as the bot wrote them before the split: each shard's key moved
/// under the single `{stats}` tag, the shards' tables merged into one, one marker per game.
/// Works on one node only (the test's fixture writes through a raw connection).
async fn back_to_the_old_layout(raw: &mut redis::aio::MultiplexedConnection) {
    let old = StatsScope::Global.prefix();
    for k in 0..GLOBAL_SHARDS {
        let shard = StatsScope::Shard(k).prefix();
        let found: Vec<String> = raw.keys(format!("{shard}*")).await.unwrap();
        for key in found {
            let rest = key.strip_prefix(&shard).unwrap().to_owned();
            let kind: String = redis::cmd("TYPE").arg(&key).query_async(raw).await.unwrap();
            if kind == "zset" {
                let lines: Vec<(String, f64)> = raw.zrange_withscores(&key, 0, -1).await.unwrap();
                for (member, score) in lines {
                    let _: i64 = raw
                        .zadd(format!("{old}{rest}"), member, score)
                        .await
                        .unwrap();
                }
                let _: i64 = raw.del(&key).await.unwrap();
            } else if rest.starts_with("done:") {
                let ttl: i64 = raw.ttl(&key).await.unwrap();
                let _: () = raw
                    .set_ex(format!("{old}{rest}"), "1", ttl as u64)
                    .await
                    .unwrap();
                let _: i64 = raw.del(&key).await.unwrap();
            } else {
                let _: () = raw.rename(&key, format!("{old}{rest}")).await.unwrap();
            }
        }
    }
    let left: Vec<String> = raw.keys("parxis:{stats:*").await.unwrap();
    assert!(left.is_empty(), "{left:?}");
}

async fn all_keys(raw: &mut redis::aio::MultiplexedConnection) -> Vec<String> {
    let mut found: Vec<String> = raw.keys("parxis:*").await.unwrap();
    found.sort();
    found
}

#[tokio::test]
async fn the_old_single_slot_layout_reads_the_same_after_the_move_and_a_second_run_changes_nothing()
{
    // Given games recorded, and their global keys put back in the old `{stats}` layout
    let server = TestRedis::start();
    let store = Store::connect(&server.url()).await.expect("connect");
    record(&store).await;
    let expected = seen(&store).await;
    assert_eq!(
        expected.tops[0].settled_count + expected.tops[0].apart_count,
        6
    );
    let mut raw = server.raw().await;
    back_to_the_old_layout(&mut raw).await;
    let old: Vec<String> = raw.keys("parxis:{stats}:*").await.unwrap();
    assert!(old.len() >= 6 * 2 + 4 + 10, "{old:?}");
    // (and the new code does not see it before the move)
    assert_ne!(seen(&store).await, expected);

    // When the move runs
    let first = store.migrate_global_stats().await.expect("migrate");

    // Then every old key moved, and the players see exactly what they saw
    assert_eq!(first.keys, old.len(), "{first:?}");
    assert_eq!(first.unknown, 0);
    assert!(first.lines >= 12, "{first:?}");
    let left: Vec<String> = raw.keys("parxis:{stats}:*").await.unwrap();
    assert!(left.is_empty(), "{left:?}");
    assert_eq!(seen(&store).await, expected);
    // and a game recorded before the move is not counted again (its marker moved too).
    let again = ranked(
        "m0",
        CHAT,
        MONDAY_0000_MADRID,
        &[USERS[0], USERS[2], USERS[4]],
    );
    assert!(
        !store
            .record_game(&again, &ChatZone::default())
            .await
            .unwrap()
            .recorded
    );
    assert_eq!(seen(&store).await, expected);

    // When it runs a second time, nothing moves and nothing changes.
    let keys_before = all_keys(&mut raw).await;
    let second = store.migrate_global_stats().await.expect("migrate again");
    assert_eq!(second, GlobalMigration::default());
    assert_eq!(all_keys(&mut raw).await, keys_before);
    assert_eq!(seen(&store).await, expected);
}

#[tokio::test]
async fn an_interrupted_move_resumes_without_counting_anything_twice() {
    // Given the old layout, and a run that stopped after copying one player's aggregate and
    // a table's lines but before deleting the old keys
    let server = TestRedis::start();
    let store = Store::connect(&server.url()).await.expect("connect");
    record(&store).await;
    let expected = seen(&store).await;
    let mut raw = server.raw().await;
    back_to_the_old_layout(&mut raw).await;
    let old = StatsScope::Global.prefix();
    let _: () = redis::cmd("COPY")
        .arg(format!("{old}user:18"))
        .arg(StatsScope::Global.user(18))
        .query_async(&mut raw)
        .await
        .unwrap();
    let lines: Vec<(String, f64)> = raw
        .zrange_withscores(format!("{old}points"), 0, -1)
        .await
        .unwrap();
    for (member, score) in lines {
        let user: i64 = member.parse().unwrap();
        let key = StatsScope::Global.of_user(user).table("points", false);
        let _: i64 = raw.zadd(key, member, score).await.unwrap();
    }

    // When the move runs again
    store.migrate_global_stats().await.expect("migrate");

    // Then nothing is doubled: everything reads as before.
    assert_eq!(seen(&store).await, expected);
    let left: Vec<String> = raw.keys("parxis:{stats}:*").await.unwrap();
    assert!(left.is_empty(), "{left:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_cluster_the_old_slots_keys_move_to_shards_on_every_node() {
    // Given a cluster holding the old layout: every `{stats}` key on the one node of that
    // slot (written by the old single-slot layout's rules, through the cluster client)
    let cluster = ClusterSet::start().await;
    let target = cluster.target(std::time::Duration::ZERO);
    let store = Store::connect_to(&target, StoreOptions::default())
        .await
        .expect("store");
    let client = redis::cluster::ClusterClient::new(
        cluster
            .addresses()
            .iter()
            .map(|a| format!("redis://{a}"))
            .collect::<Vec<_>>(),
    )
    .unwrap();
    let mut raw = client.get_async_connection().await.unwrap();
    let old = StatsScope::Global.prefix();
    let users: Vec<i64> = (1..=32).collect();
    for &u in &users {
        let _: () = raw
            .hset_multiple(
                format!("{old}user:{u}"),
                &[("n", format!("P{u}")), ("r", "5".into()), ("g", "5".into())],
            )
            .await
            .unwrap();
        let _: i64 = raw.zadd(format!("{old}points"), u, u * 840).await.unwrap();
        let _: i64 = raw.sadd(format!("{old}chats:{u}"), CHAT).await.unwrap();
    }
    let _: () = raw
        .set_ex(format!("{old}done:{CHAT}:old-game"), "1", 3600)
        .await
        .unwrap();

    // When the move runs (its SCAN goes to the node of the old slot)
    let report = store.migrate_global_stats().await.expect("migrate");

    // Then every key moved, the shards sit on every node, and the merged table lists the
    // players as the old one did.
    assert_eq!(report.keys, 32 * 2 + 1 + 1, "{report:?}");
    assert_eq!(report.lines, 32);
    let mut holding = 0;
    for node in &cluster.nodes {
        let mut conn = node.raw().await;
        let held: Vec<String> = conn.keys("parxis:{stats:*").await.unwrap();
        holding += usize::from(!held.is_empty());
        let left: Vec<String> = conn.keys("parxis:{stats}:*").await.unwrap();
        assert!(left.is_empty(), "{left:?}");
    }
    assert_eq!(holding, 3);
    let top = store
        .top(StatsScope::Global, Table::AllTime, 5, 0, Some(3))
        .await
        .unwrap();
    let listed: Vec<(i64, i64, u64)> = top.top.iter().map(|l| (l.user, l.score, l.rank)).collect();
    assert_eq!(
        listed,
        [
            (32, 32 * 840, 1),
            (31, 31 * 840, 2),
            (30, 30 * 840, 3),
            (29, 29 * 840, 4),
            (28, 28 * 840, 5)
        ]
    );
    assert_eq!(top.settled_count, 32);
    assert_eq!(top.caller.unwrap().0.rank, 30);
    for k in 0..GLOBAL_SHARDS {
        let marker: Option<String> = raw
            .get(StatsScope::Shard(k).done(CHAT, "old-game"))
            .await
            .unwrap();
        assert_eq!(marker.as_deref(), Some("1"), "shard {k}");
    }
    let chats: Vec<i64> = raw.smembers(keys::stats_user_chats(7)).await.unwrap();
    assert_eq!(chats, [CHAT]);
    // and a second run moves nothing.
    assert_eq!(
        store.migrate_global_stats().await.unwrap(),
        GlobalMigration::default()
    );
}
