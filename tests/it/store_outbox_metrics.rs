//! What the outbox tells the metrics, against a real `redis-server`: a board's planning time
//! (the oldest save it shows, for `parxis_board_lag_seconds`) kept through superseding
//! writes, and the backlog (`parxis_outbox_depth`, `parxis_outbox_oldest_due_seconds`).

use crate::support;

use parxis::store::{Meta, Pace, Put, Taken};
use support::store_fixture::setup;

const ROOMY: Pace = Pace {
    limit: 20,
    window_ms: 60_000,
    burst: 20,
    refill_ms: 1,
};

fn board(id: u64, planned_ms: u64, version: u64) -> Put<'static> {
    Put {
        slot: "b:-100",
        meta: Meta {
            id,
            expires_ms: 0,
            reserve: 0,
            version,
            flags: 0,
            not_before_ms: 0,
            planned_ms,
        },
        json: format!("{{\"board\":{version}}}"),
        order_ms: planned_ms,
        post_id: None,
        sticky: 1,
    }
}

#[tokio::test]
async fn a_board_superseded_while_it_waits_keeps_the_first_saves_time() {
    let (_server, store, _raw) = setup().await;
    let chat = -100;
    let t0 = 1_800_000_000_000;
    store
        .outbox_put(chat, &board(1, t0, 1), t0)
        .await
        .expect("put");
    store
        .outbox_put(chat, &board(2, t0 + 4_000, 2), t0 + 4_000)
        .await
        .expect("put");
    let Taken::Write { meta, .. } = store.outbox_take(chat, t0 + 5_000, ROOMY).await.unwrap()
    else {
        panic!("the board is due");
    };
    assert_eq!(meta.version, 2, "the newest board is made");
    assert_eq!(meta.planned_ms, t0, "from the oldest save it shows");
    store
        .outbox_done(chat, "b:-100", meta.id, meta.version)
        .await
        .expect("done");

    // Planned after the last one was taken: its own time.
    store
        .outbox_put(chat, &board(3, t0 + 9_000, 3), t0 + 9_000)
        .await
        .expect("put");
    let Taken::Write { meta, .. } = store.outbox_take(chat, t0 + 9_500, ROOMY).await.unwrap()
    else {
        panic!("the board is due");
    };
    assert_eq!((meta.version, meta.planned_ms), (3, t0 + 9_000));
}

#[tokio::test]
async fn the_backlog_counts_chats_waiting_and_the_oldest_due() {
    let (_server, store, _raw) = setup().await;
    let t0 = 1_800_000_000_000;
    assert_eq!(store.outbox_backlog(t0).await.expect("backlog"), (0, 0));
    store
        .outbox_put(-1, &board(1, t0, 1), t0)
        .await
        .expect("put");
    store
        .outbox_put(-2, &board(2, t0 + 2_000, 1), t0 + 2_000)
        .await
        .expect("put");
    assert_eq!(
        store.outbox_backlog(t0 + 61_000).await.expect("backlog"),
        (2, 61_000)
    );
    // Nothing is due before it was planned.
    assert_eq!(store.outbox_backlog(t0 - 5).await.expect("backlog"), (2, 0));
}
