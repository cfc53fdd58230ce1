//! The global stats tables split over shards (`parxis:{stats:<k>}:…`, see `store::keys`):
//! games recorded through the real path land on many slots, and the merged global tables
//! read exactly as one table would. The reference is the chat's own table: every game here
//! is played in one chat, so the chat's tables (one sorted set each) and the global ones
//! (one per shard, merged at read) must list the same lines, ranks and counts. On a real
//! `redis-server` and on a three-primary cluster (see `support/redis.rs`).

use crate::support;
use support::redis::{ClusterSet, TestRedis};
use support::stats_fixture::*;

use std::collections::{BTreeMap, BTreeSet};

use parxis::stats::{ChatZone, GameRecord};
use parxis::store::keys::{self, GLOBAL_SHARDS, hash_tag};
use parxis::store::{StatsScope, Store, StoreOptions, Table};

const CHAT: i64 = -1_003_000_000_042;
const PLAYERS: i64 = 40;

/// Sixty games of two to four of forty players (ids 1..=40: every shard has some), in a
/// fixed pseudo-random order, all in [`CHAT`].
fn games() -> Vec<GameRecord> {
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move |n: i64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        i64::try_from(x % u64::try_from(n).unwrap()).unwrap()
    };
    let names: Vec<String> = (1..=PLAYERS).map(|u| format!("Jugador {u}")).collect();
    (0..60)
        .map(|i| {
            let size = 2 + next(3);
            let mut seated: Vec<(i64, &str)> = Vec::new();
            while i64::try_from(seated.len()).unwrap() < size {
                let user = 1 + next(PLAYERS);
                if seated.iter().all(|&(u, _)| u != user) {
                    seated.push((user, &names[usize::try_from(user - 1).unwrap()]));
                }
            }
            ranked(
                &format!("g{i}"),
                CHAT,
                MONDAY_0000_MADRID + i * 60_000,
                &seated,
            )
        })
        .collect()
}

async fn record_all(store: &Store) {
    let zone = ChatZone::default();
    for g in games() {
        let out = store.record_game(&g, &zone).await.expect("record");
        assert!(out.recorded, "{}", g.id);
    }
}

/// The global tables equal the chat's, for both tables, short and long lists, with and
/// without a caller (listed or not); each player's global aggregate equals the chat's.
async fn merged_tables_equal_the_single_table(store: &Store) {
    for table in [Table::AllTime, Table::Rating] {
        for (n, apart_n) in [(3, 2), (5, 5), (100, 100)] {
            for caller in [None, Some(1), Some(17), Some(40), Some(999)] {
                let chat = store
                    .top(StatsScope::Chat(CHAT), table, n, apart_n, caller)
                    .await
                    .expect("chat top");
                let global = store
                    .top(StatsScope::Global, table, n, apart_n, caller)
                    .await
                    .expect("global top");
                assert_eq!(global, chat, "{table:?} n={n} apart={apart_n} {caller:?}");
            }
        }
        // (the lists are not empty: the comparison above compared something)
        let all = store
            .top(StatsScope::Global, table, 100, 100, None)
            .await
            .unwrap();
        assert_eq!(all.settled_count + all.apart_count, 40, "{table:?}");
        assert!(all.top.len() > 10 && all.top.len() == all.settled_count as usize);
        assert!(
            all.top.windows(2).any(|w| w[0].rank == w[1].rank) || table == Table::Rating,
            "the points table has ties, so the merge's tie order is tested"
        );
    }
    for user in 1..=PLAYERS {
        let card = store.player_card(CHAT, user, None).await.expect("card");
        assert!(card.chat.is_some(), "{user}");
        assert_eq!(card.global, card.chat, "user {user}");
    }
}

/// The hash tags of the bot's global stats keys.
fn global_tags<'a>(keys: impl Iterator<Item = &'a String>) -> BTreeSet<String> {
    keys.filter(|k| k.starts_with("parxis:{stats"))
        .map(|k| hash_tag(k).to_owned())
        .collect()
}

#[tokio::test]
async fn on_one_server_the_global_tables_spread_over_every_shard_and_merge_exactly() {
    // Given a real redis-server and sixty games of forty players recorded in one chat
    let server = TestRedis::start();
    let store = Store::connect(&server.url()).await.expect("connect");
    record_all(&store).await;

    // Then the global keys carry every shard's tag and none the old single `{stats}` tag,
    let mut raw = server.raw().await;
    let all: Vec<String> = redis::cmd("KEYS")
        .arg("parxis:*")
        .query_async(&mut raw)
        .await
        .unwrap();
    let tags = global_tags(all.iter());
    let expected: BTreeSet<String> = (0..GLOBAL_SHARDS).map(|k| format!("stats:{k}")).collect();
    assert_eq!(tags, expected);
    // and each player's aggregate sits in the shard of its user id,
    for user in 1..=PLAYERS {
        let key = StatsScope::Global.user(user);
        assert!(all.contains(&key), "{key}");
        assert_eq!(
            hash_tag(&key),
            format!("stats:{}", keys::global_shard(user))
        );
    }
    // and the merged tables are the chat's.
    merged_tables_equal_the_single_table(&store).await;

    // When the same games are handed over again, nothing changes.
    let before = store
        .top(StatsScope::Global, Table::Rating, 100, 100, None)
        .await
        .unwrap();
    for g in games() {
        let out = store.record_game(&g, &ChatZone::default()).await.unwrap();
        assert!(!out.recorded);
    }
    let after = store
        .top(StatsScope::Global, Table::Rating, 100, 100, None)
        .await
        .unwrap();
    assert_eq!(after, before);
}

#[tokio::test]
async fn forgetme_removes_the_user_from_their_shard_and_the_merged_tables() {
    // Given the games recorded
    let server = TestRedis::start();
    let store = Store::connect(&server.url()).await.expect("connect");
    record_all(&store).await;
    let user = 17;
    let before = store
        .top(StatsScope::Global, Table::AllTime, 100, 100, None)
        .await
        .unwrap();
    assert!(
        before
            .top
            .iter()
            .chain(&before.apart)
            .any(|l| l.user == user)
    );

    // When the user asks to be forgotten
    store.forget_user(user).await.expect("forget");

    // Then no global key names them, and the merged tables lost exactly their line.
    let mut raw = server.raw().await;
    let left: Vec<String> = redis::cmd("KEYS")
        .arg(format!(
            "parxis:{{stats:{}}}:*{user}",
            keys::global_shard(user)
        ))
        .query_async(&mut raw)
        .await
        .unwrap();
    assert!(
        left.iter().all(|k| !k.ends_with(&format!(":{user}"))),
        "{left:?}"
    );
    let after = store
        .top(StatsScope::Global, Table::AllTime, 100, 100, Some(user))
        .await
        .unwrap();
    assert_eq!(after.caller, None);
    assert_eq!(
        after.settled_count + after.apart_count + 1,
        before.settled_count + before.apart_count
    );
    assert!(after.top.iter().chain(&after.apart).all(|l| l.user != user));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_three_primary_cluster_the_global_shards_sit_on_every_node_and_merge_exactly() {
    // Given a three-primary cluster and a store speaking the cluster protocol
    let cluster = ClusterSet::start().await;
    let target = cluster.target(std::time::Duration::ZERO);
    let store = Store::connect_to(&target, StoreOptions::default())
        .await
        .expect("store");
    assert!(store.is_cluster());

    // When sixty games are recorded (every script's keys in one slot, or nothing is sent)
    record_all(&store).await;

    // Then every node holds some global shards, each shard's keys on one node only,
    let mut home: BTreeMap<String, BTreeSet<usize>> = BTreeMap::new();
    for (i, node) in cluster.nodes.iter().enumerate() {
        let mut conn = node.raw().await;
        let held: Vec<String> = redis::cmd("KEYS")
            .arg("parxis:{stats*")
            .query_async(&mut conn)
            .await
            .unwrap();
        let tags = global_tags(held.iter());
        assert!(!tags.is_empty(), "node {i} holds no global shard");
        for tag in tags {
            home.entry(tag).or_default().insert(i);
        }
    }
    assert_eq!(home.len(), usize::from(GLOBAL_SHARDS), "{home:?}");
    for (tag, on) in &home {
        assert_eq!(on.len(), 1, "{tag} on nodes {on:?}");
    }
    // and the merged tables read from every node are the chat's single tables.
    merged_tables_equal_the_single_table(&store).await;
}
