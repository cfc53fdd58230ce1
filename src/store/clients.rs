//! The clients of each Redis topology, with TLS and ACL applied the same way to all of them.
//!
//! `REDIS_URL` says how the data nodes are spoken to, whatever the topology: `rediss://` for
//! TLS (verified against the CA file or the system's roots, with the client certificate if
//! one was given, see [`super::tls`]), and the ACL user, password and database in the URL.
//! Under Sentinel the sentinels speak TLS when the data nodes do (one TLS setting for the
//! deployment, as go-redis and redis-py's Sentinel take it), and may have their own user and
//! password ([`SentinelAuth`]: `sentinel`'s `requirepass` is not the data nodes'). A
//! cluster's seed nodes and the nodes the slot map names are all spoken to as the URL says.

use redis::cluster::{ClusterClient, ClusterClientBuilder};
use redis::sentinel::{SentinelClient, SentinelClientBuilder, SentinelServerType};
use redis::{ConnectionAddr, ConnectionInfo, IntoConnectionInfo, RedisResult, TlsMode};

use super::tls;

/// The sentinels' own user and password (`PARXIS_REDIS_SENTINEL_USERNAME`,
/// `PARXIS_REDIS_SENTINEL_PASSWORD`), when they ask for one.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct SentinelAuth {
    /// The ACL user on the sentinels; none: `default`.
    pub username: Option<String>,
    /// The sentinels' password.
    pub password: Option<String>,
}

/// Whether `url` asks for TLS (`rediss://`).
fn is_tls(url: &str) -> bool {
    url.trim_start()
        .to_ascii_lowercase()
        .starts_with("rediss://")
}

/// `host:port` as a node of the deployment `url` describes: its scheme (TLS or not), user,
/// password and database.
pub(super) fn node_url(url: &str, address: &str) -> RedisResult<ConnectionInfo> {
    let base = url.into_connection_info()?;
    let scheme = if is_tls(url) { "rediss" } else { "redis" };
    let node = format!("{scheme}://{address}").into_connection_info()?;
    Ok(node.set_redis_settings(base.redis_settings().clone()))
}

/// A client asking `sentinels` for the primary named `master`, speaking to the sentinels and
/// to the primary as `url` says (TLS, user, password, database), the sentinels with `auth`.
pub(super) fn sentinel(
    sentinels: &[String],
    master: &str,
    url: &str,
    auth: &SentinelAuth,
) -> RedisResult<SentinelClient> {
    let data = url.into_connection_info()?;
    let settings = data.redis_settings();
    let tls = is_tls(url);
    let scheme = if tls { "rediss" } else { "redis" };
    let addrs = sentinels
        .iter()
        .map(|a| {
            format!("{scheme}://{a}")
                .into_connection_info()
                .map(|i| i.addr().clone())
        })
        .collect::<RedisResult<Vec<ConnectionAddr>>>()?;
    let mut b = SentinelClientBuilder::new(addrs, master, SentinelServerType::Master)?
        .set_client_to_redis_db(settings.db())
        .set_client_to_redis_protocol(settings.protocol());
    if let Some(user) = settings.username() {
        b = b.set_client_to_redis_username(user);
    }
    if let Some(password) = settings.password() {
        b = b.set_client_to_redis_password(password);
    }
    if let Some(user) = &auth.username {
        b = b.set_client_to_sentinel_username(user);
    }
    if let Some(password) = &auth.password {
        b = b.set_client_to_sentinel_password(password);
    }
    if tls {
        b = b
            .set_client_to_redis_tls_mode(TlsMode::Secure)
            .set_client_to_sentinel_tls_mode(TlsMode::Secure);
        if let Some(certs) = tls::installed() {
            b = b
                .set_client_to_redis_certificates(certs.clone())
                .set_client_to_sentinel_certificates(certs);
        }
    }
    b.build()
}

/// A cluster client's builder for the seed `nodes`, spoken to as `url` says.
pub(super) fn cluster(nodes: &[String], url: &str) -> RedisResult<ClusterClientBuilder> {
    let infos = nodes
        .iter()
        .map(|a| node_url(url, a))
        .collect::<RedisResult<Vec<_>>>()?;
    let builder = ClusterClient::builder(infos);
    Ok(match tls::installed() {
        Some(certs) if is_tls(url) => builder.certs(certs),
        _ => builder,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_takes_the_urls_scheme_user_password_and_database() {
        let node = node_url("rediss://bot:s3cret@ignored:1/3", "10.0.0.7:6380").unwrap();
        assert!(matches!(
            node.addr(),
            ConnectionAddr::TcpTls { host, port: 6380, .. } if host == "10.0.0.7"
        ));
        let r = node.redis_settings();
        assert_eq!(
            (r.username(), r.password(), r.db()),
            (Some("bot"), Some("s3cret"), 3)
        );
        let plain = node_url("redis://:pw@x/", "10.0.0.7:6379").unwrap();
        assert!(matches!(plain.addr(), ConnectionAddr::Tcp(h, 6379) if h == "10.0.0.7"));
    }

    #[test]
    fn sentinels_are_spoken_to_with_tls_when_the_data_nodes_are() {
        let auth = SentinelAuth {
            username: None,
            password: Some("sentinel-pw".into()),
        };
        // Building checks the addresses against the TLS mode (a plain address with a TLS
        // mode is refused by redis-rs), so both schemes must build.
        sentinel(&["127.0.0.1:26379".into()], "m", "rediss://u:p@x/", &auth).unwrap();
        sentinel(&["127.0.0.1:26379".into()], "m", "redis://x/", &auth).unwrap();
        assert!(sentinel(&["no port".into()], "m", "redis://x/", &auth).is_err());
    }
}
