//! The live board: a Telegram Mini App where a group's game is drawn as it is played (every
//! roll and move as it happens, the moving piece animated) and the player to move plays by
//! tapping. Served by the bot's own HTTP port ([`crate::ops::http`]); configured by
//! `PARXIS_MINIAPP_URL` and `PARXIS_MINIAPP_NAME` ([`crate::config::MiniAppConfig`]);
//! without them nothing of this runs and the boards are as before.
//!
//! ```text
//! board in a group ── 📱 Live board (URL button) ──▶ https://t.me/<bot>/<app>?startapp=<id>
//!   Telegram opens <PARXIS_MINIAPP_URL>#tgWebAppData=<initData signed with the bot token>
//!   page ── GET  <path>/api/live  (Authorization: tma <initData>) ──▶ Server-Sent Events:
//!           the stored game first, then a frame per saved version (hub, Redis pub/sub)
//!   page ── POST <path>/api/act   (a tap: roll, or a move) ──▶ commit::act (the chat
//!           button's own path: Table::step, compare-and-set) ──▶ commit::follow_with
//!           (publish_saved ──▶ every replica's viewers; the board planned coalesced)
//! ```
//!
//! - [`auth`]: `initData` checked (HMAC-SHA256 with the bot token, at most a day old);
//! - [`link`]: the game's opaque id in the link (its place sealed with a key from the token);
//! - [`frame`]: one state of the game as a page shows it (the PNG's scene as SVG, texts);
//! - [`hub`]: this replica's viewers, and the saves that reach them through Redis pub/sub;
//! - [`routes`]: the page, its assets and its two requests, limited per user.
//!
//! The bot's save path tells the viewers of every save through [`publish_saved`], called in
//! [`crate::bot::effects::commit::follow_with`] (every save that is followed: presses, taps,
//! turns, lobbies, a player back) and where the results of a finished game are saved; the
//! board's button comes from [`button_row`], called where the drain renders a board.

pub mod auth;
pub mod frame;
pub mod hub;
pub mod link;
mod page;
pub mod routes;

use std::collections::HashMap;
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use teloxide::types::InlineKeyboardButton;

use crate::bot::core::table::{Stage, Table};
use crate::bot::effects::Ctx;
use crate::config::MiniAppConfig;
use crate::i18n::{Lang, LiveMsg, Msg, tr_plain};
use crate::store::{Place, Store};

pub use hub::Hub;
pub use link::{GameId, LinkKey};

/// Every this many requests, the rate limiter forgets the users it no longer holds back.
const FORGET_EVERY: u64 = 4096;

/// How much one user may ask of the live board.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Requests a second, sustained (taps and page loads together).
    pub per_second: u32,
    /// Requests at once after a pause.
    pub burst: u32,
    /// Live connections open at once.
    pub streams: usize,
}

impl Default for Limits {
    /// 10 requests a second, 30 at once, 6 pages open: far above a player's taps.
    fn default() -> Self {
        Self {
            per_second: 10,
            burst: 30,
            streams: 6,
        }
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
    limiter: DefaultKeyedRateLimiter<i64>,
    /// Requests checked so far (every [`FORGET_EVERY`], users no longer limited are forgotten).
    checked: std::sync::atomic::AtomicU64,
    limits: Limits,
    streams: Mutex<HashMap<i64, usize>>,
}

impl std::fmt::Debug for Live {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Live").field("app", &self.app).finish()
    }
}

/// Milliseconds since the Unix epoch (the frames' clock).
fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

impl Live {
    /// The live board of the bot with `token`, its viewers' saves carried by the Redis at
    /// `redis_url` (one publishing connection and one subscriber).
    ///
    /// # Errors
    /// Redis cannot be reached.
    pub async fn start(
        app: MiniAppConfig,
        token: &str,
        store: Store,
        redis_url: &str,
        limits: Limits,
    ) -> Result<Arc<Self>, redis::RedisError> {
        let hub = Hub::start(store, redis_url, now_ms).await?;
        let per_second = NonZeroU32::new(limits.per_second.max(1)).unwrap_or(NonZeroU32::MIN);
        let burst = NonZeroU32::new(limits.burst.max(1)).unwrap_or(NonZeroU32::MIN);
        Ok(Arc::new(Self {
            app,
            secret: auth::Secret::of_token(token),
            key: LinkKey::of_token(token),
            username: OnceLock::new(),
            hub,
            limiter: RateLimiter::keyed(Quota::per_second(per_second).allow_burst(burst)),
            checked: std::sync::atomic::AtomicU64::new(0),
            limits,
            streams: Mutex::new(HashMap::new()),
        }))
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

    /// Does `user` have a request left now?
    fn allow(&self, user: i64) -> bool {
        let n = self
            .checked
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if n % FORGET_EVERY == FORGET_EVERY - 1 {
            // The limiter keeps a cell per user: drop those back to a full burst.
            self.limiter.retain_recent();
            self.limiter.shrink_to_fit();
        }
        self.limiter.check_key(&user).is_ok()
    }

    /// One more live connection of `user`, if under the limit.
    fn open_stream(self: &Arc<Self>, user: i64) -> Option<StreamSlot> {
        let mut open = self.streams.lock().unwrap_or_else(PoisonError::into_inner);
        let n = open.entry(user).or_insert(0);
        if *n >= self.limits.streams {
            return None;
        }
        *n += 1;
        Some(StreamSlot {
            live: Arc::clone(self),
            user,
        })
    }
}

/// One open live connection of a user (closing it frees the slot).
struct StreamSlot {
    live: Arc<Live>,
    user: i64,
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        let mut open = self
            .live
            .streams
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(n) = open.get_mut(&self.user) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                open.remove(&self.user);
            }
        }
    }
}

/// The row the board of `table` at `place` gets under its buttons: "📱 Live board", a URL
/// button to the Direct Link Mini App (Telegram refuses `web_app` buttons in groups). Only
/// with the Mini App configured, for a game in play or finished, in a group.
#[must_use]
pub fn button_row(
    ctx: &Ctx,
    place: Place,
    lang: Lang,
    table: &Table,
) -> Option<Vec<InlineKeyboardButton>> {
    let live = ctx.live.as_ref()?;
    if !matches!(table.stage, Stage::Playing(_) | Stage::Finished(_)) || place.chat >= 0 {
        return None;
    }
    let url = live.link_for(place)?.parse().ok()?;
    Some(vec![InlineKeyboardButton::url(
        tr_plain(lang, &Msg::Live(LiveMsg::Button)),
        url,
    )])
}

/// **The hook of the save path**: `table`, just saved at `place` as `version`, goes to the
/// live board's viewers on every replica (this one's at once, the others' by one `PUBLISH`).
/// Nothing without the Mini App configured.
pub async fn publish_saved(ctx: &Ctx, place: Place, table: &Table, version: u64) {
    if let Some(live) = &ctx.live {
        live.hub.publish(place, version, table).await;
    }
}
