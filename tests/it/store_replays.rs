//! Replays in Redis (a real `redis-server`): kept with the game's history entry in the same
//! script, the place's last game named, the posted animation beside it, both removed when
//! the game leaves the history, a forgotten player's name taken out.

use crate::support;
use support::redis as redis_support;
use support::stats_fixture;

use parxis::stats::ChatZone;
use parxis::store::keys::{self, STATS_HISTORY_LEN};
use parxis::store::{KeptReplay, Place, PostedAnimation, Store};
use redis::AsyncCommands;
use redis_support::TestRedis;
use stats_fixture::*;

const CHAT: i64 = -100_777;

fn replay_json(id: &str, names: [&str; 2]) -> String {
    serde_json::json!({
        "id": id, "rules": "jcf", "options": {"six_counts": 7, "third_six_spares": "goal",
        "barriers": "anywhere", "pairs": false}, "arms": 4,
        "seats": [{"c": "yellow", "n": names[0]}, {"c": "blue", "n": names[1]}],
        "t0": 0, "t1": 1, "log": "o61."
    })
    .to_string()
}

async fn record(store: &Store, id: &str, at: i64, place: Place) {
    let g = game(
        id,
        CHAT,
        MONDAY_0000_MADRID + at,
        vec![
            seat(human(11, "Ana"), 0, 0, true),
            seat(human(12, "Biel"), 1, 40, false),
        ],
    );
    let kept = KeptReplay {
        place,
        json: replay_json(id, ["Ana", "Biel"]),
    };
    let out = store
        .record_game_keeping(&g, &ChatZone::default(), Some(&kept))
        .await
        .expect("recorded");
    assert!(out.recorded);
}

#[tokio::test]
async fn a_replay_is_kept_with_its_history_entry_and_leaves_with_it() {
    let server = TestRedis::start();
    let store = Store::connect(&server.url()).await.expect("connect");
    let mut raw = server.raw().await;
    let place = Place::of_chat(CHAT);
    // Given a first game recorded with its replay,
    record(&store, "g1-1", 0, place).await;
    // Then it is kept under its id, the place's last game, with no animation yet;
    assert_eq!(
        store.last_replay_id(place).await.unwrap().as_deref(),
        Some("g1-1")
    );
    let (json, posted) = store.replay(CHAT, "g1-1").await.unwrap();
    assert!(json.expect("kept").contains("\"Ana\""));
    assert_eq!(posted, None);
    // an animation posted is remembered beside it, and forgotten on request;
    let anim = PostedAnimation {
        message_id: 42,
        file_id: Some("CgAC".into()),
    };
    assert!(
        store
            .set_posted_animation(CHAT, "g1-1", &anim)
            .await
            .unwrap()
    );
    assert_eq!(
        store.replay(CHAT, "g1-1").await.unwrap().1,
        Some(anim.clone())
    );
    store.clear_posted_animation(CHAT, "g1-1").await.unwrap();
    assert_eq!(store.replay(CHAT, "g1-1").await.unwrap().1, None);
    assert!(
        store
            .set_posted_animation(CHAT, "g1-1", &anim)
            .await
            .unwrap()
    );
    // and none is remembered for a game whose replay is not kept.
    assert!(
        !store
            .set_posted_animation(CHAT, "g9-9", &anim)
            .await
            .unwrap()
    );
    // When the history fills up and the first game leaves it,
    for k in 2..=STATS_HISTORY_LEN + 1 {
        record(&store, &format!("g{k}-{k}"), k as i64 * 1000, place).await;
    }
    let len: usize = raw.llen(keys::stats_history(CHAT)).await.unwrap();
    assert_eq!(len, STATS_HISTORY_LEN);
    // Then its replay and its animation are gone with it, the others kept.
    assert_eq!(store.replay(CHAT, "g1-1").await.unwrap(), (None, None));
    assert!(store.replay(CHAT, "g2-2").await.unwrap().0.is_some());
    let fields: usize = raw.hlen(keys::stats_replays(CHAT)).await.unwrap();
    assert_eq!(
        fields,
        STATS_HISTORY_LEN + 1,
        "the replays and the place's last game"
    );
    let last = format!("g{0}-{0}", STATS_HISTORY_LEN + 1);
    assert_eq!(store.last_replay_id(place).await.unwrap(), Some(last));
    // A topic's last game is its own.
    assert_eq!(
        store
            .last_replay_id(Place::of_topic(CHAT, 5))
            .await
            .unwrap(),
        None
    );
}

#[tokio::test]
async fn a_forgotten_player_s_name_leaves_the_replays() {
    let server = TestRedis::start();
    let store = Store::connect(&server.url()).await.expect("connect");
    record(&store, "g1-1", 0, Place::of_chat(CHAT)).await;
    // When Biel asks to be forgotten,
    store.forget_user(12).await.expect("forgotten");
    // Then the replay keeps Ana's name, and Biel's seat has none.
    let json = store.replay(CHAT, "g1-1").await.unwrap().0.expect("kept");
    assert!(json.contains("\"Ana\""), "{json}");
    assert!(!json.contains("Biel"), "{json}");
}
