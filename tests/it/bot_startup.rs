//! The real `parxis bot` binary when Telegram is unreachable, overloaded or refuses the token at
//! start: it waits (logged backoff, `/readyz` saying why), comes up by itself, stops at once
//! on SIGTERM, and exits 2 for a bad token.
//!
//! The fake Bot API is really unreachable at first: its port is bound but nothing listens, so
//! teloxide's own client gets "connection refused". The tests wait for conditions (log lines,
//! probe answers) with generous deadlines instead of sleeping fixed times.

use crate::support;

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use support::bot_harness::{Harness, four_users};
use support::bot_process::{
    BotProcess, CHAT, RETRYING, TOKEN_SECRET_PART, WAIT, WEBHOOK_SECRET, check_logs, free_port,
    reply_to, retries,
};
use support::fake_tg::{FakeTelegram, Fault, TestUser};
use support::http;
use support::redis::TestRedis;

/// After Telegram is back, the next attempt may be up to the longest backoff (30 s) away.
const COME_BACK: Duration = Duration::from_secs(60);

/// The `retry_in_ms` of a retry line.
fn retry_ms(line: &Value) -> u64 {
    line["retry_in_ms"]
        .as_u64()
        .unwrap_or_else(|| panic!("no retry_in_ms: {line}"))
}

/// Checks what `/readyz` says while Telegram is unreachable, and that the process is alive.
async fn assert_waiting_for_telegram(bot: &mut BotProcess) {
    bot.wait_ok("/healthz").await;
    let (status, body) = bot.readyz().await;
    assert_eq!((status, body.as_str()), (503, "not ready"));
    // The reason is in the log only.
    let lines = bot
        .wait_logs("the reason it is not ready", WAIT, |l| {
            l.iter().any(|l| {
                l["message"] == "not ready"
                    && l["reason"].as_str().is_some_and(|r| {
                        r.starts_with("telegram unreachable since 20")
                            && r.contains("getMe: network error")
                    })
            })
        })
        .await;
    assert!(
        lines
            .iter()
            .all(|l| !l.to_string().contains(TOKEN_SECRET_PART))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unreachable_telegram_at_start_is_waited_for_then_the_bot_comes_up_and_a_game_plays() {
    // Given a Bot API that refuses connections, a Redis, and the bot started against them
    let fake = FakeTelegram::start_offline().await;
    let redis = TestRedis::start();
    let mut bot = BotProcess::spawn(&fake, &redis, free_port(), &[]);

    // When getMe has failed twice
    let lines = bot
        .wait_logs("two failed getMe", WAIT, |l| retries(l, "getMe").len() >= 2)
        .await;
    // Then each failure was logged once, with its attempt number and a growing, bounded delay
    let failed = retries(&lines, "getMe");
    assert_eq!(failed[0]["attempt"], 1);
    assert_eq!(failed[1]["attempt"], 2);
    assert!((400..=500).contains(&retry_ms(failed[0])), "{}", failed[0]);
    assert!((800..=1000).contains(&retry_ms(failed[1])), "{}", failed[1]);
    assert!(
        failed[0]["error"]
            .as_str()
            .is_some_and(|e| e.starts_with("network error: cannot connect")),
        "{}",
        failed[0]
    );
    // And the process is alive (/healthz) but not ready, saying why (/readyz)
    assert_waiting_for_telegram(&mut bot).await;

    // When Telegram answers again, on the same port
    fake.go_online();
    // Then the bot comes up by itself: /readyz turns 200, the menus are set, polling starts
    bot.wait_ok_within("/readyz", COME_BACK).await;
    assert_eq!(bot.readyz().await, (200, "ready".to_owned()));
    fake.wait_for_request(|r| r.method == "getupdates", WAIT)
        .await;
    assert!(fake.commands(Some("ca")).is_some() && fake.commands(None).is_some());
    let lines = bot.json_logs();
    assert!(
        lines
            .iter()
            .any(|l| l["message"] == "Telegram answered" && l["step"] == "getMe"),
        "the recovery is logged"
    );

    // And a whole three-player game plays through it
    let h = Harness::beside_process(fake, redis).await;
    h.use_emoji().await;
    h.start_game(3).await;
    let presses = h.play_to_end(&four_users(), 5000).await;
    let (_, table) = h.table().await;
    assert_eq!(table.status(), parxis::bot::core::table::Status::Finished);
    assert!(presses > 10, "{presses} presses");

    bot.sigterm();
    let status = bot.wait_exit(WAIT).await;
    assert_eq!(status.code(), Some(0), "exit status 0:\n{}", bot.logs());
    check_logs(&bot.logs());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_token_at_start_exits_2_at_once_without_retrying() {
    // Given a Bot API that answers getMe with 401 Unauthorized, as Telegram does a wrong token
    let fake = FakeTelegram::start().await;
    let unauthorized = Fault::Custom {
        status: 401,
        body: json!({"ok": false, "error_code": 401, "description": "Unauthorized"}),
    };
    fake.fail_next("getMe", 20, unauthorized);
    let redis = TestRedis::start();
    // When the bot starts
    let mut bot = BotProcess::spawn(&fake, &redis, free_port(), &[]);
    let status = bot.wait_exit(WAIT).await;
    // Then it exits 2 with a clear message, after exactly one getMe and no retry
    let logs = bot.logs();
    assert_eq!(status.code(), Some(2), "{logs}");
    assert!(
        logs.contains("Telegram refused the bot token") && logs.contains("check TELOXIDE_TOKEN"),
        "{logs}"
    );
    let get_me = fake
        .requests()
        .iter()
        .filter(|r| r.method == "getme")
        .count();
    assert_eq!(get_me, 1, "{}", fake.log_tail(10));
    assert!(!logs.contains(RETRYING), "{logs}");
    assert!(!logs.contains(TOKEN_SECRET_PART), "{logs}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_5xx_and_a_429_at_start_are_retried_and_retry_after_is_honoured() {
    // Given a Bot API that answers the first getMe with 502 and the second with 429
    // (retry_after 2 s), and then normally
    let fake = FakeTelegram::start().await;
    fake.fail_next("getMe", 1, Fault::ServerError);
    fake.fail_next("getMe", 1, Fault::TooManyRequests { retry_after: 2 });
    let redis = TestRedis::start();
    // When the bot starts
    let mut bot = BotProcess::spawn(&fake, &redis, free_port(), &[]);
    // Then it comes up (teloxide itself waits 10 s on a 5xx before reporting it)
    bot.wait_ok_within("/readyz", COME_BACK).await;
    // And it asked three times before the answer, the third no sooner than retry_after (the
    // dispatcher asks once more when it starts)
    let get_me: Vec<_> = fake
        .requests()
        .into_iter()
        .filter(|r| r.method == "getme")
        .collect();
    let first_ok = get_me.iter().position(|r| r.ok());
    assert_eq!(first_ok, Some(2), "{}", fake.log_tail(12));
    assert_eq!((get_me[0].status, get_me[1].status), (502, 429));
    assert!(get_me[2].at.duration_since(get_me[1].at) >= Duration::from_secs(2));
    // And each failure was logged once: the 5xx with the backoff, the 429 with its wait
    let lines = bot.json_logs();
    let failed = retries(&lines, "getMe");
    assert_eq!(failed.len(), 2, "{}", bot.logs());
    assert!(
        failed[0]["error"]
            .as_str()
            .is_some_and(|e| e.contains("Bad Gateway")),
        "{}",
        failed[0]
    );
    assert_eq!(retry_ms(failed[1]), 2000, "{}", failed[1]);

    bot.sigterm();
    assert_eq!(bot.wait_exit(WAIT).await.code(), Some(0));
    check_logs(&bot.logs());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_while_waiting_for_telegram_exits_0_without_waiting_out_the_backoff() {
    // Given a bot whose Telegram stays unreachable, waiting several seconds before its next try
    let fake = FakeTelegram::start_offline().await;
    let redis = TestRedis::start();
    let mut bot = BotProcess::spawn(&fake, &redis, free_port(), &[]);
    let lines = bot
        .wait_logs("a retry 6 s or more away", Duration::from_secs(60), |l| {
            retries(l, "getMe").iter().any(|r| retry_ms(r) >= 6000)
        })
        .await;
    let announced = retries(&lines, "getMe");
    let last = announced.last().expect("a retry");
    let wait = Duration::from_millis(retry_ms(last));
    assert_waiting_for_telegram(&mut bot).await;
    // When SIGTERM arrives during that wait
    let term_at = Instant::now();
    bot.sigterm();
    // Then the bot exits 0 long before the wait would have ended, without another attempt
    let status = bot.wait_exit(WAIT + wait).await;
    assert_eq!(status.code(), Some(0), "{}", bot.logs());
    assert!(
        term_at.elapsed() < wait / 2,
        "took {:?}, the wait was {wait:?}",
        term_at.elapsed()
    );
    let after = bot.json_logs();
    assert_eq!(retries(&after, "getMe").len(), announced.len());
    check_logs(&bot.logs());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn webhook_bot_waits_for_telegram_then_sets_its_webhook_and_takes_updates() {
    // Given an unreachable Bot API and a bot in webhook mode
    let fake = FakeTelegram::start_offline().await;
    let redis = TestRedis::start();
    let port = free_port();
    let url = format!("http://127.0.0.1:{port}/telegram");
    let mut bot = BotProcess::spawn(
        &fake,
        &redis,
        port,
        &[
            ("PARXIS_WEBHOOK_URL", url.clone()),
            ("PARXIS_WEBHOOK_SECRET", WEBHOOK_SECRET.to_owned()),
        ],
    );
    bot.wait_logs("a failed getMe", WAIT, |l| !retries(l, "getMe").is_empty())
        .await;
    // Then it is alive, not ready, and does not take deliveries yet
    assert_waiting_for_telegram(&mut bot).await;
    let ana = TestUser::new(11, "Ana").lang("en");
    let early = fake.command(CHAT, &ana, "/help");
    let refused = http::post_json(bot.addr(), "/telegram", Some(WEBHOOK_SECRET), &early).await;
    assert_eq!(refused.status, 503, "{}", refused.body);

    // When Telegram answers again
    fake.go_online();
    // Then the bot sets its webhook by itself and turns ready
    bot.wait_ok_within("/readyz", COME_BACK).await;
    let set = fake
        .wait_for_request(|r| r.method == "setwebhook", WAIT)
        .await;
    assert_eq!(set.str_param("url"), Some(url.as_str()));
    assert_eq!(set.str_param("secret_token"), Some(WEBHOOK_SECRET));
    // And a delivery is handled
    let update = fake.command(CHAT, &ana, "/help");
    let id = update["message"]["message_id"].as_i64().expect("id");
    let accepted = http::post_json(bot.addr(), "/telegram", Some(WEBHOOK_SECRET), &update).await;
    assert_eq!(accepted.status, 200);
    fake.wait_for_request(|r| reply_to(r, id), WAIT).await;

    bot.sigterm();
    assert_eq!(bot.wait_exit(WAIT).await.code(), Some(0), "{}", bot.logs());
    assert!(
        !fake.requests().iter().any(|r| r.method == "getupdates"),
        "no polling in webhook mode"
    );
    check_logs(&bot.logs());
}
