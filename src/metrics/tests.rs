//! The metrics' own tests.
use super::*;

/// The value of the sample line that starts with `series ` in `text`.
fn sample(text: &str, series: &str) -> Option<f64> {
    text.lines()
        .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
        .and_then(|v| v.parse().ok())
}

#[test]
fn every_metric_is_exposed_with_help_and_type() {
    let m = Metrics::new();
    m.update("message", Duration::from_millis(3));
    m.telegram_error("network");
    let text = m.render();
    for (name, kind) in [
        ("parxis_updates_total", "counter"),
        ("parxis_update_seconds", "histogram"),
        ("parxis_games_started_total", "counter"),
        ("parxis_games_finished_total", "counter"),
        ("parxis_active_games", "gauge"),
        ("parxis_telegram_errors_total", "counter"),
        ("parxis_cas_conflicts_total", "counter"),
        ("parxis_build_info", "gauge"),
    ] {
        assert!(
            text.contains(&format!("# TYPE {name} {kind}\n")),
            "{name} {kind} missing in\n{text}"
        );
        assert!(text.contains(&format!("# HELP {name} ")), "{name}");
    }
    let version = format!(
        "parxis_build_info{{version=\"{}\"}}",
        env!("CARGO_PKG_VERSION")
    );
    assert_eq!(sample(&text, &version), Some(1.0));
}

#[test]
fn updates_are_counted_by_kind_and_timed() {
    let m = Metrics::new();
    m.update("message", Duration::from_millis(2));
    m.update("callback_query", Duration::from_millis(30));
    m.update("callback_query", Duration::from_secs(3));
    let text = m.render();
    assert_eq!(
        sample(&text, "parxis_updates_total{kind=\"message\"}"),
        Some(1.0)
    );
    assert_eq!(
        sample(&text, "parxis_updates_total{kind=\"callback_query\"}"),
        Some(2.0)
    );
    assert_eq!(sample(&text, "parxis_update_seconds_count"), Some(3.0));
    let sum = sample(&text, "parxis_update_seconds_sum").unwrap();
    assert!((sum - 3.032).abs() < 1e-9, "{sum}");
    assert_eq!(
        sample(&text, "parxis_update_seconds_bucket{le=\"0.005\"}"),
        Some(1.0)
    );
    assert_eq!(
        sample(&text, "parxis_update_seconds_bucket{le=\"0.05\"}"),
        Some(2.0)
    );
    assert_eq!(
        sample(&text, "parxis_update_seconds_bucket{le=\"+Inf\"}"),
        Some(3.0)
    );
}

#[test]
fn games_errors_and_conflicts_are_counted_through_any_clone() {
    let m = Metrics::new();
    let clone = m.clone();
    m.game_started();
    clone.game_started();
    clone.game_finished();
    m.set_active_games(5);
    clone.set_active_games(4);
    m.telegram_error("retry_after");
    clone.telegram_error("retry_after");
    m.telegram_error("forbidden");
    m.cas_conflict();
    let text = m.render();
    assert_eq!(sample(&text, "parxis_games_started_total"), Some(2.0));
    assert_eq!(sample(&text, "parxis_games_finished_total"), Some(1.0));
    assert_eq!(sample(&text, "parxis_active_games"), Some(4.0));
    assert_eq!(
        sample(&text, "parxis_telegram_errors_total{kind=\"retry_after\"}"),
        Some(2.0)
    );
    assert_eq!(
        sample(&text, "parxis_telegram_errors_total{kind=\"forbidden\"}"),
        Some(1.0)
    );
    assert_eq!(sample(&text, "parxis_cas_conflicts_total"), Some(1.0));
}

#[test]
fn separate_handles_do_not_share_counts() {
    let a = Metrics::new();
    let b = Metrics::new();
    a.game_started();
    assert_eq!(sample(&b.render(), "parxis_games_started_total"), Some(0.0));
}

#[test]
fn active_games_saturates_instead_of_wrapping() {
    let m = Metrics::new();
    m.set_active_games(u64::MAX);
    let text = m.render();
    assert_eq!(sample(&text, "parxis_active_games"), Some(i64::MAX as f64));
}

#[test]
fn the_operators_series_count_what_they_are_told() {
    let m = Metrics::new();
    m.telegram_request("sendMessage", Duration::from_millis(80), false);
    m.telegram_request("sendMessage", Duration::from_millis(90), true);
    m.http_request("/healthz", 200);
    m.http_request("/healthz", 503);
    m.outbox_backlog(3, Duration::from_millis(61_500));
    m.board_lag(Duration::from_secs(7));
    m.watch_live_streams(Box::new(|| 4));
    let text = m.render();
    let method = "{method=\"sendMessage\"}";
    assert_eq!(
        sample(
            &text,
            &format!("parxis_telegram_request_seconds_count{method}")
        ),
        Some(2.0)
    );
    assert_eq!(
        sample(&text, &format!("parxis_telegram_429_total{method}")),
        Some(1.0)
    );
    assert_eq!(
        sample(
            &text,
            "parxis_http_requests_total{route=\"/healthz\",status=\"5xx\"}"
        ),
        Some(1.0)
    );
    assert_eq!(sample(&text, "parxis_outbox_depth"), Some(3.0));
    assert_eq!(
        sample(&text, "parxis_outbox_oldest_due_seconds"),
        Some(61.5)
    );
    assert_eq!(sample(&text, "parxis_board_lag_seconds_sum"), Some(7.0));
    assert_eq!(sample(&text, "parxis_live_streams"), Some(4.0));
    assert_eq!(status_class(101), "other");
    assert_eq!(status_class(302), "3xx");
}
