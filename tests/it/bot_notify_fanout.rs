//! The bot-wide private pace with a thousand `/notify` subscribers: every one gets the
//! lobby's notice once, and no second ever holds more than Telegram's ~30 private messages
//! a second for the bot as a whole, while a game in another group goes on.
//!
//! The real bot against the fake Bot API (which records when each request arrived) and a
//! real `redis-server`. The figures printed (the fan-out's length, the board's latency in
//! the other group meanwhile) are for docs/SCALING.md; the test asserts counts only.

use crate::support;

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use parxis::bot::core::settings::{ChatSettings, DiceMode, Display};
use parxis::i18n::Lang;
use parxis::store::{PRIVATE_PER_SECOND, Place};
use support::bot_harness::{CHAT, Harness, WAIT, four_users, mover_of, refused};
use support::fake_tg::{buttons, callback_id, msg_id};

const SUBSCRIBERS: i64 = 1_000;
/// The group where a game goes on during the fan-out.
const OTHER: i64 = CHAT - 7;
/// The subscribers' user ids (private chats), apart from the test users'.
const FIRST_USER: i64 = 500_000;

fn settings() -> ChatSettings {
    ChatSettings {
        lang: Some(Lang::En),
        display: Display::Emoji,
        timer_secs: 0,
        dice: DiceMode::Auto,
        pings_secs: parxis::bot::core::settings::DEFAULT_PINGS_SECS,
        lang_offered: true,
    }
}

/// The most of `times` in any window of `window` (sorted input).
fn most_in_window(times: &[Instant], window: Duration) -> usize {
    let mut most = 0;
    let mut start = 0;
    for (end, &t) in times.iter().enumerate() {
        while t.duration_since(times[start]) >= window {
            start += 1;
        }
        most = most.max(end + 1 - start);
    }
    most
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_subscribers_all_get_the_notice_never_more_than_30_a_second() {
    let h = Harness::start(71).await;
    h.settings(settings()).await;
    h.store
        .set_settings(OTHER, &settings())
        .await
        .expect("redis");
    let users = four_users();

    // Given a thousand members who started the bot and asked to be told of CHAT's games,
    let place = Place::of_chat(CHAT);
    for u in FIRST_USER..FIRST_USER + SUBSCRIBERS {
        h.store.mark_started(u).await.expect("redis");
        h.store
            .notify_add(place, u, Some("Parxís club"))
            .await
            .expect("redis");
    }
    // and a two-player game in play in another group,
    h.two_player_game_in(OTHER).await;

    // (every private message the fake receives, with when it arrived)
    let private: Arc<Mutex<Vec<(i64, Instant)>>> = Arc::default();
    h.fake.tap({
        let private = private.clone();
        move |r| {
            if r.method == "sendmessage"
                && r.status == 200
                && let Some(chat) = r.chat_id().filter(|c| *c > 0)
            {
                private.lock().expect("lock").push((chat, r.at));
            }
        }
    });

    // When a lobby opens in CHAT,
    let opened = Instant::now();
    h.fake
        .push_update(h.fake.command(CHAT, &users[0], "/newgame"));

    // and meanwhile the other group's players keep moving (each press answered and shown),
    let mut board_lags = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(180);
    loop {
        let done = private.lock().expect("lock").len() >= SUBSCRIBERS as usize;
        if done {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "only {} notices in 180 s",
            private.lock().expect("lock").len()
        );
        let (t, board) = h.fresh_board_at(Place::of_chat(OTHER)).await;
        if t.playing().is_none() {
            tokio::time::sleep(Duration::from_millis(200)).await;
            continue;
        }
        let mover = mover_of(&users, &t);
        let data = buttons(&board).first().expect("a move").1.clone();
        let pressed = Instant::now();
        let mark = h.fake.mark();
        let update = h.fake.press(OTHER, &mover, msg_id(&board), &data);
        let id = callback_id(&update);
        h.fake.push_update(update);
        let answer = h.fake.wait_for_callback_answer(&id).await;
        assert!(!refused(&answer), "{:?}", answer.params);
        h.fake
            .wait_for_request_after(
                mark,
                |r| r.chat_id() == Some(OTHER) && r.method.starts_with("edit") && r.ok(),
                WAIT,
            )
            .await;
        board_lags.push(pressed.elapsed());
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    let took = opened.elapsed();

    // Then every subscriber got exactly one notice,
    let sent = private.lock().expect("lock").clone();
    let mut per_user: BTreeMap<i64, usize> = BTreeMap::new();
    for (chat, _) in &sent {
        *per_user.entry(*chat).or_default() += 1;
    }
    let subscribers: Vec<i64> = (FIRST_USER..FIRST_USER + SUBSCRIBERS).collect();
    assert_eq!(
        per_user.keys().copied().collect::<Vec<_>>(),
        subscribers,
        "someone got no notice, or someone else got one"
    );
    assert!(per_user.values().all(|&n| n == 1), "a notice sent twice");
    // and no one second held more than the bot-wide pace.
    let mut times: Vec<Instant> = sent.iter().map(|(_, at)| *at).collect();
    times.sort();
    let most = most_in_window(&times, Duration::from_secs(1));
    assert!(
        most <= PRIVATE_PER_SECOND as usize,
        "{most} private messages in one second"
    );
    board_lags.sort();
    eprintln!(
        "fan-out: {SUBSCRIBERS} notices in {:.1} s (first after {:.2} s), most in any 1 s: \
         {most}; other group's press → board shown: n={} p50 {} ms, max {} ms",
        took.as_secs_f64(),
        times[0].duration_since(opened).as_secs_f64(),
        board_lags.len(),
        percentile(&board_lags, 0.5).as_millis(),
        board_lags.last().copied().unwrap_or_default().as_millis(),
    );
}
