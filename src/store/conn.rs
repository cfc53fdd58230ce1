//! Where the store's Redis is and how the store talks to it: one node (the default), a
//! primary found through Sentinel, or a Redis Cluster ([`Target`]); [`Conn`] is the one
//! connection type [`super::redis_store::Store`] sends everything through, whichever it is.
//!
//! - **One node** (`REDIS_URL`): [`ConnectionManager`], a multiplexed connection that
//!   reconnects by itself.
//! - **Sentinel** (`PARXIS_REDIS_SENTINELS` + `PARXIS_REDIS_MASTER`): the sentinels name the
//!   primary; the connection to it is kept until it fails (an I/O error, a timeout, or a
//!   `READONLY` answer from a primary demoted by a failover), then the next command asks the
//!   sentinels again. Commands meanwhile fail as unavailable, so presses are answered "busy"
//!   and repeated by the player, exactly as during a single node's outage.
//! - **Cluster** (`PARXIS_REDIS_CLUSTER`): redis-rs' cluster connection follows the slot map
//!   and its redirections. Scripts and `MULTI` blocks touch one slot by construction (see
//!   `scripts::Call`); a plain pipeline whose commands fall in several slots (a save and the
//!   global due set, say) is sent as one pipeline per slot, in order, since it was never
//!   atomic; a `SCAN` over one chat's keys (`MATCH parxis:{<chat>}…`) goes to the node owning
//!   that chat's slot.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use redis::aio::{ConnectionLike, ConnectionManager, MultiplexedConnection};
use redis::cluster_async::ClusterConnection;
use redis::cluster_routing::{Route, RoutingInfo, SingleNodeRoutingInfo, Slot, SlotAddr};
use redis::sentinel::SentinelClient;
use redis::{
    AsyncConnectionConfig, Cmd, ErrorKind, Pipeline, RedisError, RedisFuture, RedisResult,
    ServerErrorKind, Value,
};

use super::clients::{self, SentinelAuth};
use super::error::StoreError;
use super::keys::hash_tag;

/// Sentinel addresses, `host:port,host:port,…` (with [`MASTER_VAR`]).
pub const SENTINELS_VAR: &str = "PARXIS_REDIS_SENTINELS";
/// The name the sentinels know the primary by.
pub const MASTER_VAR: &str = "PARXIS_REDIS_MASTER";
/// The sentinels' own ACL user, when they have one (their data nodes' is in `REDIS_URL`).
pub const SENTINEL_USERNAME_VAR: &str = "PARXIS_REDIS_SENTINEL_USERNAME";
/// The sentinels' own password (`requirepass` in sentinel.conf), when they ask for one.
pub const SENTINEL_PASSWORD_VAR: &str = "PARXIS_REDIS_SENTINEL_PASSWORD";
/// Cluster seed nodes, `host:port,host:port,…`.
pub const CLUSTER_VAR: &str = "PARXIS_REDIS_CLUSTER";
/// How long a save waits for a replica's copy under Sentinel (ms; 0: no wait). Default
/// [`DEFAULT_WAIT_MS`].
pub const WAIT_VAR: &str = "PARXIS_REDIS_WAIT_MS";
/// Default of [`WAIT_VAR`].
pub const DEFAULT_WAIT_MS: u64 = 200;

/// Which Redis the store uses.
#[derive(Clone, PartialEq, Eq)]
pub enum Target {
    /// One node (or a proxy), by URL.
    Single(String),
    /// The primary that the sentinels name `master`. `url` gives the scheme (`rediss://`:
    /// TLS to the sentinels and the data nodes), user, password and database for the data
    /// nodes (its host is not used).
    Sentinel {
        /// Sentinel addresses, `host:port`.
        sentinels: Vec<String>,
        /// The primary's name in the sentinels' configuration.
        master: String,
        /// Scheme, user, password and database of the data nodes.
        url: String,
        /// The sentinels' own user and password, if they ask for one.
        auth: SentinelAuth,
        /// How long a save waits for one replica to hold it (`WAIT 1 <ms>`); zero: no wait.
        wait: Duration,
    },
    /// A Redis Cluster, found through any of its seed nodes (`host:port`); the password of
    /// `url`, if any, is used on every node.
    Cluster {
        /// Seed nodes, `host:port`.
        nodes: Vec<String>,
        /// Password (and user) for the nodes.
        url: String,
        /// How long a save waits for one replica of the node that took it (`WAIT 1 <ms>`
        /// sent to that node); zero: no wait.
        wait: Duration,
    },
}

impl std::fmt::Debug for Target {
    // The URL may carry a password.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Single(url) => write!(f, "Single({})", super::url::redact_url(url)),
            Self::Sentinel {
                sentinels,
                master,
                wait,
                ..
            } => write!(f, "Sentinel({master} via {sentinels:?}, wait {wait:?})"),
            Self::Cluster { nodes, wait, .. } => write!(f, "Cluster({nodes:?}, wait {wait:?})"),
        }
    }
}

impl Target {
    /// The target named by the environment: [`CLUSTER_VAR`], else [`SENTINELS_VAR`] with
    /// [`MASTER_VAR`], else the single node at `url` (`REDIS_URL`), whose password and
    /// database also apply to Sentinel's and the cluster's data nodes.
    ///
    /// # Errors
    /// [`StoreError::Config`] when both modes are set, Sentinel lacks its master's name, an
    /// address is not `host:port`, or the wait is not a number.
    pub fn from_vars(url: &str, get: impl Fn(&str) -> Option<String>) -> Result<Self, StoreError> {
        let get = |name: &str| {
            get(name)
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
        };
        let cluster = get(CLUSTER_VAR);
        let sentinels = get(SENTINELS_VAR);
        let wait = || -> Result<Duration, StoreError> {
            match get(WAIT_VAR) {
                None => Ok(Duration::from_millis(DEFAULT_WAIT_MS)),
                Some(v) => v.parse().map(Duration::from_millis).map_err(|_| {
                    StoreError::Config(format!("{WAIT_VAR} must be milliseconds, not {v:?}"))
                }),
            }
        };
        match (cluster, sentinels) {
            (Some(_), Some(_)) => Err(StoreError::Config(format!(
                "{CLUSTER_VAR} and {SENTINELS_VAR} are both set: choose one"
            ))),
            (Some(nodes), None) => Ok(Self::Cluster {
                nodes: addresses(CLUSTER_VAR, &nodes)?,
                url: url.to_owned(),
                wait: wait()?,
            }),
            (None, Some(sentinels)) => {
                let master = get(MASTER_VAR).ok_or_else(|| {
                    StoreError::Config(format!("{SENTINELS_VAR} needs {MASTER_VAR}"))
                })?;
                Ok(Self::Sentinel {
                    sentinels: addresses(SENTINELS_VAR, &sentinels)?,
                    master,
                    url: url.to_owned(),
                    auth: SentinelAuth {
                        username: get(SENTINEL_USERNAME_VAR),
                        password: get(SENTINEL_PASSWORD_VAR),
                    },
                    wait: wait()?,
                })
            }
            (None, None) => Ok(Self::Single(url.to_owned())),
        }
    }
}

impl Target {
    /// For a cluster, a client for sharded pub/sub (`SSUBSCRIBE`): RESP3, every message
    /// pushed to `push`; it follows the slot map and subscribes again by itself after a
    /// lost connection. `None` for the other targets (classic pub/sub, see
    /// [`Target::subscriber_client`]).
    ///
    /// # Errors
    /// A seed node or the URL is not a Redis address.
    pub fn sharded_subscriber(
        &self,
        push: impl redis::aio::AsyncPushSender,
    ) -> Option<RedisResult<redis::cluster::ClusterClient>> {
        let Self::Cluster { nodes, url, .. } = self else {
            return None;
        };
        Some((|| {
            clients::cluster(nodes, url)?
                .use_protocol(redis::ProtocolVersion::RESP3)
                .push_sender(push)
                .build()
        })())
    }

    /// The client a classic subscriber connects with: the single node's URL, or under
    /// Sentinel the primary the sentinels name now (asked again at each call: after a
    /// failover the subscriber finds the promoted primary). For a cluster, the first seed
    /// node (use [`Target::sharded_subscriber`] there).
    ///
    /// # Errors
    /// An address is not a Redis address, or no sentinel names a primary.
    pub async fn subscriber_client(&self) -> RedisResult<redis::Client> {
        match self {
            Self::Single(url) => super::tls::client(url.as_str()),
            Self::Sentinel {
                sentinels,
                master,
                url,
                auth,
                ..
            } => {
                clients::sentinel(sentinels, master, url, auth)?
                    .async_get_client()
                    .await
            }
            Self::Cluster { nodes, url, .. } => {
                let first = nodes.first().map_or("127.0.0.1:6379", String::as_str);
                super::tls::client(clients::node_url(url, first)?)
            }
        }
    }
}

/// `host:port,host:port` as a list, each checked.
fn addresses(var: &str, list: &str) -> Result<Vec<String>, StoreError> {
    list.split(',')
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .map(|a| match a.rsplit_once(':') {
            Some((host, port)) if !host.is_empty() && port.parse::<u16>().is_ok() => {
                Ok(a.to_owned())
            }
            _ => Err(StoreError::Config(format!("{var}: {a:?} is not host:port"))),
        })
        .collect::<Result<Vec<_>, _>>()
        .and_then(|v| {
            if v.is_empty() {
                Err(StoreError::Config(format!("{var} names no address")))
            } else {
                Ok(v)
            }
        })
}

/// The store's connection, whatever the [`Target`].
#[derive(Clone)]
pub(super) enum Conn {
    /// One node.
    Single(ConnectionManager),
    /// The primary named by Sentinel.
    Sentinel(SentinelConn),
    /// A Redis Cluster.
    Cluster(ClusterConn),
}

impl Conn {
    /// Connects to `target` with the given timeouts.
    pub(super) async fn open(
        target: &Target,
        options: super::options::StoreOptions,
    ) -> RedisResult<Self> {
        match target {
            Target::Single(url) => {
                let client = super::tls::client(url.as_str())?;
                let config = redis::aio::ConnectionManagerConfig::new()
                    .set_connection_timeout(Some(options.connection_timeout))
                    .set_response_timeout(Some(options.response_timeout))
                    .set_number_of_retries(options.reconnect_retries)
                    .set_min_delay(Duration::from_millis(100))
                    .set_max_delay(Duration::from_secs(1));
                Ok(Self::Single(
                    ConnectionManager::new_with_config(client, config).await?,
                ))
            }
            Target::Sentinel {
                sentinels,
                master,
                url,
                auth,
                ..
            } => {
                let client = clients::sentinel(sentinels, master, url, auth)?;
                let conn = SentinelConn {
                    inner: Arc::new(SentinelInner {
                        client: tokio::sync::Mutex::new(client),
                        current: Mutex::new(None),
                        config: AsyncConnectionConfig::new()
                            .set_connection_timeout(Some(options.connection_timeout))
                            .set_response_timeout(Some(options.response_timeout)),
                    }),
                };
                conn.connection().await?;
                Ok(Self::Sentinel(conn))
            }
            Target::Cluster { nodes, url, .. } => {
                let client = clients::cluster(nodes, url)?
                    .connection_timeout(options.connection_timeout)
                    .response_timeout(options.response_timeout)
                    .retries(u32::try_from(options.reconnect_retries).unwrap_or(u32::MAX))
                    .build()?;
                Ok(Self::Cluster(ClusterConn(
                    client.get_async_connection().await?,
                )))
            }
        }
    }
}

impl Conn {
    /// `WAIT 1 <ms>`: how many replicas hold this connection's writes, waiting up to `ms`.
    /// On a cluster it goes to the primary serving `key`'s slot: the node that took the
    /// write (a `WAIT` elsewhere would count another node's replicas).
    pub(super) async fn wait_one(&mut self, key: &str, ms: u64) -> RedisResult<i64> {
        let mut cmd = redis::cmd("WAIT");
        cmd.arg(1).arg(ms);
        match self {
            Self::Cluster(c) => {
                let route = RoutingInfo::SingleNode(SingleNodeRoutingInfo::SpecificNode(
                    Route::with_slot(Slot::for_key(key), SlotAddr::Master),
                ));
                Ok(redis::from_redis_value(
                    c.0.route_command(cmd, route).await?,
                )?)
            }
            other => cmd.query_async(other).await,
        }
    }
}

impl ConnectionLike for Conn {
    fn req_packed_command<'a>(&'a mut self, cmd: &'a Cmd) -> RedisFuture<'a, Value> {
        match self {
            Self::Single(c) => c.req_packed_command(cmd),
            Self::Sentinel(c) => c.req_packed_command(cmd),
            Self::Cluster(c) => c.req_packed_command(cmd),
        }
    }

    fn req_packed_commands<'a>(
        &'a mut self,
        pipeline: &'a Pipeline,
        offset: usize,
        count: usize,
    ) -> RedisFuture<'a, Vec<Value>> {
        match self {
            Self::Single(c) => c.req_packed_commands(pipeline, offset, count),
            Self::Sentinel(c) => c.req_packed_commands(pipeline, offset, count),
            Self::Cluster(c) => c.req_packed_commands(pipeline, offset, count),
        }
    }

    fn get_db(&self) -> i64 {
        match self {
            Self::Single(c) => c.get_db(),
            Self::Sentinel(c) => c.get_db(),
            Self::Cluster(_) => 0,
        }
    }
}

/// The connection to the primary that Sentinel names, asked again after a failure.
#[derive(Clone)]
pub(super) struct SentinelConn {
    inner: Arc<SentinelInner>,
}

struct SentinelInner {
    /// Asks the sentinels; one question at a time.
    client: tokio::sync::Mutex<SentinelClient>,
    /// The connection to the primary in use, `None` after a failure.
    current: Mutex<Option<MultiplexedConnection>>,
    config: AsyncConnectionConfig,
}

impl SentinelConn {
    fn cached(&self) -> Option<MultiplexedConnection> {
        self.inner
            .current
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    /// The connection in use, or a new one to the primary the sentinels name now (redis-rs
    /// checks with `ROLE` that it is a primary).
    async fn connection(&self) -> RedisResult<MultiplexedConnection> {
        if let Some(c) = self.cached() {
            return Ok(c);
        }
        let mut client = self.inner.client.lock().await;
        if let Some(c) = self.cached() {
            return Ok(c);
        }
        let conn = client
            .get_async_connection_with_config(&self.inner.config)
            .await?;
        tracing::info!("connected to the primary named by Sentinel");
        *self
            .inner
            .current
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(conn.clone());
        Ok(conn)
    }

    /// After `err`, whether to drop the connection and ask the sentinels again: the primary
    /// went away, or it is no longer the primary.
    fn after<T>(&self, result: RedisResult<T>) -> RedisResult<T> {
        if let Err(e) = &result
            && lost_primary(e)
        {
            *self
                .inner
                .current
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner) = None;
        }
        result
    }
}

/// The connection is to a primary no more: it broke, timed out, or the node was demoted.
fn lost_primary(e: &RedisError) -> bool {
    e.is_io_error()
        || e.is_timeout()
        || e.is_connection_dropped()
        || e.is_connection_refusal()
        || matches!(
            e.kind(),
            ErrorKind::Server(ServerErrorKind::ReadOnly | ServerErrorKind::MasterDown)
        )
}

impl ConnectionLike for SentinelConn {
    fn req_packed_command<'a>(&'a mut self, cmd: &'a Cmd) -> RedisFuture<'a, Value> {
        Box::pin(async move {
            let mut conn = self.connection().await?;
            let result = conn.req_packed_command(cmd).await;
            self.after(result)
        })
    }

    fn req_packed_commands<'a>(
        &'a mut self,
        pipeline: &'a Pipeline,
        offset: usize,
        count: usize,
    ) -> RedisFuture<'a, Vec<Value>> {
        Box::pin(async move {
            let mut conn = self.connection().await?;
            let result = conn.req_packed_commands(pipeline, offset, count).await;
            self.after(result)
        })
    }

    fn get_db(&self) -> i64 {
        self.cached().map_or(0, |c| c.get_db())
    }
}

/// A Redis Cluster connection that also takes plain pipelines over several slots and
/// routes a chat's `SCAN` to its node (see the module docs).
#[derive(Clone)]
pub(super) struct ClusterConn(ClusterConnection);

impl ConnectionLike for ClusterConn {
    fn req_packed_command<'a>(&'a mut self, cmd: &'a Cmd) -> RedisFuture<'a, Value> {
        match scan_slot(cmd) {
            Some(slot) => Box::pin(async move {
                let route = RoutingInfo::SingleNode(SingleNodeRoutingInfo::SpecificNode(
                    Route::with_slot(slot, SlotAddr::Master),
                ));
                self.0.route_command(cmd.clone(), route).await
            }),
            None => self.0.req_packed_command(cmd),
        }
    }

    fn req_packed_commands<'a>(
        &'a mut self,
        pipeline: &'a Pipeline,
        offset: usize,
        count: usize,
    ) -> RedisFuture<'a, Vec<Value>> {
        let groups = by_slot(pipeline);
        if pipeline.is_transaction() || groups.len() < 2 {
            return self.0.req_packed_commands(pipeline, offset, count);
        }
        Box::pin(async move {
            let mut values = vec![Value::Nil; pipeline.len()];
            for indices in groups {
                let mut part = redis::pipe();
                let cmds: Vec<&Cmd> = pipeline.cmd_iter().collect();
                for &i in &indices {
                    part.add_command(cmds[i].clone());
                }
                let got = self.0.req_packed_commands(&part, 0, indices.len()).await?;
                for (i, v) in indices.into_iter().zip(got) {
                    values[i] = v;
                }
            }
            Ok(values)
        })
    }

    fn get_db(&self) -> i64 {
        0
    }
}

/// A command's plain arguments, its name first.
fn simple_args(cmd: &Cmd) -> Vec<&[u8]> {
    cmd.args_iter()
        .filter_map(|a| match a {
            redis::Arg::Simple(s) => Some(s),
            _ => None,
        })
        .collect()
}

/// The key a command is routed by: the first key of a script call, else the first argument
/// after the command's name. `None` for a command without one.
fn routing_key(cmd: &Cmd) -> Option<Vec<u8>> {
    let args = simple_args(cmd);
    let name = args.first()?.to_ascii_uppercase();
    match name.as_slice() {
        b"EVAL" | b"EVALSHA" | b"EVAL_RO" | b"EVALSHA_RO" | b"FCALL" => {
            let numkeys: usize = std::str::from_utf8(args.get(2)?).ok()?.parse().ok()?;
            (numkeys > 0).then(|| args.get(3).map(|k| k.to_vec()))?
        }
        b"PING" | b"TIME" | b"INFO" | b"SCRIPT" | b"WAIT" => None,
        _ => args.get(1).map(|k| k.to_vec()),
    }
}

/// The pipeline's commands grouped by slot (indices, in order, groups by first appearance);
/// a command without key joins the first group.
fn by_slot(pipeline: &Pipeline) -> Vec<Vec<usize>> {
    let mut groups: Vec<(Option<Slot>, Vec<usize>)> = Vec::new();
    for (i, cmd) in pipeline.cmd_iter().enumerate() {
        let slot = routing_key(cmd).map(Slot::for_key);
        match slot {
            None if !groups.is_empty() => groups[0].1.push(i),
            _ => match groups.iter_mut().find(|(s, _)| *s == slot || s.is_none()) {
                Some(group) => {
                    group.0 = group.0.or(slot);
                    group.1.push(i);
                }
                None => groups.push((slot, vec![i])),
            },
        }
    }
    groups.into_iter().map(|(_, g)| g).collect()
}

/// The slot of a `SCAN … MATCH <pattern>` whose pattern names one hash tag.
fn scan_slot(cmd: &Cmd) -> Option<Slot> {
    let args = simple_args(cmd);
    if !args.first()?.eq_ignore_ascii_case(b"SCAN") {
        return None;
    }
    let at = args.iter().position(|a| a.eq_ignore_ascii_case(b"MATCH"))?;
    let pattern = std::str::from_utf8(args.get(at + 1)?).ok()?;
    let tag = hash_tag(pattern);
    (tag != pattern && !tag.contains(['*', '?', '['])).then(|| Slot::for_key(format!("{{{tag}}}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vars(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let pairs: Vec<(String, String)> = pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        move |k| pairs.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone())
    }

    #[test]
    fn the_environment_names_one_target_and_bad_lists_are_refused() {
        let url = "redis://:pw@ignored:6379/2";
        assert_eq!(
            Target::from_vars(url, vars(&[])).unwrap(),
            Target::Single(url.to_owned())
        );
        assert_eq!(
            Target::from_vars(
                url,
                vars(&[(SENTINELS_VAR, "a:26379, b:26380"), (MASTER_VAR, "parxis")])
            )
            .unwrap(),
            Target::Sentinel {
                sentinels: vec!["a:26379".into(), "b:26380".into()],
                master: "parxis".into(),
                url: url.into(),
                auth: SentinelAuth::default(),
                wait: Duration::from_millis(DEFAULT_WAIT_MS),
            }
        );
        let with_auth = Target::from_vars(
            url,
            vars(&[
                (SENTINELS_VAR, "a:26379"),
                (MASTER_VAR, "parxis"),
                (SENTINEL_USERNAME_VAR, " watcher "),
                (SENTINEL_PASSWORD_VAR, "sentinel-secret"),
            ]),
        )
        .unwrap();
        let Target::Sentinel { auth, .. } = &with_auth else {
            panic!("{with_auth:?}")
        };
        assert_eq!(auth.username.as_deref(), Some("watcher"));
        assert_eq!(auth.password.as_deref(), Some("sentinel-secret"));
        let shown = format!("{with_auth:?}");
        assert!(
            !shown.contains("sentinel-secret") && !shown.contains("pw"),
            "{shown}"
        );
        assert_eq!(
            Target::from_vars(url, vars(&[(CLUSTER_VAR, "n1:7000,n2:7001")])).unwrap(),
            Target::Cluster {
                nodes: vec!["n1:7000".into(), "n2:7001".into()],
                url: url.into(),
                wait: Duration::from_millis(DEFAULT_WAIT_MS),
            }
        );
        for bad in [
            vec![(SENTINELS_VAR, "a:1")],
            vec![
                (SENTINELS_VAR, "a:1"),
                (MASTER_VAR, "m"),
                (CLUSTER_VAR, "b:2"),
            ],
            vec![(CLUSTER_VAR, "nohost")],
            vec![(CLUSTER_VAR, "h:99999")],
            vec![(CLUSTER_VAR, ",")],
            vec![
                (SENTINELS_VAR, "a:1"),
                (MASTER_VAR, "m"),
                (WAIT_VAR, "soon"),
            ],
        ] {
            let err = Target::from_vars(url, vars(&bad)).unwrap_err();
            assert!(matches!(err, StoreError::Config(_)), "{bad:?}: {err}");
        }
        // The password never shows in Debug.
        let shown = format!("{:?}", Target::from_vars(url, vars(&[])).unwrap());
        assert!(!shown.contains("pw"), "{shown}");
    }

    #[test]
    fn a_pipeline_over_several_slots_is_grouped_by_slot_in_order() {
        let mut pipe = redis::pipe();
        pipe.cmd("SET")
            .arg("parxis:{-1}:game")
            .arg(1)
            .cmd("ZADD")
            .arg("parxis:deadlines")
            .arg(5)
            .arg("-1")
            .cmd("PEXPIRE")
            .arg("parxis:{-1}:display")
            .arg(9)
            .cmd("PING")
            .cmd("EVALSHA")
            .arg("abc")
            .arg(1)
            .arg("parxis:deadlines")
            .arg("x");
        assert_eq!(by_slot(&pipe), vec![vec![0, 2, 3], vec![1, 4]]);
        let mut one = redis::pipe();
        one.cmd("GET")
            .arg("parxis:{7}:a")
            .cmd("GET")
            .arg("parxis:{7}:b");
        assert_eq!(by_slot(&one), vec![vec![0, 1]]);
    }

    #[test]
    fn a_scan_over_one_chat_goes_to_its_slot() {
        let mut scan = redis::cmd("SCAN");
        scan.arg(0)
            .arg("MATCH")
            .arg("parxis:{-100}:lane:*:game")
            .arg("COUNT")
            .arg(100);
        assert_eq!(scan_slot(&scan), Some(Slot::for_key("parxis:{-100}:game")));
        let mut wide = redis::cmd("SCAN");
        wide.arg(0).arg("MATCH").arg("parxis:*");
        assert_eq!(scan_slot(&wide), None);
        assert_eq!(scan_slot(&redis::cmd("GET")), None);
    }
}
