//! The real `parxis bot` binary, against the fake Bot API and a real Redis: its HTTP port in
//! both modes, its JSON logs, and a graceful stop on SIGTERM.

use crate::support;

use std::time::{Duration, Instant};

use support::bot_process::{
    BotProcess, CHAT, WAIT, WEBHOOK_SECRET, check_logs, free_port, reply_to,
};
use support::fake_tg::{FakeTelegram, TestUser};
use support::http::{self, sample};
use support::redis::TestRedis;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn polling_bot_serves_health_and_finishes_in_flight_updates_on_sigterm() {
    let fake = FakeTelegram::start().await;
    let redis = TestRedis::start();
    let mut bot = BotProcess::spawn(
        &fake,
        &redis,
        free_port(),
        &[("PARXIS_BOARD_WRITES_PER_MINUTE", "10".to_owned())],
    );
    bot.wait_ok("/healthz").await;
    bot.wait_ok("/readyz").await;

    // Polling asks for exactly the update kinds the handlers take (the dedup step in front
    // of them does not widen the list), and Guest Mode's (10.0), which teloxide cannot name:
    // stated by the bot's own first getUpdates.
    let poll = fake
        .wait_for_request(|r| r.method == "getupdates", WAIT)
        .await;
    let mut kinds: Vec<String> = poll.params["allowed_updates"]
        .as_array()
        .unwrap_or_else(|| panic!("allowed_updates in {:?}", poll.params))
        .iter()
        .filter_map(|k| k.as_str().map(str::to_owned))
        .collect();
    kinds.sort();
    assert_eq!(
        kinds,
        [
            "callback_query",
            "chosen_inline_result",
            "guest_message",
            "inline_query",
            "message",
            "my_chat_member"
        ]
    );

    // Two members' commands in one chat whose budget is 10 writes a minute, spread evenly:
    // the first reply goes at once, the second some 6 s later, so it is still planned, not
    // yet made, when SIGTERM arrives.
    let members = [
        TestUser::new(11, "Ana").lang("en"),
        TestUser::new(12, "Biel").lang("en"),
    ];
    let updates: Vec<_> = members
        .iter()
        .map(|m| fake.command(CHAT, m, "/help"))
        .collect();
    let ids: Vec<i64> = updates
        .iter()
        .map(|u| u["message"]["message_id"].as_i64().expect("id"))
        .collect();
    let last_update = updates[1]["update_id"].as_i64().expect("update id");
    for u in updates {
        fake.push_update(u);
    }
    fake.wait_for_request(|r| reply_to(r, ids[0]), WAIT).await;
    let fetched = fake.requests().iter().any(|r| {
        r.method == "getupdates"
            && r.result()
                .to_string()
                .contains(&format!("\"update_id\":{last_update}"))
    });
    assert!(fetched, "both updates were taken before the stop");
    // (the second reply is planned once its update is handled, and waits for the budget)
    let store = parxis::store::Store::connect(&redis.url())
        .await
        .expect("store");
    let here = parxis::store::Place::of_chat(CHAT);
    let deadline = Instant::now() + WAIT;
    loop {
        let planned = store.outbox_len(CHAT).await.expect("redis");
        let due = store
            .due_at(parxis::store::DueKind::Outbox, here)
            .await
            .expect("redis");
        if planned == 1 && due.is_some_and(|d| d > parxis::bot::effects::clock::system_ms()) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the second reply never waited: {planned} planned, due {due:?}"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(
        !fake.requests().iter().any(|r| reply_to(r, ids[1])),
        "the second reply should still be waiting for the chat's budget"
    );
    let term_at = Instant::now();
    bot.sigterm();
    let status = bot.wait_exit(Duration::from_secs(8)).await;
    assert_eq!(status.code(), Some(0), "exit status 0:\n{}", bot.logs());
    assert!(
        term_at.elapsed() < Duration::from_secs(8),
        "stopped within a few seconds"
    );
    // Every update taken was handled before the exit (one log line each),
    let logs = bot.logs();
    let handled = check_logs(&logs);
    assert_eq!(handled.len(), 2, "one line per update:\n{logs}");
    assert!(handled.iter().all(|u| u["kind"] == "command"));
    // and the reply the stop left unmade is not lost: still planned in Redis, the next
    // process makes it.
    assert!(
        !fake.requests().iter().any(|r| reply_to(r, ids[1])),
        "not made before the exit"
    );
    assert_eq!(store.outbox_len(CHAT).await.expect("redis"), 1);
    let mut next = BotProcess::spawn(&fake, &redis, free_port(), &[]);
    next.wait_ok("/readyz").await;
    let late = fake.wait_for_request(|r| reply_to(r, ids[1]), WAIT).await;
    assert!(late.ok(), "{:?}", late.response);
    assert!(late.at > term_at, "the reply went out after SIGTERM");
    next.sigterm();
    let status = next.wait_exit(Duration::from_secs(8)).await;
    assert_eq!(status.code(), Some(0), "exit status 0:\n{}", next.logs());
    check_logs(&next.logs());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn webhook_bot_serves_the_webhook_next_to_health_and_metrics_on_one_port() {
    let fake = FakeTelegram::start().await;
    let redis = TestRedis::start();
    // A custom Bot API server (here the fake) may deliver to plain http on any port; the
    // webhook URL names the bot's own port, where the route shares the server with /healthz.
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
    bot.wait_ok("/healthz").await;
    bot.wait_ok("/readyz").await;
    let set = fake
        .wait_for_request(|r| r.method == "setwebhook", WAIT)
        .await;
    assert_eq!(set.str_param("url"), Some(url.as_str()));
    assert_eq!(set.str_param("secret_token"), Some(WEBHOOK_SECRET));

    let ana = TestUser::new(11, "Ana").lang("en");
    let update = fake.command(CHAT, &ana, "/help");
    let id = update["message"]["message_id"].as_i64().expect("id");
    let denied = http::post_json(bot.addr(), "/telegram", None, &update).await;
    assert_eq!(denied.status, 401);
    let accepted = http::post_json(bot.addr(), "/telegram", Some(WEBHOOK_SECRET), &update).await;
    assert_eq!(accepted.status, 200);
    fake.wait_for_request(|r| reply_to(r, id), WAIT).await;
    // The handler counts the update right after its reply: allow it a moment.
    let deadline = Instant::now() + WAIT;
    loop {
        let metrics = http::get(bot.addr(), "/metrics").await;
        assert_eq!(metrics.status, 200);
        let commands = sample(&metrics.body, "parxis_updates_total{kind=\"command\"}");
        if commands == Some(1.0) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "{commands:?} in\n{}",
            metrics.body
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    bot.sigterm();
    let status = bot.wait_exit(Duration::from_secs(8)).await;
    assert_eq!(status.code(), Some(0), "exit status 0:\n{}", bot.logs());
    assert!(
        !fake.requests().iter().any(|r| r.method == "deletewebhook"),
        "a stopping replica leaves the shared webhook in place"
    );
    assert!(
        !fake.requests().iter().any(|r| r.method == "getupdates"),
        "no polling in webhook mode"
    );
    let updates = check_logs(&bot.logs());
    assert_eq!(updates.len(), 1);
}

#[test]
fn missing_token_and_bad_values_stop_the_bot_with_a_clear_message() {
    let run = |vars: &[(&str, &str)]| {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_parxis"));
        cmd.arg("bot")
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default());
        for (k, v) in vars {
            cmd.env(k, v);
        }
        let out = cmd.output().expect("run parxis bot");
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, err) = run(&[]);
    assert_eq!(code, Some(2));
    assert!(err.contains("TELOXIDE_TOKEN"), "{err}");
    let (code, err) = run(&[("TELOXIDE_TOKEN", "123:SECRET"), ("PORT", "not-a-port")]);
    assert_eq!(code, Some(2));
    assert!(err.contains("PORT") && !err.contains("SECRET"), "{err}");
    let (code, err) = run(&[
        ("TELOXIDE_TOKEN", "123:SECRET"),
        ("PARXIS_DEFAULT_LANGUAGE", "fr"),
    ]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("PARXIS_DEFAULT_LANGUAGE") && !err.contains("SECRET"),
        "{err}"
    );
}
