//! What the tournament tests (`bot_tourney*`) share: their entrants, the stored record,
//! a press answered by its own callback answer, and waits for a request or a record.

use std::time::Duration;

use parxis::bot::core::tourney::Tourney;
use serde_json::Value;

use super::bot_harness::Harness;
use super::fake_tg::{Recorded, TestUser, callback_id, msg_id};

/// How long a wait gives the bots before it fails (a send may queue behind the chat's budget).
pub const WAIT: Duration = Duration::from_secs(20);

/// `n` entrants named P1…Pn, ids `first_id + 1` on (each test file its own range).
#[must_use]
pub fn users(first_id: i64, n: i64) -> Vec<TestUser> {
    (1..=n)
        .map(|i| TestUser::new(first_id + i, &format!("P{i}")))
        .collect()
}

/// The stored tournament of `chat`, if any.
pub async fn record(h: &Harness, chat: i64) -> Option<Tourney> {
    h.store
        .load_tourney::<Tourney>(chat)
        .await
        .expect("redis")
        .map(|r| r.state)
}

/// The stored tournament of `chat` (there must be one).
pub async fn the_record(h: &Harness, chat: i64) -> Tourney {
    record(h, chat).await.expect("a tournament record")
}

/// Wait (up to [`WAIT`]) until the stored tournament of `chat` satisfies `pred`.
pub async fn wait_record(
    h: &Harness,
    chat: i64,
    what: &str,
    pred: impl Fn(&Tourney) -> bool,
) -> Tourney {
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let t = the_record(h, chat).await;
        if pred(&t) {
            return t;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "never {what}: {t:?}\n{}",
            h.fake.log_tail(10)
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// `user` presses `data` under `message` in `chat`; returns the text of the answer to that
/// very press (empty when it was answered silently).
pub async fn press(h: &Harness, chat: i64, user: &TestUser, message: &Value, data: &str) -> String {
    let upd = h.fake.press(chat, user, msg_id(message), data);
    let id = callback_id(&upd);
    h.fake.push_update(upd);
    h.fake
        .wait_for_callback_answer(&id)
        .await
        .str_param("text")
        .unwrap_or_default()
        .to_owned()
}

/// Wait (up to [`WAIT`]) until the bot made a request since `mark` that `pred` accepts.
pub async fn wait_for(
    h: &Harness,
    mark: usize,
    what: &str,
    pred: impl Fn(&Recorded) -> bool,
) -> Recorded {
    wait_within(h, WAIT, mark, what, pred).await
}

/// As [`wait_for`], waiting up to `limit`: e.g. 75 s for a send that may queue behind up to
/// a minute of the group's 20 messages a minute, just after a tournament's last posts.
pub async fn wait_within(
    h: &Harness,
    limit: Duration,
    mark: usize,
    what: &str,
    pred: impl Fn(&Recorded) -> bool,
) -> Recorded {
    let deadline = tokio::time::Instant::now() + limit;
    loop {
        if let Some(r) = h.fake.requests_matching(mark, &pred).into_iter().next() {
            return r;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "no {what}:\n{}",
            h.fake.log_tail(10)
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}
