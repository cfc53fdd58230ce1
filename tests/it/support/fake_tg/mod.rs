//! A fake Telegram Bot API server for integration tests.
//!
//! The real bot (a teloxide client making real HTTP requests) talks to this server on
//! `127.0.0.1`. The fake keeps chats and messages, answers the methods the bot uses with
//! valid Bot API objects, records every request, serves a `getUpdates` queue with long
//! polling, and can inject the errors Telegram really sends. [`FakeTelegram::start_offline`]
//! starts it unreachable (connections refused) until [`FakeTelegram::go_online`].
//!
//! ```ignore
//! let fake = FakeTelegram::start().await;
//! let bot = fake.bot(); // or TELOXIDE_API_URL=fake.url()
//! let ana = TestUser::new(11, "Ana").lang("ca");
//! fake.push_update(fake.command(-100, &ana, "/newgame jcf"));
//! let sent = fake.wait_for_request(|r| r.method == "sendmessage", WAIT).await;
//! let board = fake.last_board(-100).expect("a board");
//! fake.push_update(fake.press(-100, &ana, msg_id(&board), &buttons(&board)[0].1));
//! ```
//!
//! Where the fake is stricter than Telegram it says so: HTML text must escape every `&`,
//! `<` and `>` that is not markup.
//!
//! [`FakeTelegram::open_topic`] turns a supergroup into a forum and opens a topic in it;
//! [`FakeTelegram::command_in_topic`] sends a command there, and the bot's sends carrying
//! `message_thread_id` land in that topic (see `topics.rs`).
//!
//! [`FakeTelegram::flood`] turns on flood mode: Telegram's per-chat write limit, answered
//! with 429 and the true `retry_after` (see `flood.rs`); [`FakeTelegram::flood_stats`] tells
//! what it admitted and refused per chat.
#![allow(dead_code)]

mod botapi;
mod fetch;
mod files;
mod flood;
mod guest;
mod html;
mod inline;
mod methods;
mod multipart;
mod params;
mod photos;
mod server;
mod state;
mod topics;
mod updates;

use std::{
    collections::VecDeque,
    fmt::Write as _,
    net::SocketAddr,
    sync::{Arc, Mutex, MutexGuard},
    time::{Duration, Instant},
};

use serde_json::{Value, json};
use tokio::sync::Notify;

use flood::FloodGate;
#[allow(unused_imports)]
pub use flood::{Flood, FloodClock, FloodStats, WRITE_METHODS, inline_flood_key, is_write};
#[allow(unused_imports)]
pub use inline::INLINE_INVALID;
use state::State;
#[allow(unused_imports)]
pub use topics::thread_of;
#[allow(unused_imports)]
pub use updates::TestUser;

/// The token [`FakeTelegram::bot`] uses; the fake takes the bot's user id from its prefix.
pub const TOKEN: &str = "123:TEST";
/// The bot's username, as `getMe` reports it.
pub const BOT_USERNAME: &str = "parxis_test_bot";
/// The longest a `getUpdates` long poll waits, whatever `timeout` the client asks for,
/// so that a test's bot shuts down quickly.
pub const LONG_POLL_CAP: Duration = Duration::from_secs(1);
/// The default bound of the waiting helpers that take no explicit timeout (a limit a loaded
/// machine keeps: the wait ends as soon as what it waits for comes).
pub const DEFAULT_WAIT: Duration = Duration::from_secs(20);

/// An error (or worse) the fake answers instead of performing a method.
#[derive(Clone, Debug, PartialEq)]
pub enum Fault {
    /// 429 with `parameters.retry_after` (seconds): teloxide's `RequestError::RetryAfter`.
    TooManyRequests { retry_after: u32 },
    /// 400 "message is not modified": `ApiError::MessageNotModified`.
    MessageNotModified,
    /// 400 "message to edit not found": `ApiError::MessageToEditNotFound`.
    NotFound,
    /// 403 "bot was kicked from the group chat" (the supergroup wording for a supergroup,
    /// "bot was blocked by the user" for a private chat), by the request's `chat_id`.
    Kicked,
    /// 400 with `parameters.migrate_to_chat_id`: `RequestError::MigrateToChatId`.
    Migrate { to: i64 },
    /// 502 Bad Gateway. Note: teloxide sleeps 10 s on any 5xx before returning the error.
    ServerError,
    /// The connection is cut in the middle of the response: `RequestError::Network`.
    ConnectionDropped,
    /// Any status and JSON body, sent as is.
    Custom { status: u16, body: Value },
}

/// A file part of a multipart request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedFile {
    /// The form field name (teloxide uses a random id referenced as `attach://id`).
    pub field: String,
    /// The part's file name, if any.
    pub file_name: Option<String>,
    /// The size in bytes.
    pub len: usize,
    /// The first (up to 16) bytes.
    pub head: Vec<u8>,
    /// Every byte of an animation or a document (empty for photos).
    pub data: Vec<u8>,
}

impl RecordedFile {
    /// Whether the file starts with the PNG signature.
    #[must_use]
    pub fn is_png(&self) -> bool {
        self.head.starts_with(b"\x89PNG\r\n\x1a\n")
    }
}

/// One request the fake received, with the answer it gave.
#[derive(Clone, Debug)]
pub struct Recorded {
    /// Position in the log (0-based).
    pub index: usize,
    /// The method name, lower-cased (`sendmessage`).
    pub method: String,
    /// The parameters: the JSON body, or a multipart form's text fields (JSON-valued fields
    /// such as `reply_markup` and `media` parsed).
    pub params: Value,
    /// The file parts of a multipart request.
    pub files: Vec<RecordedFile>,
    /// When the request arrived.
    pub at: Instant,
    /// The HTTP status of the answer (0 for a dropped connection).
    pub status: u16,
    /// The JSON answer (`{"ok":...}`), `Null` for a dropped connection.
    pub response: Value,
}

impl Recorded {
    /// Whether the fake answered `"ok": true`.
    #[must_use]
    pub fn ok(&self) -> bool {
        self.response["ok"] == json!(true)
    }

    /// A string parameter.
    #[must_use]
    pub fn str_param(&self, key: &str) -> Option<&str> {
        self.params.get(key).and_then(Value::as_str)
    }

    /// The `chat_id` parameter as a number.
    #[must_use]
    pub fn chat_id(&self) -> Option<i64> {
        self.params.get("chat_id").and_then(params::as_i64)
    }

    /// The `result` of a successful answer.
    #[must_use]
    pub fn result(&self) -> &Value {
        &self.response["result"]
    }

    fn summary(&self) -> String {
        let mut params = self.params.to_string();
        if params.len() > 300 {
            let cut = (0..=300)
                .rev()
                .find(|&i| params.is_char_boundary(i))
                .unwrap_or(0);
            params.truncate(cut);
            params.push('…');
        }
        let answer = if self.ok() {
            "ok".to_owned()
        } else {
            format!("{} {}", self.status, self.response["description"])
        };
        format!("#{} {} {} -> {}", self.index, self.method, params, answer)
    }
}

/// A function shown every request as it is recorded (see [`FakeTelegram::tap`]).
pub type Tap = Arc<dyn Fn(&Recorded) + Send + Sync>;

/// Which requests answer late (see [`FakeTelegram::delay_answers`]): method (lower case) and
/// parameters in, whether to hold its answer.
pub type DelayWhen = Arc<dyn Fn(&str, &Value) -> bool + Send + Sync>;

struct Shared {
    state: Mutex<State>,
    /// Shown every request (load tests measure latencies with it).
    tap: Mutex<Option<Tap>>,
    /// Whether requests are kept in the log (a long load test turns it off).
    keep_log: std::sync::atomic::AtomicBool,
    /// Woken when an update is pushed (long polls wait on it).
    updates_pushed: Notify,
    /// Woken when a request is recorded (the waiting helpers wait on it).
    request_recorded: Notify,
    /// Requests whose answer is held back, and for how long.
    delays: Mutex<Vec<(DelayWhen, Duration)>>,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// A running fake Bot API server. Dropping it stops the server.
pub struct FakeTelegram {
    shared: Arc<Shared>,
    addr: SocketAddr,
    /// The serving task, once the fake is online.
    server: Mutex<Option<tokio::task::JoinHandle<()>>>,
    /// Until [`Self::go_online`]: the port, bound but not listening (see [`Self::start_offline`]).
    offline: Mutex<Option<tokio::net::TcpSocket>>,
}

impl Drop for FakeTelegram {
    fn drop(&mut self) {
        if let Some(server) = self
            .server
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take()
        {
            server.abort();
        }
    }
}

impl FakeTelegram {
    /// Binds `127.0.0.1:0` and serves the fake API in a background task.
    ///
    /// # Panics
    /// If the socket cannot be bound.
    pub async fn start() -> Self {
        let fake = Self::start_offline().await;
        fake.go_online();
        fake
    }

    /// A fake that is unreachable until [`Self::go_online`]: its port is bound but nothing
    /// listens on it, so every connection is refused (the client's real network error), and
    /// no other socket can take the port meanwhile. Then it answers on that same port.
    ///
    /// # Panics
    /// If the socket cannot be bound.
    pub async fn start_offline() -> Self {
        let shared = Arc::new(Shared {
            state: Mutex::new(State::new()),
            tap: Mutex::new(None),
            keep_log: std::sync::atomic::AtomicBool::new(true),
            updates_pushed: Notify::new(),
            request_recorded: Notify::new(),
            delays: Mutex::new(Vec::new()),
        });
        let socket = tokio::net::TcpSocket::new_v4().expect("a socket for the fake Bot API");
        socket
            .bind(SocketAddr::from(([127, 0, 0, 1], 0)))
            .expect("bind the fake Bot API");
        let addr = socket
            .local_addr()
            .expect("local address of the fake Bot API");
        Self {
            shared,
            addr,
            server: Mutex::new(None),
            offline: Mutex::new(Some(socket)),
        }
    }

    /// Starts listening and answering (nothing if already online).
    ///
    /// # Panics
    /// If the bound port cannot listen; outside a Tokio runtime.
    pub fn go_online(&self) {
        let Some(socket) = self
            .offline
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take()
        else {
            return;
        };
        let listener = socket
            .listen(1024)
            .expect("listen on the fake Bot API port");
        let app = server::router(Arc::clone(&self.shared));
        let server = tokio::spawn(async move {
            if let Err(e) = axum::serve(listener, app).await {
                eprintln!("fake Bot API server stopped: {e}");
            }
        });
        *self
            .server
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(server);
    }

    /// The API URL, `http://127.0.0.1:PORT/`, for `Bot::set_api_url` or `TELOXIDE_API_URL`.
    #[must_use]
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// The address the fake listens on (for hand-made requests).
    #[must_use]
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// A teloxide bot with [`TOKEN`] pointed at this server.
    pub fn bot(&self) -> teloxide::Bot {
        self.bot_with_token(TOKEN)
    }

    /// A teloxide bot with the given token pointed at this server.
    ///
    /// # Panics
    /// Never in practice: the URL is built from a socket address.
    pub fn bot_with_token(&self, token: &str) -> teloxide::Bot {
        teloxide::Bot::new(token).set_api_url(self.url().parse().expect("fake API URL"))
    }

    // ----- state set-up -----

    /// Pushes an update onto the `getUpdates` queue (giving it an `update_id` if it has
    /// none, or a new one if a later update was queued meanwhile, as Telegram's ids only
    /// increase) and returns its `update_id`.
    pub fn push_update(&self, mut update: Value) -> i64 {
        let id = {
            let mut state = self.shared.lock();
            state.enqueue_update(&mut update)
        };
        self.shared.updates_pushed.notify_waiters();
        id
    }

    /// Makes the next `times` calls of `method` (case-insensitive) answer `fault`.
    pub fn fail_next(&self, method: &str, times: usize, fault: Fault) {
        let mut state = self.shared.lock();
        let queue = state.faults.entry(method.to_ascii_lowercase()).or_default();
        queue.extend(std::iter::repeat_n(fault, times));
    }

    /// Turns flood mode on (see [`Flood`]; off by default): from now on each chat gets at
    /// most `flood.limit` writes per sliding `flood.window`, and a write over it is refused
    /// with 429 and the true `retry_after`. Turning it on again starts afresh (clock at 0,
    /// counters empty).
    pub fn flood(&self, flood: Flood) {
        self.shared.lock().flood = Some(FloodGate::new(flood));
    }

    /// Moves flood mode's [`FloodClock::Manual`] (or [`FloodClock::Test`]) clock forward by
    /// `by`.
    ///
    /// # Panics
    /// If flood mode is off.
    pub fn advance_clock(&self, by: Duration) {
        self.shared
            .lock()
            .flood
            .as_mut()
            .expect("advance_clock: flood mode is off")
            .advance(by);
    }

    /// As [`FakeTelegram::advance_clock`], doing nothing when flood mode is off (the bot
    /// harness moves the flood clock with the bots' test clock).
    pub fn advance_clock_if_flood(&self, by: Duration) {
        if let Some(f) = self.shared.lock().flood.as_mut() {
            f.advance(by);
        }
    }

    /// The time on flood mode's clock (`None` when flood mode is off).
    #[must_use]
    pub fn flood_now(&self) -> Option<Duration> {
        self.shared.lock().flood.as_ref().map(FloodGate::now)
    }

    /// What flood mode counted for `chat`: its admitted writes and its refused ones with
    /// their `retry_after` (empty when flood mode is off).
    #[must_use]
    pub fn flood_stats(&self, chat: i64) -> FloodStats {
        self.shared
            .lock()
            .flood
            .as_ref()
            .map(|gate| gate.stats(chat))
            .unwrap_or_default()
    }

    /// Simulates `user` blocking the bot: sends to their private chat fail with 403 "bot was
    /// blocked by the user".
    pub fn block_bot(&self, user: i64) {
        self.shared.lock().chat_mut(user).membership = state::Membership::Kicked;
    }

    /// From now on, every request that `when` accepts is performed and recorded at once (so
    /// its result, e.g. a message sent, is in the log and the chat), but its answer reaches the
    /// bot only `by` later: a slow Telegram, for the bot's steps between a request and what
    /// it does with the answer.
    pub fn delay_answers(
        &self,
        when: impl Fn(&str, &Value) -> bool + Send + Sync + 'static,
        by: Duration,
    ) {
        self.shared
            .delays
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push((Arc::new(when), by));
    }

    /// Answers every request at once again (undoes [`Self::delay_answers`]).
    pub fn clear_delays(&self) {
        self.shared
            .delays
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clear();
    }

    /// `user` is no longer a member of `chat`: `"left"` or `"kicked"` (as `getChatMember`
    /// then says).
    pub fn remove_member(&self, chat: i64, user: i64, status: &'static str) {
        assert!(matches!(status, "left" | "kicked"), "{status}");
        self.shared.lock().chat_mut(chat).gone.insert(user, status);
    }

    /// Makes `user` an administrator of `chat` (for getChatMember / getChatAdministrators).
    pub fn set_admin(&self, chat: i64, user: i64) {
        self.shared.lock().chat_mut(chat).admins.insert(user);
    }

    /// Calls `tap` with every request from now on, as it is recorded (before the answer is
    /// sent), outside the fake's lock.
    pub fn tap(&self, tap: impl Fn(&Recorded) + Send + Sync + 'static) {
        *self
            .shared
            .tap
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(Arc::new(tap));
    }

    /// Whether to keep requests in the log (on by default). A load test making millions of
    /// requests turns it off and watches them with [`Self::tap`]; the waiting helpers and
    /// [`Self::requests`] then see nothing new.
    pub fn keep_log(&self, keep: bool) {
        self.shared
            .keep_log
            .store(keep, std::sync::atomic::Ordering::Relaxed);
    }

    /// Simulates a user deleting message `id` of `chat`; returns whether it existed.
    pub fn delete_message(&self, chat: i64, id: i32) -> bool {
        self.shared.lock().delete(chat, id)
    }

    // ----- inspection -----

    /// Every request so far, in order.
    #[must_use]
    pub fn requests(&self) -> Vec<Recorded> {
        self.requests_since(0)
    }

    /// The requests recorded at or after position `index` of the log.
    #[must_use]
    pub fn requests_since(&self, index: usize) -> Vec<Recorded> {
        let state = self.shared.lock();
        state
            .log
            .get(index..)
            .map(<[Recorded]>::to_vec)
            .unwrap_or_default()
    }

    /// The requests at or after position `index` that match `pred`, cloned; the others are
    /// only looked at (a whole game's log is thousands of requests: copying it on every poll
    /// cost the tests more CPU than the bot's own work).
    #[must_use]
    pub fn requests_matching(
        &self,
        index: usize,
        pred: impl Fn(&Recorded) -> bool,
    ) -> Vec<Recorded> {
        let state = self.shared.lock();
        state
            .log
            .get(index..)
            .map(|tail| tail.iter().filter(|r| pred(r)).cloned().collect())
            .unwrap_or_default()
    }

    /// The position of the last request before position `before` that matches `pred`.
    #[must_use]
    pub fn last_before(&self, before: usize, pred: impl Fn(&Recorded) -> bool) -> Option<usize> {
        let state = self.shared.lock();
        let end = before.min(state.log.len());
        state.log[..end]
            .iter()
            .rev()
            .find(|r| pred(r))
            .map(|r| r.index)
    }

    /// Resolves when the next request is recorded, or after `at_most`, whichever comes
    /// first: a poll that wakes up for what it waits for.
    pub async fn next_request_or(&self, at_most: Duration) {
        let _ = tokio::time::timeout(at_most, self.shared.request_recorded.notified()).await;
    }

    /// The current length of the log, to pass to [`Self::requests_since`] or
    /// [`Self::wait_for_request_after`] later.
    #[must_use]
    pub fn mark(&self) -> usize {
        self.shared.lock().log.len()
    }

    /// The ephemeral messages (Bot API 10.2) sent in `chat`, oldest first, each with its
    /// `receiver_user_id`: nobody else sees them, so [`Self::messages`] does not list them.
    #[must_use]
    pub fn ephemeral(&self, chat: i64) -> Vec<Value> {
        self.shared
            .lock()
            .ephemeral
            .iter()
            .filter(|m| m["chat"]["id"].as_i64() == Some(chat))
            .cloned()
            .collect()
    }

    /// The bot's live (not deleted) messages in `chat`, oldest first.
    #[must_use]
    pub fn messages(&self, chat: i64) -> Vec<Value> {
        self.shared.lock().bot_messages(chat)
    }

    /// Message `id` of `chat` as currently stored (`None` if unknown or deleted).
    #[must_use]
    pub fn message(&self, chat: i64, id: i32) -> Option<Value> {
        self.shared
            .lock()
            .live_message(chat, id)
            .map(|m| m.json.clone())
    }

    /// The newest live bot message in `chat` that has an inline keyboard.
    #[must_use]
    pub fn last_board(&self, chat: i64) -> Option<Value> {
        self.messages(chat)
            .into_iter()
            .rev()
            .find(|m| m["reply_markup"]["inline_keyboard"].is_array())
    }

    /// The command list set by `setMyCommands` for `language_code` (`None`: the default).
    #[must_use]
    pub fn commands(&self, language_code: Option<&str>) -> Option<Value> {
        self.shared
            .lock()
            .commands
            .get(language_code.unwrap_or(""))
            .cloned()
    }

    /// How many updates are still queued (not yet confirmed by a later `offset`).
    #[must_use]
    pub fn queued_updates(&self) -> usize {
        self.shared.lock().updates.len()
    }

    // ----- waiting -----

    /// Waits for a request matching `pred` anywhere in the log.
    ///
    /// # Panics
    /// After `timeout`, with the tail of the request log.
    pub async fn wait_for_request(
        &self,
        pred: impl Fn(&Recorded) -> bool,
        timeout: Duration,
    ) -> Recorded {
        self.wait_for_request_after(0, pred, timeout).await
    }

    /// Waits for a request matching `pred` at or after position `mark` of the log.
    ///
    /// # Panics
    /// After `timeout`, with the tail of the request log.
    pub async fn wait_for_request_after(
        &self,
        mark: usize,
        pred: impl Fn(&Recorded) -> bool,
        timeout: Duration,
    ) -> Recorded {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let notified = self.shared.request_recorded.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            let found = {
                let state = self.shared.lock();
                state
                    .log
                    .get(mark..)
                    .and_then(|tail| tail.iter().find(|r| pred(r)).cloned())
            };
            if let Some(found) = found {
                return found;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                panic!(
                    "fake Telegram: no matching request within {timeout:?} (from #{mark}); log tail:\n{}",
                    self.log_tail(20)
                );
            }
        }
    }

    /// Waits (up to [`DEFAULT_WAIT`]) for the answerCallbackQuery of `callback_id`.
    pub async fn wait_for_callback_answer(&self, callback_id: &str) -> Recorded {
        self.wait_for_request(
            |r| {
                r.method == "answercallbackquery"
                    && r.str_param("callback_query_id") == Some(callback_id)
            },
            DEFAULT_WAIT,
        )
        .await
    }

    /// The last `n` requests, one per line, leaving out empty `getUpdates` polls.
    #[must_use]
    pub fn log_tail(&self, n: usize) -> String {
        let state = self.shared.lock();
        let interesting: VecDeque<&Recorded> = state
            .log
            .iter()
            .filter(|r| {
                !(r.method == "getupdates" && r.result().as_array().is_some_and(Vec::is_empty))
            })
            .collect();
        let skip = interesting.len().saturating_sub(n);
        let mut out = String::new();
        for r in interesting.iter().skip(skip) {
            let _ = writeln!(out, "  {}", r.summary());
        }
        if out.is_empty() {
            out.push_str("  (no requests)\n");
        }
        out
    }
}

/// The `(text, callback_data)` of every inline button of `message`, row by row.
#[must_use]
pub fn buttons(message: &Value) -> Vec<(String, String)> {
    let rows = message["reply_markup"]["inline_keyboard"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    rows.iter()
        .filter_map(Value::as_array)
        .flatten()
        .map(|b| {
            let text = b["text"].as_str().unwrap_or_default().to_owned();
            let data = b["callback_data"].as_str().unwrap_or_default().to_owned();
            (text, data)
        })
        .collect()
}

/// The `message_id` of a message object.
///
/// # Panics
/// If `message` has no numeric `message_id`.
#[must_use]
pub fn msg_id(message: &Value) -> i32 {
    message["message_id"]
        .as_i64()
        .and_then(|id| i32::try_from(id).ok())
        .unwrap_or_else(|| panic!("not a message: {message}"))
}

/// The callback query id of an update built by [`FakeTelegram::press`].
///
/// # Panics
/// If `update` has no callback query.
#[must_use]
pub fn callback_id(update: &Value) -> String {
    update["callback_query"]["id"]
        .as_str()
        .unwrap_or_else(|| panic!("not a callback query update: {update}"))
        .to_owned()
}
