//! The live board's state on this replica: a Telegram Mini App where a group's game is drawn
//! as it is played and the player to move plays by tapping (its routes and page are
//! [`crate::bot::entry::live`]'s, its frames [`crate::bot::core::view::live`]'s). Configured
//! by `PARXIS_MINIAPP_URL` and `PARXIS_MINIAPP_NAME` ([`crate::config::MiniAppConfig`]);
//! without them nothing of this runs and the boards are as before.
//!
//! - [`Live`]: the keys, the viewers, the request limits and the open streams;
//! - [`auth`]: `initData` checked (HMAC-SHA256 with the bot token, at most a day old);
//! - [`link`]: the game's opaque id in the link (its place sealed with a key from the token);
//! - [`hub`]: this replica's viewers, and the saves that reach them through Redis pub/sub;
//!
//! What the rest of the bot calls (every save to the viewers of every replica, the board's
//! "📱 Live board" button) is [`super::publish`], beside this module: it takes the context,
//! which holds this module's [`Live`]. The chat's season, as the page reads it, is
//! [`super::live_season`]'s, beside it for the same reason.
//!
//! Its time is the effects' one clock ([`crate::bot::effects::clock::system_ms`]).

pub mod auth;
pub mod hub;
pub mod link;

use std::collections::HashMap;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use tokio::sync::watch;

use super::clock::system_ms;
use crate::config::MiniAppConfig;
use crate::ops::http::Tally;
use crate::store::{Rate, Store};

/// The place of a group's game, as the links name it.
pub use crate::store::Place;

pub use hub::Hub;
pub use link::{GameId, LinkKey};

/// How long a membership is believed without asking again, by default (5 minutes).
pub const DEFAULT_MEMBER_CACHE_SECS: u64 = 300;

/// Every this many requests, the local rate limiters forget who they no longer hold back.
const FORGET_EVERY: u64 = 4096;

/// The settings [`Limits::from_vars`] reads.
pub const STREAM_SECS: &str = crate::config::LIVE_STREAM_SECS;
pub const MEMBER_CACHE_SECS: &str = crate::config::MEMBER_CACHE_SECS;
pub const STREAMS_PER_USER: &str = crate::config::LIVE_STREAMS_PER_USER;
pub const STREAMS_PER_ADDR: &str = crate::config::LIVE_STREAMS_PER_ADDR;
pub const STREAMS_TOTAL: &str = crate::config::LIVE_STREAMS_TOTAL;

/// How much one user, one address and everyone together may ask of the live board.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Requests a second of one user, sustained (taps and page loads together; shared by
    /// the replicas through Redis).
    pub per_second: u32,
    /// Requests at once of one user after a pause.
    pub burst: u32,
    /// Live connections of one user open at once.
    pub streams: usize,
    /// Requests a second from one client address, sustained (shared through Redis).
    pub addr_per_second: u32,
    /// Requests at once from one client address after a pause.
    pub addr_burst: u32,
    /// Live connections from one client address (`PARXIS_LIVE_STREAMS_PER_ADDR`).
    pub streams_per_addr: usize,
    /// Live connections of this replica in all (`PARXIS_LIVE_STREAMS_TOTAL`).
    pub streams_total: usize,
    /// A live connection's longest life (`PARXIS_LIVE_STREAM_SECS`): then the page
    /// reconnects, and membership is checked again.
    pub stream_secs: u64,
    /// How long a group membership is believed (`PARXIS_MEMBER_CACHE_SECS`).
    pub member_cache_secs: u64,
    /// Failed `initData` answered per minute from one address (then 429).
    pub failed_auth_per_minute: u32,
}

impl Default for Limits {
    /// Per user 10 requests a second, 30 at once, 6 pages open; per address 50 a second,
    /// 200 at once, 32 pages; 1,000 pages in all; a stream lives 15 minutes, a membership is
    /// believed 5; 30 failed `initData` a minute per address.
    fn default() -> Self {
        Self {
            per_second: 10,
            burst: 30,
            streams: 6,
            addr_per_second: 50,
            addr_burst: 200,
            streams_per_addr: 32,
            streams_total: 1000,
            stream_secs: 900,
            member_cache_secs: DEFAULT_MEMBER_CACHE_SECS,
            failed_auth_per_minute: 30,
        }
    }
}

impl Limits {
    /// The defaults, changed by the settings `var` gives.
    ///
    /// # Errors
    /// A setting is not a positive whole number (the message names it).
    pub fn from_vars(var: impl Fn(&str) -> Option<String>) -> Result<Self, String> {
        use crate::ops::http::{positive, positive_count};
        let d = Self::default();
        let count = |name, default| positive_count(&var, name, default);
        Ok(Self {
            streams: count(STREAMS_PER_USER, d.streams)?,
            streams_per_addr: count(STREAMS_PER_ADDR, d.streams_per_addr)?,
            streams_total: count(STREAMS_TOTAL, d.streams_total)?,
            stream_secs: positive(&var, STREAM_SECS, d.stream_secs)?,
            member_cache_secs: positive(&var, MEMBER_CACHE_SECS, d.member_cache_secs)?,
            ..d
        })
    }
}

/// The live board of one bot: its configuration, keys, viewers and limits.
pub struct Live {
    /// Where it is served and what it is called.
    pub app: MiniAppConfig,
    secret: auth::Secret,
    key: LinkKey,
    username: OnceLock<String>,
    /// This replica's viewers.
    pub hub: Arc<Hub>,
    /// The limits shared by the replicas, and the membership cache.
    store: Store,
    /// The per-user limit while Redis cannot be asked (per replica).
    limiter: DefaultKeyedRateLimiter<i64>,
    /// Failed `initData` per client address (per replica).
    failed: DefaultKeyedRateLimiter<IpAddr>,
    /// Failed `initData`, logged as a count per period.
    failed_tally: Tally,
    /// Requests checked so far (every [`FORGET_EVERY`], users no longer limited are forgotten).
    checked: std::sync::atomic::AtomicU64,
    limits: Limits,
    streams: Mutex<Streams>,
    /// Turns `true` when the replica stops: every stream ends, its page told to reconnect.
    closing: watch::Sender<bool>,
}

/// The open live connections: per user, per address, in all.
#[derive(Default)]
struct Streams {
    per_user: HashMap<i64, usize>,
    per_addr: HashMap<IpAddr, usize>,
    total: usize,
}

/// Why a stream was not opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Full {
    /// The user's or the address's share is used.
    Yours,
    /// The replica's.
    All,
}

impl std::fmt::Debug for Live {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Live").field("app", &self.app).finish()
    }
}

fn quota(per_second: u32, burst: u32) -> Quota {
    let per_second = NonZeroU32::new(per_second.max(1)).unwrap_or(NonZeroU32::MIN);
    let burst = NonZeroU32::new(burst.max(1)).unwrap_or(NonZeroU32::MIN);
    Quota::per_second(per_second).allow_burst(burst)
}

impl Live {
    /// The live board of the bot with `token`: its viewers' saves published through
    /// `store`'s request path and received by a subscriber of its own at `redis_url`.
    ///
    /// # Errors
    /// `redis_url` is not a Redis address.
    pub async fn start(
        app: MiniAppConfig,
        token: &str,
        store: Store,
        redis_url: &str,
        limits: Limits,
    ) -> Result<Arc<Self>, redis::RedisError> {
        redis::Client::open(redis_url)?;
        Ok(Self::start_on(
            app,
            token,
            store,
            crate::store::Target::Single(redis_url.to_owned()),
            limits,
        ))
    }

    /// [`Live::start`] with its subscriber following `target` (one node, Sentinel's
    /// primary, or sharded pub/sub on a cluster), as the store does.
    #[must_use]
    pub fn start_on(
        app: MiniAppConfig,
        token: &str,
        store: Store,
        target: crate::store::Target,
        limits: Limits,
    ) -> Arc<Self> {
        let hub = Hub::start_on(store.clone(), target, system_ms);
        let failed_per_minute =
            NonZeroU32::new(limits.failed_auth_per_minute.max(1)).unwrap_or(NonZeroU32::MIN);
        Arc::new(Self {
            app,
            secret: auth::Secret::of_token(token),
            key: LinkKey::of_token(token),
            username: OnceLock::new(),
            hub,
            store,
            limiter: RateLimiter::keyed(quota(limits.per_second, limits.burst)),
            failed: RateLimiter::keyed(Quota::per_minute(failed_per_minute)),
            failed_tally: Tally::new(
                "live board: initData refused",
                std::time::Duration::from_secs(10),
            ),
            checked: std::sync::atomic::AtomicU64::new(0),
            limits,
            streams: Mutex::new(Streams::default()),
            closing: watch::channel(false).0,
        })
    }

    /// The bot's username (from `getMe`), which the links need; set once.
    pub fn set_username(&self, username: &str) {
        let _ = self.username.set(username.to_owned());
    }

    /// The link to the live board of the game at `place` (`None` until the username is
    /// known).
    #[must_use]
    pub fn link_for(&self, place: Place) -> Option<String> {
        let username = self.username.get()?;
        Some(link::link(
            username,
            &self.app.short_name,
            &GameId::of(&self.key, place),
        ))
    }

    /// The public URL of picture `n` of the board at `place` (an inline game's, which
    /// Telegram fetches: see [`crate::bot::effects::inline`]): under the page's path, named
    /// by the place's unguessable id, numbered so that each picture has its own URL.
    #[must_use]
    pub fn picture_url(&self, place: Place, n: u64) -> String {
        let base = self.app.url.as_str().trim_end_matches('/');
        format!(
            "{base}/pic/{}/{n}.png",
            GameId::of(&self.key, place).as_str()
        )
    }

    /// The place a link's id names.
    #[must_use]
    pub fn place_of(&self, id: &str) -> Option<Place> {
        GameId::open(&self.key, id)
    }

    /// The `initData` key (for tests that sign their own).
    #[must_use]
    pub fn secret(&self) -> &auth::Secret {
        &self.secret
    }

    /// The limits in force.
    #[must_use]
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Ends every open stream (each page told to reconnect, to another replica): the
    /// replica stops.
    pub fn close_streams(&self) {
        self.closing.send_replace(true);
    }

    /// Turns `true` when the replica stops ([`Live::close_streams`]).
    #[must_use]
    pub fn closing(&self) -> watch::Receiver<bool> {
        self.closing.subscribe()
    }

    /// Open live connections of this replica.
    #[must_use]
    pub fn open_streams(&self) -> usize {
        self.streams
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .total
    }

    /// Does `user` from `addr` have a request left now? `Err(ms)`: no, room again in `ms`.
    /// Counted in Redis for every replica together; this replica's own count when Redis
    /// cannot be asked.
    pub async fn allow(&self, user: i64, addr: IpAddr) -> Result<(), u64> {
        let l = &self.limits;
        let now = system_ms();
        let store = &self.store;
        let by_user = Rate {
            per_second: l.per_second,
            burst: l.burst,
        };
        let by_addr = Rate {
            per_second: l.addr_per_second,
            burst: l.addr_burst,
        };
        let asked = async {
            if let Some(wait) = store
                .web_rate("addr", &addr.to_string(), by_addr, now)
                .await?
            {
                return Ok(Some(wait));
            }
            store
                .web_rate("user", &user.to_string(), by_user, now)
                .await
        };
        match asked.await {
            Ok(None) => Ok(()),
            Ok(Some(wait)) => Err(wait),
            Err(_) => self.allow_here(user).then_some(()).ok_or(1000),
        }
    }

    /// This replica's per-user limit (while Redis is away).
    fn allow_here(&self, user: i64) -> bool {
        let n = self
            .checked
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if n % FORGET_EVERY == FORGET_EVERY - 1 {
            // The limiters keep a cell per key: drop those back to a full burst.
            self.limiter.retain_recent();
            self.limiter.shrink_to_fit();
            self.failed.retain_recent();
            self.failed.shrink_to_fit();
        }
        self.limiter.check_key(&user).is_ok()
    }

    /// A failed `initData` from `addr`, counted for the log; `false` when the address has
    /// failed too often (then answered 429).
    pub fn note_failed(&self, addr: IpAddr) -> bool {
        self.failed_tally.note();
        self.failed.check_key(&addr).is_ok()
    }

    /// One more live connection of `user` from `addr`, if under the limits.
    pub fn open_stream(self: &Arc<Self>, user: i64, addr: IpAddr) -> Result<StreamSlot, Full> {
        let mut open = self.streams.lock().unwrap_or_else(PoisonError::into_inner);
        if open.total >= self.limits.streams_total {
            return Err(Full::All);
        }
        if open.per_user.get(&user).copied().unwrap_or(0) >= self.limits.streams
            || open.per_addr.get(&addr).copied().unwrap_or(0) >= self.limits.streams_per_addr
        {
            return Err(Full::Yours);
        }
        *open.per_user.entry(user).or_insert(0) += 1;
        *open.per_addr.entry(addr).or_insert(0) += 1;
        open.total += 1;
        Ok(StreamSlot {
            live: Arc::clone(self),
            user,
            addr,
        })
    }
}

/// One open live connection of a user (closing it frees the slot).
pub struct StreamSlot {
    live: Arc<Live>,
    user: i64,
    addr: IpAddr,
}

fn release<K: std::hash::Hash + Eq>(map: &mut HashMap<K, usize>, key: &K) {
    if let Some(n) = map.get_mut(key) {
        *n = n.saturating_sub(1);
        if *n == 0 {
            map.remove(key);
        }
    }
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        let mut open = self
            .live
            .streams
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        release(&mut open.per_user, &self.user);
        release(&mut open.per_addr, &self.addr);
        open.total = open.total.saturating_sub(1);
    }
}
