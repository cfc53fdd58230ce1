//! What a failed start-up call means: wait and try again, or stop.
//!
//! teloxide drops the HTTP status of an error answer and keeps Telegram's description, so a
//! 5xx is recognised by its description (`Bad Gateway`, `Internal Server Error`…), and an
//! answer that is not the Bot API's JSON at all (a proxy's error page) counts as an outage.

use std::error::Error as _;
use std::time::Duration;

use teloxide::{ApiError, RequestError};

/// What to do after a failed call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Telegram is unreachable or overloaded: wait (`after`, when Telegram said how long) and
    /// call again.
    Retry {
        /// Telegram's `retry_after`, which must be honoured.
        after: Option<Duration>,
    },
    /// Telegram does not know the token (401 Unauthorized, or 404 for a malformed one).
    BadToken,
    /// Telegram answered and refused the call: calling again would get the same answer.
    Refused,
}

/// Descriptions of HTTP 5xx answers (and 429 without `retry_after`): the outage kind.
const SERVER_ERRORS: &[&str] = &[
    "Internal Server Error",
    "Bad Gateway",
    "Service Unavailable",
    "Gateway Timeout",
    "Too Many Requests",
];

/// Classifies `error` (see the module docs).
#[must_use]
pub fn classify(error: &RequestError) -> Verdict {
    match error {
        RequestError::Network(_) | RequestError::Io(_) | RequestError::InvalidJson { .. } => {
            Verdict::Retry { after: None }
        }
        RequestError::RetryAfter(after) => Verdict::Retry {
            after: Some(after.duration()),
        },
        RequestError::Api(ApiError::InvalidToken) => Verdict::BadToken,
        RequestError::Api(ApiError::Unknown(description))
            if SERVER_ERRORS.iter().any(|s| {
                description
                    .get(..s.len())
                    .is_some_and(|head| head.eq_ignore_ascii_case(s))
            }) =>
        {
            Verdict::Retry { after: None }
        }
        _ => Verdict::Refused,
    }
}

/// Longest piece of a non-JSON answer quoted in a description.
const RAW_QUOTE: usize = 120;

/// A one-line description of `error` for logs and `/readyz`. It never contains the request
/// URL (which carries the token): a network error is told by its kind and its causes, and any
/// text that came from the other side has `token` (and its secret part) blotted out.
#[must_use]
pub fn describe(error: &RequestError, token: &str) -> String {
    let text = match error {
        RequestError::Network(e) => {
            let kind = if e.is_timeout() {
                "timed out"
            } else if e.is_connect() {
                "cannot connect"
            } else {
                "request failed"
            };
            let mut text = format!("network error: {kind}");
            let mut cause = e.source();
            while let Some(c) = cause {
                text.push_str(": ");
                text.push_str(&c.to_string());
                cause = c.source();
            }
            text
        }
        RequestError::Io(e) => format!("I/O error: {e}"),
        RequestError::InvalidJson { raw, .. } => {
            let quote: String = raw.chars().take(RAW_QUOTE).collect();
            format!("not a Bot API answer: {quote:?}")
        }
        RequestError::RetryAfter(after) => {
            format!("too many requests: retry after {} s", after.seconds())
        }
        RequestError::Api(ApiError::Unknown(description)) => {
            format!("Telegram answered {description:?}")
        }
        RequestError::Api(e) => format!("Telegram answered {:?}", e.to_string()),
        RequestError::MigrateToChatId(_) => error.to_string(),
    };
    blot(&text, token)
}

/// `text` with `token`, and its part after `:` when that is long enough to be recognisable,
/// replaced by `***`.
fn blot(text: &str, token: &str) -> String {
    let mut out = text.to_owned();
    if !token.is_empty() {
        out = out.replace(token, "***");
    }
    if let Some((_, secret)) = token.split_once(':')
        && secret.len() >= 8
    {
        out = out.replace(secret, "***");
    }
    out
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use teloxide::types::Seconds;

    use super::*;

    fn unknown(description: &str) -> RequestError {
        RequestError::Api(ApiError::Unknown(description.to_owned()))
    }

    #[test]
    fn outages_and_overload_are_retried_and_retry_after_is_kept() {
        // Given the errors an outage or an overloaded Telegram produce
        let io = RequestError::Io(Arc::new(std::io::Error::from(
            std::io::ErrorKind::ConnectionRefused,
        )));
        let html = serde_json::from_str::<serde_json::Value>("<html>").unwrap_err();
        let proxy_page = RequestError::InvalidJson {
            source: Arc::new(html),
            raw: "<html>502</html>".into(),
        };
        // When they are classified
        // Then each is retried; a 429 keeps Telegram's wait
        for e in [
            io,
            proxy_page,
            unknown("Bad Gateway"),
            unknown("Internal Server Error: restart"),
            unknown("service unavailable"),
        ] {
            assert_eq!(classify(&e), Verdict::Retry { after: None }, "{e}");
        }
        let flood = RequestError::RetryAfter(Seconds::from_seconds(7));
        assert_eq!(
            classify(&flood),
            Verdict::Retry {
                after: Some(Duration::from_secs(7))
            }
        );
    }

    #[test]
    fn a_refused_token_stops_and_other_refusals_are_not_retried() {
        // Given Telegram's answers to a bad token and to a bad request
        // When they are classified
        // Then the token is told apart; neither is retried
        assert_eq!(
            classify(&RequestError::Api(ApiError::InvalidToken)),
            Verdict::BadToken
        );
        for e in [
            RequestError::Api(ApiError::UnknownHost),
            unknown("Bad Request: bad webhook: HTTPS url must be provided for webhook"),
            unknown("Forbidden"),
        ] {
            assert_eq!(classify(&e), Verdict::Refused, "{e}");
        }
    }

    #[test]
    fn descriptions_never_carry_the_token() {
        // Given a proxy page that echoes the request path with the token in it
        let token = "123456:AAE-secret_part_of_the_token";
        let html = serde_json::from_str::<serde_json::Value>("<").unwrap_err();
        let echo = RequestError::InvalidJson {
            source: Arc::new(html),
            raw: format!("<h1>404</h1> /bot{token}/getMe not found").into(),
        };
        // When it is described
        let text = describe(&echo, token);
        // Then the token and its secret part are blotted out, the rest is kept
        assert!(!text.contains("secret_part"), "{text}");
        assert!(text.starts_with("not a Bot API answer: "), "{text}");
        assert!(text.contains("/bot***/getMe"), "{text}");
        // And a short secret part alone is left (it would blot ordinary words)
        assert_eq!(blot("bot 1:ab here", "1:ab"), "bot *** here");
        assert_eq!(blot("ab", "1:ab"), "ab");
    }

    #[test]
    fn descriptions_name_the_kind_and_telegrams_words() {
        // Given errors of each kind
        // When they are described
        // Then each says what happened in one line
        assert_eq!(
            describe(&unknown("Bad Gateway"), "1:x"),
            "Telegram answered \"Bad Gateway\""
        );
        assert_eq!(
            describe(&RequestError::Api(ApiError::InvalidToken), "1:x"),
            "Telegram answered \"Invalid bot token\""
        );
        assert_eq!(
            describe(&RequestError::RetryAfter(Seconds::from_seconds(3)), "1:x"),
            "too many requests: retry after 3 s"
        );
        let io = RequestError::Io(Arc::new(std::io::Error::other("reset")));
        assert_eq!(describe(&io, "1:x"), "I/O error: reset");
    }
}
