//! Unit tests of [`Config::from_vars`]: every default and every error.

use super::*;

const GOOD_TOKEN: &str = "123456789:AAH-the_secret_part_0123456789abcdef";

/// `Config::from_vars` over a fixed list of variables.
fn load(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
    Config::from_vars(|name| {
        vars.iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| (*v).to_owned())
    })
}

/// A list with a valid token plus `extra` (a later entry for the same name is ignored).
fn with_token<'a>(extra: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut vars = extra.to_vec();
    vars.push((TOKEN, GOOD_TOKEN));
    vars
}

fn invalid_var(err: ConfigError) -> &'static str {
    match err {
        ConfigError::Invalid { var, .. } => var,
        other => panic!("expected Invalid, got {other:?}"),
    }
}

#[test]
fn only_the_token_is_required_and_everything_else_has_a_default() {
    let config = load(&[(TOKEN, GOOD_TOKEN)]).unwrap();
    assert_eq!(config.token.expose(), GOOD_TOKEN);
    assert_eq!(config.redis_url.expose(), "redis://127.0.0.1:6379");
    assert_eq!(config.api_url, None);
    assert_eq!(config.default_language, Lang::Ca);
    assert_eq!(config.webhook, None);
    assert_eq!(config.port, 8080);
    assert_eq!(config.log_format, LogFormat::Text);
    assert_eq!(config.game_ttl, Duration::from_secs(30 * 24 * 3600));
    assert_eq!(config.http_addr().to_string(), "0.0.0.0:8080");
}

#[test]
fn missing_token_says_where_to_get_one() {
    let err = load(&[]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "TELOXIDE_TOKEN is not set: create a bot with @BotFather and put its token in deploy/.env"
    );
}

#[test]
fn empty_or_blank_values_count_as_unset() {
    let err = load(&[(TOKEN, "  \n")]).unwrap_err();
    assert!(matches!(err, ConfigError::Missing { var: TOKEN, .. }));

    let config = load(&with_token(&[(PORT, ""), (REDIS_URL, " "), (API_URL, "")])).unwrap();
    assert_eq!(config.port, DEFAULT_PORT);
    assert_eq!(config.redis_url.expose(), DEFAULT_REDIS_URL);
    assert_eq!(config.api_url, None);
}

#[test]
fn token_with_trailing_newline_is_trimmed() {
    let token = format!("{GOOD_TOKEN}\n");
    let config = load(&[(TOKEN, token.as_str())]).unwrap();
    assert_eq!(config.token.expose(), GOOD_TOKEN);
}

#[test]
fn malformed_token_is_rejected_without_quoting_it() {
    for bad in [
        "\"123:abc\"",
        "abc:def",
        "123456",
        "123456:",
        ":abcdef",
        "123 456:abc",
        "123:ab cd",
    ] {
        let err = load(&[(TOKEN, bad)]).unwrap_err();
        assert_eq!(invalid_var(err.clone()), TOKEN, "{bad}");
        let message = err.to_string();
        assert!(!message.contains(bad.trim_matches('"')), "{message}");
        assert!(message.contains("@BotFather"), "{message}");
    }
}

#[test]
fn debug_of_config_never_contains_a_secret() {
    let config = load(&with_token(&[
        (REDIS_URL, "redis://default:redis-pass-42@redis:6379/0"),
        (WEBHOOK_URL, "https://bot.example.org/telegram"),
        (WEBHOOK_SECRET, "webhook-secret-value-99"),
    ]))
    .unwrap();
    for shown in [format!("{config:?}"), format!("{config:#?}")] {
        assert!(!shown.contains("the_secret_part"), "{shown}");
        assert!(!shown.contains("123456789:"), "{shown}");
        assert!(!shown.contains("redis-pass-42"), "{shown}");
        assert!(!shown.contains("webhook-secret-value-99"), "{shown}");
        // Still useful: the non-secret parts show.
        assert!(shown.contains("redis:6379"), "{shown}");
        assert!(shown.contains("bot.example.org"), "{shown}");
    }
}

#[test]
fn redis_url_accepts_tcp_and_unix_socket_forms() {
    for url in [
        "redis://redis:6379",
        "redis://:pw@10.0.0.5:6380/2",
        "valkey://cache",
        "unix:///run/redis.sock",
        "redis+unix:///run/redis.sock?db=1",
    ] {
        let config = load(&with_token(&[(REDIS_URL, url)])).unwrap();
        assert_eq!(config.redis_url.expose(), url);
    }
}

#[test]
fn redis_url_errors_name_the_variable_and_hide_the_password() {
    for bad in [
        "localhost:6379",
        "http://redis:6379",
        "rediss://:pw-secret@/",
        "redis://",
        "not a url with pw-secret",
    ] {
        let err = load(&with_token(&[(REDIS_URL, bad)])).unwrap_err();
        let message = err.to_string();
        assert_eq!(invalid_var(err), REDIS_URL, "{bad}");
        assert!(message.starts_with("REDIS_URL is invalid: "), "{message}");
        assert!(!message.contains("pw-secret"), "{message}");
    }
    // TLS, with an ACL user: accepted, the password kept out of Debug.
    let config = load(&with_token(&[(
        REDIS_URL,
        "rediss://bot:pw-secret@redis:6380/0",
    )]))
    .unwrap();
    assert_eq!(
        config.redis_url.expose(),
        "rediss://bot:pw-secret@redis:6380/0"
    );
    assert!(!format!("{config:?}").contains("pw-secret"));
}

#[test]
fn api_url_must_be_an_http_url() {
    let config = load(&with_token(&[(API_URL, "http://127.0.0.1:8081")])).unwrap();
    assert_eq!(
        config.api_url.map(String::from).as_deref(),
        Some("http://127.0.0.1:8081/")
    );
    for bad in ["127.0.0.1:8081", "ftp://host", "http://", "just words"] {
        let err = load(&with_token(&[(API_URL, bad)])).unwrap_err();
        assert_eq!(invalid_var(err), API_URL, "{bad}");
    }
}

#[test]
fn default_language_accepts_the_four_codes_in_any_case() {
    for (given, expected) in [
        ("ca", Lang::Ca),
        ("ca-ES-valencia", Lang::CaValencia),
        ("ca-es-VALENCIA", Lang::CaValencia),
        ("ca_ES_valencia", Lang::CaValencia),
        ("es", Lang::Es),
        ("EN", Lang::En),
    ] {
        let config = load(&with_token(&[(DEFAULT_LANGUAGE_VAR, given)])).unwrap();
        assert_eq!(config.default_language, expected, "{given}");
    }
}

#[test]
fn unknown_default_language_lists_the_supported_ones() {
    let err = load(&with_token(&[(DEFAULT_LANGUAGE_VAR, "fr")])).unwrap_err();
    assert_eq!(
        err.to_string(),
        "PARXIS_DEFAULT_LANGUAGE is invalid: \"fr\" is not one of ca, ca-ES-valencia, es, en"
    );
}

#[test]
fn port_parses_and_rejects_garbage() {
    assert_eq!(load(&with_token(&[(PORT, "9090")])).unwrap().port, 9090);
    assert_eq!(load(&with_token(&[(PORT, "0")])).unwrap().port, 0);
    for bad in ["http", "65536", "-1", "80.5"] {
        let err = load(&with_token(&[(PORT, bad)])).unwrap_err();
        assert_eq!(invalid_var(err), PORT, "{bad}");
    }
}

#[test]
fn log_format_is_json_or_text() {
    let json = load(&with_token(&[(LOG_FORMAT, "json")])).unwrap();
    assert_eq!(json.log_format, LogFormat::Json);
    let text = load(&with_token(&[(LOG_FORMAT, "TEXT")])).unwrap();
    assert_eq!(text.log_format, LogFormat::Text);
    let err = load(&with_token(&[(LOG_FORMAT, "yaml")])).unwrap_err();
    assert_eq!(
        err.to_string(),
        "PARXIS_LOG_FORMAT is invalid: \"yaml\" is neither \"json\" nor \"text\""
    );
}

#[test]
fn board_writes_per_minute_defaults_to_telegrams_limit_and_takes_1_to_600() {
    // Given no setting, When read, Then the budget is Telegram's 20 a minute
    let config = load(&with_token(&[])).expect("valid");
    assert_eq!(config.board_writes_per_minute, 20);
    // Given a setting in range, Then it is taken
    let config = load(&with_token(&[(BOARD_WRITES_PER_MINUTE, "12")])).expect("valid");
    assert_eq!(config.board_writes_per_minute, 12);
    // Given one out of range or not a number, Then it is refused, naming the variable
    for bad in ["0", "601", "ten", "-3"] {
        let err = load(&with_token(&[(BOARD_WRITES_PER_MINUTE, bad)])).expect_err(bad);
        assert_eq!(invalid_var(err), BOARD_WRITES_PER_MINUTE);
    }
}

#[test]
fn game_ttl_is_whole_days_in_range() {
    let config = load(&with_token(&[(GAME_TTL_DAYS, "7")])).unwrap();
    assert_eq!(config.game_ttl, Duration::from_secs(7 * 86_400));
    for bad in ["0", "3651", "1.5", "-3", "week"] {
        let err = load(&with_token(&[(GAME_TTL_DAYS, bad)])).unwrap_err();
        assert_eq!(invalid_var(err), GAME_TTL_DAYS, "{bad}");
    }
}

#[test]
fn webhook_mode_needs_url_and_secret() {
    let config = load(&with_token(&[
        (WEBHOOK_URL, "https://bot.example.org:8443/telegram"),
        (WEBHOOK_SECRET, "s3cr3t_-X"),
    ]))
    .unwrap();
    let webhook = config.webhook.unwrap();
    assert_eq!(
        webhook.url.as_str(),
        "https://bot.example.org:8443/telegram"
    );
    assert_eq!(webhook.secret.expose(), "s3cr3t_-X");

    let err = load(&with_token(&[(
        WEBHOOK_URL,
        "https://bot.example.org/telegram",
    )]))
    .unwrap_err();
    assert!(
        matches!(
            err,
            ConfigError::Missing {
                var: WEBHOOK_SECRET,
                ..
            }
        ),
        "{err:?}"
    );
    assert!(
        err.to_string()
            .starts_with("PARXIS_WEBHOOK_SECRET is not set: webhook mode")
    );
}

#[test]
fn webhook_secret_alone_does_not_switch_to_webhooks() {
    let config = load(&with_token(&[(WEBHOOK_SECRET, "abc")])).unwrap();
    assert_eq!(config.webhook, None);
}

#[test]
fn webhook_secret_follows_telegram_rules_and_is_not_quoted() {
    let long = "a".repeat(257);
    for bad in ["has space", "ümlaut", "semi;colon", long.as_str()] {
        let err = load(&with_token(&[
            (WEBHOOK_URL, "https://bot.example.org/telegram"),
            (WEBHOOK_SECRET, bad),
        ]))
        .unwrap_err();
        let message = err.to_string();
        assert_eq!(invalid_var(err), WEBHOOK_SECRET, "{bad}");
        assert!(!message.contains(bad), "{message}");
    }
    let ok = "a".repeat(256);
    let config = load(&with_token(&[
        (WEBHOOK_URL, "https://bot.example.org/telegram"),
        (WEBHOOK_SECRET, ok.as_str()),
    ]));
    assert!(config.is_ok());
}

#[test]
fn webhook_url_must_be_reachable_by_telegram() {
    for bad in [
        "http://bot.example.org/telegram",
        "https://bot.example.org:8080/telegram",
        "https://bot.example.org/telegram#frag",
        "https://bot.example.org/healthz",
        "https://bot.example.org/metrics",
        "bot.example.org/telegram",
    ] {
        let err = load(&with_token(&[(WEBHOOK_URL, bad), (WEBHOOK_SECRET, "abc")])).unwrap_err();
        assert_eq!(invalid_var(err), WEBHOOK_URL, "{bad}");
    }
    for good in [
        "https://bot.example.org/telegram",
        "https://bot.example.org:443/x",
        "https://bot.example.org:88/",
        "https://bot.example.org:80/hook",
    ] {
        let config = load(&with_token(&[(WEBHOOK_URL, good), (WEBHOOK_SECRET, "abc")]));
        assert!(config.is_ok(), "{good}: {config:?}");
    }
}

#[test]
fn webhook_over_plain_http_is_allowed_with_a_custom_bot_api_server() {
    let config = load(&with_token(&[
        (API_URL, "http://127.0.0.1:8081"),
        (WEBHOOK_URL, "http://127.0.0.1:9001/telegram"),
        (WEBHOOK_SECRET, "abc"),
    ]))
    .unwrap();
    assert_eq!(
        config.webhook.map(|w| w.url.to_string()).as_deref(),
        Some("http://127.0.0.1:9001/telegram")
    );
}

#[test]
fn healthcheck_port_needs_no_token() {
    let none = |_: &str| None;
    assert_eq!(port_from_vars(none), Ok(DEFAULT_PORT));
    assert_eq!(
        port_from_vars(|_: &str| Some(" 9100 ".to_owned())),
        Ok(9100)
    );
    let err = port_from_vars(|_: &str| Some("x".to_owned())).unwrap_err();
    assert_eq!(invalid_var(err), PORT);
}

#[test]
fn the_live_board_needs_its_https_url_and_short_name_together() {
    // Given neither variable, there is no live board.
    assert_eq!(load(&with_token(&[])).unwrap().miniapp, None);
    // Given both, the page's path is the URL's.
    let config = load(&with_token(&[
        (MINIAPP_URL, "https://parxis.example.org/live/"),
        (MINIAPP_NAME, "board"),
    ]))
    .unwrap();
    let app = config.miniapp.expect("a live board");
    assert_eq!((app.path(), app.short_name.as_str()), ("/live", "board"));
    // Given one without the other, the missing one is named.
    let only_url = load(&with_token(&[(MINIAPP_URL, "https://p.example.org/live")]));
    assert!(
        matches!(
            only_url,
            Err(ConfigError::Missing {
                var: MINIAPP_NAME,
                ..
            })
        ),
        "{only_url:?}"
    );
    let only_name = load(&with_token(&[(MINIAPP_NAME, "board")]));
    assert!(
        matches!(
            only_name,
            Err(ConfigError::Missing {
                var: MINIAPP_URL,
                ..
            })
        ),
        "{only_name:?}"
    );
}

#[test]
fn the_live_board_url_must_be_https_on_a_path_of_its_own() {
    let bad = [
        ("http://p.example.org/live", "board", MINIAPP_URL),
        ("https://p.example.org/", "board", MINIAPP_URL),
        ("https://p.example.org/metrics", "board", MINIAPP_URL),
        ("https://p.example.org/live?x=1", "board", MINIAPP_URL),
        ("https://p.example.org/live", "a b", MINIAPP_NAME),
        ("https://p.example.org/live", "ab", MINIAPP_NAME),
    ];
    for (url, name, var) in bad {
        let err = load(&with_token(&[(MINIAPP_URL, url), (MINIAPP_NAME, name)])).unwrap_err();
        assert_eq!(invalid_var(err), var, "{url} {name}");
    }
    // The webhook's path may not lie under the page's.
    let err = load(&with_token(&[
        (MINIAPP_URL, "https://p.example.org/tg"),
        (MINIAPP_NAME, "board"),
        (WEBHOOK_URL, "https://p.example.org/tg/hook"),
        (WEBHOOK_SECRET, "abc"),
    ]))
    .unwrap_err();
    assert_eq!(invalid_var(err), MINIAPP_URL);
    // With another Bot API server (tests), plain http is taken.
    let config = load(&with_token(&[
        (API_URL, "http://127.0.0.1:8081"),
        (MINIAPP_URL, "http://127.0.0.1:9001/live"),
        (MINIAPP_NAME, "board"),
    ]))
    .unwrap();
    assert!(config.miniapp.is_some());
}
