//! A chat's season in a real `redis-server`: saved and loaded by compare-and-set (a stale
//! save refused, nothing changed), kept across a new connection (as a restart or another
//! replica sees it), its keys in the chat's hash slot, and a finished season archived once
//! however often the archiving is retried.

use crate::support;
use support::store_fixture::setup;

use parxis::engine::Preset;
use parxis::season::{Season, Settings};
use parxis::store::keys::hash_tag;
use parxis::store::{CasOutcome, Store, past_seasons_key, season_key};

const CHAT: i64 = -100_777;
const TTL: u64 = 3600;

fn season() -> Season {
    let mut s = Season::open(Settings {
        weeks: 8,
        preset: Preset::Jcf,
        fixtures: true,
        table_size: 4,
        min_games: 4,
    })
    .unwrap();
    for u in 0..10 {
        s.join(u, &format!("Vicent {u} 🎉")).unwrap();
    }
    s
}

#[tokio::test]
async fn a_season_is_saved_by_compare_and_set_and_read_by_another_connection() {
    let (server, store, _raw) = setup().await;
    let mut s = season();
    let CasOutcome::Saved { version } = store.save_season(CHAT, 0, &s, TTL).await.unwrap() else {
        panic!("the first save");
    };
    s.start(2026).unwrap();
    // A save from a stale version (another press saved meanwhile) is refused, nothing written.
    let stale = store.save_season(CHAT, version + 7, &s, TTL).await.unwrap();
    assert!(matches!(stale, CasOutcome::Conflict { current } if current == version));
    let other = Store::connect(&server.url()).await.unwrap();
    let seen = other.load_season::<Season>(CHAT).await.unwrap().unwrap();
    assert_eq!(seen.version, version);
    assert_eq!(
        seen.state,
        season(),
        "still in sign-up: the stale save changed nothing"
    );
    // The right version saves, and every connection reads it.
    assert!(matches!(
        store.save_season(CHAT, version, &s, TTL).await.unwrap(),
        CasOutcome::Saved { .. }
    ));
    let seen = other.load_season::<Season>(CHAT).await.unwrap().unwrap();
    assert_eq!(seen.state, s);
    assert_eq!(seen.state.matchdays.len(), 1, "week 1 drawn");
    // Both keys live in the chat's slot.
    assert_eq!(hash_tag(&season_key(CHAT)), CHAT.to_string());
    assert_eq!(hash_tag(&past_seasons_key(CHAT)), CHAT.to_string());
}

#[tokio::test]
async fn a_finished_season_is_archived_once_however_often_it_is_retried() {
    let (_server, store, _raw) = setup().await;
    assert!(store.past_seasons(CHAT).await.unwrap().is_empty());
    let summary = serde_json::json!({"champions": ["Amparo"], "weeks": 8});
    assert!(store.archive_season(CHAT, "s1", &summary).await.unwrap());
    assert!(!store.archive_season(CHAT, "s1", &summary).await.unwrap());
    assert!(store.archive_season(CHAT, "s2", &summary).await.unwrap());
    let past = store.past_seasons(CHAT).await.unwrap();
    assert_eq!(past.len(), 2, "{past:?}");
    assert!(past[0].contains("Amparo"));
    // Another chat's past is its own.
    assert!(store.past_seasons(CHAT - 1).await.unwrap().is_empty());
}
