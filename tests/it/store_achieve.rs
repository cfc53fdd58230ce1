//! Achievements and `/notify` lists in Redis (a real `redis-server`): a game awards once,
//! each person once, the chat's counts follow; forgetting a player lowers them; the notify
//! lists and their index; the bot-wide private budget.

use crate::support;
use support::redis as redis_support;

use parxis::store::{PRIVATE_BURST, PRIVATE_PER_SECOND, PRIVATE_REFILL_MS, Place, Store};
use redis_support::TestRedis;

const CHAT: i64 = -100_555;

fn pairs(v: &[(i64, &str)]) -> Vec<(i64, String)> {
    v.iter().map(|&(u, c)| (u, c.to_owned())).collect()
}

#[tokio::test]
async fn a_game_awards_once_and_each_person_once() {
    let server = TestRedis::start();
    let store = Store::connect(&server.url()).await.expect("connect");
    // Given a first game awarding Ana two achievements and Biel one,
    let first = pairs(&[
        (11, "first-win"),
        (11, "iron-barrier"),
        (12, "first-capture"),
    ]);
    assert!(!store.awarded(CHAT, "g1").await.expect("redis"));
    let new = store.award(CHAT, "g1", &first).await.expect("redis");
    // Then all are new, and the game is marked;
    assert_eq!(new, first);
    assert!(store.awarded(CHAT, "g1").await.expect("redis"));
    // When the same game is awarded again (a retry, another replica), Then nothing is new
    // and nothing counts twice;
    assert!(
        store
            .award(CHAT, "g1", &first)
            .await
            .expect("redis")
            .is_empty()
    );
    // When a second game awards Ana's barrier again and Biel's first win,
    let second = pairs(&[(11, "iron-barrier"), (12, "first-win")]);
    let new = store.award(CHAT, "g2", &second).await.expect("redis");
    // Then only Biel's win is new, and the chat counts two players with the first win.
    assert_eq!(new, pairs(&[(12, "first-win")]));
    let ana = store.achievements(CHAT, 11).await.expect("redis");
    assert_eq!(ana.here, ["first-win", "iron-barrier"]);
    assert_eq!(ana.anywhere, ["first-win", "iron-barrier"]);
    assert_eq!(ana.holders.get("first-win"), Some(&2));
    assert_eq!(ana.holders.get("iron-barrier"), Some(&1));
    // Overall: Ana's in another chat join her overall set, not this chat's.
    store
        .award(-100_556, "g1", &pairs(&[(11, "comeback")]))
        .await
        .expect("redis");
    let ana = store.achievements(CHAT, 11).await.expect("redis");
    assert_eq!(ana.here, ["first-win", "iron-barrier"]);
    assert_eq!(ana.anywhere, ["comeback", "first-win", "iron-barrier"]);
    // When Ana is forgotten in the chat, Then her achievements go and the counts drop.
    assert_eq!(store.forget_achievements(CHAT, 11).await.expect("redis"), 2);
    let biel = store.achievements(CHAT, 12).await.expect("redis");
    assert_eq!(biel.holders.get("first-win"), Some(&1));
    assert_eq!(biel.holders.get("iron-barrier"), None);
    assert!(
        store
            .achievements(CHAT, 11)
            .await
            .expect("redis")
            .here
            .is_empty()
    );
}

#[tokio::test]
async fn notify_lists_add_remove_and_forget_a_user_everywhere() {
    let server = TestRedis::start();
    let store = Store::connect(&server.url()).await.expect("connect");
    let (chat, topic) = (Place::of_chat(CHAT), Place::of_topic(CHAT, 7));
    store
        .notify_add(chat, 11, Some("Parxís"))
        .await
        .expect("redis");
    store.notify_add(topic, 11, None).await.expect("redis");
    store.notify_add(chat, 12, None).await.expect("redis");
    let (users, title) = store.notify_users(chat).await.expect("redis");
    assert_eq!((users, title.as_deref()), (vec![11, 12], Some("Parxís")));
    assert_eq!(store.notify_users(topic).await.expect("redis").0, vec![11]);
    assert!(store.notify_remove(chat, 12).await.expect("redis"));
    assert!(!store.notify_remove(chat, 12).await.expect("redis"));
    store.mark_started(11).await.expect("redis");
    assert!(store.has_started(11).await.expect("redis"));
    // A user dropped (blocked the bot) leaves every list and the started set.
    assert_eq!(store.notify_forget_user(11).await.expect("redis"), 2);
    assert!(store.notify_users(chat).await.expect("redis").0.is_empty());
    assert!(store.notify_users(topic).await.expect("redis").0.is_empty());
    assert!(!store.has_started(11).await.expect("redis"));
}

#[tokio::test]
async fn the_private_budget_never_lets_a_second_hold_more_than_30_messages() {
    let server = TestRedis::start();
    let store = Store::connect(&server.url()).await.expect("connect");
    let now = 1_000_000;
    // Given a rested bucket: a burst of 5, then the next free 40 ms later,
    for i in 0..PRIVATE_BURST {
        assert_eq!(
            store.private_take(now).await.expect("redis"),
            None,
            "send {i}"
        );
    }
    let next = store
        .private_take(now)
        .await
        .expect("redis")
        .expect("must wait");
    assert_eq!(next, now + PRIVATE_REFILL_MS);
    assert_eq!(store.private_take(next).await.expect("redis"), None);
    // When senders ask every 5 ms for 3 s (each taking what it is given),
    let start = now + 10_000;
    let mut sent = Vec::new();
    for t in (start..start + 3_000).step_by(5) {
        if store.private_take(t).await.expect("redis").is_none() {
            sent.push(t);
        }
    }
    // Then no one second holds more than 30, and the budget is used (about 30 in the
    // first: the burst and 25 more; at least 25 in each later one).
    let most = sent
        .iter()
        .map(|&a| {
            sent.iter()
                .filter(|&&b| (a..a + 1_000).contains(&b))
                .count()
        })
        .max()
        .unwrap_or(0);
    assert!(most <= PRIVATE_PER_SECOND as usize, "{most}: {sent:?}");
    assert!(most >= 28, "{most}: {sent:?}");
    assert!(sent.len() >= 3 * 25, "{}", sent.len());
}
