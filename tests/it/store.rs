//! The Redis store against a real `redis-server` (see `support/redis.rs`): records,
//! compare-and-set, TTLs, settings, corrupt records and key layout. Leases, deadlines, update
//! dedup and migration are in `store_chat.rs`; outages and reconnection in `store_faults.rs`.

use crate::support;
use support::store_fixture;

use std::collections::BTreeSet;

use parxis::store::{CasOutcome, SETTINGS_TTL_SECS, StoreError, Versioned, keys};
use redis::AsyncCommands;
use store_fixture::{Game, Settings, game, setup};

const DAY: u64 = 24 * 3600;

#[tokio::test]
async fn saved_game_loads_back_with_its_version() {
    let (_server, store, mut raw) = setup().await;
    let chat = -1_001_234_567_890;

    assert_eq!(store.load::<Game>(chat).await.unwrap(), None);
    let first = store.save(chat, 0, &game(1), 60).await.unwrap();
    assert_eq!(first, CasOutcome::Saved { version: 1 });
    assert_eq!(
        store.load::<Game>(chat).await.unwrap(),
        Some(Versioned {
            version: 1,
            state: game(1)
        })
    );
    let second = store.save(chat, 1, &game(2), 60).await.unwrap();
    assert_eq!(second, CasOutcome::Saved { version: 2 });
    assert_eq!(
        store.load::<Game>(chat).await.unwrap().unwrap().state,
        game(2)
    );

    // The documented layout: a hash with version, schema and JSON state.
    let stored: Vec<String> = redis::cmd("HMGET")
        .arg(keys::game(chat))
        .arg(&["version", "schema", "state"])
        .query_async(&mut raw)
        .await
        .unwrap();
    assert_eq!(stored[0], "2");
    assert_eq!(stored[1], "1");
    assert_eq!(serde_json::from_str::<Game>(&stored[2]).unwrap(), game(2));
}

#[tokio::test]
async fn save_with_a_stale_version_is_a_conflict_and_writes_nothing() {
    let (_server, store, _raw) = setup().await;
    let chat = 7;
    assert!(store.save(chat, 0, &game(1), 60).await.unwrap().is_saved());

    assert_eq!(
        store.save(chat, 0, &game(99), 60).await.unwrap(),
        CasOutcome::Conflict { current: 1 }
    );
    assert_eq!(
        store.save(chat, 5, &game(99), 60).await.unwrap(),
        CasOutcome::Conflict { current: 1 }
    );
    assert_eq!(
        store.save(8, 3, &game(99), 60).await.unwrap(),
        CasOutcome::Conflict { current: 0 },
        "expecting a version of an absent game"
    );
    let loaded = store.load::<Game>(chat).await.unwrap().unwrap();
    assert_eq!((loaded.version, loaded.state), (1, game(1)));
    assert_eq!(store.load::<Game>(8).await.unwrap(), None);
}

#[tokio::test]
async fn delete_is_compare_and_set_too() {
    let (_server, store, _raw) = setup().await;
    let chat = -42;
    assert!(store.save(chat, 0, &game(1), 60).await.unwrap().is_saved());
    assert!(store.save(chat, 1, &game(2), 60).await.unwrap().is_saved());

    assert_eq!(
        store.delete(chat, 1).await.unwrap(),
        CasOutcome::Conflict { current: 2 }
    );
    assert!(store.load::<Game>(chat).await.unwrap().is_some());
    assert_eq!(
        store.delete(chat, 2).await.unwrap(),
        CasOutcome::Saved { version: 0 }
    );
    assert_eq!(store.load::<Game>(chat).await.unwrap(), None);
    assert_eq!(
        store.delete(chat, 0).await.unwrap(),
        CasOutcome::Saved { version: 0 }
    );
    assert_eq!(
        store.delete(chat, 2).await.unwrap(),
        CasOutcome::Conflict { current: 0 }
    );
    // A new game starts again from version 1.
    assert_eq!(
        store.save(chat, 0, &game(1), 60).await.unwrap(),
        CasOutcome::Saved { version: 1 }
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn of_fifty_concurrent_saves_from_one_version_exactly_one_wins() {
    let (_server, store, _raw) = setup().await;
    let chat = 1;
    assert!(store.save(chat, 0, &game(0), 60).await.unwrap().is_saved());
    let base = store.load::<Game>(chat).await.unwrap().unwrap();

    let tasks: Vec<_> = (0..50u32)
        .map(|writer| {
            let store = store.clone();
            let version = base.version;
            tokio::spawn(async move {
                let outcome = store.save(chat, version, &game(1000 + writer), 60).await;
                (writer, outcome.expect("save"))
            })
        })
        .collect();
    let mut winners = Vec::new();
    for task in tasks {
        match task.await.unwrap() {
            (writer, CasOutcome::Saved { version }) => winners.push((writer, version)),
            (_, CasOutcome::Conflict { current }) => assert_eq!(current, 2),
        }
    }
    assert_eq!(winners.len(), 1, "winners: {winners:?}");
    let (writer, version) = winners[0];
    assert_eq!(version, 2);
    let stored = store.load::<Game>(chat).await.unwrap().unwrap();
    assert_eq!((stored.version, stored.state), (2, game(1000 + writer)));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_read_modify_write_loops_lose_no_increment() {
    let (_server, store, _raw) = setup().await;
    let chat = -5;
    const TASKS: u32 = 8;
    const EACH: u32 = 25;

    let tasks: Vec<_> = (0..TASKS)
        .map(|_| {
            let store = store.clone();
            tokio::spawn(async move {
                let mut conflicts = 0u32;
                for _ in 0..EACH {
                    loop {
                        let current = store.load::<u32>(chat).await.unwrap();
                        let (version, count) = current.map_or((0, 0), |v| (v.version, v.state));
                        match store.save(chat, version, &(count + 1), 60).await.unwrap() {
                            CasOutcome::Saved { .. } => break,
                            CasOutcome::Conflict { .. } => conflicts += 1,
                        }
                    }
                }
                conflicts
            })
        })
        .collect();
    for task in tasks {
        task.await.unwrap();
    }
    let end = store.load::<u32>(chat).await.unwrap().unwrap();
    assert_eq!(end.state, TASKS * EACH);
    assert_eq!(end.version, u64::from(TASKS * EACH));
}

#[tokio::test]
async fn every_write_sets_its_ttl() {
    let (_server, store, mut raw) = setup().await;
    let chat = 3;

    assert!(store.save(chat, 0, &game(1), 120).await.unwrap().is_saved());
    let ttl: i64 = raw.ttl(keys::game(chat)).await.unwrap();
    assert!((110..=120).contains(&ttl), "game ttl {ttl}");
    // Each save sets the TTL anew: an active game gets a long one, a finished one a short one.
    assert!(
        store
            .save(chat, 1, &game(2), 30 * DAY)
            .await
            .unwrap()
            .is_saved()
    );
    let ttl: i64 = raw.ttl(keys::game(chat)).await.unwrap();
    assert!(ttl > (30 * DAY - 10) as i64, "refreshed ttl {ttl}");
    assert!(store.save(chat, 2, &game(3), 60).await.unwrap().is_saved());
    let ttl: i64 = raw.ttl(keys::game(chat)).await.unwrap();
    assert!((50..=60).contains(&ttl), "shortened ttl {ttl}");

    store
        .set_settings(chat, &Settings::default())
        .await
        .unwrap();
    let ttl: i64 = raw.ttl(keys::settings(chat)).await.unwrap();
    assert!(ttl > (SETTINGS_TTL_SECS - 10) as i64, "settings ttl {ttl}");
    let _: () = raw.expire(keys::settings(chat), 100).await.unwrap();
    let _: Settings = store.settings(chat).await.unwrap();
    let ttl: i64 = raw.ttl(keys::settings(chat)).await.unwrap();
    assert!(
        ttl > (SETTINGS_TTL_SECS - 10) as i64,
        "reading refreshes: {ttl}"
    );

    assert!(store.try_lease(chat, "turn", "a", 5_000).await.unwrap());
    let pttl: i64 = raw.pttl(keys::lease(chat, "turn")).await.unwrap();
    assert!((4_000..=5_000).contains(&pttl), "lease pttl {pttl}");

    assert!(store.first_time_update(77, 600).await.unwrap());
    let ttl: i64 = raw.ttl(keys::update(77)).await.unwrap();
    assert!((590..=600).contains(&ttl), "update ttl {ttl}");

    for err in [
        store.save(chat, 3, &game(4), 0).await.unwrap_err(),
        store.try_lease(chat, "x", "a", 0).await.unwrap_err(),
        store.first_time_update(78, 0).await.unwrap_err(),
    ] {
        assert!(matches!(err, StoreError::InvalidArgument(_)), "{err:?}");
    }
}

#[tokio::test]
async fn settings_round_trip_and_default_when_absent() {
    let (_server, store, mut raw) = setup().await;
    assert_eq!(
        store.settings::<Settings>(9).await.unwrap(),
        Settings::default()
    );
    let mine = Settings {
        locale: "ca-valencia".into(),
        turn_seconds: 90,
    };
    store.set_settings(9, &mine).await.unwrap();
    assert_eq!(store.settings::<Settings>(9).await.unwrap(), mine);
    assert_eq!(
        store.settings::<Settings>(10).await.unwrap(),
        Settings::default()
    );

    let _: () = raw.set(keys::settings(10), "{not json").await.unwrap();
    let err = store.settings::<Settings>(10).await.unwrap_err();
    assert!(matches!(err, StoreError::Corrupt(_)), "{err:?}");
}

#[tokio::test]
async fn corrupt_records_are_reported_as_corrupt() {
    let (_server, store, mut raw) = setup().await;

    let _: () = raw
        .hset_multiple(
            keys::game(1),
            &[("version", "3"), ("schema", "1"), ("state", "{oops")],
        )
        .await
        .unwrap();
    let err = store.load::<Game>(1).await.unwrap_err();
    assert!(matches!(err, StoreError::Corrupt(_)), "{err:?}");

    let _: () = raw
        .hset_multiple(
            keys::game(2),
            &[("version", "3"), ("schema", "9"), ("state", "{}")],
        )
        .await
        .unwrap();
    let err = store.load::<Game>(2).await.unwrap_err();
    assert!(
        matches!(err, StoreError::Corrupt(ref m) if m.contains("schema")),
        "{err:?}"
    );

    let _: () = raw.hset(keys::game(3), "state", "{}").await.unwrap();
    let err = store.load::<Game>(3).await.unwrap_err();
    assert!(
        matches!(err, StoreError::Corrupt(ref m) if m.contains("incomplete")),
        "{err:?}"
    );

    let _: () = raw
        .set(keys::game(4), "a string, not a hash")
        .await
        .unwrap();
    let err = store.load::<Game>(4).await.unwrap_err();
    assert!(matches!(err, StoreError::Corrupt(_)), "{err:?}");
    let err = store.save(4, 0, &game(1), 60).await.unwrap_err();
    assert!(matches!(err, StoreError::Corrupt(_)), "{err:?}");

    let _: () = raw.hset(keys::game(5), "version", "x").await.unwrap();
    let err = store.save(5, 0, &game(1), 60).await.unwrap_err();
    assert!(
        matches!(err, StoreError::Corrupt(ref m) if m.contains("version")),
        "{err:?}"
    );
    assert!(!err.is_unavailable());
}

#[tokio::test]
async fn all_keys_of_a_chat_share_one_cluster_hash_tag() {
    let (_server, store, mut raw) = setup().await;
    let chat = -1_009_876_543_210;
    assert!(store.save(chat, 0, &game(1), 60).await.unwrap().is_saved());
    store
        .set_settings(chat, &Settings::default())
        .await
        .unwrap();
    assert!(store.try_lease(chat, "turn", "me", 60_000).await.unwrap());
    assert!(
        store
            .try_lease(chat, "odd{name}", "me", 60_000)
            .await
            .unwrap()
    );
    assert!(
        store
            .save(chat + 1, 0, &game(1), 60)
            .await
            .unwrap()
            .is_saved()
    );

    let pattern = format!("parxis:{{{chat}}}:*");
    let stored: BTreeSet<String> = raw.keys(pattern).await.unwrap();
    assert_eq!(stored.len(), 4, "{stored:?}");
    for key in &stored {
        assert_eq!(keys::hash_tag(key), chat.to_string(), "{key}");
    }
    assert_ne!(
        keys::hash_tag(&keys::game(chat + 1)),
        keys::hash_tag(&keys::game(chat))
    );
    // The global keys carry no chat's tag.
    assert_eq!(keys::hash_tag(keys::deadlines()), keys::deadlines());
    assert_eq!(keys::hash_tag(&keys::update(1)), keys::update(1));
}
