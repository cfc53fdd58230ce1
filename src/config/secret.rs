//! Values that must never reach a log line: the bot token, the webhook secret, Redis passwords.

use std::fmt;

/// A secret string (the bot token, the webhook secret).
///
/// `Debug` and `Display` print `***`, so a `Secret` can sit in any struct that is logged with
/// `?config` or `%value` without leaking. Only [`Secret::expose`] gives the value, and the call
/// site shows where the secret leaves the wrapper. It implements no `Serialize` on purpose.
///
/// # Examples
///
/// ```
/// use parxis::config::Secret;
///
/// let token = Secret::new("123456:ABC-DEF".to_owned());
/// assert_eq!(format!("{token} {token:?}"), "*** ***");
/// assert_eq!(token.expose(), "123456:ABC-DEF");
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// Wraps a secret value.
    #[must_use]
    pub fn new(value: String) -> Self {
        Self(value)
    }

    /// The secret value itself: pass it to the API that needs it, never to a log macro.
    #[must_use]
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("***")
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("***")
    }
}

/// A validated Redis connection URL, which may carry a password.
///
/// `Debug` and `Display` show the URL with the password replaced by `***`
/// (`redis://:***@redis:6379`), so it can be logged at start-up; [`RedisUrl::expose`] gives
/// the full URL for `redis::Client::open`.
#[derive(Clone, PartialEq, Eq)]
pub struct RedisUrl(url::Url);

impl RedisUrl {
    pub(super) fn new(url: url::Url) -> Self {
        Self(url)
    }

    /// The full URL, password included: pass it to `redis::Client::open`, never to a log macro.
    #[must_use]
    pub fn expose(&self) -> &str {
        self.0.as_str()
    }

    /// The URL with any password replaced by `***`: safe to log.
    #[must_use]
    pub fn redacted(&self) -> String {
        redact_url(&self.0)
    }
}

impl fmt::Debug for RedisUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RedisUrl({})", self.redacted())
    }
}

impl fmt::Display for RedisUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.redacted())
    }
}

/// `url` with its password (user-info part or `pass=` query parameter) replaced by `***`.
fn redact_url(url: &url::Url) -> String {
    let mut shown = url.clone();
    if shown.password().is_some() {
        // Cannot fail: a URL that already has a password can have it replaced.
        let _ = shown.set_password(Some("***"));
    }
    if shown
        .query_pairs()
        .any(|(k, _)| k == "pass" || k == "password")
    {
        let pairs: Vec<(String, String)> = shown
            .query_pairs()
            .map(|(k, v)| {
                let v = if k == "pass" || k == "password" {
                    "***".to_owned()
                } else {
                    v.into_owned()
                };
                (k.into_owned(), v)
            })
            .collect();
        shown.query_pairs_mut().clear().extend_pairs(pairs);
    }
    shown.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secret_never_formats_its_value() {
        let s = Secret::new("123456:very-secret".to_owned());
        for shown in [format!("{s}"), format!("{s:?}"), format!("{s:#?}")] {
            assert_eq!(shown, "***");
        }
        assert_eq!(s.expose(), "123456:very-secret");
    }

    #[test]
    fn redis_url_hides_password_in_user_info_and_query() {
        let url = RedisUrl::new(url::Url::parse("redis://user:hunter2@redis:6379/0").unwrap());
        assert_eq!(url.to_string(), "redis://user:***@redis:6379/0");
        assert!(!format!("{url:?}").contains("hunter2"));
        assert_eq!(url.expose(), "redis://user:hunter2@redis:6379/0");

        let unix = RedisUrl::new(
            url::Url::parse("redis+unix:///run/redis.sock?pass=hunter2&db=2").unwrap(),
        );
        let shown = unix.to_string();
        assert!(!shown.contains("hunter2"), "{shown}");
        assert!(shown.contains("db=2"), "{shown}");
    }

    #[test]
    fn redis_url_without_password_is_shown_unchanged() {
        let url = RedisUrl::new(url::Url::parse("redis://127.0.0.1:6379").unwrap());
        assert_eq!(url.to_string(), "redis://127.0.0.1:6379");
    }
}
