//! The web port's records in a real `redis-server`: the request limit shared by replicas
//! (GCRA, `gcra.lua`) and the membership cache.

use crate::support;
use support::store_fixture;

use parxis::store::{Rate, Store};
use store_fixture::setup;

const RATE: Rate = Rate {
    per_second: 2,
    burst: 5,
};

#[tokio::test]
async fn two_replicas_share_one_limit_of_burst_then_rate() {
    // Given two replicas (two stores on one Redis) and a limit of 5 at once, 2 a second,
    let (server, a, _raw) = setup().await;
    let b = Store::connect(&server.url()).await.expect("connect");
    let now = 1_000_000;
    // When one user asks 8 times at once, alternating replicas,
    let mut allowed = 0;
    let mut waits = Vec::new();
    for i in 0..8 {
        let store = if i % 2 == 0 { &a } else { &b };
        match store
            .web_rate("user", "42", RATE, now)
            .await
            .expect("redis")
        {
            None => allowed += 1,
            Some(ms) => waits.push(ms),
        }
    }
    // Then the burst (5) is allowed in all, not 5 per replica, and the others wait 500 ms
    // (the rate's interval) for the next place;
    assert_eq!(allowed, 5);
    assert_eq!(waits, [500, 500, 500]);
    // a refused request took nothing: after 500 ms one more is allowed, then none;
    assert_eq!(
        a.web_rate("user", "42", RATE, now + 500).await.unwrap(),
        None
    );
    assert!(
        b.web_rate("user", "42", RATE, now + 500)
            .await
            .unwrap()
            .is_some()
    );
    // another user, or an address of the same digits, has a limit of its own;
    assert_eq!(a.web_rate("user", "43", RATE, now).await.unwrap(), None);
    assert_eq!(a.web_rate("addr", "42", RATE, now).await.unwrap(), None);
    // and after a pause the whole burst is back.
    for _ in 0..5 {
        assert_eq!(
            b.web_rate("user", "42", RATE, now + 10_000).await.unwrap(),
            None
        );
    }
}

#[tokio::test]
async fn memberships_are_cached_for_their_lifetime_only() {
    let (_server, store, _raw) = setup().await;
    assert_eq!(store.cached_member(-100, 7).await.unwrap(), None);
    store.cache_member(-100, 7, true, 1).await.unwrap();
    store.cache_member(-100, 8, false, 60).await.unwrap();
    assert_eq!(store.cached_member(-100, 7).await.unwrap(), Some(true));
    assert_eq!(store.cached_member(-100, 8).await.unwrap(), Some(false));
    assert_eq!(store.cached_member(-200, 7).await.unwrap(), None);
    tokio::time::sleep(std::time::Duration::from_millis(1_100)).await;
    assert_eq!(store.cached_member(-100, 7).await.unwrap(), None, "expired");
}
