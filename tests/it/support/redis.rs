//! A real `redis-server` for integration tests, one per test, on a free loopback port.
//!
//! A test file takes it with `mod support;` and `use support::redis::TestRedis;`.
//!
//! `redis-server` is looked up as `$REDIS_SERVER` if set, else on `PATH`
//! (`apt-get install -y redis-server` installs it; no running service is needed or used).
//! Each server runs without persistence (`--save "" --appendonly no`) in its own temporary
//! directory, logs to `redis.log` there, and is killed when the [`TestRedis`] is dropped.
//! [`TestRedis::start_persistent`] runs one with an append-only file synced on every write
//! (as production Redis with AOF), so a [`TestRedis::stop`] and
//! [`TestRedis::start_again`] keep the data.
#![allow(dead_code)] // a bench includes this file alone and uses a part of it

use std::io::{ErrorKind, Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use parxis::store::Target;

/// How long a server may take to answer its first PING.
const START_TIMEOUT: Duration = Duration::from_secs(10);

static NEXT_DIR: AtomicUsize = AtomicUsize::new(0);

/// A `redis-server` child process listening on `127.0.0.1:<port>`.
pub struct TestRedis {
    port: u16,
    password: Option<String>,
    persistent: bool,
    dir: PathBuf,
    child: Option<Child>,
    /// More `redis-server` arguments (a replica's `--replicaof`, a cluster node's options).
    extra: Vec<String>,
    /// Run as a sentinel with this configuration (`sentinel monitor …` lines).
    sentinel: Option<String>,
}

impl TestRedis {
    /// Starts a server on a free port and waits until it answers PING.
    ///
    /// # Panics
    /// When `redis-server` is missing or does not come up within 10 s.
    #[must_use]
    pub fn start() -> Self {
        Self::start_inner(None, false)
    }

    /// As [`TestRedis::start`], with `requirepass` set: clients must send `password`.
    #[must_use]
    pub fn start_with_password(password: &str) -> Self {
        Self::start_inner(Some(password.to_owned()), false)
    }

    /// As [`TestRedis::start`], with persistence: `--appendonly yes --appendfsync always`,
    /// so even a SIGKILL ([`TestRedis::stop`]) loses no acknowledged write and
    /// [`TestRedis::start_again`] comes back with the data.
    #[must_use]
    pub fn start_persistent() -> Self {
        Self::start_inner(None, true)
    }

    /// As [`TestRedis::start`], with more arguments for `redis-server`.
    #[must_use]
    pub fn start_args(extra: &[&str]) -> Self {
        Self::start_full(None, false, extra, None)
    }

    /// A sentinel (`redis-server <conf> --sentinel`) whose configuration holds `conf` (its
    /// `sentinel monitor …` lines); the port and log are set here.
    #[must_use]
    pub fn start_sentinel(conf: &str) -> Self {
        Self::start_full(None, false, &[], Some(conf.to_owned()))
    }

    /// [`TestRedis::start_sentinel`] with more arguments (a TLS port, say), and its own
    /// password if `password`.
    #[must_use]
    pub fn start_sentinel_args(conf: &str, extra: &[&str], password: Option<&str>) -> Self {
        Self::start_full(
            password.map(str::to_owned),
            false,
            extra,
            Some(conf.to_owned()),
        )
    }

    fn start_inner(password: Option<String>, persistent: bool) -> Self {
        Self::start_full(password, persistent, &[], None)
    }

    fn start_full(
        password: Option<String>,
        persistent: bool,
        extra: &[&str],
        sentinel: Option<String>,
    ) -> Self {
        let n = NEXT_DIR.fetch_add(1, Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("parxis-test-redis-{}-{n}", std::process::id()));
        // Another process may grab the port between our probe and redis binding it: retry.
        let mut last_failure = String::new();
        for _ in 0..5 {
            // A failed attempt's drop removes the folder: each attempt makes it again (a
            // server given a missing `--dir` exits at once, logging nothing).
            std::fs::create_dir_all(&dir)
                .unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
            let mut server = Self {
                port: free_port(),
                password: password.clone(),
                persistent,
                dir: dir.clone(),
                child: None,
                extra: extra.iter().map(|a| (*a).to_owned()).collect(),
                sentinel: sentinel.clone(),
            };
            match server.spawn_and_wait() {
                Ok(()) => return server,
                Err(failure) => last_failure = failure,
            }
        }
        panic!("redis-server did not start: {last_failure}");
    }

    /// `redis://[:password@]127.0.0.1:<port>/`.
    #[must_use]
    pub fn url(&self) -> String {
        match &self.password {
            Some(pw) => format!("redis://:{pw}@127.0.0.1:{}/", self.port),
            None => format!("redis://127.0.0.1:{}/", self.port),
        }
    }

    /// A plain client connection, for tests to look at or tamper with what is stored.
    ///
    /// # Panics
    /// When the server does not accept it.
    pub async fn raw(&self) -> redis::aio::MultiplexedConnection {
        redis::Client::open(self.url())
            .expect("redis url")
            .get_multiplexed_async_connection()
            .await
            .expect("raw redis connection")
    }

    /// The TCP port the server listens on (kept across [`TestRedis::start_again`]).
    #[must_use]
    pub fn port(&self) -> u16 {
        self.port
    }

    /// Kills the server (SIGKILL, like a crash) and waits for it to exit. Its data is lost,
    /// unless it was started with [`TestRedis::start_persistent`].
    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Starts the server again on the same port after [`TestRedis::stop`]: empty, or with
    /// the data it had when started with [`TestRedis::start_persistent`].
    ///
    /// # Panics
    /// When it does not come up (for instance if the port was taken meanwhile).
    pub fn start_again(&mut self) {
        self.stop();
        if let Err(failure) = self.spawn_and_wait() {
            panic!(
                "redis-server did not start again on port {}: {failure}",
                self.port
            );
        }
    }

    /// Suspends the server (SIGSTOP): connections stay open but nothing is answered.
    pub fn freeze(&self) {
        self.signal("-STOP");
    }

    /// Resumes a server suspended by [`TestRedis::freeze`].
    pub fn thaw(&self) {
        self.signal("-CONT");
    }

    fn signal(&self, signal: &str) {
        let child = self.child.as_ref().expect("redis-server is not running");
        let status = Command::new("kill")
            .arg(signal)
            .arg(child.id().to_string())
            .status()
            .expect("cannot run kill");
        assert!(status.success(), "kill {signal} failed");
    }

    fn spawn_and_wait(&mut self) -> Result<(), String> {
        let program = std::env::var("REDIS_SERVER").unwrap_or_else(|_| "redis-server".to_owned());
        let log = self.dir.join("redis.log");
        let mut cmd = Command::new(&program);
        if let Some(conf) = &self.sentinel {
            // A sentinel rewrites its configuration file: one of its own, in its folder.
            let file = self.dir.join(format!("sentinel-{}.conf", self.port));
            std::fs::write(&file, format!("{conf}\n"))
                .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
            cmd.arg(&file).arg("--sentinel");
        }
        let persistence: &[&str] = if self.persistent {
            &[
                "--save",
                "",
                "--appendonly",
                "yes",
                "--appendfsync",
                "always",
            ]
        } else {
            &["--save", "", "--appendonly", "no"]
        };
        cmd.arg("--port")
            .arg(self.port.to_string())
            .args(["--bind", "127.0.0.1"])
            .args(if self.sentinel.is_some() {
                &[]
            } else {
                persistence
            })
            .args(["--daemonize", "no"])
            .args(if self.sentinel.is_some() {
                &[][..]
            } else {
                &["--databases", "1"][..]
            })
            .arg("--dir")
            .arg(&self.dir)
            .arg("--logfile")
            .arg(&log)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        if let Some(pw) = &self.password {
            cmd.args(["--requirepass", pw]);
        }
        cmd.args(&self.extra);
        let child = cmd.spawn().unwrap_or_else(|e| {
            if e.kind() == ErrorKind::NotFound {
                panic!(
                    "`{program}` not found: install redis-server (apt-get install -y redis-server) \
                     or set REDIS_SERVER to its path"
                )
            }
            panic!("cannot start `{program}`: {e}")
        });
        self.child = Some(child);

        let deadline = Instant::now() + START_TIMEOUT;
        loop {
            if self.answers_ping() {
                return Ok(());
            }
            let exited = self
                .child
                .as_mut()
                .and_then(|c| c.try_wait().ok().flatten());
            if let Some(status) = exited {
                self.child = None;
                return Err(format!("exited with {status}; log:\n{}", self.log_tail()));
            }
            if Instant::now() > deadline {
                self.stop();
                return Err(format!(
                    "no PONG on port {} within {START_TIMEOUT:?}; log:\n{}",
                    self.port,
                    self.log_tail()
                ));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn answers_ping(&self) -> bool {
        let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, self.port));
        let Ok(mut stream) = TcpStream::connect_timeout(&addr, Duration::from_millis(200)) else {
            return false;
        };
        let _ = stream.set_read_timeout(Some(Duration::from_millis(500)));
        let request = match &self.password {
            Some(pw) => format!("AUTH {pw}\r\nPING\r\n"),
            None => "PING\r\n".to_owned(),
        };
        if stream.write_all(request.as_bytes()).is_err() {
            return false;
        }
        let mut answer = Vec::new();
        let mut buf = [0u8; 64];
        while !answer.ends_with(b"+PONG\r\n") {
            match stream.read(&mut buf) {
                Ok(0) | Err(_) => return false,
                Ok(n) => answer.extend_from_slice(&buf[..n]),
            }
            if answer.starts_with(b"-") {
                return false;
            }
        }
        true
    }

    /// Polls `cmd` on this server until its answer contains `needle`; fails with `what`
    /// (and the answer and the log's tail) past `deadline`.
    pub async fn wait_for(&self, cmd: &redis::Cmd, needle: &str, deadline: Instant, what: &str) {
        let mut conn = self.raw().await;
        loop {
            let answer: String = cmd.query_async(&mut conn).await.unwrap_or_default();
            if answer.contains(needle) {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "{what}:\n{answer}\n{}",
                self.log_tail()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// The last lines of the server's log.
    pub fn log_tail(&self) -> String {
        let text = std::fs::read_to_string(self.dir.join("redis.log")).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        lines[lines.len().saturating_sub(15)..].join("\n")
    }
}

impl Drop for TestRedis {
    fn drop(&mut self) {
        self.stop();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The highest port a cluster node can have: its cluster bus listens 10 000 above it (above
/// its TLS port under `tls-cluster yes`), and a node given a higher one exits at once ("Redis
/// port number too high").
const CLUSTER_PORT_MAX: u16 = 65_535 - 10_000;

/// A port that was free a moment ago: bind port 0 on loopback, read it, release it; never
/// above [`CLUSTER_PORT_MAX`], so that any server may be a cluster node (the kernel's
/// ephemeral ports reach 60 999, a fifth of them too high: drawn for a node's TLS port, which
/// the start's retries keep, one failed `redis_ha_tls`'s cluster test with "redis-server did
/// not start").
fn free_port() -> u16 {
    loop {
        let port = TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .expect("cannot bind a loopback port");
        // A cluster node's bus takes the port 10 000 above: free too when probed.
        if port <= CLUSTER_PORT_MAX
            && TcpListener::bind((Ipv4Addr::LOCALHOST, port + 10_000)).is_ok()
        {
            return port;
        }
    }
}

/// The name the sentinels of a [`SentinelSet`] know its primary by.
pub const SENTINEL_MASTER: &str = "parxis";
/// The sentinels' own password in a set started with [`SentinelSet::start_tls`].
pub const TLS_SENTINEL_PASSWORD: &str = "sentinel-pw_never-logged";

/// A Sentinel set as production runs one, on loopback: a primary, one replica of it and
/// three sentinels (quorum 2) that fail over after one second without an answer. The primary
/// is handed to the caller apart (a test harness owns it, and kills it).
pub struct SentinelSet {
    pub replica: TestRedis,
    pub sentinels: Vec<TestRedis>,
    /// Under TLS ([`SentinelSet::start_tls`]): the TLS ports of the primary, the replica
    /// and each sentinel, which are the ones the set names and replicates through.
    pub tls: Option<SetTlsPorts>,
}

/// The TLS ports of a [`SentinelSet`] started with [`SentinelSet::start_tls`].
pub struct SetTlsPorts {
    pub primary: u16,
    pub replica: u16,
    pub sentinels: Vec<u16>,
}

/// The `redis-server` arguments serving TLS on `tls_port` with the certificates in `dir`
/// (`server.pem`, `server.key`, CA `ca.pem`, as `support::tls` makes them), replication and the cluster bus over TLS too;
/// clients are not asked for a certificate.
#[must_use]
pub fn tls_server_args(dir: &Path, tls_port: u16) -> Vec<String> {
    let path = |f: &str| dir.join(f).to_string_lossy().into_owned();
    [
        "--tls-port",
        &tls_port.to_string(),
        "--tls-cert-file",
        &path("server.pem"),
        "--tls-key-file",
        &path("server.key"),
        "--tls-ca-cert-file",
        &path("ca.pem"),
        "--tls-auth-clients",
        "no",
        "--tls-replication",
        "yes",
    ]
    .iter()
    .map(|a| (*a).to_owned())
    .collect()
}

/// `redis-server` arguments serving TLS with the keys of `dir` on a fresh port (none without
/// `dir`), and that port.
fn tls_args(dir: Option<&Path>) -> (Vec<String>, Option<u16>) {
    match dir {
        Some(dir) => {
            let port = free_port();
            (tls_server_args(dir, port), Some(port))
        }
        None => (Vec::new(), None),
    }
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

impl SentinelSet {
    /// Starts the set and waits until the replica copies the primary and every sentinel
    /// knows the replica and the two other sentinels (so a failover can be agreed).
    ///
    /// # Panics
    /// When a server does not start or the set does not form within 20 s.
    pub async fn start() -> (TestRedis, Self) {
        Self::start_with(None).await
    }

    /// As [`SentinelSet::start`], every server and sentinel also serving TLS with the keys
    /// of `dir` (see `support::tls`), and the set speaking TLS within itself: the replica
    /// copies the primary's TLS port, the sentinels watch the TLS ports and talk to each
    /// other over TLS. The plain ports stay open for the test's own look.
    pub async fn start_tls(dir: &Path) -> (TestRedis, Self) {
        Self::start_with(Some(dir)).await
    }

    async fn start_with(dir: Option<&Path>) -> (TestRedis, Self) {
        // A replica's first copy starts at once (not after the default 5 s of diskless sync).
        let (mut args, primary_tls) = tls_args(dir);
        args.extend(["--repl-diskless-sync-delay".to_owned(), "0".to_owned()]);
        let primary = TestRedis::start_args(&strs(&args));
        let port = primary_tls.unwrap_or_else(|| primary.port()).to_string();
        let (mut args, replica_tls) = tls_args(dir);
        args.extend(["--replicaof", "127.0.0.1", &port].map(str::to_owned));
        let replica = TestRedis::start_args(&strs(&args));
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut info = redis::cmd("INFO");
        info.arg("replication");
        replica
            .wait_for(
                &info,
                "master_link_status:up",
                deadline,
                "the replica never copied the primary",
            )
            .await;
        let conf = format!(
            "sentinel monitor {SENTINEL_MASTER} 127.0.0.1 {port} 2\n\
             sentinel down-after-milliseconds {SENTINEL_MASTER} 1000\n\
             sentinel failover-timeout {SENTINEL_MASTER} 3000\n\
             sentinel parallel-syncs {SENTINEL_MASTER} 1"
        );
        // Under TLS the sentinels also ask for a password, among themselves too.
        let (conf, password) = match dir {
            Some(_) => (
                format!("{conf}\nsentinel sentinel-pass {TLS_SENTINEL_PASSWORD}"),
                Some(TLS_SENTINEL_PASSWORD),
            ),
            None => (conf, None),
        };
        let mut sentinel_tls = Vec::new();
        let sentinels: Vec<TestRedis> = (0..3)
            .map(|_| {
                let (args, tls) = tls_args(dir);
                sentinel_tls.extend(tls);
                TestRedis::start_sentinel_args(&conf, &strs(&args), password)
            })
            .collect();
        let tls = match (primary_tls, replica_tls) {
            (Some(primary), Some(replica)) => Some(SetTlsPorts {
                primary,
                replica,
                sentinels: sentinel_tls,
            }),
            _ => None,
        };
        let set = Self {
            replica,
            sentinels,
            tls,
        };
        for s in &set.sentinels {
            let mut conn = s.raw().await;
            loop {
                let fields: Vec<String> = redis::cmd("SENTINEL")
                    .arg("MASTER")
                    .arg(SENTINEL_MASTER)
                    .query_async(&mut conn)
                    .await
                    .unwrap_or_default();
                let field = |name: &str| {
                    fields
                        .iter()
                        .position(|f| f == name)
                        .and_then(|i| fields.get(i + 1))
                        .cloned()
                        .unwrap_or_default()
                };
                if field("num-slaves") == "1" && field("num-other-sentinels") == "2" {
                    break;
                }
                assert!(
                    Instant::now() < deadline,
                    "the sentinel set did not form: {fields:?}\n{}",
                    s.log_tail()
                );
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
        (primary, set)
    }

    /// The sentinels' addresses, `127.0.0.1:<port>` (their TLS ports under TLS).
    #[must_use]
    pub fn addresses(&self) -> Vec<String> {
        match &self.tls {
            Some(tls) => tls
                .sentinels
                .iter()
                .map(|p| format!("127.0.0.1:{p}"))
                .collect(),
            None => self
                .sentinels
                .iter()
                .map(|s| format!("127.0.0.1:{}", s.port()))
                .collect(),
        }
    }

    /// The port of the primary the sentinels name now.
    pub async fn primary_port(&self) -> Option<u16> {
        let mut conn = self.sentinels[0].raw().await;
        let addr: Option<(String, String)> = redis::cmd("SENTINEL")
            .arg("GET-MASTER-ADDR-BY-NAME")
            .arg(SENTINEL_MASTER)
            .query_async(&mut conn)
            .await
            .ok()
            .flatten();
        addr.and_then(|(_, port)| port.parse().ok())
    }
}

/// A Redis Cluster of three primaries (no replicas) on loopback, slots split evenly by
/// `redis-cli --cluster create`.
pub struct ClusterSet {
    pub nodes: Vec<TestRedis>,
    /// Under TLS ([`ClusterSet::start_tls`]): each node's TLS port.
    pub tls_ports: Vec<u16>,
}

impl ClusterSet {
    /// Starts three cluster nodes, joins them and waits until every node says `cluster_state:ok`.
    ///
    /// # Panics
    /// When `redis-cli` is missing, or the cluster does not form within 20 s.
    pub async fn start() -> Self {
        Self::start_with(None).await
    }

    /// As [`ClusterSet::start`], every node also serving TLS with the keys of `dir` (see
    /// `support::tls`) and the cluster bus over TLS (`tls-cluster yes`): a client that
    /// speaks TLS is told the nodes' TLS ports. The plain ports stay open for the test's look.
    pub async fn start_tls(dir: &Path) -> Self {
        Self::start_with(Some(dir)).await
    }

    async fn start_with(dir: Option<&Path>) -> Self {
        let mut tls_ports = Vec::new();
        let nodes: Vec<TestRedis> = (0..3)
            .map(|_| {
                let (mut args, tls) = tls_args(dir);
                if tls.is_some() {
                    args.extend(["--tls-cluster".to_owned(), "yes".to_owned()]);
                }
                tls_ports.extend(tls);
                args.extend(
                    [
                        "--cluster-enabled",
                        "yes",
                        "--cluster-config-file",
                        "nodes.conf",
                        "--cluster-node-timeout",
                        "2000",
                    ]
                    .map(str::to_owned),
                );
                TestRedis::start_args(&strs(&args))
            })
            .collect();
        let cli = std::env::var("REDIS_CLI").unwrap_or_else(|_| "redis-cli".to_owned());
        // Under `tls-cluster yes` the bus listens beside the TLS port: the nodes meet there.
        let (tls_flags, ports): (Vec<String>, Vec<u16>) = match dir {
            Some(dir) => (
                vec![
                    "--tls".to_owned(),
                    "--cacert".to_owned(),
                    dir.join("ca.pem").to_string_lossy().into_owned(),
                ],
                tls_ports.clone(),
            ),
            None => (Vec::new(), nodes.iter().map(TestRedis::port).collect()),
        };
        // `redis-cli --cluster create` waits for ever for nodes that cannot meet: bounded.
        let out = Command::new("timeout")
            .arg("30")
            .arg(&cli)
            .args(&tls_flags)
            .args(["--cluster", "create"])
            .args(ports.iter().map(|p| format!("127.0.0.1:{p}")))
            .args(["--cluster-replicas", "0", "--cluster-yes"])
            .stdin(Stdio::null())
            .output()
            .unwrap_or_else(|e| panic!("cannot run `{cli}` (apt-get install -y redis-tools): {e}"));
        assert!(
            out.status.success(),
            "redis-cli --cluster create failed:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let set = Self { nodes, tls_ports };
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut info = redis::cmd("CLUSTER");
        info.arg("INFO");
        for n in &set.nodes {
            n.wait_for(
                &info,
                "cluster_state:ok",
                deadline,
                "the cluster did not form",
            )
            .await;
        }
        set
    }

    /// The seed nodes' addresses, `127.0.0.1:<port>` (their TLS ports under TLS).
    #[must_use]
    pub fn addresses(&self) -> Vec<String> {
        if self.tls_ports.is_empty() {
            self.nodes
                .iter()
                .map(|n| format!("127.0.0.1:{}", n.port()))
                .collect()
        } else {
            self.tls_ports
                .iter()
                .map(|p| format!("127.0.0.1:{p}"))
                .collect()
        }
    }

    /// The store's [`Target`] for this cluster: its seed nodes, no password, and a save
    /// waiting up to `wait` for one replica of its node (`WAIT 1`; zero: no wait).
    #[must_use]
    pub fn target(&self, wait: Duration) -> Target {
        Target::Cluster {
            nodes: self.addresses(),
            url: "redis://127.0.0.1/".to_owned(),
            wait,
        }
    }
}
