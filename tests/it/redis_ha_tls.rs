//! The bot on Redis past one node, over TLS: a Sentinel set whose servers and sentinels all
//! speak TLS (certificates from a CA made here by `openssl`, the sentinels with their own
//! password) loses its primary mid-game, and the game ends on the promoted replica; and a
//! three-primary cluster whose nodes and bus speak TLS plays a whole game. Real
//! `redis-server` processes on loopback, the bot against the fake Bot API, the CA installed
//! as the process's Redis TLS setting (`support::tls::shared`).

use crate::support;

use std::time::Duration;

use parxis::bot::core::table::Status;
use parxis::store::{SentinelAuth, Target};
use support::bot_harness::{Harness, Options, four_users};
use support::failover::{press_through, presses_saved_once, table_through};
use support::redis::{ClusterSet, SENTINEL_MASTER, SentinelSet, TLS_SENTINEL_PASSWORD};

/// How many clients are connected to `node` on its TLS port, per `CLIENT LIST` (asked on
/// the plain port).
async fn tls_clients(node: &support::redis::TestRedis, tls_port: u16) -> usize {
    let mut raw = node.raw().await;
    let list: String = redis::cmd("CLIENT")
        .arg("LIST")
        .query_async(&mut raw)
        .await
        .expect("CLIENT LIST");
    list.lines()
        .filter(|l| l.contains(&format!("laddr=127.0.0.1:{tls_port} ")))
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn over_tls_the_primary_dies_mid_game_and_the_game_ends_on_the_promoted_replica() {
    // Given a Sentinel set speaking only TLS to the bot (sentinels with a password),
    let dir = support::tls::shared();
    let (primary, set) = SentinelSet::start_tls(dir).await;
    let ports = set.tls.as_ref().expect("TLS ports");
    let (first, replica_tls) = (ports.primary, ports.replica);
    let target = Target::Sentinel {
        sentinels: set.addresses(),
        master: SENTINEL_MASTER.to_owned(),
        url: "rediss://127.0.0.1/".to_owned(),
        auth: SentinelAuth {
            username: None,
            password: Some(TLS_SENTINEL_PASSWORD.to_owned()),
        },
        wait: Duration::from_millis(500),
    };
    let mut h = Harness::start_on(81, Options::default(), primary, target).await;
    h.use_emoji().await;
    h.start_game(2).await;
    // and a game under way over TLS (the bot's connections to the primary are TLS ones),
    presses_saved_once(&h, 4).await;
    assert!(
        tls_clients(&h.redis, first).await > 0,
        "no TLS connection on the primary's TLS port"
    );
    let (_, board) = h.fresh_board().await;
    let before = h.table().await.1;
    let mover = h.mover().await.expect("a human to move");

    // When the primary dies (SIGKILL),
    h.redis.stop();

    // then presses are answered "try again" until the sentinels promoted the replica and
    // the bot found it over TLS; the press then goes through, once,
    let busy = press_through(&h, &mover, &board).await;
    assert!(busy > 0, "the kill was not seen: no press answered busy");
    let after = table_through(&h.store).await;
    assert_eq!(
        after.seq(),
        before.seq() + 1,
        "lost or doubled across the failover"
    );
    let now = set.primary_port().await.expect("a primary");
    assert_eq!(
        now, replica_tls,
        "the sentinels name the replica's TLS port"
    );
    assert!(
        tls_clients(&set.replica, replica_tls).await > 0,
        "the bot is not on the promoted replica over TLS"
    );

    // and the game goes on to its end on the new primary.
    let presses = h.play_to_end(&four_users(), 3000).await;
    let end = table_through(&h.store).await;
    assert_ne!(end.status(), Status::Playing);
    assert!(end.seq() >= after.seq() + u64::try_from(presses).unwrap());
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_on_a_cluster_whose_nodes_speak_tls() {
    // Given a three-primary cluster serving TLS (the bus too), and a bot speaking TLS to it,
    let dir = support::tls::shared();
    let mut cluster = ClusterSet::start_tls(dir).await;
    let target = Target::Cluster {
        nodes: cluster.addresses(),
        url: "rediss://127.0.0.1/".to_owned(),
        wait: Duration::from_millis(50),
    };
    let ports = cluster.tls_ports.clone();
    let first = cluster.nodes.remove(0);
    let mut h = Harness::start_on(82, Options::default(), first, target).await;

    // When a game is played to its end,
    h.start_game(2).await;
    let presses = h.play_to_end(&four_users(), 3000).await;

    // then it ends, and the bot's connections to the nodes are TLS ones.
    assert!(presses > 0);
    assert_ne!(h.table().await.1.status(), Status::Playing);
    let mut on_tls = tls_clients(&h.redis, ports[0]).await;
    for (node, port) in cluster.nodes.iter().zip(&ports[1..]) {
        on_tls += tls_clients(node, *port).await;
    }
    assert!(on_tls >= 3, "{on_tls} TLS connections to the three nodes");
    h.stop_bots().await;
}
