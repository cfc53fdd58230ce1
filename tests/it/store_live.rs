//! The live board's use of the outbox, against a real `redis-server`: a tap's board is
//! planned "not before" a short wait, and the boards of the taps that follow share that one
//! write (`Meta::not_before_ms`, outbox_put.lua / outbox_take.lua).

use crate::support;
use support::store_fixture;

use parxis::store::{Meta, Pace, Planned, Put, Taken};
use store_fixture::setup;

const CHAT: i64 = -1_001_234_567_890;
const BOARD: &str = "b:-1001234567890";

/// A budget these tests never reach.
const ROOMY: Pace = Pace {
    limit: 20,
    window_ms: 60_000,
    burst: 20,
    refill_ms: 1,
};

/// The board of game `version`, planned at `now` (plan `id`), not made before `not_before`.
fn board(id: u64, now: u64, version: u64, not_before: u64) -> Put<'static> {
    Put {
        slot: BOARD,
        meta: Meta {
            id,
            expires_ms: 0,
            reserve: 0,
            version,
            flags: 0,
            not_before_ms: not_before,
            planned_ms: 0,
        },
        json: format!("{{\"board\":{version}}}"),
        order_ms: now,
        post_id: None,
        sticky: 1,
    }
}

fn reply(id: u64, now: u64) -> Put<'static> {
    Put {
        slot: "r:x",
        meta: Meta {
            id,
            ..Meta::default()
        },
        json: "{}".into(),
        // (a reply's lead: boards planned up to 6 s later go before it)
        order_ms: now + 6_000,
        post_id: None,
        sticky: 1,
    }
}

#[tokio::test]
async fn taps_within_the_wait_share_one_board_write_that_shows_the_latest_and_is_never_later() {
    // Given a tap's board planned at 1 000 not before 7 000,
    let (_server, store, _raw) = setup().await;
    let first = store
        .outbox_put(CHAT, &board(1, 1_000, 7, 7_000), 1_000)
        .await;
    assert_eq!(
        first.unwrap(),
        Planned {
            planned: true,
            superseded: false
        }
    );
    // then nothing goes before 7 000: the chat waits until then,
    assert_eq!(
        store.outbox_take(CHAT, 1_000, ROOMY).await.unwrap(),
        Taken::Wait {
            until_ms: 7_000,
            dropped: 0
        }
    );
    // When four more taps plan their boards meanwhile (each not before its own now + 6 000),
    for (i, now) in [2_000u64, 3_500, 5_000, 6_900].into_iter().enumerate() {
        let v = 8 + i as u64;
        let p = store
            .outbox_put(CHAT, &board(2 + i as u64, now, v, now + 6_000), now)
            .await
            .unwrap();
        assert!(p.superseded, "tap {i}");
    }
    // and a reply is planned: it passes the waiting board and goes at once,
    store
        .outbox_put(CHAT, &reply(50, 6_950), 6_950)
        .await
        .unwrap();
    let Taken::Write { slot, meta, .. } = store.outbox_take(CHAT, 6_950, ROOMY).await.unwrap()
    else {
        panic!("the reply may go");
    };
    assert_eq!((slot.as_str(), meta.id), ("r:x", 50));
    assert!(store.outbox_done(CHAT, &slot, meta.id, 0).await.unwrap());
    // Then the five boards are one write, still at 7 000 (the first tap's time), of the
    // latest version,
    assert_eq!(
        store.outbox_take(CHAT, 6_999, ROOMY).await.unwrap(),
        Taken::Wait {
            until_ms: 7_000,
            dropped: 0
        }
    );
    let Taken::Write {
        slot, meta, json, ..
    } = store.outbox_take(CHAT, 7_000, ROOMY).await.unwrap()
    else {
        panic!("the board goes at 7 000");
    };
    assert_eq!((slot.as_str(), meta.id, meta.version), (BOARD, 5, 11));
    assert_eq!(json, "{\"board\":11}");
    assert!(store.outbox_done(CHAT, BOARD, meta.id, 11).await.unwrap());
    assert_eq!(
        store.outbox_take(CHAT, 7_001, ROOMY).await.unwrap(),
        Taken::Empty { dropped: 0 }
    );

    // When a tap comes while a board's write is being made (taken, not done yet),
    store
        .outbox_put(CHAT, &board(6, 8_000, 12, 14_000), 8_000)
        .await
        .unwrap();
    let Taken::Write { meta: making, .. } = store.outbox_take(CHAT, 14_000, ROOMY).await.unwrap()
    else {
        panic!("the board goes at 14 000");
    };
    store
        .outbox_put(CHAT, &board(7, 14_010, 13, 20_010), 14_010)
        .await
        .unwrap();
    // Then it starts a wait of its own (the write being made showed version 12, and is
    // marked as being made): no second write at once,
    assert!(!store.outbox_done(CHAT, BOARD, making.id, 12).await.unwrap());
    assert_eq!(
        store.outbox_take(CHAT, 14_020, ROOMY).await.unwrap(),
        Taken::Wait {
            until_ms: 20_010,
            dropped: 0
        }
    );
    // and a board planned at once meanwhile (a press in the chat) brings it forward: now.
    store
        .outbox_put(CHAT, &board(8, 15_000, 14, 0), 15_000)
        .await
        .unwrap();
    let Taken::Write { meta, .. } = store.outbox_take(CHAT, 15_000, ROOMY).await.unwrap() else {
        panic!("a board planned at once is not held back");
    };
    assert_eq!((meta.id, meta.version, meta.not_before_ms), (8, 14, 0));
    assert!(store.outbox_done(CHAT, BOARD, meta.id, 14).await.unwrap());
    // A tap's board that supersedes one already due (a press's, waiting for the budget)
    // leaves it due: it is made at once, showing the tap's state.
    store
        .outbox_put(CHAT, &board(9, 16_000, 15, 0), 16_000)
        .await
        .unwrap();
    store
        .outbox_put(CHAT, &board(10, 16_001, 16, 22_001), 16_001)
        .await
        .unwrap();
    let Taken::Write { meta, .. } = store.outbox_take(CHAT, 16_002, ROOMY).await.unwrap() else {
        panic!("a board due stays due");
    };
    assert_eq!((meta.id, meta.version, meta.not_before_ms), (10, 16, 0));
    assert!(store.outbox_done(CHAT, BOARD, meta.id, 16).await.unwrap());
    // And a tap's board whose time has come but that no drain took yet is not put off by
    // the taps that follow (however fast they come, the board goes).
    store
        .outbox_put(CHAT, &board(11, 17_000, 17, 23_000), 17_000)
        .await
        .unwrap();
    store
        .outbox_put(CHAT, &board(12, 23_050, 18, 29_050), 23_050)
        .await
        .unwrap();
    let Taken::Write { meta, .. } = store.outbox_take(CHAT, 23_060, ROOMY).await.unwrap() else {
        panic!("the board is due since 23 000");
    };
    assert_eq!(
        (meta.id, meta.version, meta.not_before_ms),
        (12, 18, 23_000)
    );
}
