//! The port's connections, bounded: what one client on the open internet can make the
//! process hold.
//!
//! - **Header timeout** (`PARXIS_HTTP_HEADER_SECS`, hyper's own, with tokio's timer): a
//!   connection that has not sent a whole request head within it is closed. The timer also
//!   runs while a kept-alive connection waits for its next request, so it is the idle
//!   keep-alive timeout too.
//! - **Request deadline** (`PARXIS_HTTP_REQUEST_SECS`): the router must produce its answer
//!   within it, body read included, else 408 and the connection is closed. A stream's events
//!   come after its answer's head, so only its start is bounded (streams have their own
//!   lifetime, set by the live board that serves them).
//! - **Connection caps** (`PARXIS_HTTP_MAX_CONNS` in total, `PARXIS_HTTP_MAX_CONNS_PER_IP`
//!   per client address): when one is reached, the oldest *idle* connection (no request in
//!   flight: silent, or kept alive between requests) of that address, or of any address for
//!   the total, is closed to make room; only when none is idle is the new one refused. A
//!   probe, the webhook or a group's page sends its request at once, so it always gets a
//!   place while the caps are held by connections that send nothing.
//! - **Open files**: [`raise_open_files`] lifts the soft `RLIMIT_NOFILE` to the hard one at
//!   start, and [`Bounds::fit_open_files`] keeps the total cap at most half of what remains
//!   after a reserve, so the bot's own connections (Telegram, Redis) always find a descriptor.
//! - **Shutdown**: accepting stops, every connection is asked to finish (idle ones close at
//!   once), and after `drain` whatever remains is dropped.

use std::collections::{BTreeSet, HashMap};
use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::{Pin, pin};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::ConnectInfo;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use http_body::{Frame, SizeHint};
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, watch};
use tokio::task::JoinSet;
use tower::ServiceExt;

use super::tally::Tally;

/// Descriptors kept for the process's own use (Redis, Telegram, logs) before the connection
/// cap takes its share of the open-file limit.
pub const RESERVED_FILES: u64 = 64;

/// How much the port lets its clients hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// A request head must arrive within this (also the keep-alive idle timeout).
    pub header_timeout: Duration,
    /// An answer (its head) must be ready within this, the request's body read included.
    pub request_timeout: Duration,
    /// Connections open at once, in total.
    pub max_conns: usize,
    /// Connections open at once from one client address.
    pub max_conns_per_ip: usize,
    /// On shutdown, how long connections get to finish.
    pub drain: Duration,
    /// Reverse proxies whose `X-Forwarded-For` names the client (`PARXIS_TRUSTED_PROXIES`).
    pub trusted_proxies: super::forwarded::Trusted,
}

impl Default for Bounds {
    /// 10 s for a head, 15 s for an answer, 1,024 connections (128 per address), 3 s drain.
    fn default() -> Self {
        Self {
            header_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(15),
            max_conns: 1024,
            max_conns_per_ip: 128,
            drain: Duration::from_secs(3),
            trusted_proxies: super::forwarded::Trusted::default(),
        }
    }
}

/// The settings [`Bounds::from_vars`] reads.
pub const HEADER_SECS: &str = crate::config::HTTP_HEADER_SECS;
pub const REQUEST_SECS: &str = crate::config::HTTP_REQUEST_SECS;
pub const MAX_CONNS: &str = crate::config::HTTP_MAX_CONNS;
pub const MAX_CONNS_PER_IP: &str = crate::config::HTTP_MAX_CONNS_PER_IP;
pub const TRUSTED_PROXIES: &str = crate::config::TRUSTED_PROXIES;

/// A positive whole number setting, or its default when unset.
///
/// # Errors
/// Set but not a positive whole number (the message names the setting).
pub fn positive(
    var: impl Fn(&str) -> Option<String>,
    name: &str,
    default: u64,
) -> Result<u64, String> {
    match var(name) {
        None => Ok(default),
        Some(v) => match v.trim().parse::<u64>() {
            Ok(n) if n > 0 => Ok(n),
            _ => Err(format!("{name} must be a whole number above 0, not {v:?}")),
        },
    }
}

/// [`positive`] for a count of things held in memory.
///
/// # Errors
/// Set but not a positive whole number (the message names the setting).
pub fn positive_count(
    var: impl Fn(&str) -> Option<String>,
    name: &str,
    default: usize,
) -> Result<usize, String> {
    positive(var, name, default as u64).map(|n| usize::try_from(n).unwrap_or(usize::MAX))
}

impl Bounds {
    /// The defaults, changed by the settings `var` gives.
    ///
    /// # Errors
    /// A setting is not a positive whole number.
    pub fn from_vars(var: impl Fn(&str) -> Option<String>) -> Result<Self, String> {
        let d = Self::default();
        let secs = |name, default: Duration| {
            positive(&var, name, default.as_secs()).map(Duration::from_secs)
        };
        let count = |name, default| positive_count(&var, name, default);
        Ok(Self {
            header_timeout: secs(HEADER_SECS, d.header_timeout)?,
            request_timeout: secs(REQUEST_SECS, d.request_timeout)?,
            max_conns: count(MAX_CONNS, d.max_conns)?,
            max_conns_per_ip: count(MAX_CONNS_PER_IP, d.max_conns_per_ip)?,
            drain: d.drain,
            trusted_proxies: match var(TRUSTED_PROXIES) {
                Some(list) => super::forwarded::Trusted::parse(TRUSTED_PROXIES, &list)?,
                None => d.trusted_proxies,
            },
        })
    }

    /// These bounds with the total cap at most half of `open_files` past
    /// [`RESERVED_FILES`] (at least 8), and the per-address cap at most the total.
    #[must_use]
    pub fn fit_open_files(mut self, open_files: u64) -> Self {
        let room = open_files.saturating_sub(RESERVED_FILES) / 2;
        let room = usize::try_from(room.max(8)).unwrap_or(usize::MAX);
        self.max_conns = self.max_conns.min(room);
        self.max_conns_per_ip = self.max_conns_per_ip.min(self.max_conns);
        self
    }
}

/// Raises the soft open-file limit to the hard one; returns the soft limit in force after.
///
/// # Errors
/// The limit cannot be read.
#[cfg(unix)]
pub fn raise_open_files() -> io::Result<u64> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes the limit into the struct it is given, which lives here.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &raw mut limit) } != 0 {
        return Err(io::Error::last_os_error());
    }
    if limit.rlim_cur < limit.rlim_max {
        let wanted = libc::rlimit {
            rlim_cur: limit.rlim_max,
            rlim_max: limit.rlim_max,
        };
        // SAFETY: setrlimit only reads the struct it is given. A hard limit of "unlimited"
        // is refused by Linux for open files: the soft limit then stays as it was.
        if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raw const wanted) } == 0 {
            limit.rlim_cur = limit.rlim_max;
        }
    }
    // (`rlim_t` is u64 on Linux, not everywhere.)
    #[allow(clippy::useless_conversion)]
    Ok(u64::try_from(limit.rlim_cur).unwrap_or(u64::MAX))
}

/// Elsewhere nothing is raised; the limit is taken as unknown (large).
#[cfg(not(unix))]
pub fn raise_open_files() -> io::Result<u64> {
    Ok(u64::MAX)
}

/// The open connections: how many in total and per address, which are idle (oldest first),
/// to close one when a new one needs its place, and which were told to close but still hold
/// their socket (they keep their place until it is closed, so the descriptors in use never
/// pass the cap, however fast connections arrive).
struct Slots {
    table: Mutex<Table>,
    max: usize,
    per_ip: usize,
    /// Woken each time a connection's socket is closed and its place freed.
    freed: Notify,
}

#[derive(Default)]
struct Table {
    next: u64,
    open: HashMap<u64, Open>,
    per_ip: HashMap<IpAddr, usize>,
    idle: BTreeSet<u64>,
}

struct Open {
    ip: IpAddr,
    busy: usize,
    closing: bool,
    kill: Arc<Notify>,
}

/// What a new connection gets.
enum Admit {
    /// Its place.
    Now(Conn),
    /// A place is being freed (an idle connection was told to close): ask again once it is.
    Wait,
    /// Every place is busy: close it.
    Refused,
}

impl Table {
    /// Forgets connection `id` once its socket is closed.
    fn remove(&mut self, id: u64) {
        let Some(open) = self.open.remove(&id) else {
            return;
        };
        self.idle.remove(&id);
        if let Some(n) = self.per_ip.get_mut(&open.ip) {
            *n -= 1;
            if *n == 0 {
                self.per_ip.remove(&open.ip);
            }
        }
    }

    /// Whether a connection (of `ip` when given) was told to close and has not yet.
    fn closing(&self, ip: Option<IpAddr>) -> bool {
        self.open
            .values()
            .any(|o| o.closing && ip.is_none_or(|ip| o.ip == ip))
    }

    /// Tells the oldest idle connection (of `ip` when given) to close; `false` when none is
    /// idle. It keeps its place until its socket is closed.
    fn evict(&mut self, ip: Option<IpAddr>) -> bool {
        let victim = self
            .idle
            .iter()
            .copied()
            .find(|id| ip.is_none_or(|ip| self.open.get(id).is_some_and(|o| o.ip == ip)));
        let Some(id) = victim else {
            return false;
        };
        self.idle.remove(&id);
        if let Some(open) = self.open.get_mut(&id) {
            open.closing = true;
            open.kill.notify_one();
        }
        true
    }

    /// Makes room among the connections of `ip` (or all of them): waits for one already
    /// closing, or tells an idle one to close, or refuses.
    fn make_room(&mut self, ip: Option<IpAddr>) -> Admit {
        if self.closing(ip) || self.evict(ip) {
            Admit::Wait
        } else {
            Admit::Refused
        }
    }
}

impl Slots {
    fn new(max: usize, per_ip: usize) -> Self {
        Self {
            table: Mutex::new(Table::default()),
            max: max.max(1),
            per_ip: per_ip.max(1),
            freed: Notify::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Table> {
        self.table.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A place for a new connection from `ip`, or [`Admit::Wait`] while an idle one is
    /// closed to make it.
    fn admit(self: &Arc<Self>, ip: IpAddr) -> Admit {
        let mut t = self.lock();
        if t.per_ip.get(&ip).copied().unwrap_or(0) >= self.per_ip {
            return t.make_room(Some(ip));
        }
        if t.open.len() >= self.max {
            return t.make_room(None);
        }
        let id = t.next;
        t.next += 1;
        let kill = Arc::new(Notify::new());
        t.open.insert(
            id,
            Open {
                ip,
                busy: 0,
                closing: false,
                kill: Arc::clone(&kill),
            },
        );
        t.idle.insert(id);
        *t.per_ip.entry(ip).or_insert(0) += 1;
        Admit::Now(Conn {
            slots: Arc::clone(self),
            id,
            kill,
        })
    }

    /// A place for a new connection from `ip`, waiting (at most [`ROOM_WAIT`]) while idle
    /// connections close to make it; `None` when every place stays busy.
    async fn admit_waiting(self: &Arc<Self>, ip: IpAddr) -> Option<Conn> {
        let deadline = tokio::time::Instant::now() + ROOM_WAIT;
        loop {
            let freed = self.freed.notified();
            let mut freed = pin!(freed);
            freed.as_mut().enable();
            match self.admit(ip) {
                Admit::Now(conn) => return Some(conn),
                Admit::Refused => return None,
                Admit::Wait => {
                    if tokio::time::timeout_at(deadline, freed).await.is_err() {
                        return None;
                    }
                }
            }
        }
    }
}

/// How long a new connection waits for an idle one to close and free its place.
const ROOM_WAIT: Duration = Duration::from_secs(1);

/// One admitted connection; its place is freed when dropped.
struct Conn {
    slots: Arc<Slots>,
    id: u64,
    kill: Arc<Notify>,
}

impl Conn {
    /// Marks a request in flight until the guard (kept by its answer's body) is dropped.
    fn busy(self: &Arc<Self>) -> Busy {
        let mut t = self.slots.lock();
        if let Some(open) = t.open.get_mut(&self.id) {
            open.busy += 1;
            t.idle.remove(&self.id);
        }
        Busy(Arc::clone(self))
    }
}

impl Drop for Conn {
    /// Runs once the connection's socket is closed (the connection's task drops its stream
    /// before its `Conn`).
    fn drop(&mut self) {
        self.slots.lock().remove(self.id);
        self.slots.freed.notify_waiters();
    }
}

struct Busy(Arc<Conn>);

impl Drop for Busy {
    fn drop(&mut self) {
        let mut t = self.0.slots.lock();
        let id = self.0.id;
        if let Some(open) = t.open.get_mut(&id) {
            open.busy = open.busy.saturating_sub(1);
            if open.busy == 0 && !open.closing {
                t.idle.insert(id);
            }
        }
    }
}

/// An answer's body that keeps its connection marked busy until it is sent.
struct Held {
    inner: Body,
    _busy: Busy,
}

impl http_body::Body for Held {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.inner).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

/// The read buffer of a connection (hyper's minimum is 8 KiB): a request head, `initData`
/// included, fits; a longer head is refused.
const READ_BUFFER: usize = 16 * 1024;

/// Serves `router` on `listener` within `bounds` until `shutdown` completes; then stops
/// accepting, lets connections finish for `bounds.drain`, and drops what remains. Each
/// request carries its client's address ([`ConnectInfo<SocketAddr>`]).
///
/// # Errors
/// The listener's address cannot be read.
pub async fn serve_bounded<F>(
    listener: TcpListener,
    router: Router,
    bounds: Bounds,
    shutdown: F,
) -> io::Result<()>
where
    F: Future<Output = ()> + Send + 'static,
{
    tracing::info!(
        addr = %listener.local_addr()?,
        max_conns = bounds.max_conns,
        max_conns_per_ip = bounds.max_conns_per_ip,
        header_timeout_s = bounds.header_timeout.as_secs(),
        request_timeout_s = bounds.request_timeout.as_secs(),
        "HTTP server listening"
    );
    let slots = Arc::new(Slots::new(bounds.max_conns, bounds.max_conns_per_ip));
    let (closing, closed) = watch::channel(false);
    let accept_errors = Tally::new("HTTP accept failed", Duration::from_secs(10));
    let refused = Tally::new(
        "HTTP connections refused: caps reached with none idle",
        Duration::from_secs(10),
    );
    let mut tasks = JoinSet::new();
    let mut shutdown = pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    // Out of descriptors, most likely: wait for some to close.
                    accept_errors.note_error(&e);
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            },
            Some(_) = tasks.join_next(), if !tasks.is_empty() => continue,
        };
        // While an idle connection closes to make room, no other is accepted: the sockets
        // open never pass the cap by more than this one.
        let Some(conn) = slots.admit_waiting(peer.ip()).await else {
            refused.note();
            drop(stream);
            continue;
        };
        tasks.spawn(serve_conn(
            stream,
            peer,
            Arc::new(conn),
            router.clone(),
            bounds,
            closed.clone(),
        ));
    }
    drop(listener);
    let _ = closing.send(true);
    let open = tasks.len();
    let drained = tokio::time::timeout(bounds.drain, async {
        while tasks.join_next().await.is_some() {}
    })
    .await;
    if drained.is_err() {
        tracing::warn!(
            open,
            left = tasks.len(),
            drain_ms = bounds.drain.as_millis(),
            "HTTP connections still open after the drain: closed"
        );
        tasks.abort_all();
    }
    tracing::info!("HTTP server stopped");
    Ok(())
}

/// One connection: hyper's HTTP/1 with the header timeout, each request within the
/// deadline, until it ends, is evicted, or the server closes.
async fn serve_conn(
    stream: TcpStream,
    peer: SocketAddr,
    conn: Arc<Conn>,
    router: Router,
    bounds: Bounds,
    mut closing: watch::Receiver<bool>,
) {
    let _ = stream.set_nodelay(true);
    let in_service = Arc::clone(&conn);
    let deadline = bounds.request_timeout;
    let trusted = bounds.trusted_proxies;
    let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
        let busy = in_service.busy();
        let router = router.clone();
        async move {
            let mut request = request.map(Body::new);
            // Behind a trusted proxy, the client it names (the per-address limits' address).
            let client = trusted.client_of(peer, request.headers());
            request.extensions_mut().insert(ConnectInfo(client));
            let response = match tokio::time::timeout(deadline, router.oneshot(request)).await {
                Ok(Ok(response)) => response,
                Ok(Err(never)) => match never {},
                Err(_) => (
                    StatusCode::REQUEST_TIMEOUT,
                    [(header::CONNECTION, "close")],
                    "request took too long",
                )
                    .into_response(),
            };
            Ok::<_, Infallible>(response.map(|inner| Held { inner, _busy: busy }))
        }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(bounds.header_timeout)
        .max_buf_size(READ_BUFFER);
    let served = builder.serve_connection(TokioIo::new(stream), service);
    let mut served = pin!(served);
    tokio::select! {
        result = served.as_mut() => {
            if let Err(e) = result {
                tracing::debug!(error = %e, "HTTP connection ended");
            }
            return;
        }
        () = conn.kill.notified() => return,
        _ = closing.wait_for(|c| *c) => {}
    }
    served.as_mut().graceful_shutdown();
    tokio::select! {
        _ = served => {}
        () = conn.kill.notified() => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slots(max: usize, per_ip: usize) -> Arc<Slots> {
        Arc::new(Slots::new(max, per_ip))
    }

    fn now(a: Admit) -> Conn {
        match a {
            Admit::Now(conn) => conn,
            Admit::Wait => panic!("told to wait"),
            Admit::Refused => panic!("refused"),
        }
    }

    const A: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(10, 0, 0, 1));
    const B: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(10, 0, 0, 2));

    fn closing(s: &Slots, c: &Conn) -> bool {
        s.lock().open.get(&c.id).is_some_and(|o| o.closing)
    }

    #[test]
    fn a_full_address_makes_room_by_closing_its_oldest_idle_connection() {
        let s = slots(10, 2);
        let first = now(s.admit(A));
        let second = Arc::new(now(s.admit(A)));
        let _busy = second.busy();
        assert!(
            matches!(s.admit(A), Admit::Wait),
            "the idle first one closes"
        );
        assert!(closing(&s, &first));
        assert!(!closing(&s, &second));
        // Until its socket is closed it keeps its place: asking again waits, evicting nothing.
        assert!(matches!(s.admit(A), Admit::Wait));
        assert!(!closing(&s, &second));
        drop(first);
        let third = now(s.admit(A));
        assert_eq!(s.lock().per_ip[&A], 2);
        // The second busy, the third idle: a fourth closes the third.
        assert!(matches!(s.admit(A), Admit::Wait));
        assert!(closing(&s, &third));
        assert!(!closing(&s, &second));
    }

    #[test]
    fn busy_connections_are_never_closed_to_make_room() {
        let s = slots(2, 2);
        let a = Arc::new(now(s.admit(A)));
        let b = Arc::new(now(s.admit(B)));
        let (busy_a, busy_b) = (a.busy(), b.busy());
        assert!(matches!(s.admit(A), Admit::Refused));
        assert!(matches!(s.admit(B), Admit::Refused));
        drop((busy_a, busy_b));
        assert!(
            matches!(s.admit(B), Admit::Wait),
            "idle again once the answer is sent"
        );
    }

    #[test]
    fn the_total_cap_counts_connections_still_closing() {
        let s = slots(2, 2);
        let a = now(s.admit(A));
        let _b = now(s.admit(B));
        assert!(matches!(s.admit(B), Admit::Wait));
        assert!(closing(&s, &a));
        assert_eq!(
            s.lock().open.len(),
            2,
            "the closing one still holds its socket"
        );
        drop(a);
        assert_eq!(s.lock().open.len(), 1);
        let _c = now(s.admit(B));
        assert_eq!(s.lock().open.len(), 2);
    }

    #[tokio::test]
    async fn a_new_connection_waits_for_the_idle_one_closing_to_make_room() {
        let s = slots(1, 1);
        let a = now(s.admit(A));
        let waiting = tokio::spawn({
            let s = Arc::clone(&s);
            async move { s.admit_waiting(B).await.map(|c| c.id) }
        });
        // The connection told to close does so (as its task would on `kill`).
        a.kill.notified().await;
        let old = a.id;
        drop(a);
        let got = waiting.await.expect("joined").expect("a place once freed");
        assert_ne!(got, old);
    }

    #[tokio::test]
    async fn a_place_never_freed_is_given_up_after_the_wait() {
        let s = slots(1, 1);
        let _a = now(s.admit(A));
        assert!(s.admit_waiting(B).await.is_none());
    }

    #[test]
    fn the_cap_fits_the_open_file_limit() {
        let b = Bounds::default().fit_open_files(256);
        assert_eq!(b.max_conns, 96);
        assert_eq!(b.max_conns_per_ip, 96);
        assert_eq!(Bounds::default().fit_open_files(1 << 20), Bounds::default());
    }

    #[test]
    fn settings_are_read_and_bad_ones_named() {
        let b = Bounds::from_vars(|k| (k == HEADER_SECS).then(|| "2".to_owned())).unwrap();
        assert_eq!(b.header_timeout, Duration::from_secs(2));
        let e = Bounds::from_vars(|k| (k == MAX_CONNS).then(|| "0".to_owned())).unwrap_err();
        assert!(e.contains(MAX_CONNS), "{e}");
    }
}
