//! TLS to Redis: `rediss://` URLs verified against the system's roots (the platform's trust
//! store, read by `rustls-native-certs`), or against a CA file (`REDIS_CA_CERT`), with a client
//! certificate and key for mutual TLS (`REDIS_CLIENT_CERT`, `REDIS_CLIENT_KEY`). An ACL user
//! goes in the URL itself: `rediss://user:password@host:6380/0`.
//!
//! The files are read once at start ([`Tls::from_vars`]) and installed for the process
//! ([`install`]): every client the store builds for a `rediss://` URL uses them (the store's
//! connection and the live board's subscriber). Their contents are never logged (only the
//! variables' names and the files' paths, in errors).
//!
//! A certificate Redis's server does not pass (an unknown issuer, another name) is not a
//! Redis that is away: [`is_certificate_error`] tells it, and the bot then stops at once
//! instead of retrying.

use std::sync::OnceLock;

use redis::{ClientTlsConfig, TlsCertificates};

use super::error::StoreError;

/// A PEM file of the CA (or CAs) that signed Redis's certificate; unset: the system's roots.
pub const CA_CERT_VAR: &str = "REDIS_CA_CERT";
/// A PEM file of the client certificate, for a Redis that asks for one (`tls-auth-clients`).
pub const CLIENT_CERT_VAR: &str = "REDIS_CLIENT_CERT";
/// The PEM file of the client certificate's private key.
pub const CLIENT_KEY_VAR: &str = "REDIS_CLIENT_KEY";

static INSTALLED: OnceLock<TlsCertificates> = OnceLock::new();

/// What the TLS variables name, read.
#[derive(Clone, Debug, Default)]
pub struct Tls(Option<TlsCertificates>);

impl Tls {
    /// Reads the files the variables name (`get` is the environment). None set: the system's
    /// roots, no client certificate.
    ///
    /// # Errors
    /// [`StoreError::Config`] when a file cannot be read, or only one of the client
    /// certificate and its key is given (the message names the variable and the path).
    pub fn from_vars(get: impl Fn(&str) -> Option<String>) -> Result<Self, StoreError> {
        let get = |name: &str| {
            get(name)
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
        };
        let read = |var: &str, path: &str| {
            std::fs::read(path)
                .map_err(|e| StoreError::Config(format!("{var}: cannot read {path}: {e}")))
        };
        let root_cert = match get(CA_CERT_VAR) {
            Some(path) => Some(read(CA_CERT_VAR, &path)?),
            None => None,
        };
        let client_tls = match (get(CLIENT_CERT_VAR), get(CLIENT_KEY_VAR)) {
            (Some(cert), Some(key)) => Some(ClientTlsConfig {
                client_cert: read(CLIENT_CERT_VAR, &cert)?,
                client_key: read(CLIENT_KEY_VAR, &key)?,
            }),
            (None, None) => None,
            _ => {
                return Err(StoreError::Config(format!(
                    "{CLIENT_CERT_VAR} and {CLIENT_KEY_VAR} go together: set both or neither"
                )));
            }
        };
        Ok(Self(
            (root_cert.is_some() || client_tls.is_some()).then_some(TlsCertificates {
                client_tls,
                root_cert,
            }),
        ))
    }

    /// Whether a CA file or a client certificate was given.
    #[must_use]
    pub fn is_set(&self) -> bool {
        self.0.is_some()
    }
}

/// Makes `tls` what every `rediss://` client of this process uses. The first call wins
/// (returns false after it): the setting is the process's, as the environment is.
pub fn install(tls: Tls) -> bool {
    match tls.0 {
        Some(certs) => INSTALLED.set(certs).is_ok(),
        None => false,
    }
}

/// The certificates [`install`] made the process's, if any.
pub(super) fn installed() -> Option<TlsCertificates> {
    INSTALLED.get().cloned()
}

/// A client for `url`: with the installed certificates when it is `rediss://` and some were
/// installed, else as `redis::Client::open` makes it (the system's roots for `rediss://`).
pub(super) fn client(url: impl redis::IntoConnectionInfo) -> redis::RedisResult<redis::Client> {
    let info = url.into_connection_info()?;
    let tls = matches!(info.addr(), redis::ConnectionAddr::TcpTls { .. });
    match INSTALLED.get() {
        Some(certs) if tls => redis::Client::build_with_tls(info, certs.clone()),
        _ => redis::Client::open(info),
    }
}

/// Whether `text` (an error's) says the TLS handshake refused a certificate (the server's, or ours): a
/// configuration to fix, not an outage to wait out.
#[must_use]
pub fn is_certificate_error(text: &str) -> bool {
    let t = text.to_ascii_lowercase();
    t.contains("invalid peer certificate")
        || t.contains("unknownissuer")
        || t.contains("unknown issuer")
        || t.contains("certificate not valid for name")
        || t.contains("notvalidforname")
}
