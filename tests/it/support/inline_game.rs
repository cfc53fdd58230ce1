//! Inline games in tests: the harness with Telegram's write limit on, and the steps of an
//! inline game (the query answered, a result chosen, presses by inline id, the inline
//! message awaited).

use std::time::{Duration, Instant};

use parxis::bot::core::table::{Status, Table};
use parxis::store::Place;
use serde_json::Value;

use super::bot_harness::{Harness, Options, WAIT, four_users, mover_of, refused};
use super::fake_tg::{
    Flood, FloodClock, Recorded, TestUser, buttons, callback_id, inline_flood_key,
};

/// The flood window of these tests: Telegram's minute, shortened (as in `bot_pace`), so a
/// whole game plays in seconds at the true count of writes per window.
pub const WINDOW: Duration = Duration::from_secs(2);
/// How many writes a chat (here: the inline message) gets per [`WINDOW`] from Telegram.
pub const LIMIT: usize = 20;
/// The bot's own budget per [`WINDOW`] (as `bot_pace` gives it): below Telegram's limit by
/// the margin a loaded machine's delays need.
pub const BUDGET: u32 = 16;

/// The options of an inline test: the bot's budget per [`WINDOW`].
pub fn options() -> Options {
    Options {
        write_budget: (BUDGET, u64::try_from(WINDOW.as_millis()).expect("small")),
        ..Options::default()
    }
}

/// Telegram's write limit, per [`WINDOW`], on in the fake.
pub fn limit_writes(h: &Harness) {
    h.fake.flood(Flood {
        limit: LIMIT,
        window: WINDOW,
        clock: FloodClock::Real,
    });
}

/// A harness with the inline tests' budget and Telegram's write limit on.
pub async fn harness(seed: u64) -> Harness {
    let h = Harness::start_with(seed, options()).await;
    limit_writes(&h);
    h
}

/// The inline game's table, if any.
pub async fn table_at(h: &Harness, place: Place) -> Option<Table> {
    h.store
        .load::<Table>(place)
        .await
        .expect("redis")
        .map(|r| r.state)
}

/// Does `data` name a table drawn at `seq`?
pub fn drawn_at(data: &str, seq: u64) -> bool {
    data.ends_with(&format!(":{seq}")) || data.contains(&format!(":{seq}:"))
}

/// Inline message `id` once `pred` holds (at most `within`).
pub async fn wait_inline(
    h: &Harness,
    id: &str,
    within: Duration,
    what: &str,
    pred: impl Fn(&Value) -> bool,
) -> Value {
    let deadline = Instant::now() + within;
    loop {
        let m = h.fake.inline_message(id).expect("the inline message");
        if pred(&m) {
            return m;
        }
        assert!(
            Instant::now() < deadline,
            "timed out waiting for {what}: {m}\n{}",
            h.fake.log_tail(12)
        );
        h.fake.next_request_or(Duration::from_millis(5)).await;
    }
}

/// The inline message showing the stored table (its buttons drawn at its `seq`).
pub async fn fresh_inline(h: &Harness, id: &str) -> (Table, Value) {
    let place = Place::inline(id);
    let deadline = Instant::now() + WAIT;
    loop {
        let t = table_at(h, place).await.expect("a table");
        let m = h.fake.inline_message(id).expect("the inline message");
        if buttons(&m)
            .first()
            .is_some_and(|(_, d)| drawn_at(d, t.seq()))
        {
            return (t, m);
        }
        assert!(
            Instant::now() < deadline,
            "the inline board never showed seq {}: {m}\n{}",
            t.seq(),
            h.fake.log_tail(12)
        );
        h.fake.next_request_or(Duration::from_millis(5)).await;
    }
}

/// `user` presses `data` on inline message `id`; the bot's answer.
pub async fn press_inline(h: &Harness, user: &TestUser, id: &str, data: &str) -> Recorded {
    let upd = h.fake.press_inline(user, id, data);
    let cb = callback_id(&upd);
    h.fake.push_update(upd);
    h.fake.wait_for_callback_answer(&cb).await
}

/// The data of the first button of `m` starting with `prefix`.
pub fn button(m: &Value, prefix: &str) -> String {
    buttons(m)
        .into_iter()
        .map(|(_, d)| d)
        .find(|d| d.starts_with(prefix))
        .unwrap_or_else(|| panic!("no {prefix} button: {m}"))
}

/// `@<bot>` typed by `user`: the query's id and the offers it was answered with.
pub async fn ask_inline(h: &Harness, user: &TestUser) -> (String, Vec<Value>) {
    let query = h.fake.inline_query(user, "");
    let qid = query["inline_query"]["id"].as_str().expect("id").to_owned();
    h.fake.push_update(query);
    h.fake
        .wait_for_request(|r| r.method == "answerinlinequery" && r.ok(), WAIT)
        .await;
    let results = h.fake.inline_answer(&qid).expect("answered");
    (qid, results)
}

/// `user` chooses offer `result_id` of query `qid`: the inline message's id.
pub fn choose(h: &Harness, user: &TestUser, qid: &str, result_id: &str) -> String {
    let (chosen, id) = h.fake.choose_inline(user, qid, result_id, "90210");
    let id = id.expect("the offer has buttons, so its message has an inline id");
    h.fake.push_update(chosen);
    id
}

/// Ben joins Ana's lobby on inline message `id` and Ana starts the game, by buttons on it.
pub async fn join_and_start(h: &Harness, id: &str, ana: &TestUser, ben: &TestUser) {
    let lobby = wait_inline(h, id, WAIT, "the lobby", |m| {
        buttons(m).iter().any(|(_, d)| d.starts_with("j:"))
    })
    .await;
    assert!(
        lobby["text"]
            .as_str()
            .unwrap_or_default()
            .contains(&ana.first_name),
        "{lobby}"
    );
    let join = press_inline(h, ben, id, &button(&lobby, "j:")).await;
    assert!(!refused(&join), "{:?}", join.params);
    let lobby = wait_inline(h, id, WAIT, "Ben seated", |m| {
        m["text"]
            .as_str()
            .unwrap_or_default()
            .contains(&ben.first_name)
    })
    .await;
    let start = press_inline(h, ana, id, &button(&lobby, "s:")).await;
    assert!(!refused(&start), "{:?}", start.params);
}

pub fn users() -> (TestUser, TestUser) {
    let u = four_users();
    (u[0].clone().lang("en"), u[1].clone().lang("en"))
}

/// Whoever is to move presses the first button of inline message `id` until the game is
/// over (at most 240 s), the bot restarted after `restart_after` presses if given: the
/// ended table and the number of presses.
pub async fn play_to_the_end(
    h: &mut Harness,
    id: &str,
    players: &[TestUser],
    restart_after: Option<usize>,
) -> (Table, usize) {
    let deadline = Instant::now() + Duration::from_secs(240);
    let mut presses = 0;
    loop {
        let (t, board) = fresh_inline(h, id).await;
        if t.status() != Status::Playing {
            return (t, presses);
        }
        assert!(
            Instant::now() < deadline,
            "the game is stuck at {}",
            t.seq()
        );
        if restart_after == Some(presses) {
            h.stop_bots().await;
            h.spawn_bot().await;
        }
        let mover = mover_of(players, &t);
        let ans = press_inline(h, &mover, id, &buttons(&board)[0].1).await;
        assert!(!refused(&ans), "{:?}\n{}", ans.params, h.fake.log_tail(8));
        presses += 1;
    }
}

/// Checks that the writes to inline message `id` kept within Telegram's limit: none refused
/// with 429, no more than [`LIMIT`] in any [`WINDOW`]. The number of writes.
pub fn within_the_limit(h: &Harness, id: &str) -> usize {
    let stats = h.fake.flood_stats(inline_flood_key(id));
    assert!(stats.refused.is_empty(), "429s: {:?}", stats.refused);
    for (i, at) in stats.writes.iter().enumerate() {
        let within = stats.writes[i..]
            .iter()
            .take_while(|w| **w < *at + WINDOW)
            .count();
        assert!(
            within <= LIMIT,
            "{within} writes within a window from {at:?}"
        );
    }
    stats.writes.len()
}
