//! The one error type of the store, and how Redis errors map onto it.

use redis::{ErrorKind, RedisError, ServerErrorKind};

/// Why a store operation failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    /// Redis could not be reached or did not answer in time (connection refused or dropped,
    /// I/O error, timeout, server loading or read-only). Transient: the caller should tell the
    /// user to try again; the store reconnects by itself.
    #[error("redis unavailable: {0}")]
    Unavailable(String),
    /// A stored record could not be decoded (bad JSON, unknown schema, wrong Redis type).
    #[error("corrupt record: {0}")]
    Corrupt(String),
    /// The value to store could not be encoded as JSON.
    #[error("cannot encode value: {0}")]
    Encode(String),
    /// The Redis URL or the store options are invalid; retrying will not help.
    #[error("invalid configuration: {0}")]
    Config(String),
    /// A caller passed an argument the store refuses (for instance a zero TTL).
    #[error("invalid argument: {0}")]
    InvalidArgument(String),
    /// Another writer kept changing a record an operation needed unchanged.
    #[error("contended: {0}")]
    Contended(String),
    /// Any other error answered by Redis.
    #[error("redis error: {0}")]
    Redis(String),
}

impl StoreError {
    /// True when Redis is unreachable or slow: the operation may succeed if tried again later.
    #[must_use]
    pub fn is_unavailable(&self) -> bool {
        matches!(self, Self::Unavailable(_))
    }

    /// Maps an error from the Redis client, naming the operation that failed.
    pub(crate) fn from_redis(op: &str, err: &RedisError) -> Self {
        let text = format!("{op}: {err}");
        match err.kind() {
            ErrorKind::Io
            | ErrorKind::Parse
            | ErrorKind::AuthenticationFailed
            | ErrorKind::ClusterConnectionNotFound
            | ErrorKind::Server(
                ServerErrorKind::BusyLoading
                | ServerErrorKind::TryAgain
                | ServerErrorKind::ClusterDown
                | ServerErrorKind::MasterDown
                | ServerErrorKind::ReadOnly,
            ) => Self::Unavailable(text),
            ErrorKind::UnexpectedReturnType => Self::Corrupt(text),
            ErrorKind::InvalidClientConfig => Self::Config(text),
            _ => match err.code() {
                Some("WRONGTYPE" | "CORRUPT") => Self::Corrupt(text),
                _ => Self::Redis(text),
            },
        }
    }
}
