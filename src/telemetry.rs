//! Logging: `tracing` events as human-readable lines or as JSON lines, on standard error.
//!
//! The filter comes from `RUST_LOG` (default [`DEFAULT_FILTER`]). Records of the `log` crate
//! (teloxide logs through it) are forwarded into `tracing`, so they get the same format.
//!
//! In JSON mode each line is one object with the event's fields at the top level and the
//! current span's fields under `"span"`: a handler that runs inside
//! `info_span!("update", chat_id, kind)` gets both on every line it logs.
//!
//! Never pass a token to a log macro: wrap it in [`crate::config::Secret`], which prints `***`.

use std::io::IsTerminal;
use std::str::FromStr;

use thiserror::Error;
use tracing::Subscriber;
use tracing_subscriber::EnvFilter;
use tracing_subscriber::fmt::MakeWriter;
use tracing_subscriber::util::SubscriberInitExt;

/// Filter used when `RUST_LOG` is unset or empty.
pub const DEFAULT_FILTER: &str = "info,parxis=info";

/// How log lines look (`PARXIS_LOG_FORMAT`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LogFormat {
    /// Human-readable lines (the default).
    #[default]
    Text,
    /// One JSON object per line, for log collectors.
    Json,
}

/// A `PARXIS_LOG_FORMAT` value that is neither `json` nor `text`.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("unknown log format {0:?}: expected \"json\" or \"text\"")]
pub struct UnknownLogFormat(pub String);

impl FromStr for LogFormat {
    type Err = UnknownLogFormat;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.eq_ignore_ascii_case("json") {
            Ok(Self::Json)
        } else if s.eq_ignore_ascii_case("text") {
            Ok(Self::Text)
        } else {
            Err(UnknownLogFormat(s.to_owned()))
        }
    }
}

/// Why logging could not be set up.
#[derive(Debug, Error)]
pub enum TelemetryError {
    /// `RUST_LOG` does not parse as a filter.
    #[error("RUST_LOG is invalid: {0} (example: RUST_LOG=info,parxis=debug)")]
    Filter(String),
    /// A global subscriber was installed before.
    #[error("logging was already initialised: {0}")]
    AlreadySet(String),
}

/// Installs the global subscriber: filter from `RUST_LOG` (default [`DEFAULT_FILTER`]),
/// lines in `format`, written to standard error. Call once, first thing in `main`.
///
/// # Errors
///
/// [`TelemetryError::Filter`] for an unparsable `RUST_LOG`; [`TelemetryError::AlreadySet`]
/// when called twice.
pub fn init(format: LogFormat) -> Result<(), TelemetryError> {
    let rust_log = std::env::var("RUST_LOG").unwrap_or_default();
    let filter = filter(&rust_log)?;
    let ansi = format == LogFormat::Text && std::io::stderr().is_terminal();
    subscriber(format, filter, ansi, std::io::stderr)
        .try_init()
        .map_err(|e| TelemetryError::AlreadySet(e.to_string()))
}

/// The filter for a `RUST_LOG` value; blank means [`DEFAULT_FILTER`].
///
/// # Errors
///
/// [`TelemetryError::Filter`] when `directives` does not parse.
pub fn filter(directives: &str) -> Result<EnvFilter, TelemetryError> {
    let directives = match directives.trim() {
        "" => DEFAULT_FILTER,
        other => other,
    };
    EnvFilter::builder()
        .parse(directives)
        .map_err(|e| TelemetryError::Filter(e.to_string()))
}

/// The subscriber [`init`] installs, writing to any `writer` (tests pass a buffer).
pub fn subscriber<W>(
    format: LogFormat,
    filter: EnvFilter,
    ansi: bool,
    writer: W,
) -> Box<dyn Subscriber + Send + Sync>
where
    W: for<'w> MakeWriter<'w> + Send + Sync + 'static,
{
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(writer);
    match format {
        LogFormat::Json => Box::new(
            builder
                .json()
                .flatten_event(true)
                .with_current_span(true)
                .with_span_list(false)
                .finish(),
        ),
        LogFormat::Text => Box::new(builder.with_ansi(ansi).finish()),
    }
}

#[cfg(test)]
mod tests {
    use std::io;
    use std::sync::{Arc, Mutex};

    use tracing::{info, info_span, warn};

    use super::*;
    use crate::config::Secret;

    /// A `MakeWriter` that appends every line to a shared buffer.
    #[derive(Clone, Default)]
    struct Buffer(Arc<Mutex<Vec<u8>>>);

    impl Buffer {
        fn contents(&self) -> String {
            let bytes = self.0.lock().map(|b| b.clone()).unwrap_or_default();
            String::from_utf8(bytes).unwrap()
        }
    }

    impl io::Write for Buffer {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0
                .lock()
                .map_err(|_| io::Error::other("poisoned"))?
                .extend_from_slice(buf);
            Ok(buf.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    impl<'w> MakeWriter<'w> for Buffer {
        type Writer = Self;

        fn make_writer(&'w self) -> Self::Writer {
            self.clone()
        }
    }

    /// Runs `f` with a subscriber of `format` writing into a buffer; returns what was written.
    fn capture(format: LogFormat, directives: &str, f: impl FnOnce()) -> String {
        let buffer = Buffer::default();
        let subscriber = subscriber(format, filter(directives).unwrap(), false, buffer.clone());
        tracing::subscriber::with_default(subscriber, f);
        buffer.contents()
    }

    fn json_lines(output: &str) -> Vec<serde_json::Value> {
        output
            .lines()
            .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
            .collect()
    }

    #[test]
    fn json_line_carries_the_event_fields_at_top_level() {
        let out = capture(LogFormat::Json, "", || {
            info!(
                chat_id = -100_123_456_789_i64,
                kind = "callback",
                "update handled"
            );
        });
        let lines = json_lines(&out);
        assert_eq!(lines.len(), 1, "{out}");
        let line = &lines[0];
        assert_eq!(line["chat_id"], -100_123_456_789_i64);
        assert_eq!(line["kind"], "callback");
        assert_eq!(line["message"], "update handled");
        assert_eq!(line["level"], "INFO");
    }

    #[test]
    fn json_line_inside_an_update_span_carries_the_span_fields() {
        let out = capture(LogFormat::Json, "", || {
            let span = info_span!("update", chat_id = 42_i64, kind = "message");
            let _entered = span.enter();
            warn!("board message not found, re-posting");
        });
        let lines = json_lines(&out);
        let line = lines
            .iter()
            .find(|l| l["message"] == "board message not found, re-posting")
            .unwrap_or_else(|| panic!("no event line in {out}"));
        assert_eq!(line["span"]["chat_id"], 42);
        assert_eq!(line["span"]["kind"], "message");
        assert_eq!(line["span"]["name"], "update");
    }

    #[test]
    fn text_format_is_not_json_and_keeps_the_fields() {
        let out = capture(LogFormat::Text, "", || {
            info!(chat_id = 7_i64, "game started");
        });
        assert!(serde_json::from_str::<serde_json::Value>(out.trim()).is_err());
        assert!(out.contains("game started"), "{out}");
        assert!(out.contains("chat_id=7"), "{out}");
        assert!(
            !out.contains('\u{1b}'),
            "no colour codes when ansi is off: {out:?}"
        );
    }

    #[test]
    fn a_token_wrapped_in_secret_never_appears_in_either_format() {
        const TOKEN: &str = "123456789:AAH-never-in-a-log-line";
        for format in [LogFormat::Json, LogFormat::Text] {
            let out = capture(format, "", || {
                let token = Secret::new(TOKEN.to_owned());
                info!(token = %token, debug_token = ?token, "starting with {token}");
            });
            assert!(!out.contains("never-in-a-log-line"), "{format:?}: {out}");
            assert!(!out.contains("123456789"), "{format:?}: {out}");
            assert!(out.contains("***"), "{format:?}: {out}");
        }
    }

    #[test]
    fn default_filter_drops_debug_and_rust_log_can_enable_it() {
        let quiet = capture(LogFormat::Text, "", || tracing::debug!("detail"));
        assert!(quiet.is_empty(), "{quiet}");
        let loud = capture(LogFormat::Text, "debug", || tracing::debug!("detail"));
        assert!(loud.contains("detail"), "{loud}");
    }

    #[test]
    fn invalid_rust_log_is_reported() {
        let err = filter("info,parxis=loudest").unwrap_err();
        assert!(
            err.to_string().starts_with("RUST_LOG is invalid: "),
            "{err}"
        );
    }

    #[test]
    fn log_format_parses_case_insensitively() {
        assert_eq!("JSON".parse(), Ok(LogFormat::Json));
        assert_eq!("text".parse(), Ok(LogFormat::Text));
        assert_eq!(
            "xml".parse::<LogFormat>(),
            Err(UnknownLogFormat("xml".to_owned()))
        );
    }
}
