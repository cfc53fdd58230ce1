//! Pacing of board writes against a real `redis-server` (see `support/redis.rs`): the per-chat
//! write budget shared by replicas, 429 blocks, owed boards and their catch-up schedule.

#[path = "support/redis.rs"]
mod redis_support;
#[path = "support/store_fixture.rs"]
mod store_fixture;

use std::sync::Arc;
use std::time::Duration;

use parxis::store::{CatchupClaim, OwedBoard, Place, Store, WriteBudget, keys};
use redis::AsyncCommands;
use redis_support::TestRedis;
use store_fixture::setup;
use tokio::sync::Barrier;

const CHAT: i64 = -1_001_234_567_890;

/// Two handles on one server, as two bot replicas have.
async fn two_replicas() -> (TestRedis, Store, Store, redis::aio::MultiplexedConnection) {
    let (server, a, raw) = setup().await;
    let b = Store::connect(&server.url()).await.expect("second replica");
    (server, a, b, raw)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_replicas_racing_for_writes_never_exceed_the_limit_in_any_window() {
    // Given two replicas with 8 tasks each, all asking for writes to one chat at once, in
    // rounds a quarter of a window apart (limit 20 per 1000 ms)
    let (_server, a, b, _raw) = two_replicas().await;
    let (limit, window, step, rounds, tries) = (20_u32, 1000_u64, 250_u64, 20_u64, 5);
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
                    let answer = store
                        .try_take_write(CHAT, now, limit, window)
                        .await
                        .expect("take a write");
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
                WriteBudget::Granted => granted.push(now),
                WriteBudget::Wait { until_ms } => waits.push((now, until_ms)),
            }
        }
    }

    // Then no window of 1000 ms ever holds more than 20 granted writes
    granted.sort_unstable();
    for &end in &granted {
        let in_window = granted
            .iter()
            .filter(|&&t| t <= end && t + window > end)
            .count();
        assert!(
            in_window <= 20,
            "{in_window} writes in the window ending {end}"
        );
    }
    // and the budget was used in full: 20 at the start of each window, 5 windows
    assert_eq!(granted.len(), 100);
    let per_round = |r: u64| {
        granted
            .iter()
            .filter(|&&t| t == 1_000_000 + r * step)
            .count()
    };
    assert_eq!((per_round(0), per_round(1), per_round(4)), (20, 0, 20));
    // and every refusal names the moment the window frees: the next multiple of 1000 ms
    assert_eq!(waits.len(), 16 * 5 * 20 - 100);
    for (now, until) in waits {
        let next_window = 1_000_000 + ((now - 1_000_000) / window + 1) * window;
        assert_eq!(until, next_window, "refused at {now}");
    }
}

#[tokio::test]
async fn a_429_seen_by_one_replica_blocks_both_until_its_retry_after() {
    // Given a chat with room in its budget
    let (_server, a, b, _raw) = two_replicas().await;
    let now = 5_000_000;
    assert_eq!(
        a.try_take_write(CHAT, now, 20, 60_000).await.unwrap(),
        WriteBudget::Granted
    );

    // When replica A is told "retry after 40" by Telegram
    let until = a.note_retry_after(CHAT, now, now + 40_000).await.unwrap();

    // Then both replicas wait until then, and nothing is counted meanwhile
    assert_eq!(until, now + 40_000);
    for (store, at) in [(&a, now + 1), (&b, now + 1), (&b, now + 39_999)] {
        assert_eq!(
            store.try_take_write(CHAT, at, 20, 60_000).await.unwrap(),
            WriteBudget::Wait {
                until_ms: now + 40_000
            }
        );
    }
    // and a shorter retry_after seen later does not shorten the block
    assert_eq!(
        b.note_retry_after(CHAT, now + 2, now + 10_000)
            .await
            .unwrap(),
        now + 40_000
    );
    // and another chat is not blocked
    assert_eq!(
        b.try_take_write(CHAT - 1, now + 1, 20, 60_000)
            .await
            .unwrap(),
        WriteBudget::Granted
    );
    // and at the block's end the chat gets a write again, its 2nd in the window
    assert_eq!(
        b.try_take_write(CHAT, now + 40_000, 2, 60_000)
            .await
            .unwrap(),
        WriteBudget::Granted
    );
    // Then with the window full too, the later of the two ends is the answer
    a.note_retry_after(CHAT, now + 40_000, now + 45_000)
        .await
        .unwrap();
    assert_eq!(
        a.try_take_write(CHAT, now + 45_000, 2, 60_000)
            .await
            .unwrap(),
        WriteBudget::Wait {
            until_ms: now + 60_000
        }
    );
}

#[tokio::test]
async fn the_write_budget_rejects_a_zero_limit_or_window_and_keeps_its_keys_bounded() {
    // Given a store
    let (_server, store, mut raw) = setup().await;

    // When asked with a zero limit or window, it refuses
    assert!(store.try_take_write(CHAT, 1, 0, 60_000).await.is_err());
    assert!(store.try_take_write(CHAT, 1, 20, 0).await.is_err());

    // When 50 writes are granted over a long time with a limit of 3
    for n in 0..50 {
        let granted = store.try_take_write(CHAT, n * 1000, 3, 1000).await.unwrap();
        assert_eq!(granted, WriteBudget::Granted, "write {n}");
    }

    // Then the key holds at most 3 entries, and expires
    let size: usize = raw.zcard(keys::writes(CHAT)).await.unwrap();
    assert!(size <= 3, "{size} entries kept");
    let ttl: i64 = raw.pttl(keys::writes(CHAT)).await.unwrap();
    assert!(ttl > 0 && ttl <= 1000, "ttl {ttl}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_due_catchup_is_claimed_by_exactly_one_of_two_replicas() {
    // Given a board owed to a chat, due at t = 1000
    let (_server, a, b, _raw) = two_replicas().await;
    let place = Place::of_chat(CHAT);
    let owed = a.owe_board(place, 5, 1000).await.unwrap();
    assert_eq!(
        owed,
        OwedBoard {
            since: 5,
            latest: 5,
            due_ms: 1000
        }
    );
    // (not before its time)
    assert!(b.due_catchups(999, 10).await.unwrap().is_empty());
    assert_eq!(
        b.claim_catchup(place, "b", 999, 10_000).await.unwrap(),
        CatchupClaim::NotDue { due_ms: 1000 }
    );

    // When both replicas see it due and 10 tasks each claim it at once
    assert_eq!(a.due_catchups(1000, 10).await.unwrap(), [place]);
    assert_eq!(b.due_catchups(1000, 10).await.unwrap(), [place]);
    let mut claims = Vec::new();
    for task in 0..20 {
        let store = if task % 2 == 0 { a.clone() } else { b.clone() };
        claims.push(tokio::spawn(async move {
            let owner = format!("task-{task}");
            let claim = store.claim_catchup(place, &owner, 1000, 10_000).await;
            (task, claim.expect("claim"))
        }));
    }
    let mut winners = Vec::new();
    for claim in claims {
        let (task, claim) = claim.await.expect("task");
        match claim {
            CatchupClaim::Write(board) => winners.push((task, board)),
            CatchupClaim::Busy => {}
            other => panic!("unexpected claim {other:?}"),
        }
    }

    // Then exactly one writes it, told the version to show at least
    assert_eq!(winners.len(), 1, "{winners:?}");
    let (task, board) = winners[0];
    assert_eq!(board.latest, 5);
    // When it has written version 5 and cleared, nobody sees it again
    let winner = if task % 2 == 0 { &a } else { &b };
    assert!(winner.clear_catchup_if(place, 5).await.unwrap());
    assert!(!winner.release_catchup(place, "someone else").await.unwrap());
    assert!(
        winner
            .release_catchup(place, &format!("task-{task}"))
            .await
            .unwrap()
    );
    assert!(a.due_catchups(u64::MAX / 2, 10).await.unwrap().is_empty());
    assert_eq!(a.owed_board(place).await.unwrap(), None);
    assert_eq!(
        b.claim_catchup(place, "late", 2000, 10_000).await.unwrap(),
        CatchupClaim::Nothing
    );
}

#[tokio::test]
async fn a_catchup_whose_writer_died_is_claimed_again_once_its_lease_expires() {
    // Given a due catch-up claimed by replica A, which then dies without writing
    let (_server, a, b, _raw) = two_replicas().await;
    let place = Place::of_topic(CHAT, 7);
    a.owe_board(place, 3, 1000).await.unwrap();
    assert!(matches!(
        a.claim_catchup(place, "a", 1000, 200).await.unwrap(),
        CatchupClaim::Write(_)
    ));
    assert_eq!(
        b.claim_catchup(place, "b", 1000, 200).await.unwrap(),
        CatchupClaim::Busy
    );

    // When its lease runs out
    tokio::time::sleep(Duration::from_millis(300)).await;

    // Then replica B gets it, still owed and still scheduled
    assert_eq!(b.due_catchups(1000, 10).await.unwrap(), [place]);
    assert_eq!(
        b.claim_catchup(place, "b", 1000, 200).await.unwrap(),
        CatchupClaim::Write(OwedBoard {
            since: 3,
            latest: 3,
            due_ms: 1000
        })
    );
}

#[tokio::test]
async fn a_newer_owed_version_survives_the_clear_of_an_older_one() {
    // Given version 5 owed, and a catch-up writing it
    let (_server, store, _raw) = setup().await;
    let place = Place::of_chat(CHAT);
    store.owe_board(place, 5, 1000).await.unwrap();
    let CatchupClaim::Write(board) = store.claim_catchup(place, "a", 1000, 5000).await.unwrap()
    else {
        panic!("the catch-up is due");
    };
    assert_eq!(board.latest, 5);

    // When a move makes version 6 (owed, as the budget is spent) before version 5 is shown
    let owed = store.owe_board(place, 6, 1000).await.unwrap();
    let cleared = store.clear_catchup_if(place, 5).await.unwrap();

    // Then the clear of 5 keeps what is owed: since 5, latest 6, still scheduled
    assert!(!cleared);
    assert_eq!(
        owed,
        OwedBoard {
            since: 5,
            latest: 6,
            due_ms: 1000
        }
    );
    assert_eq!(store.owed_board(place).await.unwrap(), Some(owed));
    assert_eq!(store.due_catchups(1000, 10).await.unwrap(), [place]);
    // and a board of version 7 (a normal write that came later still) clears it all
    assert!(store.clear_catchup_if(place, 7).await.unwrap());
    assert_eq!(store.owed_board(place).await.unwrap(), None);
    assert!(
        store
            .due_catchups(u64::MAX / 2, 10)
            .await
            .unwrap()
            .is_empty()
    );
    // and clearing what is not owed is harmless
    assert!(store.clear_catchup_if(place, 1).await.unwrap());
}

#[tokio::test]
async fn a_later_429_pushes_the_catchup_later_and_an_earlier_time_never_pulls_it_back() {
    // Given a board owed at t = 1000
    let (_server, store, mut raw) = setup().await;
    let place = Place::of_chat(CHAT);
    store.owe_board(place, 1, 1000).await.unwrap();

    // When a 429 pushes it to 5000, then an earlier time (2000) and a new owed version due
    // at 3000 come
    let pushed = store.schedule_catchup(place, 5000).await.unwrap();
    let earlier = store.schedule_catchup(place, 2000).await.unwrap();
    let owed = store.owe_board(place, 2, 3000).await.unwrap();

    // Then it stays due at 5000, in the record and in the schedule
    assert_eq!(
        (pushed, earlier, owed.due_ms),
        (Some(5000), Some(5000), 5000)
    );
    let score: Option<f64> = raw.zscore(keys::CATCHUP, place.member()).await.unwrap();
    assert_eq!(score, Some(5000.0));
    assert!(store.due_catchups(4999, 10).await.unwrap().is_empty());
    assert_eq!(
        store.claim_catchup(place, "a", 4999, 1000).await.unwrap(),
        CatchupClaim::NotDue { due_ms: 5000 }
    );
    assert_eq!(store.due_catchups(5000, 10).await.unwrap(), [place]);
    // and scheduling a place that is owed nothing schedules nothing
    let other = Place::of_chat(CHAT - 1);
    assert_eq!(store.schedule_catchup(other, 1000).await.unwrap(), None);
    assert_eq!(store.due_catchups(5000, 10).await.unwrap(), [place]);
}

#[tokio::test]
async fn topics_of_one_chat_are_owed_and_scheduled_apart() {
    // Given boards owed to a chat's general topic and to two of its forum topics
    let (_server, store, _raw) = setup().await;
    let general = Place::of_chat(CHAT);
    let (t3, t4) = (Place::of_topic(CHAT, 3), Place::of_topic(CHAT, 4));
    store.owe_board(general, 10, 100).await.unwrap();
    store.owe_board(t3, 20, 200).await.unwrap();
    store.owe_board(t4, 30, 300).await.unwrap();

    // When topic 3's board is shown
    assert!(store.clear_catchup_if(t3, 20).await.unwrap());

    // Then the others are still owed and due, earliest first
    assert_eq!(store.due_catchups(1000, 10).await.unwrap(), [general, t4]);
    assert_eq!(store.owed_board(t3).await.unwrap(), None);
    assert_eq!(
        store.owed_board(t4).await.unwrap().map(|o| o.latest),
        Some(30)
    );
    assert_eq!(store.due_catchups(1000, 1).await.unwrap(), [general]);
    assert!(store.due_catchups(1000, 0).await.unwrap().is_empty());
}

#[tokio::test]
async fn a_malformed_catchup_entry_is_dropped_not_returned() {
    // Given the schedule holds a member that is no place, before a real one
    let (_server, store, mut raw) = setup().await;
    let place = Place::of_topic(CHAT, 9);
    let _: i64 = raw.zadd(keys::CATCHUP, "not-a-chat", 1).await.unwrap();
    store.owe_board(place, 1, 2).await.unwrap();

    // When the due catch-ups are read
    let due = store.due_catchups(10, 10).await.unwrap();

    // Then only the place comes back, and the bad member is gone
    assert_eq!(due, [place]);
    let members: Vec<String> = raw.zrange(keys::CATCHUP, 0, -1).await.unwrap();
    assert_eq!(members, [place.member()]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn owed_boards_schedules_and_blocks_survive_a_redis_restart() {
    // Given a persistent Redis holding an owed board, its schedule and a 429 block
    let mut server = TestRedis::start_persistent();
    let store = Store::connect(&server.url()).await.expect("connect");
    let place = Place::of_topic(CHAT, 2);
    store.owe_board(place, 8, 1000).await.unwrap();
    store.note_retry_after(CHAT, 1000, 30_000).await.unwrap();

    // When Redis crashes and comes back
    tokio::task::block_in_place(|| server.start_again());

    // Then the catch-up is still due, still owed, and still blocked for writes
    assert_eq!(store.due_catchups(1000, 10).await.unwrap(), [place]);
    assert_eq!(
        store.claim_catchup(place, "a", 1000, 1000).await.unwrap(),
        CatchupClaim::Write(OwedBoard {
            since: 8,
            latest: 8,
            due_ms: 1000
        })
    );
    assert_eq!(
        store.try_take_write(CHAT, 2000, 20, 60_000).await.unwrap(),
        WriteBudget::Wait { until_ms: 30_000 }
    );
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
