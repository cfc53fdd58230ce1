//! The real `parxis bot` binary while its Redis stops and starts again: `/readyz` says Redis
//! is unreachable (503, with the reason) while it is and 200 once it is back, `/healthz`
//! stays 200, `/metrics` counts the failures and the time Redis was away, and the process
//! never exits.

use crate::support;

use std::time::{Duration, Instant};

use support::bot_process::{BotProcess, free_port};
use support::fake_tg::FakeTelegram;
use support::http::{self, sample};
use support::redis::TestRedis;

/// Poll `/readyz` until `want` holds of its answer (at most 10 s); returns it.
async fn readyz_until(
    bot: &BotProcess,
    what: &str,
    want: impl Fn(u16, &str) -> bool,
) -> (u16, String) {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let (status, body) = bot.readyz().await;
        if want(status, &body) {
            return (status, body);
        }
        assert!(
            Instant::now() < deadline,
            "/readyz never {what}: {status} {body}\n{}",
            bot.logs()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readyz_follows_redis_down_and_back_while_healthz_stays_up_and_the_bot_keeps_running() {
    // Given a running bot whose Redis keeps an append-only file,
    let fake = FakeTelegram::start().await;
    let mut redis = TestRedis::start_persistent();
    let mut bot = BotProcess::spawn(&fake, &redis, free_port(), &[]);
    bot.wait_ok("/healthz").await;
    bot.wait_ok("/readyz").await;
    // When Redis stops,
    redis.stop();
    // Then /readyz says so, with the reason, and /healthz stays 200,
    let (_, body) = readyz_until(&bot, "said not ready", |s, _| s == 503).await;
    assert_eq!(body, "not ready");
    // The reason (Redis) is in the log, not in the answer.
    let redis_named = |l: &[serde_json::Value]| {
        l.iter().any(|l| {
            l["message"] == "not ready"
                && l["reason"]
                    .as_str()
                    .is_some_and(|r| r.to_lowercase().contains("redis"))
        })
    };
    bot.wait_logs("why it is not ready", Duration::from_secs(10), redis_named)
        .await;
    assert_eq!(http::get(bot.addr(), "/healthz").await.status, 200);
    let m = http::get(bot.addr(), "/metrics").await.body;
    assert_eq!(sample(&m, "parxis_redis_up"), Some(0.0), "{m}");
    assert!(
        sample(&m, "parxis_redis_failures_total").unwrap_or(0.0) >= 1.0,
        "{m}"
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    bot.assert_running();
    // When Redis is back,
    redis.start_again();
    // Then /readyz is 200 again, and the time away was counted.
    readyz_until(&bot, "came back", |s, _| s == 200).await;
    let m = http::get(bot.addr(), "/metrics").await.body;
    assert_eq!(sample(&m, "parxis_redis_up"), Some(1.0), "{m}");
    let away = sample(&m, "parxis_redis_unavailable_seconds_total").unwrap_or(0.0);
    assert!(away >= 0.3, "counted {away} s away:\n{m}");
    bot.assert_running();
    bot.sigterm();
    let status = bot.wait_exit(Duration::from_secs(8)).await;
    assert_eq!(status.code(), Some(0), "{}", bot.logs());
}
