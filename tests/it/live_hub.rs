//! The live board's subscriber when Redis drops its connection: a save published while it
//! was away is not lost (the subscriber connects again and catches the watched place up from
//! the store), and saves published after reach the viewer again. Classic pub/sub on one
//! node, and sharded pub/sub on a three-primary cluster; real `redis-server` processes.

use crate::support;

use std::sync::Arc;
use std::time::{Duration, Instant};

use parxis::bot::core::table::{Actor, Table};
use parxis::bot::core::view::live::Frame;
use parxis::bot::effects::live::hub::{self, Hub};
use parxis::engine::Preset;
use parxis::store::{CasOutcome, Place, Store, StoreOptions, Target};
use support::redis::{ClusterSet, TestRedis};
use tokio::sync::broadcast;

fn lobby(name: &str) -> Table {
    let host = Actor {
        id: 7,
        name: name.to_owned(),
        is_admin: false,
    };
    Table::lobby(&host, Preset::Classic, false)
}

async fn save(store: &Store, place: Place, expected: u64, table: &Table) -> u64 {
    match store
        .save(place, expected, table, 3600)
        .await
        .expect("save")
    {
        CasOutcome::Saved { version } => version,
        other => panic!("{other:?}"),
    }
}

/// Waits until `node` counts `n` subscribers of the place's channel (`sharded`: SSUBSCRIBE).
async fn subscribers(node: &TestRedis, place: Place, sharded: bool, n: i64) {
    let mut conn = node.raw().await;
    let mut numsub = redis::cmd("PUBSUB");
    numsub
        .arg(if sharded { "SHARDNUMSUB" } else { "NUMSUB" })
        .arg(hub::channel(place));
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let subs: Vec<redis::Value> = numsub.query_async(&mut conn).await.expect("numsub");
        if subs.get(1) == Some(&redis::Value::Int(n)) {
            return;
        }
        assert!(Instant::now() < deadline, "never {n} subscribers: {subs:?}");
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

/// Closes every pub/sub connection `node` holds (as a restart or a network cut would) and
/// lets no connection in until [`let_in`]: the subscriber stays away meanwhile. The door is
/// shut first (`maxclients` at the clients that stay), so a quick reconnection cannot slip
/// in between.
async fn cut_subscribers(admin: &mut redis::aio::MultiplexedConnection) {
    let info: String = redis::cmd("INFO")
        .arg("clients")
        .query_async(admin)
        .await
        .expect("info");
    let connected: i64 = info
        .lines()
        .find_map(|l| l.strip_prefix("connected_clients:"))
        .and_then(|n| n.trim().parse().ok())
        .expect("connected_clients");
    let subscribers: String = redis::cmd("CLIENT")
        .arg("LIST")
        .arg("TYPE")
        .arg("pubsub")
        .query_async(admin)
        .await
        .expect("client list");
    let subscribers = i64::try_from(subscribers.lines().count()).expect("a count");
    assert!(subscribers >= 1, "no subscriber connection to cut");
    let () = redis::cmd("CONFIG")
        .arg("SET")
        .arg("maxclients")
        .arg((connected - subscribers).max(1))
        .query_async(admin)
        .await
        .expect("maxclients");
    let killed: i64 = redis::cmd("CLIENT")
        .arg("KILL")
        .arg("TYPE")
        .arg("pubsub")
        .query_async(admin)
        .await
        .expect("client kill");
    assert!(killed >= 1, "no subscriber connection cut");
}

/// Lets connections in again.
async fn let_in(admin: &mut redis::aio::MultiplexedConnection) {
    let () = redis::cmd("CONFIG")
        .arg("SET")
        .arg("maxclients")
        .arg(10_000)
        .query_async(admin)
        .await
        .expect("maxclients");
}

/// The next frame of at least `version` (older ones skipped), within 10 s.
async fn frame_of(frames: &mut broadcast::Receiver<Arc<Frame>>, version: u64) -> Arc<Frame> {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        match tokio::time::timeout_at(deadline, frames.recv()).await {
            Ok(Ok(f)) if f.version >= version => return f,
            Ok(Ok(_) | Err(broadcast::error::RecvError::Lagged(_))) => {}
            Ok(Err(e)) => panic!("{e}"),
            Err(_) => panic!("no frame of version {version} within 10 s"),
        }
    }
}

/// The scene both tests play on `node` (which holds the place's keys): a viewer on replica
/// A; replica B saves and publishes; the subscriber's connection is cut; B saves and
/// publishes while A is away; B saves and publishes again once A is back.
async fn a_cut_loses_nothing(node: &TestRedis, target: Target, place: Place, sharded: bool) {
    let a = Store::connect_to(&target, StoreOptions::default())
        .await
        .expect("store a");
    let b = Store::connect_to(&target, StoreOptions::default())
        .await
        .expect("store b");
    let hub_a = Hub::start_on(a, target, || 0);
    let (_seat, mut frames) = hub_a.watch(place);
    subscribers(node, place, sharded, 1).await;
    let publish = |version: u64, table: Table| {
        let b = b.clone();
        async move {
            let message = hub::message(place, version, &table).expect("message");
            b.publish(&hub::channel(place), &message)
                .await
                .expect("publish")
        }
    };

    // A save published reaches the viewer;
    let v1 = save(&b, place, 0, &lobby("Anna")).await;
    assert_eq!(publish(v1, lobby("Anna")).await, 1);
    assert_eq!(frame_of(&mut frames, v1).await.version, v1);

    // when the subscriber's connection is cut and a save is published while it is away (to
    // nobody),
    let mut admin = node.raw().await;
    cut_subscribers(&mut admin).await;
    let v2 = save(&b, place, v1, &lobby("Berta")).await;
    assert_eq!(publish(v2, lobby("Berta")).await, 0, "published to nobody");
    // the viewer still gets it: the subscriber connects again and catches the place up;
    let_in(&mut admin).await;
    let f = frame_of(&mut frames, v2).await;
    assert_eq!(f.version, v2);
    assert_eq!(f.table.players()[0].name, "Berta");

    // and, subscribed again, a later save published reaches it as before.
    subscribers(node, place, sharded, 1).await;
    let v3 = save(&b, place, v2, &lobby("Carme")).await;
    assert_eq!(publish(v3, lobby("Carme")).await, 1);
    let f = frame_of(&mut frames, v3).await;
    assert_eq!(f.version, v3);
    assert_eq!(f.table.players()[0].name, "Carme");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cut_subscriber_on_one_node_subscribes_again_and_its_viewer_misses_nothing() {
    let redis = TestRedis::start();
    let target = Target::Single(redis.url());
    a_cut_loses_nothing(&redis, target, Place::of_chat(-1_001_000_000_001), false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cut_sharded_subscriber_on_a_cluster_subscribes_again_and_its_viewer_misses_nothing() {
    let cluster = ClusterSet::start().await;
    let target = cluster.target(Duration::ZERO);
    let place = Place::of_chat(-1_001_000_000_002);
    // The node that holds the place's slot (the others answer MOVED).
    let key = format!("{}:probe", place.prefix());
    let mut holder = None;
    for node in &cluster.nodes {
        let got: redis::RedisResult<redis::Value> = redis::cmd("GET")
            .arg(&key)
            .query_async(&mut node.raw().await)
            .await;
        if got.is_ok() {
            holder = Some(node);
        }
    }
    let node = holder.expect("a node holds the place's slot");
    a_cut_loses_nothing(node, target, place, true).await;
}
