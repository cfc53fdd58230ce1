//! The real bot on Redis past one node: a Sentinel set whose primary dies mid-game, and a
//! three-primary Redis Cluster. Both are real `redis-server` processes on loopback
//! (`support::redis::{SentinelSet, ClusterSet}`), the bot talks to the fake Bot API.

use crate::support;

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

use parxis::bot::core::table::{Status, Table};
use parxis::store::keys::hash_tag;
use parxis::store::{SentinelAuth, Store, Target};
use support::bot_harness::{CHAT, Harness, Options, four_users};
use support::failover::{press_through, presses_saved_once, table_through};
use support::redis::{ClusterSet, SENTINEL_MASTER, SentinelSet, TestRedis};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_primary_dies_mid_game_and_the_game_ends_on_the_promoted_replica_with_every_move() {
    // Given a Sentinel set and a bot that finds its primary through the sentinels,
    let (primary, set) = SentinelSet::start().await;
    let first = primary.port();
    let target = Target::Sentinel {
        sentinels: set.addresses(),
        master: SENTINEL_MASTER.to_owned(),
        url: "redis://127.0.0.1/".to_owned(),
        auth: SentinelAuth::default(),
        wait: Duration::from_millis(500),
    };
    let mut h = Harness::start_on(71, Options::default(), primary, target).await;
    let users = four_users();
    // (the chat's settings read, so "busy" comes in its language, English),
    h.use_emoji().await;
    h.start_game(2).await;
    // and a game under way, each accepted press saved once,
    presses_saved_once(&h, 4).await;
    let (_, board) = h.fresh_board().await;
    let before = h.table().await.1;
    let mover = h.mover().await.expect("a human to move");

    // When the primary dies (SIGKILL) mid-game,
    h.redis.stop();

    // then presses are answered "try again" and change nothing until the sentinels have
    // promoted the replica and the bot found it; then the press goes through, once.
    let busy = press_through(&h, &mover, &board).await;
    assert!(busy > 0, "the kill was not seen: no press answered busy");
    let after = table_through(&h.store).await;
    // Nothing saved before the kill was lost (the replica held it: WAIT), and the press
    // that went through was applied exactly once.
    assert_eq!(
        after.seq(),
        before.seq() + 1,
        "lost or doubled across the failover"
    );
    let now = set.primary_port().await.expect("a primary");
    assert_ne!(now, first, "the sentinels promoted the replica");
    assert_eq!(now, set.replica.port());

    // And the game goes on to its end on the new primary.
    let presses = h.play_to_end(&users, 3000).await;
    let end = table_through(&h.store).await;
    assert_ne!(end.status(), Status::Playing);
    assert!(end.seq() >= after.seq() + u64::try_from(presses).unwrap());
    h.stop_bots().await;
}

/// A chat id whose keys the cluster puts on `node` (a key of a slot the node does not
/// serve is answered `MOVED`).
async fn chat_on(node: &TestRedis, skip: &BTreeSet<i64>) -> i64 {
    let mut conn = node.raw().await;
    for chat in (1..).map(|n| -1_002_000_000_000 - n) {
        if skip.contains(&chat) {
            continue;
        }
        let here: redis::RedisResult<i64> = redis::cmd("EXISTS")
            .arg(format!("parxis:{{{chat}}}:game"))
            .query_async(&mut conn)
            .await;
        if here.is_ok() {
            return chat;
        }
    }
    unreachable!()
}

/// Every key each node holds.
async fn keys_by_node(nodes: &[&TestRedis]) -> Vec<Vec<String>> {
    let mut all = Vec::new();
    for node in nodes {
        let mut conn = node.raw().await;
        let keys: Vec<String> = redis::cmd("KEYS")
            .arg("*")
            .query_async(&mut conn)
            .await
            .expect("keys");
        all.push(keys);
    }
    all
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_on_a_three_primary_cluster_keep_each_chats_keys_in_its_slot_on_every_shard() {
    // Given a three-primary cluster, and a bot speaking the cluster protocol,
    let mut cluster = ClusterSet::start().await;
    let target = cluster.target(Duration::from_millis(50));
    let first = cluster.nodes.remove(0);
    let mut h = Harness::start_on(72, Options::default(), first, target).await;
    let nodes: Vec<&TestRedis> = std::iter::once(&h.redis).chain(&cluster.nodes).collect();
    // and one more group's game on each shard besides the main chat's,
    let mut chats = BTreeSet::from([CHAT]);
    for node in &nodes {
        let chat = chat_on(node, &chats).await;
        chats.insert(chat);
    }

    // When the main chat plays a game to its end (its record and stats written too)
    h.start_game(2).await;
    let presses = h.play_to_end(&four_users(), 3000).await;
    assert!(presses > 0);
    assert_ne!(h.table().await.1.status(), Status::Playing);
    // and the others start theirs,
    for &chat in chats.iter().filter(|&&c| c != CHAT) {
        h.two_player_game_in(chat).await;
        let game = h
            .store
            .load::<Table>(chat)
            .await
            .expect("redis")
            .expect("a game");
        assert_eq!(game.state.status(), Status::Playing, "chat {chat}");
    }

    // then every node holds some of the bot's keys, each chat's keys all sit on one node
    // (one slot: its hash tag), and the chats spread over all three shards.
    let held = keys_by_node(&nodes).await;
    let mut home: BTreeMap<String, BTreeSet<usize>> = BTreeMap::new();
    for (i, keys) in held.iter().enumerate() {
        assert!(
            keys.iter().any(|k| k.starts_with("parxis:")),
            "node {i} holds none of the bot's keys: {keys:?}"
        );
        for key in keys {
            home.entry(hash_tag(key).to_owned()).or_default().insert(i);
        }
    }
    for (tag, on) in &home {
        assert_eq!(on.len(), 1, "keys tagged {tag:?} on nodes {on:?}");
    }
    let shards: BTreeSet<usize> = chats
        .iter()
        .map(|c| {
            let on = home
                .get(&c.to_string())
                .unwrap_or_else(|| panic!("chat {c} has no keys"));
            *on.iter().next().unwrap()
        })
        .collect();
    assert_eq!(shards.len(), 3, "chats on shards {shards:?}");
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_cluster_the_live_channel_is_published_sharded_to_its_chats_node() {
    use std::io::{Read, Write};
    // Given a cluster, a store on it, and a subscriber (SSUBSCRIBE) on the node serving one
    // chat's channel,
    let cluster = ClusterSet::start().await;
    let target = cluster.target(Duration::ZERO);
    let store = Store::connect_to(&target, parxis::store::StoreOptions::default())
        .await
        .expect("store");
    assert!(store.is_cluster());
    let node = &cluster.nodes[2];
    let chat = chat_on(node, &BTreeSet::new()).await;
    let channel = format!("parxis:{{{chat}}}:live");
    let mut sub = std::net::TcpStream::connect(("127.0.0.1", node.port())).expect("connect");
    sub.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    write!(sub, "SSUBSCRIBE {channel}\r\n").unwrap();
    let mut seen = Vec::new();
    let mut buf = [0u8; 512];
    while !String::from_utf8_lossy(&seen).contains(":1\r\n") {
        let n = sub.read(&mut buf).expect("the subscription is confirmed");
        assert!(n > 0);
        seen.extend_from_slice(&buf[..n]);
    }

    // When the store publishes on it,
    let received = store.publish(&channel, "board-42").await.expect("publish");

    // then the node's sharded subscriber gets it (a classic PUBLISH would not reach it).
    assert_eq!(received, 1);
    let mut got = Vec::new();
    while !String::from_utf8_lossy(&got).contains("board-42") {
        let n = sub.read(&mut buf).expect("the message arrives");
        assert!(n > 0);
        got.extend_from_slice(&buf[..n]);
    }
    assert!(
        String::from_utf8_lossy(&got).contains("smessage"),
        "{:?}",
        String::from_utf8_lossy(&got)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_cluster_a_viewer_on_one_replica_sees_a_save_made_on_another_through_ssubscribe() {
    use parxis::bot::core::table::Actor;
    use parxis::bot::effects::live::hub::{self, Hub};
    use parxis::engine::Preset;
    use parxis::store::{Place, StoreOptions};
    // Given a cluster, two replicas' stores on it, and replica A's live hub (its subscriber
    // on sharded pub/sub, as the bot starts it on a cluster),
    let cluster = ClusterSet::start().await;
    let target = cluster.target(Duration::ZERO);
    let a = Store::connect_to(&target, StoreOptions::default())
        .await
        .expect("store a");
    let b = Store::connect_to(&target, StoreOptions::default())
        .await
        .expect("store b");
    let hub_a = Hub::start_on(a, target.clone(), || 0);
    let host = Actor {
        id: 7,
        name: "Anna".to_owned(),
        is_admin: false,
    };
    let mut seen = BTreeSet::new();
    // and a viewer on A of one chat on each of the three nodes,
    for node in &cluster.nodes {
        let chat = chat_on(node, &seen).await;
        seen.insert(chat);
        let place = Place::of_chat(chat);
        let (_seat, mut frames) = hub_a.watch(place);
        let mut conn = node.raw().await;
        let mut numsub = redis::cmd("PUBSUB");
        numsub.arg("SHARDNUMSUB").arg(hub::channel(place));
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let subs: Vec<redis::Value> = numsub.query_async(&mut conn).await.unwrap();
            if subs.get(1) == Some(&redis::Value::Int(1)) {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "replica A never subscribed (sharded) on chat {chat}'s node: {subs:?}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }

        // When replica B saves a table there and publishes it as its save path does (SPUBLISH),
        let table = Table::lobby(&host, Preset::Classic, false);
        let version = match b.save(place, 0, &table, 3600).await.expect("save") {
            parxis::store::CasOutcome::Saved { version } => version,
            other => panic!("{other:?}"),
        };
        let message = hub::message(place, version, &table).expect("message");
        let reached = b
            .publish(&hub::channel(place), &message)
            .await
            .expect("publish");

        // then A's subscriber got it and its viewer sees the frame of that version.
        assert_eq!(reached, 1, "chat {chat}");
        let frame = tokio::time::timeout(Duration::from_secs(5), frames.recv())
            .await
            .expect("a frame within 5 s")
            .expect("the frame");
        assert_eq!(frame.version, version, "chat {chat}");
    }
}

/// How many `WAIT` commands `node` has run (`INFO commandstats`).
async fn waits_on(node: &TestRedis) -> u64 {
    let mut conn = node.raw().await;
    let info: String = redis::cmd("INFO")
        .arg("commandstats")
        .query_async(&mut conn)
        .await
        .expect("info");
    info.lines()
        .find_map(|l| l.strip_prefix("cmdstat_wait:calls="))
        .and_then(|rest| rest.split(',').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_cluster_a_saves_wait_goes_to_the_node_that_took_the_write() {
    use parxis::store::StoreOptions;
    // Given a cluster and a store that waits for a replica after each save,
    let cluster = ClusterSet::start().await;
    let target = cluster.target(Duration::from_millis(20));
    let store = Store::connect_to(&target, StoreOptions::default())
        .await
        .expect("store");
    // and a chat whose slot the last node serves (not the first seed),
    let chat = chat_on(&cluster.nodes[2], &BTreeSet::new()).await;
    let before: Vec<u64> = futures_util::future::join_all(cluster.nodes.iter().map(waits_on)).await;

    // When a game is saved there
    let saved = store.save(chat, 0, &"state", 3600).await.expect("save");
    assert!(saved.is_saved());

    // then the WAIT went to that node, and to no other.
    let after: Vec<u64> = futures_util::future::join_all(cluster.nodes.iter().map(waits_on)).await;
    let delta: Vec<u64> = after.iter().zip(&before).map(|(a, b)| a - b).collect();
    assert_eq!(delta, [0, 0, 1], "WAITs per node");
}
