//! Flood mode: Telegram's per-group write limit (about 20 messages and edits a minute per
//! chat), answered as Telegram does with 429 and the true `retry_after`.
//!
//! The fake counts the *writes* to each chat (by `chat_id`) in a sliding window. A write that
//! would be the `limit + 1`-th inside the window is refused, not performed and not counted:
//! HTTP 429, `{"ok":false,"error_code":429,"description":"Too Many Requests: retry after N",
//! "parameters":{"retry_after":N}}`, where N is the number of whole seconds (rounded up,
//! never 0) until the write that blocks it leaves the window, so a client that waits N
//! seconds is let through. Every admitted write counts, whatever its answer (a "message is
//! not modified" edit costs a write too, as being conservative is the point).
//!
//! Time comes from a [`FloodClock`]:
//! - [`FloodClock::Manual`]: a fake clock that only moves when the test calls
//!   [`super::FakeTelegram::advance_clock`]. With it a test keeps Telegram's true 60 s window
//!   and checks exact `retry_after` values without sleeping.
//! - [`FloodClock::Test`]: the machine's monotonic clock plus what the test moved it on with
//!   [`super::FakeTelegram::advance_clock`]: the time of bots on a test clock (the bot
//!   harness's `advance` moves both), so a bot's budget and Telegram's window agree.
//! - [`FloodClock::Real`]: the machine's monotonic clock, for end-to-end tests of a bot that
//!   really waits. teloxide hands `retry_after` over as whole seconds, so the window is
//!   shortened (say a "minute" of 3 s) rather than the seconds scaled: N stays a number of real
//!   seconds after which the write succeeds, just smaller (1 to 3 with a 3 s window).

use std::{
    collections::{HashMap, VecDeque},
    time::{Duration, Instant},
};

use serde_json::Value;

use super::params::as_i64;

/// The methods that count as writes to a chat. `answerCallbackQuery`, `sendChatAction` and
/// every getter do not count.
pub const WRITE_METHODS: &[&str] = &[
    "sendmessage",
    "sendphoto",
    "senddice",
    "sendanimation",
    "senddocument",
    "sendsticker",
    "sendvideo",
    "sendaudio",
    "sendvoice",
    "sendmediagroup",
    "sendpoll",
    "sendlocation",
    "forwardmessage",
    "copymessage",
    "editmessagetext",
    "editmessagecaption",
    "editmessagemedia",
    "editmessagereplymarkup",
    "deletemessage",
    "deletemessages",
    "pinchatmessage",
    "unpinchatmessage",
];

/// Whether `method` (lower-cased) is a write in the sense of [`WRITE_METHODS`].
#[must_use]
pub fn is_write(method: &str) -> bool {
    WRITE_METHODS.contains(&method)
}

/// The key under which flood mode counts the writes to inline message `id` (edits by inline
/// id name no chat; each inline message is counted as a chat of its own):
/// [`super::FakeTelegram::flood_stats`] of this key.
#[must_use]
pub fn inline_flood_key(id: &str) -> i64 {
    // FNV-1a, folded into the positive i64s above every user id the tests use.
    let h = id.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    i64::try_from(h >> 2).unwrap_or(i64::MAX) | (1 << 60)
}

/// Where flood mode takes its time from (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloodClock {
    /// The monotonic clock of the machine.
    Real,
    /// A fake clock, starting at 0 and advanced only by the test.
    Manual,
    /// The monotonic clock of the machine plus what the test advanced.
    Test,
}

/// The settings of flood mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flood {
    /// How many writes a chat may get inside one window.
    pub limit: usize,
    /// The length of the sliding window (Telegram: one minute).
    pub window: Duration,
    /// The clock the window runs on.
    pub clock: FloodClock,
}

impl Default for Flood {
    /// Telegram's limit: 20 writes a minute per chat, on the real clock.
    fn default() -> Self {
        Self {
            limit: 20,
            window: Duration::from_secs(60),
            clock: FloodClock::Real,
        }
    }
}

/// What flood mode saw of one chat. Times are on the flood clock, from when flood mode was
/// turned on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FloodStats {
    /// When each admitted write arrived, in order.
    pub writes: Vec<Duration>,
    /// Each refused write: when it arrived and the `retry_after` it was answered.
    pub refused: Vec<(Duration, u32)>,
}

#[derive(Default)]
struct ChatFlood {
    /// The admitted writes still inside the window, oldest first.
    recent: VecDeque<Duration>,
    stats: FloodStats,
}

/// The per-chat counters and the clock (kept in the fake's state, under its lock).
pub(super) struct FloodGate {
    flood: Flood,
    started: Instant,
    manual: Duration,
    chats: HashMap<i64, ChatFlood>,
}

impl FloodGate {
    /// A gate with `flood`'s settings (a `limit` of 0 is taken as 1).
    pub fn new(flood: Flood) -> Self {
        Self {
            flood: Flood {
                limit: flood.limit.max(1),
                ..flood
            },
            started: Instant::now(),
            manual: Duration::ZERO,
            chats: HashMap::new(),
        }
    }

    /// The time on the flood clock.
    pub fn now(&self) -> Duration {
        match self.flood.clock {
            FloodClock::Real => self.started.elapsed(),
            FloodClock::Manual => self.manual,
            FloodClock::Test => self.started.elapsed().saturating_add(self.manual),
        }
    }

    /// Moves the manual (or test) clock forward (no effect on the real clock).
    pub fn advance(&mut self, by: Duration) {
        self.manual = self.manual.saturating_add(by);
    }

    /// Admits the request and counts it, or answers the `retry_after` in seconds. Requests
    /// that are not writes, or name no numeric `chat_id`, are always admitted.
    pub fn admit(&mut self, method: &str, params: &Value) -> Result<(), u32> {
        if !is_write(method) {
            return Ok(());
        }
        let Some(chat) = params.get("chat_id").and_then(as_i64).or_else(|| {
            params
                .get("inline_message_id")
                .and_then(Value::as_str)
                .map(inline_flood_key)
        }) else {
            return Ok(());
        };
        let now = self.now();
        let Flood { limit, window, .. } = self.flood;
        let entry = self.chats.entry(chat).or_default();
        while entry
            .recent
            .front()
            .is_some_and(|&at| at.saturating_add(window) <= now)
        {
            entry.recent.pop_front();
        }
        if entry.recent.len() < limit {
            entry.recent.push_back(now);
            entry.stats.writes.push(now);
            return Ok(());
        }
        // The write that must leave the window first for one more to fit.
        let blocking = entry.recent[entry.recent.len() - limit];
        let wait = blocking.saturating_add(window).saturating_sub(now);
        let retry_after = u32::try_from(wait.as_millis().div_ceil(1000))
            .unwrap_or(u32::MAX)
            .max(1);
        entry.stats.refused.push((now, retry_after));
        Err(retry_after)
    }

    pub fn stats(&self, chat: i64) -> FloodStats {
        self.chats
            .get(&chat)
            .map(|c| c.stats.clone())
            .unwrap_or_default()
    }
}
