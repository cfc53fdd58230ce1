//! The outbox of each chat against a real `redis-server` (see `support/redis.rs`): planned
//! writes per slot, the per-chat write budget shared by replicas (sliding window + token
//! bucket), 429 blocks, the order of writes, and the due set that schedules the drains.

use crate::support;
use support::redis as redis_support;
use support::store_fixture;

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

use parxis::store::{
    Done, DueKind, Meta, OUTBOX_TTL_SECS, Pace, Place, Planned, Put, Store, Taken, keys,
};
use redis::AsyncCommands;
use redis_support::TestRedis;
use store_fixture::setup;
use tokio::sync::Barrier;

const CHAT: i64 = -1_001_234_567_890;

/// A budget these tests never reach (20 a minute, all at once).
const ROOMY: Pace = Pace {
    limit: 20,
    window_ms: 60_000,
    burst: 20,
    refill_ms: 1,
};

/// Two handles on one server, as two bot replicas have.
async fn two_replicas() -> (TestRedis, Store, Store, redis::aio::MultiplexedConnection) {
    let (server, a, raw) = setup().await;
    let b = Store::connect(&server.url()).await.expect("second replica");
    (server, a, b, raw)
}

/// A write of `slot` at `priority`, planned at `now`, as the bot plans one (`id` unique per
/// plan; `version` a board's game version).
fn put(slot: &str, id: u64, priority: u8, now: u64, version: u64) -> Put<'_> {
    Put {
        slot,
        meta: Meta {
            id,
            expires_ms: 0,
            reserve: 0,
            version,
            flags: 0,
            not_before_ms: 0,
            planned_ms: 0,
        },
        json: format!("{{\"write\":\"{slot}\",\"id\":{id}}}"),
        // As the bot orders them: a priority's writes let later boards go first for a while.
        order_ms: now + u64::from(priority) * 10_000,
        post_id: None,
        sticky: 1,
    }
}

/// Plans `n` writes `w0`… in `chat` (priority 2, in order).
async fn plan_many(store: &Store, chat: i64, n: u64, now: u64) {
    for i in 0..n {
        let slot = format!("w{i}");
        let p = store
            .outbox_put(chat, &put(&slot, i + 1, 2, now + i, 0), now)
            .await
            .expect("put");
        assert_eq!(
            p,
            Planned {
                planned: true,
                superseded: false
            }
        );
    }
}

/// How many writes the budget of `chat` counts right now (its sliding window's key).
async fn counted(raw: &mut redis::aio::MultiplexedConnection, chat: i64) -> usize {
    raw.zcard(keys::writes(chat)).await.expect("zcard")
}

/// 16 tasks on two replicas, `rounds` rounds `step` ms apart (all tasks of a round at the
/// same `now`), `tries` takes each per round; every granted write is made (done) at once.
/// Returns the granted `now`s and the refusals `(now, until)`.
async fn race(
    a: &Store,
    b: &Store,
    pace: Pace,
    rounds: u64,
    step: u64,
    tries: usize,
) -> (Vec<u64>, Vec<(u64, u64)>) {
    let tasks = 16;
    let barrier = Arc::new(Barrier::new(tasks));
    let mut handles = Vec::new();
    for task in 0..tasks {
        let store = if task % 2 == 0 { a.clone() } else { b.clone() };
        let barrier = Arc::clone(&barrier);
        handles.push(tokio::spawn(async move {
            let mut answers = Vec::new();
            for round in 0..rounds {
                barrier.wait().await;
                let now = 1_000_000 + round * step;
                for _ in 0..tries {
                    let answer = store.outbox_take(CHAT, now, pace).await.expect("take");
                    if let Taken::Write { slot, meta, .. } = &answer {
                        store
                            .outbox_done(CHAT, slot, meta.id, 0)
                            .await
                            .expect("done");
                    }
                    answers.push((now, answer));
                }
            }
            answers
        }));
    }
    let mut granted = Vec::new();
    let mut waits = Vec::new();
    for handle in handles {
        for (now, answer) in handle.await.expect("task") {
            match answer {
                Taken::Write { .. } => granted.push(now),
                Taken::Wait { until_ms, .. } => waits.push((now, until_ms)),
                Taken::Empty { .. } => panic!("the outbox ran dry at {now}"),
            }
        }
    }
    granted.sort_unstable();
    (granted, waits)
}

/// The most granted writes in any window of `window` ms (ending at a grant).
fn most_in_a_window(granted: &[u64], window: u64) -> usize {
    granted
        .iter()
        .map(|&end| {
            granted
                .iter()
                .filter(|&&t| t <= end && t + window > end)
                .count()
        })
        .max()
        .unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_replicas_racing_for_writes_never_exceed_the_limit_in_any_window() {
    // Given a chat with 200 planned writes and a budget of 20 per 1000 ms whose bucket holds
    // the whole 20 (no spreading), and two replicas with 8 tasks each taking writes at once,
    // in rounds a quarter of a window apart
    let (_server, a, b, mut raw) = two_replicas().await;
    plan_many(&a, CHAT, 200, 1_000_000).await;
    let pace = Pace {
        limit: 20,
        window_ms: 1000,
        burst: 20,
        refill_ms: 50,
    };
    let (granted, waits) = race(&a, &b, pace, 20, 250, 5).await;

    // Then no window of 1000 ms ever holds more than 20 granted writes
    assert_eq!(most_in_a_window(&granted, 1000), 20);
    // and the budget was used in full: 20 at the start of each window, 5 windows
    assert_eq!(granted.len(), 100);
    let per_round = |r: u64| {
        granted
            .iter()
            .filter(|&&t| t == 1_000_000 + r * 250)
            .count()
    };
    assert_eq!((per_round(0), per_round(1), per_round(4)), (20, 0, 20));
    // and every refusal names the moment the window frees: the next multiple of 1000 ms
    assert_eq!(waits.len(), 16 * 5 * 20 - 100);
    for (now, until) in waits {
        let next_window = 1_000_000 + ((now - 1_000_000) / 1000 + 1) * 1000;
        assert_eq!(until, next_window, "refused at {now}");
    }
    // and each granted write was made once: 100 of the 200 planned are left (a write two
    // tasks took at once is done once; the bot's drain holds the chat's lease against that)
    let left = a.outbox_len(CHAT).await.expect("len");
    assert!((100..200).contains(&left), "{left} left");
    // and the window's key counts at most the limit
    assert!(counted(&mut raw, CHAT).await <= 20);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_even_pace_spreads_the_writes_of_racing_replicas_over_the_window() {
    // Given Telegram's 20 writes per window spread evenly (a burst of 2, then one every
    // 50 ms), and two replicas with 8 tasks each taking writes every 10 ms for 2 windows
    let (_server, a, b, _raw) = two_replicas().await;
    plan_many(&a, CHAT, 200, 1_000_000).await;
    let pace = Pace::even(20, 1000);
    assert_eq!((pace.burst, pace.refill_ms), (2, 50));
    let (granted, waits) = race(&a, &b, pace, 200, 10, 1).await;

    // Then no window holds more than the limit,
    assert_eq!(most_in_a_window(&granted, 1000), 20);
    // and no stretch of time more than the burst and one write per 50 ms of it,
    for (i, &from) in granted.iter().enumerate() {
        for (n, &to) in granted[i..].iter().enumerate() {
            let allowed = 2 + (to - from) / 50;
            assert!(
                u64::try_from(n).unwrap() < allowed,
                "{} writes in [{from}, {to}]",
                n + 1
            );
        }
    }
    // and the budget is used as it allows: the burst, then one every 50 ms, the window's
    // 20 reached at 900 ms (the next write at 1000 ms, with the burst refilled)
    assert_eq!(granted.len(), 40, "{granted:?}");
    assert_eq!(
        granted.iter().filter(|&&t| t < 1_001_000).count(),
        20,
        "{granted:?}"
    );
    // and each refusal names the time the next write was granted (to the 10 ms of a round):
    // neither too soon nor later than needed
    for (now, until) in waits {
        let next = granted.iter().copied().find(|&t| t > now);
        if let Some(next) = next {
            assert!(
                until > now && until <= next && next < until + 10,
                "refused at {now} until {until}, next write at {next}"
            );
        }
    }
}

#[tokio::test]
async fn a_429_seen_by_one_replica_blocks_both_until_its_retry_after() {
    // Given a chat with writes planned and room in its budget
    let (_server, a, b, mut raw) = two_replicas().await;
    let now = 5_000_000;
    let pace = Pace {
        limit: 20,
        window_ms: 60_000,
        burst: 20,
        refill_ms: 3_000,
    };
    plan_many(&a, CHAT, 5, now).await;
    let Taken::Write { slot, meta, .. } = a.outbox_take(CHAT, now, pace).await.unwrap() else {
        panic!("a write is allowed");
    };
    assert!(a.outbox_done(CHAT, &slot, meta.id, 0).await.unwrap());

    // When replica A is told "retry after 40" by Telegram
    let until = a.note_retry_after(CHAT, now, now + 40_000).await.unwrap();

    // Then both replicas wait until then, for the next write or one more request of a
    // write, and nothing is counted meanwhile
    assert_eq!(until, now + 40_000);
    for (store, at) in [(&a, now + 1), (&b, now + 1), (&b, now + 39_999)] {
        assert_eq!(
            store.outbox_take(CHAT, at, pace).await.unwrap(),
            Taken::Wait {
                until_ms: now + 40_000,
                dropped: 0
            }
        );
        assert_eq!(
            store.outbox_take_more(CHAT, at, pace).await.unwrap(),
            Some(now + 40_000)
        );
    }
    assert_eq!(counted(&mut raw, CHAT).await, 1);
    assert_eq!(
        a.outbox_len(CHAT).await.unwrap(),
        4,
        "nothing made, nothing lost"
    );
    // and a write planned meanwhile (the chat's due entry pulled to now) waits too
    a.outbox_put(CHAT, &put("late", 99, 0, now + 2, 1), now + 2)
        .await
        .unwrap();
    assert_eq!(
        b.outbox_take(CHAT, now + 2, pace).await.unwrap(),
        Taken::Wait {
            until_ms: now + 40_000,
            dropped: 0
        }
    );
    // and a shorter retry_after seen later does not shorten the block
    assert_eq!(
        b.note_retry_after(CHAT, now + 2, now + 10_000)
            .await
            .unwrap(),
        now + 40_000
    );
    // and another chat is not blocked
    plan_many(&b, CHAT - 1, 1, now).await;
    assert!(matches!(
        b.outbox_take(CHAT - 1, now + 1, pace).await.unwrap(),
        Taken::Write { .. }
    ));
    // and at the block's end the chat gets a write again, its 2nd in the window (the most
    // important first: the board planned meanwhile)
    let two = Pace {
        limit: 2,
        window_ms: 60_000,
        burst: 2,
        refill_ms: 30_000,
    };
    let Taken::Write { slot, meta, .. } = b.outbox_take(CHAT, now + 40_000, two).await.unwrap()
    else {
        panic!("the block is over");
    };
    assert_eq!((slot.as_str(), meta.id), ("late", 99));
    assert!(b.outbox_done(CHAT, &slot, meta.id, 1).await.unwrap());
    // Then with the window full too, the later of the two ends is the answer
    a.note_retry_after(CHAT, now + 40_000, now + 45_000)
        .await
        .unwrap();
    assert_eq!(
        a.outbox_take(CHAT, now + 45_000, two).await.unwrap(),
        Taken::Wait {
            until_ms: now + 60_000,
            dropped: 0
        }
    );
    assert_eq!(
        a.outbox_take_more(CHAT, now + 45_000, two).await.unwrap(),
        Some(now + 60_000)
    );
}

#[tokio::test]
async fn a_zero_limit_allows_one_write_a_window_and_the_budgets_keys_stay_bounded() {
    // Given a store and a chat with writes planned
    let (_server, store, mut raw) = setup().await;
    plan_many(&store, CHAT, 60, 0).await;

    // When asked with a zero limit, burst and refill, it grants one write a window: never
    // none (a chat the bot could not write to), never unlimited
    let zero = Pace {
        limit: 0,
        window_ms: 60_000,
        burst: 0,
        refill_ms: 0,
    };
    assert!(matches!(
        store.outbox_take(CHAT, 1_000, zero).await.unwrap(),
        Taken::Write { .. }
    ));
    assert_eq!(
        store.outbox_take(CHAT, 1_000, zero).await.unwrap(),
        Taken::Wait {
            until_ms: 61_000,
            dropped: 0
        }
    );
    assert_eq!(Pace::even(0, 60_000).limit, 1);

    // When 50 writes are granted over a long time with a limit of 3
    let three = Pace::even(3, 1000);
    for n in 0..50 {
        let now = 100_000 + n * 1000;
        let taken = store.outbox_take(CHAT, now, three).await.unwrap();
        let Taken::Write { slot, meta, .. } = taken else {
            panic!("write {n}: {taken:?}");
        };
        store.outbox_done(CHAT, &slot, meta.id, 0).await.unwrap();
    }

    // Then the window's key holds at most 3 entries and expires with the window, the bucket
    // expires too, and the planned writes expire unless new ones come
    assert!(counted(&mut raw, CHAT).await <= 3);
    let ttl: i64 = raw.pttl(keys::writes(CHAT)).await.unwrap();
    assert!(ttl > 0 && ttl <= 1000, "window ttl {ttl}");
    let ttl: i64 = raw.pttl(keys::bucket(CHAT)).await.unwrap();
    assert!(ttl > 0 && ttl <= 2000, "bucket ttl {ttl}");
    let secs = i64::try_from(OUTBOX_TTL_SECS).unwrap();
    for key in [keys::outbox(CHAT), keys::outbox_queue(CHAT)] {
        let ttl: i64 = raw.ttl(&key).await.unwrap();
        assert!(ttl > 0 && ttl <= secs, "{key} ttl {ttl}");
    }
    assert_eq!(store.outbox_len(CHAT).await.unwrap(), 10);
}

#[tokio::test]
async fn a_newer_planned_board_survives_the_done_of_an_older_one() {
    // Given board version 5 planned, and a drain making it
    let (_server, store, _raw) = setup().await;
    let pace = ROOMY;
    let slot = "b:-1001234567890";
    store
        .outbox_put(CHAT, &put(slot, 11, 0, 1000, 5), 1000)
        .await
        .unwrap();
    let Taken::Write { meta, .. } = store.outbox_take(CHAT, 1000, pace).await.unwrap() else {
        panic!("a write is allowed");
    };
    assert_eq!((meta.id, meta.version), (11, 5));

    // When a move plans version 6 before version 5 is shown, and version 5's write is done
    let planned = store
        .outbox_put(CHAT, &put(slot, 12, 0, 1001, 6), 1001)
        .await
        .unwrap();
    let emptied = store.outbox_done(CHAT, slot, 11, 5).await.unwrap();

    // Then the done of 5 keeps version 6 planned: it is the next write
    assert_eq!(
        planned,
        Planned {
            planned: true,
            superseded: true
        }
    );
    assert!(!emptied);
    assert_eq!(store.outbox_len(CHAT).await.unwrap(), 1);
    let Taken::Write {
        slot: next, meta, ..
    } = store.outbox_take(CHAT, 1002, pace).await.unwrap()
    else {
        panic!("version 6 is still to write");
    };
    assert_eq!((next.as_str(), meta.id, meta.version), (slot, 12, 6));
    // and a board that showed version 7 (the drain renders the latest table) makes a board
    // planned for 7 meanwhile too
    store
        .outbox_put(CHAT, &put(slot, 13, 0, 1003, 7), 1003)
        .await
        .unwrap();
    assert!(store.outbox_done(CHAT, slot, 12, 7).await.unwrap());
    assert_eq!(store.outbox_len(CHAT).await.unwrap(), 0);
    assert_eq!(
        store.outbox_take(CHAT, 1004, pace).await.unwrap(),
        Taken::Empty { dropped: 0 }
    );
    // and a done of what is not planned is harmless
    assert!(!store.outbox_done(CHAT, slot, 13, 0).await.unwrap());

    // When a /board asks for the board posted anew (flag 1), and a plain edit supersedes it,
    let mut repost = put(slot, 21, 0, 2000, 8);
    repost.meta.flags = 1;
    store.outbox_put(CHAT, &repost, 2000).await.unwrap();
    store
        .outbox_put(CHAT, &put(slot, 22, 0, 2001, 9), 2001)
        .await
        .unwrap();
    // Then the write keeps "post anew" (a sticky flag), with the newer version
    let Taken::Write { meta, .. } = store.outbox_take(CHAT, 2002, pace).await.unwrap() else {
        panic!("a write is allowed");
    };
    assert_eq!((meta.id, meta.version, meta.flags), (22, 9, 1));
    store.outbox_done(CHAT, slot, 22, 9).await.unwrap();

    // When a "post anew" is being made (taken) and a plain edit is planned meanwhile (a Join
    // pressed while the new lobby is on its way),
    let mut repost = put(slot, 23, 0, 2100, 10);
    repost.meta.flags = 1;
    store.outbox_put(CHAT, &repost, 2100).await.unwrap();
    let Taken::Write { meta, .. } = store.outbox_take(CHAT, 5000, pace).await.unwrap() else {
        panic!("a write is allowed");
    };
    assert_eq!((meta.id, meta.flags), (23, 1));
    store
        .outbox_put(CHAT, &put(slot, 24, 0, 5001, 11), 5001)
        .await
        .unwrap();
    // Then, the post made, the later write is a plain one (it edits the new post, instead
    // of posting another)
    assert!(!store.outbox_done(CHAT, slot, 23, 10).await.unwrap());
    let Taken::Write { meta, .. } = store.outbox_take(CHAT, 9000, pace).await.unwrap() else {
        panic!("a write is allowed");
    };
    assert_eq!((meta.id, meta.version, meta.flags), (24, 11, 0));
    store.outbox_done(CHAT, slot, 24, 11).await.unwrap();

    // When a post with an id is planned twice (a retry after a crash), Then once
    let mut post = put("p:result:1", 31, 5, 3000, 0);
    post.post_id = Some("result:1");
    let first = store.outbox_put(CHAT, &post, 3000).await.unwrap();
    post.meta.id = 32;
    let again = store.outbox_put(CHAT, &post, 3001).await.unwrap();
    assert!(first.planned && !again.planned);
    assert_eq!(store.outbox_len(CHAT).await.unwrap(), 1);
    // and a planned write taken back before it is made is gone
    assert!(store.outbox_cancel(CHAT, "p:result:1").await.unwrap());
    assert!(!store.outbox_cancel(CHAT, "p:result:1").await.unwrap());
    assert_eq!(store.outbox_len(CHAT).await.unwrap(), 0);
}

#[tokio::test]
async fn writes_go_most_important_first_and_each_place_has_its_own_board() {
    // Given, in one chat, a strip of an old board's buttons (tidy), a reply, the board of
    // forum topic 3 and the board of the general topic, planned in that order
    let (_server, store, _raw) = setup().await;
    let pace = ROOMY;
    let (general, t3) = (Place::of_chat(CHAT), Place::of_topic(CHAT, 3));
    let (bg, b3) = (
        format!("b:{}", general.member()),
        format!("b:{}", t3.member()),
    );
    store
        .outbox_put(CHAT, &put("s:7", 1, 6, 1, 0), 1)
        .await
        .unwrap();
    store
        .outbox_put(CHAT, &put("r:x", 2, 2, 2, 0), 2)
        .await
        .unwrap();
    store
        .outbox_put(CHAT, &put(&b3, 3, 0, 3, 20), 3)
        .await
        .unwrap();
    store
        .outbox_put(CHAT, &put(&bg, 4, 0, 4, 10), 4)
        .await
        .unwrap();
    // When topic 3's board is shown (and planned again meanwhile: it keeps its place)
    store
        .outbox_put(CHAT, &put(&b3, 5, 0, 5, 21), 5)
        .await
        .unwrap();
    let mut order = Vec::new();
    for now in 10..20 {
        match store.outbox_take(CHAT, now, pace).await.unwrap() {
            Taken::Write { slot, meta, .. } => {
                store
                    .outbox_done(CHAT, &slot, meta.id, meta.version)
                    .await
                    .unwrap();
                order.push(slot);
            }
            Taken::Wait { until_ms, .. } => panic!("wait until {until_ms}"),
            Taken::Empty { .. } => break,
        }
    }
    // Then the boards go first (in the order first planned), then the reply, then the tidy-up;
    // the other place's board is not touched by topic 3's
    assert_eq!(order, [b3.as_str(), bg.as_str(), "r:x", "s:7"]);
}

#[tokio::test]
async fn a_reply_whose_lead_ran_out_goes_before_a_waiting_board_but_only_one_write_does() {
    // Given two replies planned long ago (their lead has run out) and a board planned since,
    let (_server, store, _raw) = setup().await;
    let board = format!("b:{}", Place::of_chat(CHAT).member());
    for (slot, id) in [("r:a", 1), ("r:b", 2)] {
        store
            .outbox_put(CHAT, &put(slot, id, 2, 1_000, 0), 1_000)
            .await
            .unwrap();
    }
    store
        .outbox_put(CHAT, &put(&board, 3, 0, 40_000, 7), 40_000)
        .await
        .unwrap();
    // When the budget allows three writes,
    let mut order = Vec::new();
    for now in 40_001..40_004 {
        let Taken::Write { slot, meta, .. } = store.outbox_take(CHAT, now, ROOMY).await.unwrap()
        else {
            panic!("a write is allowed");
        };
        store
            .outbox_done(CHAT, &slot, meta.id, meta.version)
            .await
            .unwrap();
        order.push(slot);
    }
    // Then the oldest reply goes first, then the board, and only then the other reply: a
    // board is never more than one write behind.
    assert_eq!(order, ["r:a", board.as_str(), "r:b"]);
}

#[tokio::test]
async fn a_write_that_must_leave_room_waits_and_a_late_reply_is_dropped() {
    // Given a budget of 3 a window with 2 writes made in it
    let (_server, store, _raw) = setup().await;
    let pace = Pace {
        limit: 3,
        window_ms: 60_000,
        burst: 3,
        refill_ms: 1,
    };
    plan_many(&store, CHAT, 2, 1000).await;
    for now in [1000, 1001] {
        let Taken::Write { slot, meta, .. } = store.outbox_take(CHAT, now, pace).await.unwrap()
        else {
            panic!("a write is allowed");
        };
        store.outbox_done(CHAT, &slot, meta.id, 0).await.unwrap();
    }
    // When a ping is planned that leaves one write free for boards
    let mut ping = put("p:ping", 7, 4, 1002, 0);
    ping.meta.reserve = 1;
    store.outbox_put(CHAT, &ping, 1002).await.unwrap();
    // Then it waits for the window to free two writes
    assert_eq!(
        store.outbox_take(CHAT, 1003, pace).await.unwrap(),
        Taken::Wait {
            until_ms: 61_000,
            dropped: 0
        }
    );
    // and a board planned meanwhile goes at once, with the last write of the window
    store
        .outbox_put(CHAT, &put("b:x", 8, 0, 1004, 3), 1004)
        .await
        .unwrap();
    let Taken::Write { slot, meta, .. } = store.outbox_take(CHAT, 1005, pace).await.unwrap() else {
        panic!("the board goes");
    };
    assert_eq!(slot, "b:x");
    store.outbox_done(CHAT, &slot, meta.id, 3).await.unwrap();

    // When a reply must be made within 100 ms and the budget lets nothing go for longer
    let mut reply = put("r:late", 9, 2, 2000, 0);
    reply.meta.expires_ms = 2100;
    store.outbox_put(CHAT, &reply, 2000).await.unwrap();
    assert!(matches!(
        store.outbox_take(CHAT, 2050, pace).await.unwrap(),
        Taken::Wait { .. }
    ));
    // Then it is dropped once its time is over (and counted), not sent late
    let later = store.outbox_take(CHAT, 62_000, pace).await.unwrap();
    assert!(
        matches!(&later, Taken::Write { slot, dropped: 1, .. } if slot == "p:ping"),
        "{later:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_replica_drains_a_chat_at_a_time_and_a_write_left_by_a_dead_one_is_made_later() {
    // Given a chat with a write planned, due now
    let (_server, a, b, _raw) = two_replicas().await;
    let here = Place::of_chat(CHAT);
    plan_many(&a, CHAT, 1, 1000).await;
    assert_eq!(
        a.due_all(1000, 10).await.unwrap(),
        [(DueKind::Outbox, here)]
    );
    assert!(
        b.due_all(999, 10).await.unwrap().is_empty(),
        "not before its time"
    );

    // When 10 tasks of each replica try to drain it at once
    let mut claims = Vec::new();
    for task in 0..20 {
        let store = if task % 2 == 0 { a.clone() } else { b.clone() };
        claims.push(tokio::spawn(async move {
            let owner = format!("task-{task}");
            let won = store
                .try_lease_at(here, DueKind::Outbox.lease(), &owner, 10_000)
                .await
                .expect("lease");
            (task, won)
        }));
    }
    let mut winners = Vec::new();
    for claim in claims {
        let (task, won) = claim.await.expect("task");
        if won {
            winners.push(task);
        }
    }
    // Then exactly one holds the chat's drain, and only its holder gives it back
    assert_eq!(winners.len(), 1, "{winners:?}");
    let owner = format!("task-{}", winners[0]);
    assert!(
        !b.release_lease_at(here, DueKind::Outbox.lease(), "someone else")
            .await
            .unwrap()
    );
    assert!(
        a.release_lease_at(here, DueKind::Outbox.lease(), &owner)
            .await
            .unwrap()
    );

    // When replica A drains, takes the write and dies before making it
    assert!(
        a.try_lease_at(here, DueKind::Outbox.lease(), "a", 500)
            .await
            .unwrap()
    );
    let pace = Pace::even(20, 60_000);
    let Taken::Write { slot, .. } = a.outbox_take(CHAT, 1000, pace).await.unwrap() else {
        panic!("a write is allowed");
    };
    assert!(
        !b.try_lease_at(here, DueKind::Outbox.lease(), "b", 500)
            .await
            .unwrap()
    );
    tokio::time::sleep(Duration::from_millis(700)).await;

    // Then once its lease runs out replica B drains the chat, still due, and the write is
    // still planned (made once B makes it, not lost)
    assert!(
        b.try_lease_at(here, DueKind::Outbox.lease(), "b", 500)
            .await
            .unwrap()
    );
    assert_eq!(
        b.due_all(1000, 10).await.unwrap(),
        [(DueKind::Outbox, here)]
    );
    let Taken::Write { slot: again, .. } = b.outbox_take(CHAT, 61_000, pace).await.unwrap() else {
        panic!("the write is still planned");
    };
    assert_eq!(again, slot);
}

#[tokio::test]
async fn a_malformed_due_entry_is_dropped_not_returned() {
    // Given the outbox due set holds a member that is no chat, before a real one
    let (_server, store, mut raw) = setup().await;
    let _: i64 = raw.zadd(keys::OUTBOX_DUE, "not-a-chat", 1).await.unwrap();
    plan_many(&store, CHAT, 1, 2).await;

    // When the due work is read
    let due = store.due_all(10, 10).await.unwrap();

    // Then only the chat comes back, and the bad member is gone
    assert_eq!(due, [(DueKind::Outbox, Place::of_chat(CHAT))]);
    let members: Vec<String> = raw.zrange(keys::OUTBOX_DUE, 0, -1).await.unwrap();
    assert_eq!(members, [CHAT.to_string()]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn planned_writes_their_schedule_and_a_block_survive_a_redis_restart() {
    // Given a persistent Redis holding planned writes, the chat's due entry and a 429 block
    let mut server = TestRedis::start_persistent();
    let store = Store::connect(&server.url()).await.expect("connect");
    let now = 1_000_000;
    plan_many(&store, CHAT, 3, now).await;
    let taken = store
        .outbox_take(CHAT, now, Pace::even(20, 60_000))
        .await
        .unwrap();
    let Taken::Write { slot, meta, .. } = taken else {
        panic!("a write is allowed");
    };
    store.outbox_done(CHAT, &slot, meta.id, 0).await.unwrap();
    store
        .note_retry_after(CHAT, now, now + 30_000)
        .await
        .unwrap();

    // When Redis crashes and comes back
    tokio::task::block_in_place(|| server.start_again());

    // Then the chat is still due, its writes still planned in order, still blocked, and
    // what was counted in the window still counts
    assert_eq!(
        store.due_all(now, 10).await.unwrap(),
        [(DueKind::Outbox, Place::of_chat(CHAT))]
    );
    assert_eq!(store.outbox_len(CHAT).await.unwrap(), 2);
    let pace = Pace {
        limit: 2,
        window_ms: 60_000,
        burst: 2,
        refill_ms: 1,
    };
    assert_eq!(
        store.outbox_take(CHAT, now + 1, pace).await.unwrap(),
        Taken::Wait {
            until_ms: now + 30_000,
            dropped: 0
        }
    );
    let mut made = BTreeSet::new();
    for at in [now + 30_000, now + 60_000] {
        match store.outbox_take(CHAT, at, pace).await.unwrap() {
            Taken::Write {
                slot, meta, json, ..
            } => {
                assert_eq!(json, format!("{{\"write\":\"{slot}\",\"id\":{}}}", meta.id));
                store.outbox_done(CHAT, &slot, meta.id, 0).await.unwrap();
                made.insert(slot);
            }
            other => panic!("at {at}: {other:?}"),
        }
        // (2 a window: the write made before the restart still counts)
        if at == now + 30_000 {
            assert_eq!(
                store.outbox_take(CHAT, at + 1, pace).await.unwrap(),
                Taken::Wait {
                    until_ms: now + 60_000,
                    dropped: 0
                }
            );
        }
    }
    assert_eq!(made, BTreeSet::from(["w1".to_owned(), "w2".to_owned()]));
}

#[tokio::test]
async fn two_bots_sharing_a_redis_each_see_their_own_updates_once() {
    // Given two bots' update markers in one Redis
    let (_server, store, _raw) = setup().await;

    // When both see update 9, and bot 1 sees it again
    let first = store.first_time_update_for(1, 9, 60).await.unwrap();
    let other_bot = store.first_time_update_for(2, 9, 60).await.unwrap();
    let again = store.first_time_update_for(1, 9, 60).await.unwrap();

    // Then each bot handles it once, and the old bot-less marker is separate
    assert_eq!((first, other_bot, again), (true, true, false));
    assert!(store.first_time_update(9, 60).await.unwrap());
    assert!(store.first_time_update_for(1, 10, 0).await.is_err());
}

#[tokio::test]
async fn the_next_take_forgets_the_write_made_before_it_in_one_round_trip() {
    // Given two writes planned, the first taken and made,
    let (_server, store, _raw) = setup().await;
    plan_many(&store, CHAT, 2, 1_000).await;
    let Taken::Write { slot, meta, .. } = store.outbox_take(CHAT, 1_000, ROOMY).await.unwrap()
    else {
        panic!("a write is allowed");
    };
    assert_eq!(slot, "w0");
    // When the next is taken forgetting it,
    let made = |slot, id, shown_version| {
        Some(Done {
            slot,
            id,
            shown_version,
        })
    };
    let before = store.round_trips();
    let next = store
        .outbox_done_take(CHAT, made(&slot, meta.id, 0), 1_001, ROOMY)
        .await
        .unwrap();
    // Then the second comes back and the first is gone, in one round trip;
    assert_eq!(store.round_trips() - before, 1);
    let Taken::Write {
        slot: second,
        meta: second_meta,
        ..
    } = next
    else {
        panic!("the second write");
    };
    assert_eq!(second, "w1");
    assert_eq!(store.outbox_len(CHAT).await.unwrap(), 1);
    // When a board is made (version 5) while version 6 of its slot was planned meanwhile,
    let board = "b:-1001234567890";
    store
        .outbox_put(CHAT, &put(board, 11, 0, 1_002, 5), 1_002)
        .await
        .unwrap();
    let after_second = store
        .outbox_done_take(CHAT, made(&second, second_meta.id, 0), 1_002, ROOMY)
        .await
        .unwrap();
    let Taken::Write { meta: five, .. } = after_second else {
        panic!("the board");
    };
    store
        .outbox_put(CHAT, &put(board, 12, 0, 1_003, 6), 1_003)
        .await
        .unwrap();
    // Then the take that forgets version 5 hands out version 6, still to make,
    let Taken::Write {
        slot: again, meta, ..
    } = store
        .outbox_done_take(CHAT, made(board, five.id, 5), 1_004, ROOMY)
        .await
        .unwrap()
    else {
        panic!("version 6 is still to write");
    };
    assert_eq!((again.as_str(), meta.id, meta.version), (board, 12, 6));
    // and once it is forgotten too, nothing is left.
    assert_eq!(
        store
            .outbox_done_take(CHAT, made(board, 12, 6), 1_005, ROOMY)
            .await
            .unwrap(),
        Taken::Empty { dropped: 0 }
    );
    assert_eq!(store.outbox_len(CHAT).await.unwrap(), 0);
}
