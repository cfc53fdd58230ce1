//! The live board's use of the store, against a real `redis-server`: the board of a tap is
//! owed soon and shares its write with the taps that follow (`Store::owe_board_soon`).

#[path = "support/redis.rs"]
mod redis_support;
#[path = "support/store_fixture.rs"]
mod store_fixture;

use parxis::store::Place;
use store_fixture::setup;

const CHAT: i64 = -1_001_234_567_890;

#[tokio::test]
async fn taps_faster_than_the_gap_share_one_catch_up_that_is_never_pushed_later() {
    // Given nothing owed,
    let (_server, store, _raw) = setup().await;
    let place = Place::of_chat(CHAT);
    // when a tap's board is owed soon, it is due then and scheduled then;
    let first = store.owe_board_soon(place, 7, 10_000).await.unwrap();
    assert_eq!((first.since, first.latest, first.due_ms), (7, 7, 10_000));
    assert!(store.due_catchups(9_999, 10).await.unwrap().is_empty());
    assert_eq!(store.due_catchups(10_000, 10).await.unwrap(), vec![place]);
    // and the taps that follow join it: the newest version owed, the due time kept.
    let second = store.owe_board_soon(place, 8, 12_000).await.unwrap();
    let third = store.owe_board_soon(place, 9, 13_000).await.unwrap();
    assert_eq!((second.since, second.latest, second.due_ms), (7, 8, 10_000));
    assert_eq!((third.since, third.latest, third.due_ms), (7, 9, 10_000));
    assert_eq!(store.due_catchups(10_000, 10).await.unwrap(), vec![place]);
    // Once the board of the newest is written, the next tap starts a new wait.
    store.clear_catchup_if(place, 9).await.unwrap();
    assert_eq!(store.owed_board(place).await.unwrap(), None);
    let next = store.owe_board_soon(place, 10, 20_000).await.unwrap();
    assert_eq!((next.since, next.latest, next.due_ms), (10, 10, 20_000));
}
