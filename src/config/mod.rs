//! The bot's configuration: one typed struct read from the environment.
//!
//! Every variable `parxis bot` reads is listed in [`VARS`] and documented, with an example
//! value, in `deploy/.env.example`, which also names the few the terminal commands read (a
//! test finds the variables read in `src/` from its text and keeps the three in step). An empty value counts as unset, so a
//! line such as `TELOXIDE_API_URL=` in an env file means "use the default". Surrounding
//! whitespace is trimmed (a Kubernetes secret made with `echo` ends in a newline).
//!
//! # Examples
//!
//! ```
//! use parxis::config::Config;
//!
//! let vars = [("TELOXIDE_TOKEN", "123456:ABC-DEF_ghi"), ("PORT", "9000")];
//! let config = Config::from_vars(|name| {
//!     vars.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string())
//! })
//! .unwrap();
//! assert_eq!(config.port, 9000);
//! assert_eq!(config.redis_url.expose(), "redis://127.0.0.1:6379");
//! assert!(!format!("{config:?}").contains("ABC-DEF"));
//! ```

mod secret;

use std::net::{Ipv4Addr, SocketAddr};
use std::time::Duration;

use thiserror::Error;
use url::Url;

use crate::i18n::Lang;

pub use self::secret::{RedisUrl, Secret};
pub use crate::telemetry::LogFormat;

/// The bot token from @BotFather. Required.
pub const TOKEN: &str = "TELOXIDE_TOKEN";
/// Redis connection URL. Default [`DEFAULT_REDIS_URL`].
pub const REDIS_URL: &str = "REDIS_URL";
/// Another Bot API server (a local `telegram-bot-api`, or a fake one in tests). Optional.
pub const API_URL: &str = "TELOXIDE_API_URL";
/// Language for chats whose users send no supported language. Default [`DEFAULT_LANGUAGE`].
pub const DEFAULT_LANGUAGE_VAR: &str = "PARXIS_DEFAULT_LANGUAGE";
/// Public HTTPS URL Telegram posts updates to. Set: webhook mode; unset: long polling.
pub const WEBHOOK_URL: &str = "PARXIS_WEBHOOK_URL";
/// Secret Telegram sends back in `X-Telegram-Bot-Api-Secret-Token`. Required in webhook mode.
pub const WEBHOOK_SECRET: &str = "PARXIS_WEBHOOK_SECRET";
/// HTTP port for `/healthz`, `/readyz`, `/metrics` and the webhook. Default [`DEFAULT_PORT`].
pub const PORT: &str = "PORT";
/// `json` (one JSON object per line) or `text`. Default `text`.
pub const LOG_FORMAT: &str = "PARXIS_LOG_FORMAT";
/// Days an untouched game is kept in Redis. Default [`DEFAULT_GAME_TTL_DAYS`].
pub const GAME_TTL_DAYS: &str = "PARXIS_GAME_TTL_DAYS";
/// Writes (every message, edit and delete: boards, replies, pings, tournament posts) the bot
/// makes per minute in one group, all replicas together, spent evenly. The name is kept from
/// when only boards were paced. Default [`DEFAULT_BOARD_WRITES_PER_MINUTE`] (Telegram's limit).
pub const BOARD_WRITES_PER_MINUTE: &str = "PARXIS_BOARD_WRITES_PER_MINUTE";
/// The public HTTPS URL of the live board (the Mini App's page, as registered with
/// @BotFather's `/newapp`); its path is where the bot serves it. Set together with
/// [`MINIAPP_NAME`]; unset: no live board.
pub const MINIAPP_URL: &str = "PARXIS_MINIAPP_URL";
/// The Mini App's short name (the last part of `https://t.me/<bot>/<short name>`).
pub const MINIAPP_NAME: &str = "PARXIS_MINIAPP_NAME";
/// Log filter, read by [`crate::telemetry::init`] (not by [`Config`]). Default `info,parxis=info`.
pub const RUST_LOG: &str = "RUST_LOG";
/// Where `/metrics` is served instead of the public port, when set (`host:port`).
pub const METRICS_ADDR: &str = "PARXIS_METRICS_ADDR";

// The HTTP port's bounds, read by `crate::ops::http::Bounds::from_vars`.
/// Seconds a request head may take to arrive (and a kept-alive connection may idle).
pub const HTTP_HEADER_SECS: &str = "PARXIS_HTTP_HEADER_SECS";
/// Seconds an answer may take, its body read included (408 past it).
pub const HTTP_REQUEST_SECS: &str = "PARXIS_HTTP_REQUEST_SECS";
/// Connections open at once.
pub const HTTP_MAX_CONNS: &str = "PARXIS_HTTP_MAX_CONNS";
/// Connections open at once from one client address.
pub const HTTP_MAX_CONNS_PER_IP: &str = "PARXIS_HTTP_MAX_CONNS_PER_IP";
/// Reverse proxies (addresses or networks) whose `X-Forwarded-For` names the client.
pub const TRUSTED_PROXIES: &str = "PARXIS_TRUSTED_PROXIES";

// The live board's limits, read by `crate::bot::effects::live::Limits::from_vars`.
/// Seconds a live page's stream lasts before it reconnects.
pub const LIVE_STREAM_SECS: &str = "PARXIS_LIVE_STREAM_SECS";
/// Seconds a group membership (`getChatMember`) is believed.
pub const MEMBER_CACHE_SECS: &str = "PARXIS_MEMBER_CACHE_SECS";
/// Live pages of one user per replica.
pub const LIVE_STREAMS_PER_USER: &str = "PARXIS_LIVE_STREAMS_PER_USER";
/// Live pages from one address per replica.
pub const LIVE_STREAMS_PER_ADDR: &str = "PARXIS_LIVE_STREAMS_PER_ADDR";
/// Live pages per replica.
pub const LIVE_STREAMS_TOTAL: &str = "PARXIS_LIVE_STREAMS_TOTAL";

/// Every environment variable `parxis bot` reads. `tests/it/deploy_env.rs` finds the variables
/// read anywhere in `src/` from the source text and checks that these are among them and that
/// `deploy/.env.example` documents exactly those (the terminal commands' few, such as
/// `NO_COLOR` and `COLUMNS`, in a section of their own).
pub const VARS: &[&str] = &[
    TOKEN,
    REDIS_URL,
    API_URL,
    DEFAULT_LANGUAGE_VAR,
    WEBHOOK_URL,
    WEBHOOK_SECRET,
    PORT,
    LOG_FORMAT,
    GAME_TTL_DAYS,
    BOARD_WRITES_PER_MINUTE,
    MINIAPP_URL,
    MINIAPP_NAME,
    RUST_LOG,
    METRICS_ADDR,
    HTTP_HEADER_SECS,
    HTTP_REQUEST_SECS,
    HTTP_MAX_CONNS,
    HTTP_MAX_CONNS_PER_IP,
    TRUSTED_PROXIES,
    LIVE_STREAM_SECS,
    MEMBER_CACHE_SECS,
    LIVE_STREAMS_PER_USER,
    LIVE_STREAMS_PER_ADDR,
    LIVE_STREAMS_TOTAL,
    // Where Redis is, past one server (read by the store's connection target).
    crate::store::SENTINELS_VAR,
    crate::store::MASTER_VAR,
    crate::store::SENTINEL_USERNAME_VAR,
    crate::store::SENTINEL_PASSWORD_VAR,
    crate::store::CLUSTER_VAR,
    crate::store::WAIT_VAR,
    // TLS to Redis (rediss://), read by the store's TLS setting.
    crate::store::tls::CA_CERT_VAR,
    crate::store::tls::CLIENT_CERT_VAR,
    crate::store::tls::CLIENT_KEY_VAR,
];

/// Default for `PARXIS_BOARD_WRITES_PER_MINUTE`: Telegram's per-group limit.
pub const DEFAULT_BOARD_WRITES_PER_MINUTE: u32 = 20;
/// Largest accepted `PARXIS_BOARD_WRITES_PER_MINUTE`.
pub const MAX_BOARD_WRITES_PER_MINUTE: u32 = 600;

/// Default for `REDIS_URL`: a Redis on the same host.
pub const DEFAULT_REDIS_URL: &str = "redis://127.0.0.1:6379";
/// Default for `PORT`.
pub const DEFAULT_PORT: u16 = 8080;
/// Default for `PARXIS_DEFAULT_LANGUAGE`: Catalan. Telegram clients send `ca` (never a
/// Valencian tag), so `ca` is also what most Catalan and Valencian speakers arrive with.
pub const DEFAULT_LANGUAGE: &str = "ca";
/// Languages the bot speaks (the folder names under `locales/`).
pub const LANGUAGES: &[&str] = &["ca", "ca-ES-valencia", "es", "en"];
/// Default for `PARXIS_GAME_TTL_DAYS`.
pub const DEFAULT_GAME_TTL_DAYS: u64 = 30;
/// Largest accepted `PARXIS_GAME_TTL_DAYS` (ten years).
pub const MAX_GAME_TTL_DAYS: u64 = 3650;
/// Paths served by [`crate::ops::http`]; a webhook URL must not use them.
pub const RESERVED_PATHS: &[&str] = &["/healthz", "/readyz", "/metrics"];
/// Ports Telegram's own Bot API server delivers webhooks to.
pub const TELEGRAM_WEBHOOK_PORTS: &[u16] = &[443, 80, 88, 8443];

/// Webhook mode settings: present only when `PARXIS_WEBHOOK_URL` is set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebhookConfig {
    /// Public URL that Telegram posts updates to; its path is the route the bot listens on.
    pub url: Url,
    /// Value of the `X-Telegram-Bot-Api-Secret-Token` header; requests without it get 401.
    /// 1–256 characters of `A-Z a-z 0-9 _ -` (Telegram's rule).
    pub secret: Secret,
}

/// The live board (a Telegram Mini App): present only when both of its variables are set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MiniAppConfig {
    /// The page's public URL (`PARXIS_MINIAPP_URL`); its path is the route of the page, and
    /// `<path>/api/...` the routes of its requests.
    pub url: Url,
    /// The short name registered with @BotFather (`PARXIS_MINIAPP_NAME`): 3-30 characters of
    /// `A-Z a-z 0-9 _`.
    pub short_name: String,
}

impl MiniAppConfig {
    /// The route of the page: the URL's path without a trailing `/` (`/app`), `""` for the
    /// root.
    #[must_use]
    pub fn path(&self) -> &str {
        self.url.path().trim_end_matches('/')
    }
}

/// The whole configuration of `parxis bot`.
///
/// `Debug` is safe to log: secrets print as `***` and the Redis password is redacted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The bot token (`TELOXIDE_TOKEN`).
    pub token: Secret,
    /// Redis connection URL (`REDIS_URL`).
    pub redis_url: RedisUrl,
    /// Alternative Bot API server (`TELOXIDE_API_URL`); `None`: Telegram's.
    pub api_url: Option<Url>,
    /// Fallback language, one of [`LANGUAGES`] (`PARXIS_DEFAULT_LANGUAGE`).
    pub default_language: Lang,
    /// Webhook mode (`PARXIS_WEBHOOK_URL` + `PARXIS_WEBHOOK_SECRET`); `None`: long polling.
    pub webhook: Option<WebhookConfig>,
    /// Port of the HTTP server (`PORT`); 0 asks the OS for a free one (tests).
    pub port: u16,
    /// Log line format (`PARXIS_LOG_FORMAT`).
    pub log_format: LogFormat,
    /// How long an untouched game stays in Redis (`PARXIS_GAME_TTL_DAYS`).
    pub game_ttl: Duration,
    /// Board writes per minute per group (`PARXIS_BOARD_WRITES_PER_MINUTE`).
    pub board_writes_per_minute: u32,
    /// The live board (`PARXIS_MINIAPP_URL` + `PARXIS_MINIAPP_NAME`); `None`: none.
    pub miniapp: Option<MiniAppConfig>,
}

/// A configuration variable that is missing or wrong. The message names the variable and says
/// what to do; it never contains a secret's value.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ConfigError {
    /// A required variable is unset or empty.
    #[error("{var} is not set: {hint}")]
    Missing {
        /// The variable's name.
        var: &'static str,
        /// What to put in it.
        hint: &'static str,
    },
    /// A variable's value cannot be used.
    #[error("{var} is invalid: {reason}")]
    Invalid {
        /// The variable's name.
        var: &'static str,
        /// What is wrong, with the value quoted unless it is secret.
        reason: String,
    },
}

impl Config {
    /// Reads the configuration from the process environment.
    ///
    /// # Errors
    ///
    /// A [`ConfigError`] naming the first variable that is missing or invalid.
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_vars(env_var)
    }

    /// Reads the configuration through `get`, which returns a variable's value or `None`.
    /// Pure: tests pass a closure over a fixed list.
    ///
    /// # Errors
    ///
    /// A [`ConfigError`] naming the first variable that is missing or invalid.
    pub fn from_vars(get: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let get = |name: &str| {
            get(name)
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
        };

        let token = parse_token(get(TOKEN))?;
        let redis_url = match get(REDIS_URL) {
            Some(v) => parse_redis_url(&v)?,
            None => parse_redis_url(DEFAULT_REDIS_URL)?,
        };
        let api_url = get(API_URL)
            .map(|v| parse_http_url(API_URL, &v))
            .transpose()?;
        let default_language = match get(DEFAULT_LANGUAGE_VAR) {
            Some(v) => parse_language(&v)?,
            None => parse_language(DEFAULT_LANGUAGE)?,
        };
        let webhook = parse_webhook(get(WEBHOOK_URL), get(WEBHOOK_SECRET), api_url.is_some())?;
        let port = match get(PORT) {
            Some(v) => parse_port(&v)?,
            None => DEFAULT_PORT,
        };
        let log_format = match get(LOG_FORMAT) {
            Some(v) => v.parse().map_err(|_| ConfigError::Invalid {
                var: LOG_FORMAT,
                reason: format!("{v:?} is neither \"json\" nor \"text\""),
            })?,
            None => LogFormat::default(),
        };
        let ttl_days = match get(GAME_TTL_DAYS) {
            Some(v) => parse_ttl_days(&v)?,
            None => DEFAULT_GAME_TTL_DAYS,
        };

        let board_writes_per_minute = match get(BOARD_WRITES_PER_MINUTE) {
            Some(v) => parse_writes_per_minute(&v)?,
            None => DEFAULT_BOARD_WRITES_PER_MINUTE,
        };

        let miniapp = parse_miniapp(get(MINIAPP_URL), get(MINIAPP_NAME), api_url.is_some())?;
        if let (Some(app), Some(hook)) = (&miniapp, &webhook) {
            let hook_path = hook.url.path().trim_end_matches('/');
            if hook_path == app.path() || hook_path.starts_with(&format!("{}/", app.path())) {
                return Err(ConfigError::Invalid {
                    var: MINIAPP_URL,
                    reason: format!(
                        "its path {:?} holds the webhook's path {:?}; give the live board a \
                         path of its own, e.g. /live",
                        app.path(),
                        hook.url.path()
                    ),
                });
            }
        }

        Ok(Self {
            miniapp,
            board_writes_per_minute,
            token,
            redis_url,
            api_url,
            default_language,
            webhook,
            port,
            log_format,
            game_ttl: Duration::from_secs(ttl_days * 24 * 60 * 60),
        })
    }

    /// The address the HTTP server binds: every interface, on [`Config::port`].
    #[must_use]
    pub fn http_addr(&self) -> SocketAddr {
        SocketAddr::from((Ipv4Addr::UNSPECIFIED, self.port))
    }
}

/// Reads only `PORT` (default [`DEFAULT_PORT`]): what `parxis healthcheck` needs, without
/// requiring the token.
///
/// # Errors
///
/// [`ConfigError::Invalid`] when `PORT` is not a port number.
pub fn port_from_env() -> Result<u16, ConfigError> {
    port_from_vars(env_var)
}

/// [`port_from_env`] reading through `get`, as [`Config::from_vars`] does.
///
/// # Errors
///
/// [`ConfigError::Invalid`] when `PORT` is not a port number.
pub fn port_from_vars(get: impl Fn(&str) -> Option<String>) -> Result<u16, ConfigError> {
    match get(PORT).map(|v| v.trim().to_owned()) {
        Some(v) if !v.is_empty() => parse_port(&v),
        _ => Ok(DEFAULT_PORT),
    }
}

/// A variable from the process environment; a non-UTF-8 value comes back lossily converted,
/// so that validation reports it rather than treating it as unset.
fn env_var(name: &str) -> Option<String> {
    std::env::var_os(name).map(|v| v.to_string_lossy().into_owned())
}

fn parse_token(value: Option<String>) -> Result<Secret, ConfigError> {
    let Some(token) = value else {
        return Err(ConfigError::Missing {
            var: TOKEN,
            hint: "create a bot with @BotFather and put its token in deploy/.env",
        });
    };
    // Shape `<bot id>:<secret>`; the value itself never goes into the message.
    let valid = token.split_once(':').is_some_and(|(id, rest)| {
        !id.is_empty()
            && id.bytes().all(|b| b.is_ascii_digit())
            && !rest.is_empty()
            && rest
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    });
    if !valid {
        return Err(ConfigError::Invalid {
            var: TOKEN,
            reason: "it does not look like a bot token (digits, a colon, then letters, digits, \
                     '_' or '-', as @BotFather gives it; no quotes)"
                .to_owned(),
        });
    }
    Ok(Secret::new(token))
}

fn parse_redis_url(value: &str) -> Result<RedisUrl, ConfigError> {
    // The value may contain a password: never quote it in a message.
    let invalid = |reason: &str| ConfigError::Invalid {
        var: REDIS_URL,
        reason: reason.to_owned(),
    };
    let url = Url::parse(value)
        .map_err(|e| invalid(&format!("not a URL ({e}); expected redis://host:6379")))?;
    match url.scheme() {
        // rediss:// is TLS (crate::store::tls: the system's roots or REDIS_CA_CERT).
        "redis" | "valkey" | "rediss" | "valkeys" => {
            if url.host_str().is_none_or(str::is_empty) {
                return Err(invalid("the URL has no host; expected redis://host:6379"));
            }
        }
        "unix" | "redis+unix" | "valkey+unix" => {}
        other => {
            return Err(invalid(&format!(
                "unsupported scheme {other:?}; expected redis://host:6379 or unix:///path"
            )));
        }
    }
    Ok(RedisUrl::new(url))
}

fn parse_http_url(var: &'static str, value: &str) -> Result<Url, ConfigError> {
    let url = Url::parse(value).map_err(|e| ConfigError::Invalid {
        var,
        reason: format!("{value:?} is not a URL ({e})"),
    })?;
    if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none_or(str::is_empty) {
        return Err(ConfigError::Invalid {
            var,
            reason: format!("{value:?} is not an http:// or https:// URL with a host"),
        });
    }
    Ok(url)
}

fn parse_language(value: &str) -> Result<Lang, ConfigError> {
    // Accept any case and `_` for `-` (`ca_ES_valencia`, `EN`); return the canonical code.
    let wanted = value.replace('_', "-");
    LANGUAGES
        .iter()
        .find(|code| code.eq_ignore_ascii_case(&wanted))
        .and_then(|code| code.parse::<Lang>().ok())
        .ok_or_else(|| ConfigError::Invalid {
            var: DEFAULT_LANGUAGE_VAR,
            reason: format!("{value:?} is not one of {}", LANGUAGES.join(", ")),
        })
}

fn parse_port(value: &str) -> Result<u16, ConfigError> {
    value.parse().map_err(|_| ConfigError::Invalid {
        var: PORT,
        reason: format!("{value:?} is not a port number (0–65535)"),
    })
}

fn parse_ttl_days(value: &str) -> Result<u64, ConfigError> {
    match value.parse::<u64>() {
        Ok(days) if (1..=MAX_GAME_TTL_DAYS).contains(&days) => Ok(days),
        _ => Err(ConfigError::Invalid {
            var: GAME_TTL_DAYS,
            reason: format!(
                "{value:?} is not a whole number of days from 1 to {MAX_GAME_TTL_DAYS}"
            ),
        }),
    }
}

fn parse_writes_per_minute(value: &str) -> Result<u32, ConfigError> {
    match value.parse::<u32>() {
        Ok(n) if (1..=MAX_BOARD_WRITES_PER_MINUTE).contains(&n) => Ok(n),
        _ => Err(ConfigError::Invalid {
            var: BOARD_WRITES_PER_MINUTE,
            reason: format!(
                "{value:?} is not a whole number of writes from 1 to {MAX_BOARD_WRITES_PER_MINUTE}"
            ),
        }),
    }
}

/// The live board needs both its URL and its short name. Telegram opens Mini Apps over
/// https only; with another Bot API server (`TELOXIDE_API_URL`, tests) plain http is taken.
fn parse_miniapp(
    url: Option<String>,
    name: Option<String>,
    custom_api: bool,
) -> Result<Option<MiniAppConfig>, ConfigError> {
    let (url, short_name) = match (url, name) {
        (None, None) => return Ok(None),
        (Some(_), None) => {
            return Err(ConfigError::Missing {
                var: MINIAPP_NAME,
                hint: "the live board (PARXIS_MINIAPP_URL is set) needs the short name given to \
                       @BotFather's /newapp (the last part of https://t.me/<bot>/<name>)",
            });
        }
        (None, Some(_)) => {
            return Err(ConfigError::Missing {
                var: MINIAPP_URL,
                hint: "the live board (PARXIS_MINIAPP_NAME is set) needs the page's public \
                       https:// URL, the one given to @BotFather's /newapp",
            });
        }
        (Some(url), Some(name)) => (url, name),
    };
    let url = parse_http_url(MINIAPP_URL, &url)?;
    let invalid = |var: &'static str, reason: String| ConfigError::Invalid { var, reason };
    if !custom_api && url.scheme() != "https" {
        return Err(invalid(
            MINIAPP_URL,
            format!(
                "{:?} must be an https:// URL: Telegram opens Mini Apps only over TLS",
                url.as_str()
            ),
        ));
    }
    if url.query().is_some() || url.fragment().is_some() {
        return Err(invalid(
            MINIAPP_URL,
            format!("{:?} must have no '?' or '#' part", url.as_str()),
        ));
    }
    let path = url.path().trim_end_matches('/');
    if path.is_empty() || RESERVED_PATHS.contains(&path) {
        return Err(invalid(
            MINIAPP_URL,
            format!(
                "path {:?} is taken by the health and metrics endpoints; use e.g. /live",
                url.path()
            ),
        ));
    }
    let valid_name = (3..=30).contains(&short_name.len())
        && short_name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_');
    if !valid_name {
        return Err(invalid(
            MINIAPP_NAME,
            format!(
                "{short_name:?} is not a Mini App short name (3-30 characters of A-Z a-z 0-9 _)"
            ),
        ));
    }
    Ok(Some(MiniAppConfig { url, short_name }))
}

/// Webhook mode needs both the URL and the secret. Telegram's own server delivers only to
/// https URLs on ports 443, 80, 88 or 8443; another Bot API server (`TELOXIDE_API_URL`) may
/// accept plain http and any port, so those two checks apply only without it.
fn parse_webhook(
    url: Option<String>,
    secret: Option<String>,
    custom_api: bool,
) -> Result<Option<WebhookConfig>, ConfigError> {
    let Some(url) = url else {
        return Ok(None);
    };
    let url = parse_http_url(WEBHOOK_URL, &url)?;
    let invalid = |reason: String| ConfigError::Invalid {
        var: WEBHOOK_URL,
        reason,
    };
    if !custom_api {
        if url.scheme() != "https" {
            return Err(invalid(format!(
                "{:?} must be an https:// URL: Telegram delivers webhooks only over TLS \
                 (put a reverse proxy with a certificate in front of the bot)",
                url.as_str()
            )));
        }
        let port = url.port_or_known_default().unwrap_or(443);
        if !TELEGRAM_WEBHOOK_PORTS.contains(&port) {
            return Err(invalid(format!(
                "port {port} of {:?}: Telegram delivers webhooks only to ports 443, 80, 88 or 8443",
                url.as_str()
            )));
        }
    }
    if url.fragment().is_some() {
        return Err(invalid(format!("{:?} must not contain '#'", url.as_str())));
    }
    if RESERVED_PATHS.contains(&url.path()) {
        return Err(invalid(format!(
            "path {:?} is taken by the health and metrics endpoints; use e.g. /telegram",
            url.path()
        )));
    }

    let Some(secret) = secret else {
        return Err(ConfigError::Missing {
            var: WEBHOOK_SECRET,
            hint: "webhook mode (PARXIS_WEBHOOK_URL is set) needs a secret of 1-256 characters \
                   A-Z a-z 0-9 _ - (e.g. the output of `openssl rand -hex 32`); every replica \
                   must use the same one",
        });
    };
    let valid = (1..=256).contains(&secret.len())
        && secret
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if !valid {
        return Err(ConfigError::Invalid {
            var: WEBHOOK_SECRET,
            reason: "it must be 1-256 characters, only A-Z a-z 0-9 _ - (Telegram's rule)"
                .to_owned(),
        });
    }
    Ok(Some(WebhookConfig {
        url,
        secret: Secret::new(secret),
    }))
}

#[cfg(test)]
mod tests;
