//! The Redis store's coordination and housekeeping against a real `redis-server` (see
//! `support/redis.rs`): leases, deadlines, update dedup and moving a chat to a new id.

use crate::support;
use support::store_fixture;

use std::time::Duration;

use parxis::bot::core::pings::{PingRecord, Sent};
use parxis::store::{CasOutcome, Place, Store, UpdateMark, Versioned, keys};
use redis::AsyncCommands;
use store_fixture::{Game, Settings, game, setup};

#[tokio::test]
async fn a_lease_has_one_owner_and_only_the_owner_releases_it() {
    let (_server, store, mut raw) = setup().await;
    let chat = -100;

    assert!(
        store
            .try_lease(chat, "turn", "alice", 10_000)
            .await
            .unwrap()
    );
    assert!(!store.try_lease(chat, "turn", "bob", 10_000).await.unwrap());
    // The owner taking it again renews it (a lease its owner left behind, its firing ended
    // by Redis going away, is taken again at once: `take_lease.lua`), and it is still
    // nobody else's.
    let _: i64 = redis::cmd("PEXPIRE")
        .arg(keys::lease(chat, "turn"))
        .arg(500)
        .query_async(&mut raw)
        .await
        .unwrap();
    assert!(
        store
            .try_lease(chat, "turn", "alice", 10_000)
            .await
            .unwrap(),
        "the owner renews it"
    );
    let ttl: i64 = redis::cmd("PTTL")
        .arg(keys::lease(chat, "turn"))
        .query_async(&mut raw)
        .await
        .unwrap();
    assert!(ttl > 5_000, "renewed for the new TTL: {ttl} ms left");
    assert!(!store.try_lease(chat, "turn", "bob", 10_000).await.unwrap());
    // Other names and other chats are independent.
    assert!(store.try_lease(chat, "timer", "bob", 10_000).await.unwrap());
    assert!(
        store
            .try_lease(chat + 1, "turn", "bob", 10_000)
            .await
            .unwrap()
    );

    assert!(!store.release_lease(chat, "turn", "bob").await.unwrap());
    assert!(
        !store
            .try_lease(chat, "turn", "carol", 10_000)
            .await
            .unwrap(),
        "still alice's"
    );
    assert!(store.release_lease(chat, "turn", "alice").await.unwrap());
    assert!(
        !store.release_lease(chat, "turn", "alice").await.unwrap(),
        "already released"
    );
    assert!(store.try_lease(chat, "turn", "bob", 10_000).await.unwrap());
}

#[tokio::test]
async fn an_expired_lease_can_be_taken_by_another_owner() {
    let (_server, store, _raw) = setup().await;
    assert!(store.try_lease(5, "turn", "alice", 100).await.unwrap());
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(store.try_lease(5, "turn", "bob", 10_000).await.unwrap());
    assert!(
        !store.release_lease(5, "turn", "alice").await.unwrap(),
        "alice's lease is gone"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn of_many_concurrent_lease_takers_exactly_one_wins() {
    let (_server, store, _raw) = setup().await;
    let tasks: Vec<_> = (0..40)
        .map(|i| {
            let store = store.clone();
            tokio::spawn(async move { store.try_lease(1, "turn", &format!("w{i}"), 10_000).await })
        })
        .collect();
    let mut won = 0;
    for task in tasks {
        won += usize::from(task.await.unwrap().unwrap());
    }
    assert_eq!(won, 1);
}

/// The due places, all of them chats (no topic), as chat ids.
async fn due(store: &Store, now_ms: u64, limit: usize) -> Vec<i64> {
    let places = store.due_places(now_ms, limit).await.unwrap();
    assert!(places.iter().all(|p| p.topic.is_none()), "{places:?}");
    places.into_iter().map(|p| p.chat).collect()
}

#[tokio::test]
async fn due_chats_come_earliest_first_up_to_the_limit() {
    let (_server, store, _raw) = setup().await;
    let now = 1_750_000_000_000u64; // a realistic Unix time in ms, exact as a Redis score
    store.set_deadline(-1_001, now + 3_000).await.unwrap();
    store.set_deadline(2, now + 1_000).await.unwrap();
    store.set_deadline(-3, now + 2_000).await.unwrap();
    store.set_deadline(4, now + 9_000).await.unwrap();

    assert_eq!(due(&store, now, 10).await, Vec::<i64>::new());
    assert_eq!(due(&store, now + 2_500, 10).await, [2, -3]);
    assert_eq!(due(&store, now + 2_500, 1).await, [2]);
    assert_eq!(due(&store, now + 2_500, 0).await, Vec::<i64>::new());
    assert_eq!(
        due(&store, now + 3_000, 10).await,
        [2, -3, -1_001],
        "inclusive"
    );

    store.set_deadline(2, now + 5_000).await.unwrap(); // replaces, no duplicate
    assert_eq!(due(&store, now + 2_500, 10).await, [-3]);
    store.clear_deadline(-3).await.unwrap();
    store.clear_deadline(-3).await.unwrap(); // clearing twice is fine
    assert_eq!(due(&store, now + 2_500, 10).await, Vec::<i64>::new());
    assert_eq!(due(&store, u64::MAX / 2, 10).await, [-1_001, 2, 4]);
}

#[tokio::test]
async fn a_malformed_deadline_entry_is_dropped_not_returned() {
    let (_server, store, mut raw) = setup().await;
    let _: () = raw.zadd(keys::deadlines(), "junk", 1).await.unwrap();
    store.set_deadline(6, 2).await.unwrap();
    assert_eq!(due(&store, 10, 10).await, [6]);
    let left: Vec<String> = raw.zrange(keys::deadlines(), 0, -1).await.unwrap();
    assert_eq!(left, ["6"]);
}

#[tokio::test]
async fn an_update_id_is_new_only_once_until_it_expires() {
    let (_server, store, _raw) = setup().await;
    assert!(store.first_time_update(1_000, 1).await.unwrap());
    assert!(!store.first_time_update(1_000, 1).await.unwrap());
    assert!(store.first_time_update(1_001, 1).await.unwrap());
    tokio::time::sleep(Duration::from_millis(1_300)).await;
    assert!(
        store.first_time_update(1_000, 60).await.unwrap(),
        "expired marker"
    );
}

#[tokio::test]
async fn migrate_chat_moves_game_settings_and_deadline_and_can_be_repeated() {
    let (_server, store, mut raw) = setup().await;
    let (old, new) = (-4_000, -1_004_000);
    assert!(
        store
            .save(old, 0, &game(1), 3_600)
            .await
            .unwrap()
            .is_saved()
    );
    assert!(
        store
            .save(old, 1, &game(2), 3_600)
            .await
            .unwrap()
            .is_saved()
    );
    let settings = Settings {
        locale: "es".into(),
        turn_seconds: 30,
    };
    store.set_settings(old, &settings).await.unwrap();
    store.set_deadline(old, 500).await.unwrap();
    assert!(store.try_lease(old, "turn", "w", 60_000).await.unwrap());

    assert!(store.migrate_chat(old, new).await.unwrap());

    assert_eq!(
        store.load::<Game>(new).await.unwrap(),
        Some(Versioned {
            version: 2,
            state: game(2)
        })
    );
    assert_eq!(store.settings::<Settings>(new).await.unwrap(), settings);
    assert_eq!(due(&store, 1_000, 10).await, [new]);
    let ttl: i64 = raw.ttl(keys::game(new)).await.unwrap();
    assert!(
        (3_500..=3_600).contains(&ttl),
        "the game keeps its TTL: {ttl}"
    );
    let left: i64 = raw
        .exists(&[keys::game(old), keys::settings(old)])
        .await
        .unwrap();
    assert_eq!(left, 0, "old chat emptied");
    assert_eq!(store.load::<Game>(old).await.unwrap(), None);

    // Repeating is harmless and reports that nothing was left to move.
    assert!(!store.migrate_chat(old, new).await.unwrap());
    assert_eq!(store.load::<Game>(new).await.unwrap().unwrap().version, 2);
    assert_eq!(store.settings::<Settings>(new).await.unwrap(), settings);
    assert_eq!(due(&store, 1_000, 10).await, [new]);
    // The game goes on under the new id.
    assert_eq!(
        store.save(new, 2, &game(3), 60).await.unwrap(),
        CasOutcome::Saved { version: 3 }
    );
    assert!(!store.migrate_chat(7, 8).await.unwrap(), "nothing to move");
    assert!(!store.migrate_chat(new, new).await.unwrap());
}

#[tokio::test]
async fn migrate_chat_never_overwrites_what_the_new_chat_holds() {
    let (_server, store, _raw) = setup().await;
    let (old, new) = (-10, -1_000_010);
    assert!(store.save(old, 0, &game(1), 60).await.unwrap().is_saved());
    store
        .set_settings(
            old,
            &Settings {
                locale: "old".into(),
                turn_seconds: 1,
            },
        )
        .await
        .unwrap();
    store.set_deadline(old, 100).await.unwrap();
    // A copy from an earlier, interrupted migration, or a game started in the supergroup.
    assert!(store.save(new, 0, &game(50), 60).await.unwrap().is_saved());
    store
        .set_settings(
            new,
            &Settings {
                locale: "new".into(),
                turn_seconds: 2,
            },
        )
        .await
        .unwrap();
    store.set_deadline(new, 200).await.unwrap();

    assert!(store.migrate_chat(old, new).await.unwrap());

    let kept = store.load::<Game>(new).await.unwrap().unwrap();
    assert_eq!((kept.version, kept.state), (1, game(50)));
    assert_eq!(store.settings::<Settings>(new).await.unwrap().locale, "new");
    assert_eq!(due(&store, 1_000, 10).await, [new]);
    assert_eq!(store.load::<Game>(old).await.unwrap(), None);
    assert_eq!(
        store.settings::<Settings>(old).await.unwrap(),
        Settings::default()
    );
}

#[tokio::test]
async fn an_interrupted_migration_completes_when_repeated() {
    let (_server, store, mut raw) = setup().await;
    let (old, new) = (-20, -1_000_020);
    assert!(store.save(old, 0, &game(1), 600).await.unwrap().is_saved());
    assert!(store.save(old, 1, &game(2), 600).await.unwrap().is_saved());
    store.set_deadline(old, 100).await.unwrap();
    // A first attempt copied the game record, then died before anything else.
    let fields: Vec<(String, String)> = raw.hgetall(keys::game(old)).await.unwrap();
    let _: () = raw.hset_multiple(keys::game(new), &fields).await.unwrap();

    assert!(store.migrate_chat(old, new).await.unwrap());

    assert_eq!(
        store.load::<Game>(new).await.unwrap(),
        Some(Versioned {
            version: 2,
            state: game(2)
        })
    );
    assert_eq!(store.load::<Game>(old).await.unwrap(), None);
    assert_eq!(due(&store, 1_000, 10).await, [new]);
}

/// A stand-in for the bot's board record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
struct Shown {
    message_id: i32,
}

#[tokio::test]
async fn a_chat_loads_whole_in_one_round_trip_and_its_board_record_never_bumps_the_game() {
    // Given a chat with a game, settings and a board record,
    let (_server, store, mut raw) = setup().await;
    let chat = -700;
    let saved = store.save(chat, 0, &game(1), 60).await.unwrap();
    assert_eq!(saved, CasOutcome::Saved { version: 1 });
    let settings = Settings {
        locale: "ca".into(),
        turn_seconds: 30,
    };
    store.set_settings(chat, &settings).await.unwrap();
    store
        .set_display(chat, &Shown { message_id: 9 }, 60)
        .await
        .unwrap();
    store.set_chat_zone(chat, "Atlantic/Canary").await.unwrap();
    // When it is loaded,
    let before = store.round_trips();
    let state = store
        .load_chat::<Game, Settings, Shown>(chat)
        .await
        .unwrap();
    // Then all three come back in one round trip, and the game's version is still 1.
    assert_eq!(store.round_trips() - before, 1);
    assert_eq!(
        state.game,
        Some(Versioned {
            version: 1,
            state: game(1)
        })
    );
    assert_eq!(state.settings, settings);
    assert_eq!(state.display, Some(Shown { message_id: 9 }));
    // and the chat's time zone (the board's deadline is a clock time there), in that trip.
    assert_eq!(state.zone.as_deref(), Some("Atlantic/Canary"));
    // And a chat with nothing loads as nothing, default settings, no board; a malformed
    // board record reads as none.
    let _: () = raw.set(keys::display(-701), "{oops").await.unwrap();
    let empty = store
        .load_chat::<Game, Settings, Shown>(-701)
        .await
        .unwrap();
    assert_eq!(
        (empty.game, empty.settings, empty.display, empty.zone),
        (None, Settings::default(), None, None)
    );
}

#[tokio::test]
async fn a_migrated_chat_leaves_its_board_record_behind() {
    // Given a chat with a game and a board record, When it moves to a new id,
    let (_server, store, mut raw) = setup().await;
    let (old, new) = (-800, -100_800);
    let _ = store.save(old, 0, &game(3), 60).await.unwrap();
    store
        .set_display(old, &Shown { message_id: 4 }, 60)
        .await
        .unwrap();
    assert!(store.migrate_chat(old, new).await.unwrap());
    // Then the old chat's board record is gone and the new chat has none yet (the old
    // message ids mean nothing there).
    let old_display: Option<String> = raw.get(keys::display(old)).await.unwrap();
    assert_eq!(old_display, None);
    assert_eq!(store.display::<Shown>(new).await.unwrap(), None);
    assert!(store.load::<Game>(new).await.unwrap().is_some());
}

#[tokio::test]
async fn two_topics_of_one_chat_keep_their_own_game_board_deadline_and_lease_and_share_its_settings()
 {
    // Given a forum chat whose general topic (the chat itself) and two topics each have a
    // game, a board record and a deadline, and the chat has settings,
    let (_server, store, mut raw) = setup().await;
    let chat = -1_000_000_000_900;
    let (whole, a, b) = (
        Place::of_chat(chat),
        Place::of_topic(chat, 11),
        Place::of_topic(chat, 12),
    );
    for (n, place) in [whole, a, b].into_iter().enumerate() {
        let turn = u32::try_from(n).unwrap() + 1;
        let _ = store.save(place, 0, &game(turn), 60).await.unwrap();
        store
            .set_display(
                place,
                &Shown {
                    message_id: 100 + n as i32,
                },
                60,
            )
            .await
            .unwrap();
        store.set_deadline(place, 1_000 + n as u64).await.unwrap();
    }
    let settings = Settings {
        locale: "es".into(),
        turn_seconds: 60,
    };
    store.set_settings(chat, &settings).await.unwrap();

    // When each place is loaded, Then each has its own game and board, and all three the
    // chat's settings.
    for (n, place) in [whole, a, b].into_iter().enumerate() {
        let state = store
            .load_chat::<Game, Settings, Shown>(place)
            .await
            .unwrap();
        let turn = u32::try_from(n).unwrap() + 1;
        assert_eq!(state.game.map(|g| g.state), Some(game(turn)), "{place}");
        assert_eq!(
            state.display,
            Some(Shown {
                message_id: 100 + n as i32
            })
        );
        assert_eq!(state.settings, settings);
    }
    // The topic-less place is the chat's old keys; the due set names each place.
    let at_chat: Option<String> = raw.hget(keys::game(chat), "state").await.unwrap();
    assert!(at_chat.is_some_and(|s| s.contains("\"turn\":1")));
    assert_eq!(
        store.due_places(10_000, 10).await.unwrap(),
        [whole, a, b],
        "earliest first"
    );
    let members: Vec<String> = raw.zrange(keys::deadlines(), 0, -1).await.unwrap();
    assert_eq!(
        members,
        [chat.to_string(), format!("{chat}:11"), format!("{chat}:12")]
    );

    // When one topic's game, board and deadline are cleared and its lease taken,
    let rec = store.load::<Game>(a).await.unwrap().unwrap();
    assert!(store.delete(a, rec.version).await.unwrap().is_saved());
    store.clear_display(a).await.unwrap();
    store.clear_deadline(a).await.unwrap();
    assert!(store.try_lease_at(a, "turn", "x", 10_000).await.unwrap());

    // Then the other topic and the chat keep theirs, and their leases are free.
    assert_eq!(store.load::<Game>(a).await.unwrap(), None);
    assert_eq!(store.load::<Game>(b).await.unwrap().unwrap().state, game(3));
    assert_eq!(
        store.load::<Game>(chat).await.unwrap().unwrap().state,
        game(1)
    );
    assert_eq!(store.display::<Shown>(a).await.unwrap(), None);
    assert_eq!(
        store.display::<Shown>(b).await.unwrap(),
        Some(Shown { message_id: 102 })
    );
    assert_eq!(store.due_places(10_000, 10).await.unwrap(), [whole, b]);
    assert!(store.try_lease_at(b, "turn", "y", 10_000).await.unwrap());
    assert!(store.try_lease(chat, "turn", "z", 10_000).await.unwrap());
}

#[tokio::test]
async fn a_migrating_group_moves_to_the_new_chats_general_place_and_leaves_its_topics_alone() {
    // Given a basic group with a game and deadline (a basic group has no topics), and the
    // supergroup it becomes, where a topic already holds a game and a deadline of its own,
    let (_server, store, _raw) = setup().await;
    let (old, new) = (-30, -1_000_000_000_030);
    let topic = Place::of_topic(new, 5);
    assert!(store.save(old, 0, &game(1), 60).await.unwrap().is_saved());
    store.set_deadline(old, 100).await.unwrap();
    assert!(store.save(topic, 0, &game(7), 60).await.unwrap().is_saved());
    store.set_deadline(topic, 200).await.unwrap();

    // When the group migrates,
    assert!(store.migrate_chat(old, new).await.unwrap());

    // Then its game is the new chat's own (its General topic), and the topic keeps its game
    // and deadline.
    assert_eq!(
        store.load::<Game>(new).await.unwrap().unwrap().state,
        game(1)
    );
    assert_eq!(
        store.load::<Game>(topic).await.unwrap().unwrap().state,
        game(7)
    );
    assert_eq!(
        store.due_places(1_000, 10).await.unwrap(),
        [Place::of_chat(new), topic]
    );
    assert_eq!(store.load::<Game>(old).await.unwrap(), None);
}

async fn active_members(raw: &mut redis::aio::MultiplexedConnection) -> Vec<String> {
    redis::cmd("ZRANGE")
        .arg(keys::ACTIVE)
        .arg(0)
        .arg(-1)
        .query_async(raw)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_migrating_group_takes_its_lane_games_along_with_their_due_entries() {
    // Given a basic group with a game of its own and two lane games: lane 1 in play (a
    // deadline, an active entry, a board record) and lane 7 (only its game),
    let (_server, store, mut raw) = setup().await;
    let (old, new) = (-40, -1_000_000_000_040);
    let (l1, l7) = (Place::in_lane(old, 1), Place::in_lane(old, 7));
    assert!(store.save(old, 0, &game(1), 60).await.unwrap().is_saved());
    assert!(store.save(l1, 0, &game(2), 600).await.unwrap().is_saved());
    assert!(store.save(l1, 1, &game(3), 600).await.unwrap().is_saved());
    assert!(store.save(l7, 0, &game(9), 60).await.unwrap().is_saved());
    store.set_deadline(l1, 300).await.unwrap();
    store.touch_active(l1, 9_000, 0).await.unwrap();
    store
        .set_display(l1, &Shown { message_id: 101 }, 60)
        .await
        .unwrap();
    assert_eq!(store.lanes_of(old).await.unwrap(), [1, 7]);

    // When the group migrates,
    assert!(store.migrate_chat(old, new).await.unwrap());

    // Then each lane's game is under the same lane of the new chat, with its version and TTL,
    let (n1, n7) = (Place::in_lane(new, 1), Place::in_lane(new, 7));
    let moved = store.load::<Game>(n1).await.unwrap().unwrap();
    assert_eq!((moved.version, moved.state), (2, game(3)));
    assert_eq!(
        store.load::<Game>(n7).await.unwrap().unwrap().state,
        game(9)
    );
    let ttl: i64 = raw.ttl(keys::game_at(n1)).await.unwrap();
    assert!((500..=600).contains(&ttl), "the lane keeps its TTL: {ttl}");
    assert_eq!(store.lanes_of(new).await.unwrap(), [1, 7]);
    // its deadline and active entry follow it,
    assert_eq!(store.due_places(1_000, 10).await.unwrap(), [n1]);
    assert_eq!(active_members(&mut raw).await, [n1.member()]);
    // its board record is not carried over (the old message ids mean nothing there: the bot
    // plans the moved boards in the new chat, `lifecycle::move_chat`, tested in bot_lanes),
    assert_eq!(store.display::<Shown>(n1).await.unwrap(), None);
    // and nothing of the lanes is left under the old id.
    assert_eq!(store.lanes_of(old).await.unwrap(), Vec::<u16>::new());
    for lane in [l1, l7] {
        assert_eq!(store.load::<Game>(lane).await.unwrap(), None);
        assert_eq!(store.display::<Shown>(lane).await.unwrap(), None);
    }
    assert_eq!(store.load::<Game>(old).await.unwrap(), None);

    // Repeating is harmless; a group with only lane games migrates them too.
    assert!(!store.migrate_chat(old, new).await.unwrap());
    assert_eq!(store.load::<Game>(n1).await.unwrap().unwrap().version, 2);
    let (lone, lone_new) = (-50, -1_000_000_000_050);
    let lane = Place::in_lane(lone, 3);
    assert!(store.save(lane, 0, &game(4), 60).await.unwrap().is_saved());
    assert!(store.migrate_chat(lone, lone_new).await.unwrap());
    assert_eq!(
        store
            .load::<Game>(Place::in_lane(lone_new, 3))
            .await
            .unwrap()
            .unwrap()
            .state,
        game(4)
    );
}

/// A ping plan of game version `version` waiting for player 7, due at `due`, with a ping
/// message on screen (id `on_screen`) and one left to delete (`on_screen - 1`).
fn ping_plan(version: u64, due: u64, on_screen: i32) -> PingRecord {
    PingRecord {
        version,
        seq: 3,
        turn: 2,
        player: Some(7),
        ping_due: Some(due),
        pinged: true,
        sent: Some(Sent {
            message_id: on_screen,
            seq: 3,
        }),
        stale: vec![on_screen - 1],
        ..PingRecord::default()
    }
}

#[tokio::test]
async fn a_migrating_group_takes_its_ping_plans_along_without_the_old_chats_message_ids() {
    // Given a basic group whose game and lane 2's game each have a ping plan and a ping due,
    let (_server, store, mut raw) = setup().await;
    let (old, new) = (-60, -1_000_000_000_060);
    let (lane, new_lane) = (Place::in_lane(old, 2), Place::in_lane(new, 2));
    assert!(store.save(old, 0, &game(1), 60).await.unwrap().is_saved());
    assert!(store.save(lane, 0, &game(2), 60).await.unwrap().is_saved());
    for (place, due, msg) in [(Place::of_chat(old), 500, 41), (lane, 700, 51)] {
        let plan = ping_plan(1, due, msg);
        assert!(
            store
                .save_ping(place, 0, &plan, 600)
                .await
                .unwrap()
                .is_saved()
        );
        store.set_ping_due(place, Some(due)).await.unwrap();
    }

    // When the group migrates,
    assert!(store.migrate_chat(old, new).await.unwrap());

    // Then each plan is under the same place of the new chat, as it was (the same game
    // version, this turn's ping already sent, the same TTL), but with no message of the old
    // chat to delete,
    for (place, due) in [(Place::of_chat(new), 500), (new_lane, 700)] {
        let moved = store.load_ping::<PingRecord>(place).await.unwrap();
        let moved = moved.unwrap_or_else(|| panic!("{place}: no ping plan"));
        let want = PingRecord {
            sent: None,
            stale: Vec::new(),
            ..ping_plan(1, due, 0)
        };
        assert_eq!((moved.version, moved.state), (1, want), "{place}");
        let ttl: i64 = raw.ttl(keys::ping(place)).await.unwrap();
        assert!((500..=600).contains(&ttl), "{place} keeps its TTL: {ttl}");
    }
    // and its ping is due there at the same time,
    assert_eq!(
        store.due_pings(600, 10).await.unwrap(),
        [Place::of_chat(new)]
    );
    assert_eq!(
        store.due_pings(1_000, 10).await.unwrap(),
        [Place::of_chat(new), new_lane]
    );
    // and nothing of them is left under the old id.
    for place in [Place::of_chat(old), lane] {
        assert_eq!(store.load_ping::<PingRecord>(place).await.unwrap(), None);
    }

    // When it is repeated, Then nothing changes; a plan already in the new chat is kept.
    assert!(!store.migrate_chat(old, new).await.unwrap());
    assert_eq!(store.due_pings(1_000, 10).await.unwrap().len(), 2);
    let (other, other_new) = (-61, -1_000_000_000_061);
    assert!(store.save(other, 0, &game(1), 60).await.unwrap().is_saved());
    let theirs = ping_plan(4, 900, 8);
    assert!(
        store
            .save_ping(Place::of_chat(other), 0, &ping_plan(1, 100, 3), 60)
            .await
            .unwrap()
            .is_saved()
    );
    store
        .set_ping_due(Place::of_chat(other), Some(100))
        .await
        .unwrap();
    assert!(
        store
            .save_ping(Place::of_chat(other_new), 0, &theirs, 60)
            .await
            .unwrap()
            .is_saved()
    );
    store
        .set_ping_due(Place::of_chat(other_new), Some(900))
        .await
        .unwrap();
    assert!(store.migrate_chat(other, other_new).await.unwrap());
    let kept = store
        .load_ping::<PingRecord>(Place::of_chat(other_new))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(kept.state, theirs);
    assert_eq!(
        store.due_pings(1_000, 10).await.unwrap(),
        [Place::of_chat(new), new_lane, Place::of_chat(other_new)]
    );
}

#[tokio::test]
async fn a_tournament_post_is_planned_once_even_after_it_was_made_and_a_history_entry_added_once() {
    use parxis::store::{Meta, OUTBOX_IDS_TTL_SECS, Pace, Put, Taken};
    // Given a chat's tournament result post, planned with its id and made (taken, done),
    let (_server, store, mut raw) = setup().await;
    let chat = -70;
    let post = |id: u64| Put {
        slot: "t9:result:0.0",
        meta: Meta {
            id,
            expires_ms: 0,
            reserve: 1,
            version: 0,
            flags: 0,
            not_before_ms: 0,
            planned_ms: 0,
        },
        json: "{\"w\":\"send\"}".into(),
        // As the bot orders a post: planned at 1 s, after 20 s of later boards.
        order_ms: 21_000,
        post_id: Some("t9:result:0.0"),
        sticky: 1,
    };
    assert!(
        store
            .outbox_put(chat, &post(1), 1_000)
            .await
            .unwrap()
            .planned
    );
    let pace = Pace::even(20, 60_000);
    let Taken::Write { slot, meta, .. } = store.outbox_take(chat, 1_000, pace).await.unwrap()
    else {
        panic!("the post is taken");
    };
    assert_eq!((slot.as_str(), meta.id), ("t9:result:0.0", 1));
    store.outbox_done(chat, &slot, meta.id, 0).await.unwrap();
    assert_eq!(store.outbox_len(chat).await.unwrap(), 0);
    // When it is planned again (a firing after a crash before the record said "posted"),
    // Then nothing is planned; the same id in another chat is that chat's own post,
    assert!(
        !store
            .outbox_put(chat, &post(2), 2_000)
            .await
            .unwrap()
            .planned
    );
    assert_eq!(store.outbox_len(chat).await.unwrap(), 0);
    assert!(
        store
            .outbox_put(chat - 1, &post(3), 2_000)
            .await
            .unwrap()
            .planned
    );
    // and the ids lapse in time (the set does not grow for ever).
    let ttl: i64 = raw.ttl(keys::outbox_ids(chat)).await.unwrap();
    let most = i64::try_from(OUTBOX_IDS_TTL_SECS).unwrap();
    assert!((most - 10..=most).contains(&ttl), "the ids lapse: {ttl}");
    // When the champion of tournament 9 is added to the history twice, Then it is there once;
    // tournament 10's entry is added beside it, newest first.
    let champion = |name: &str| serde_json::json!({ "champion": name });
    assert!(
        store
            .push_tourney_history_once(chat, "t9:history", &champion("Anna"))
            .await
            .unwrap()
    );
    assert!(
        !store
            .push_tourney_history_once(chat, "t9:history", &champion("Anna"))
            .await
            .unwrap()
    );
    assert!(
        store
            .push_tourney_history_once(chat, "t10:history", &champion("Pep"))
            .await
            .unwrap()
    );
    let history = store.tourney_history(chat).await.unwrap();
    assert_eq!(history.len(), 2, "{history:?}");
    assert!(
        history[0].contains("Pep") && history[1].contains("Anna"),
        "{history:?}"
    );
}

#[tokio::test]
async fn a_carried_game_stands_for_the_record_only_while_it_is_the_stored_version() {
    // Given a chat whose game was saved as version 1, with settings,
    let (_server, store, _raw) = setup().await;
    let chat = -710;
    assert!(store.save(chat, 0, &game(1), 60).await.unwrap().is_saved());
    let settings = Settings {
        locale: "es".into(),
        turn_seconds: 45,
    };
    store.set_settings(chat, &settings).await.unwrap();
    let carried = |turn| Versioned {
        version: 1,
        state: game(turn),
    };
    // When it is loaded carrying version 1 (its state marked, to tell it from the record),
    let before = store.round_trips_by_op();
    let state = store
        .load_chat_carried::<Game, Settings, Shown>(chat, Some(carried(99)))
        .await
        .unwrap();
    // Then the carried game comes back with the settings, in one round trip that never
    // reads the game's state.
    assert_eq!(state.game, Some(carried(99)));
    assert_eq!(state.settings, settings);
    let after = store.round_trips_by_op();
    let trips = |op| after.get(op).unwrap_or(&0) - before.get(op).unwrap_or(&0);
    assert_eq!(
        (
            trips("load_chat_carried"),
            trips("load"),
            trips("load_chat")
        ),
        (1, 0, 0)
    );
    // When a newer save came in between, Then the stored game is read and comes back (one
    // more round trip), never the carried copy,
    assert!(store.save(chat, 1, &game(2), 60).await.unwrap().is_saved());
    let state = store
        .load_chat_carried::<Game, Settings, Shown>(chat, Some(carried(99)))
        .await
        .unwrap();
    assert_eq!(
        state.game,
        Some(Versioned {
            version: 2,
            state: game(2)
        })
    );
    // and when the game is gone, there is none.
    assert!(store.delete(chat, 2).await.unwrap().is_saved());
    let state = store
        .load_chat_carried::<Game, Settings, Shown>(chat, Some(carried(99)))
        .await
        .unwrap();
    assert_eq!(state.game, None);
}

#[tokio::test]
async fn a_deadline_is_mirrored_and_the_game_s_version_read_after_it_in_one_round_trip() {
    // Given a place whose game is at version 2,
    let (_server, store, mut raw) = setup().await;
    let chat = -720;
    assert!(store.save(chat, 0, &game(1), 60).await.unwrap().is_saved());
    assert!(store.save(chat, 1, &game(2), 60).await.unwrap().is_saved());
    // When its deadline is mirrored, Then it is in the due set and the version comes back,
    // in one round trip;
    let before = store.round_trips();
    assert_eq!(store.mirror_deadline(chat, Some(1_234)).await.unwrap(), 2);
    assert_eq!(store.round_trips() - before, 1);
    let score: Option<u64> = raw
        .zscore(keys::deadlines(), chat.to_string())
        .await
        .unwrap();
    assert_eq!(score, Some(1_234));
    // When it is cleared, Then it is gone; and a place without a game reads as version 0.
    assert_eq!(store.mirror_deadline(chat, None).await.unwrap(), 2);
    let score: Option<u64> = raw
        .zscore(keys::deadlines(), chat.to_string())
        .await
        .unwrap();
    assert_eq!(score, None);
    assert_eq!(store.mirror_deadline(-721, Some(5)).await.unwrap(), 0);
}

#[tokio::test]
async fn an_update_is_marked_with_its_chat_s_load_and_only_its_first_load_is_first() {
    // Given a chat with a game and a ping record,
    let (_server, store, mut raw) = setup().await;
    let chat = -730;
    let place = Place::of_chat(chat);
    assert!(store.save(chat, 0, &game(3), 60).await.unwrap().is_saved());
    let record = PingRecord {
        seq: 4,
        ..PingRecord::default()
    };
    assert!(
        store
            .save_ping(place, 0, &record, 60)
            .await
            .unwrap()
            .is_saved()
    );
    let mark = UpdateMark {
        bot_id: 5,
        update_id: 77,
        ttl_secs: 60,
    };
    // When it is loaded for update 77, Then the update is new, and the game and the ping
    // record come back, in one round trip;
    let before = store.round_trips();
    let (first, state, ping) = store
        .load_chat_first::<Game, Settings, Shown, PingRecord>(chat, mark)
        .await
        .unwrap();
    assert_eq!(store.round_trips() - before, 1);
    assert!(first);
    assert_eq!(state.game.map(|g| g.state), Some(game(3)));
    assert_eq!(
        ping,
        Some(Versioned {
            version: 1,
            state: record
        })
    );
    // When it is loaded for update 77 again (a retry, another replica), Then it is not new;
    let (again, _, _) = store
        .load_chat_first::<Game, Settings, Shown, PingRecord>(chat, mark)
        .await
        .unwrap();
    assert!(!again);
    // as the plain mark sees it too, while the same id of another bot is new; and a
    // malformed ping record reads as none, the chat still loaded.
    assert!(!store.first_time_update_for(5, 77, 60).await.unwrap());
    let _: () = raw.hset(keys::ping(place), "state", "{oops").await.unwrap();
    let other = UpdateMark { bot_id: 6, ..mark };
    let (theirs, state, ping) = store
        .load_chat_first::<Game, Settings, Shown, PingRecord>(chat, other)
        .await
        .unwrap();
    assert!(theirs);
    assert!(state.game.is_some());
    assert_eq!(ping, None);
}
