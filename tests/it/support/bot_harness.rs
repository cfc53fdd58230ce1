//! The real bot (its dispatcher and driver) against the fake Bot API and a real Redis.
#![allow(dead_code)]

use std::sync::Arc;
use std::time::Duration;

use parxis::bot::core::settings::{ChatSettings, Display};
use parxis::bot::core::table::{Status, Table};
use parxis::bot::effects::chat::DisplayState;
use parxis::bot::effects::clock::Clock;
use parxis::bot::effects::clock::TestClock;
use parxis::bot::effects::crash::CrashHook;
use parxis::bot::effects::ctx::Kicks;
use parxis::bot::{self, Ctx};
use parxis::i18n::Lang;
use parxis::ops::metrics::Metrics;
use parxis::store::{DueKind, Place, Store, StoreOptions, Target};
use serde_json::Value;

use super::fake_tg::{
    FakeTelegram, LONG_POLL_CAP, Recorded, TestUser, buttons, callback_id, msg_id,
};
use super::redis::TestRedis;

/// A group chat id (a supergroup: `-100…`).
pub const CHAT: i64 = -1_001_234_567_890;
/// The longest a test waits for what the bot does next (an answer, a board): a limit that a
/// machine running six tests at once on two cores keeps, not a pace. A bot that answers
/// returns the wait at once; only a bot that never answers costs the whole of it.
pub const WAIT: Duration = Duration::from_secs(30);

/// Attempts at a board write after which the harness stops waiting for it to succeed (the
/// outbox keeps a write that failed on the network and tries it again later).
const MAX_RETRIES: usize = 2;

/// One running bot process (dispatcher + scheduler).
pub struct Running {
    token: teloxide::dispatching::ShutdownToken,
    task: tokio::task::JoinHandle<()>,
    stop: tokio::sync::watch::Sender<bool>,
    driver: tokio::task::JoinHandle<()>,
    pub ctx: Arc<Ctx>,
    /// The scheduler's context: `ctx` itself, or one of its own with
    /// [`Harness::scheduler_apart`] (its store then counts the drain's round trips apart).
    pub scheduler: Arc<Ctx>,
}

/// The live board a bot serves: the Mini App's settings and the page's limits.
pub type LiveApp = (
    parxis::config::MiniAppConfig,
    parxis::bot::effects::live::Limits,
);

/// The whole set-up.
pub struct Harness {
    pub fake: FakeTelegram,
    pub redis: TestRedis,
    pub store: Store,
    pub seed: u64,
    pub pause: Duration,
    /// The one clock of every bot of this harness: the system's time plus what the test
    /// moved it on ([`Harness::advance`]), so timers, pings, time limits and tournaments'
    /// deadlines run their true lengths without the test sleeping.
    pub clock: Arc<TestClock>,
    /// Whether bots started from now on run the scheduler (turns, writes, pings, …).
    pub driver: bool,
    pub bots: Vec<Running>,
    /// The board writes each bot allows itself per window (limit, window ms). Tests not about
    /// pacing get a budget they never reach, so a game plays at test speed.
    pub write_budget: (u32, u64),
    /// The crash point of the next bot started ([`Harness::spawn_bot`] takes it).
    pub crash: Option<Arc<CrashHook>>,
    /// New games get provably fair dice (`Ctx::fair`, on in production); off by default, so
    /// the tests of other features keep the dice of the harness's seeded generator.
    pub fair: bool,
    /// Whether each bot's scheduler runs on a context and Redis connection of its own (the
    /// same clock, seed and kicks), so `bots[i].ctx.store.round_trips()` counts only what
    /// the dispatcher does for updates. A production bot shares one context.
    pub scheduler_apart: bool,
    /// The live board each bot started from now on serves (each its own hub and subscriber,
    /// as replicas have), with these limits; `None`: none.
    pub live_app: Option<LiveApp>,
    /// Where the bots' stores connect (a Sentinel set, a cluster); `None`: [`Harness::redis`].
    pub target: Option<Target>,
}

/// How [`Harness::start_with`] sets things up.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Redis with an append-only file, so stopping and restarting it keeps the games.
    pub persistent_redis: bool,
    /// Run the scheduler beside the dispatcher (it polls Redis every 100 ms). Without it
    /// nothing planned is made: no board is written.
    pub driver: bool,
    /// See [`Harness::write_budget`].
    pub write_budget: (u32, u64),
    /// See [`Harness::scheduler_apart`].
    pub scheduler_apart: bool,
    /// See [`Harness::fair`].
    pub fair: bool,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            persistent_redis: false,
            driver: true,
            write_budget: UNPACED,
            scheduler_apart: false,
            fair: false,
        }
    }
}

/// The write budget of tests not about pacing: never reached. Those tests play whole games
/// in seconds, far faster than Telegram's 20 writes a minute would let them; the pacing
/// itself is tested with Telegram's true limit (the fake's flood mode) in `bot_pace`,
/// `bot_outbox` and the benchmarks.
pub const UNPACED: (u32, u64) = (1_000_000, 60_000);

impl Harness {
    /// Fake API + Redis + one running bot.
    pub async fn start(seed: u64) -> Self {
        Self::start_with(seed, Options::default()).await
    }

    /// As [`Harness::start`], with options.
    pub async fn start_with(seed: u64, opts: Options) -> Self {
        Self::start_live(seed, opts, None).await
    }

    /// As [`Harness::start_with`], each bot serving the live board `app` (with the fake's
    /// token and bot username).
    pub async fn start_live(seed: u64, opts: Options, app: Option<LiveApp>) -> Self {
        let redis = if opts.persistent_redis {
            TestRedis::start_persistent()
        } else {
            TestRedis::start()
        };
        Self::start_full(seed, opts, app, redis, None).await
    }

    /// As [`Harness::start_with`], every store (the harness's and each bot's) connecting to
    /// `target`; `redis` is one of its servers, owned (and stopped on drop) by the harness.
    pub async fn start_on(seed: u64, opts: Options, redis: TestRedis, target: Target) -> Self {
        Self::start_full(seed, opts, None, redis, Some(target)).await
    }

    async fn start_full(
        seed: u64,
        opts: Options,
        app: Option<LiveApp>,
        redis: TestRedis,
        target: Option<Target>,
    ) -> Self {
        let fake = FakeTelegram::start().await;
        let target_now = target
            .clone()
            .unwrap_or_else(|| Target::Single(redis.url()));
        let store = Store::connect_to(&target_now, StoreOptions::default())
            .await
            .expect("store");
        let mut h = Self {
            fake,
            redis,
            store,
            seed,
            pause: Duration::from_millis(20),
            clock: TestClock::new(),
            driver: opts.driver,
            bots: Vec::new(),
            write_budget: opts.write_budget,
            crash: None,
            scheduler_apart: opts.scheduler_apart,
            live_app: app,
            fair: opts.fair,
            target,
        };
        // The tests were written for the Roll button: the chat starts with `/dice button`
        // (a test that sets its own settings says which it wants).
        let button = ChatSettings {
            dice: parxis::bot::core::settings::DiceMode::Button,
            ..ChatSettings::default()
        };
        h.store.set_settings(CHAT, &button).await.expect("settings");
        h.spawn_bot().await;
        h
    }

    /// Start one more bot process on the same fake API and Redis.
    pub async fn spawn_bot(&mut self) {
        let (kicks, kicked) = Kicks::new();
        // One live board per bot process, seen by its dispatcher and its scheduler alike.
        let live = self.live_board().await;
        let crash = self.crash.take();
        let mut ctx = self.bot_ctx(&kicks).await;
        ctx.live.clone_from(&live);
        ctx.crash.clone_from(&crash);
        let ctx = Arc::new(ctx);
        let tg = self.fake.bot();
        bot::register_commands(&tg, Lang::En).await;
        let (stop, stop_rx) = tokio::sync::watch::channel(false);
        let scheduler = if self.driver && self.scheduler_apart {
            let mut apart = self.bot_ctx(&kicks).await;
            apart.live = live;
            apart.crash = crash;
            Arc::new(apart)
        } else {
            ctx.clone()
        };
        let driver = if self.driver {
            tokio::spawn(bot::schedule::run(
                tg.clone(),
                scheduler.clone(),
                kicked,
                stop_rx,
            ))
        } else {
            tokio::spawn(async {})
        };
        let mut d = bot::dispatcher(tg.clone(), ctx.clone());
        let token = d.shutdown_token();
        // As `parxis bot` polls: the update kinds stated first (Guest Mode's among them), and
        // the updates teloxide cannot parse taken out before the dispatcher.
        bot::listen::ask_for_updates(&tg)
            .await
            .expect("getUpdates stating the update kinds");
        let polling = teloxide::update_listeners::polling_default(tg.clone()).await;
        let listener = bot::listen::Listener::new(polling, tg.clone(), ctx.clone());
        let mark = self.fake.mark();
        let task = tokio::spawn(async move {
            d.dispatch_with_listener(
                listener,
                teloxide::error_handlers::LoggingErrorHandler::with_custom_text(
                    "getUpdates failed",
                ),
            )
            .await;
        });
        // Started once it asked who it is (after getWebhookInfo, just before it polls): the
        // requests of its start are made before a test's first command, so they are never
        // taken for its answer.
        self.fake
            .wait_for_request_after(mark, |r| r.method == "getme", WAIT)
            .await;
        self.bots.push(Running {
            token,
            task,
            stop,
            driver,
            ctx,
            scheduler,
        });
    }

    /// A bot's context as this harness sets them up: its own Redis connection, the harness's
    /// seed, pause, clock and write budget, waking the scheduler through `kicks`.
    pub async fn bot_ctx(&self, kicks: &Kicks) -> Ctx {
        let target = self
            .target
            .clone()
            .unwrap_or_else(|| Target::Single(self.redis.url()));
        let store = Store::connect_to(&target, StoreOptions::default())
            .await
            .expect("store");
        let mut ctx = Ctx::new(store, Lang::En, Metrics::new());
        ctx.seed = Some(self.seed);
        ctx.fair = self.fair;
        ctx.pause = self.pause;
        ctx.clock = self.clock.clone();
        (ctx.write_limit, ctx.write_window_ms) = self.write_budget;
        ctx.kicks = Some(kicks.clone());
        ctx
    }

    /// The live board a bot started now serves ([`Harness::live_app`]): its own hub and
    /// subscriber, as a replica has.
    pub async fn live_board(&self) -> Option<Arc<parxis::bot::effects::live::Live>> {
        let (app, limits) = self.live_app.clone()?;
        let live = parxis::bot::effects::live::Live::start(
            app,
            super::fake_tg::TOKEN,
            Store::connect(&self.redis.url()).await.expect("store"),
            &self.redis.url(),
            limits,
        )
        .await
        .expect("the live board reaches Redis");
        live.set_username(super::fake_tg::BOT_USERNAME);
        Some(live)
    }

    /// Move the bots' clock `ms` milliseconds on (a timer runs out, a ping comes due); the
    /// scheduler wakes at once.
    pub fn advance(&self, ms: u64) {
        self.clock.advance(ms);
        // (Telegram's flood window on `FloodClock::Test` keeps the same time.)
        self.fake.advance_clock_if_flood(Duration::from_millis(ms));
    }

    /// Stop every bot process (graceful: in-flight updates finish).
    pub async fn stop_bots(&mut self) {
        for b in self.bots.drain(..) {
            let _ = b.stop.send(true);
            // A dispatcher still starting (getMe, webhook check) may refuse to shut down
            // ("idle"), or take the request and then miss it as it starts: ask again until
            // it has stopped, rather than wait the whole limit. A running one stops within a
            // long poll.
            let deadline = tokio::time::Instant::now() + WAIT;
            while !b.task.is_finished() && tokio::time::Instant::now() < deadline {
                match b.token.shutdown() {
                    Ok(f) => {
                        let asked = LONG_POLL_CAP + Duration::from_millis(500);
                        if tokio::time::timeout(asked, f).await.is_ok() {
                            break;
                        }
                    }
                    Err(_) => tokio::time::sleep(Duration::from_millis(10)).await,
                }
            }
            let _ = tokio::time::timeout(WAIT, b.task).await;
            let _ = tokio::time::timeout(WAIT, b.driver).await;
        }
    }

    /// Kill bot process `i` (as [`Harness::bots`] lists them) as a crash would: its driver,
    /// with every firing it runs, and its dispatcher are aborted where they stand, nothing
    /// finishes and nothing is released (its leases stay in Redis until they expire).
    pub async fn kill_bot(&mut self, i: usize) {
        let b = self.bots.remove(i);
        b.driver.abort();
        b.task.abort();
        let _ = b.driver.await;
        let _ = b.task.await;
    }

    /// Send a command and wait until the bot has handled it (the next request after it).
    pub async fn command(&self, user: &TestUser, text: &str) -> Vec<Recorded> {
        let mark = self.fake.mark();
        self.fake.push_update(self.fake.command(CHAT, user, text));
        self.settle(mark).await
    }

    /// Wait until the bot sent something after `mark` and then went quiet briefly.
    pub async fn settle(&self, mark: usize) -> Vec<Recorded> {
        let deadline = tokio::time::Instant::now() + WAIT;
        let mut seen = 0;
        let mut quiet = 0;
        loop {
            tokio::time::sleep(Duration::from_millis(15)).await;
            let now: Vec<Recorded> = self
                .fake
                .requests_matching(mark, |r| r.method != "getupdates");
            if now.len() == seen && seen > 0 && self.fake.queued_updates() == 0 {
                // (and no write planned that the bot could make now: what a command planned
                // is made, a posted message recorded, before the test goes on)
                quiet = if self.writes_due().await {
                    0
                } else {
                    quiet + 1
                };
                if quiet >= 3 {
                    return now;
                }
            } else {
                quiet = 0;
                seen = now.len();
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "the bot did not answer:\n{}",
                self.fake.log_tail(20)
            );
        }
    }

    /// Press a button and return the callback answer (every press is answered), once the
    /// board it changed is written ([`Harness::shown_after`]).
    pub async fn press(&self, user: &TestUser, message_id: i32, data: &str) -> Recorded {
        self.press_in(CHAT, user, message_id, data).await
    }

    /// As [`Harness::press`], in `chat`.
    pub async fn press_in(
        &self,
        chat: i64,
        user: &TestUser,
        message_id: i32,
        data: &str,
    ) -> Recorded {
        let upd = self.fake.press(chat, user, message_id, data);
        let id = callback_id(&upd);
        self.fake.push_update(upd);
        let answer = self.fake.wait_for_callback_answer(&id).await;
        self.shown_after(&answer).await;
        answer
    }

    /// See [`shown_after`].
    pub async fn shown_after(&self, answer: &Recorded) {
        shown_after(&self.fake, &self.store, answer).await;
    }

    /// The stored table and its version.
    pub async fn table(&self) -> (u64, Table) {
        let rec = self
            .store
            .load::<Table>(CHAT)
            .await
            .expect("redis")
            .expect("a table");
        (rec.version, rec.state)
    }

    /// The board message id of `chat` as the bot recorded it (its display record).
    pub async fn board_id_in(&self, chat: i64) -> Option<i32> {
        let d: Option<DisplayState> = self.store.display(chat).await.expect("redis");
        d.map(|d| d.message_id)
    }

    /// The board message id of [`CHAT`].
    pub async fn board_id(&self) -> Option<i32> {
        self.board_id_in(CHAT).await
    }

    /// Poll the board message id until `pred` holds (at most `within`); returns it.
    pub async fn wait_board_id(
        &self,
        within: Duration,
        what: &str,
        pred: impl Fn(Option<i32>) -> bool,
    ) -> Option<i32> {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            let id = self.board_id().await;
            if pred(id) {
                return id;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "timed out waiting for {what}; board id {id:?}\n{}",
                self.fake.log_tail(10)
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// The current board message (per the recorded board id).
    pub async fn board(&self) -> Value {
        let id = self.board_id().await.expect("a board message id");
        self.fake
            .message(CHAT, id)
            .unwrap_or_else(|| panic!("board {id} missing:\n{}", self.fake.log_tail(10)))
    }

    /// Show boards as emoji text (the default is the image).
    pub async fn use_emoji(&self) {
        let s = ChatSettings {
            lang: Some(Lang::En),
            display: Display::Emoji,
            timer_secs: 0,
            dice: parxis::bot::core::settings::DiceMode::Button,
            pings_secs: parxis::bot::core::settings::DEFAULT_PINGS_SECS,
            lang_offered: true,
        };
        self.store.set_settings(CHAT, &s).await.expect("settings");
    }

    /// Emoji boards in English, no timer, for another chat than [`CHAT`].
    pub async fn settings_for(&self, chat: i64) {
        let s = ChatSettings {
            lang: Some(Lang::En),
            display: Display::Emoji,
            timer_secs: 0,
            dice: parxis::bot::core::settings::DiceMode::Button,
            pings_secs: parxis::bot::core::settings::DEFAULT_PINGS_SECS,
            lang_offered: true,
        };
        self.store.set_settings(chat, &s).await.expect("settings");
    }

    /// Set the chat's settings.
    pub async fn settings(&self, s: ChatSettings) {
        self.store.set_settings(CHAT, &s).await.expect("settings");
    }

    /// Play presses until the game is over: whoever is to move presses the first button.
    /// Returns the number of presses.
    pub async fn play_to_end(&self, users: &[TestUser], max_presses: usize) -> usize {
        let mut presses = 0;
        let mut waits = 0;
        while presses < max_presses {
            let n = presses;
            let (_, t) = self.table().await;
            if t.status() != Status::Playing {
                return n;
            }
            let Some(p) = t.to_move() else { return n };
            let board = self.board().await;
            let b = buttons(&board);
            if p.is_automatic()
                || b.is_empty()
                || !b[0].1.ends_with(&format!(":{}", t.seq()))
                    && !b[0].1.contains(&format!(":{}:", t.seq()))
            {
                // A computer's turn (the driver plays it), or the edit is still on its way.
                waits += 1;
                assert!(
                    waits < 20_000,
                    "the game is stuck:\n{board}\n{}",
                    self.fake.log_tail(10)
                );
                tokio::time::sleep(Duration::from_millis(5)).await;
                continue;
            }
            let user = users.iter().find(|u| u.id == p.id).expect("a test user");
            presses += 1;
            let ans = self.press(user, msg_id(&board), &b[0].1).await;
            assert!(
                !refused(&ans),
                "press refused: {:?}\n{}",
                ans.params,
                self.fake.log_tail(8)
            );
        }
        panic!("the game did not end within {max_presses} presses");
    }
}

/// The bot answers a press first and writes the board after: wait for that write (a board
/// edit or post after the answer that succeeded, or failed for good with a 400 or 403; a
/// 429 or a dropped connection is retried by the bot), or briefly when the press was
/// refused (it changed nothing, so nothing may follow). A board posted anew is waited for
/// until the bot has recorded it as the chat's board.
pub async fn shown_after(fake: &FakeTelegram, store: &Store, answer: &Recorded) {
    let refused = refused(answer);
    let within = if refused {
        Duration::from_millis(150)
    } else {
        WAIT
    };
    // The board is written by the chat's drain, beside the answer: it may even come first.
    // Its write is looked for from the getUpdates that delivered the press on.
    let from = delivered_at(fake, answer).map_or(answer.index + 1, |i| i + 1);
    let deadline = tokio::time::Instant::now() + within;
    while tokio::time::Instant::now() < deadline {
        let writes: Vec<Recorded> = fake.requests_matching(from, |r| {
            matches!(
                r.method.as_str(),
                "editmessagetext" | "editmessagemedia" | "sendmessage" | "sendphoto"
            )
        });
        // A 429 leaves the board planned: the drain makes it later, on its own.
        let done = writes
            .iter()
            .any(|r| r.ok() || matches!(r.status, 400 | 403 | 429));
        // Failed attempts enough: the write is left to the drain's later tries.
        let gave_up = writes.len() > MAX_RETRIES;
        if gave_up {
            return;
        }
        if done {
            // A board posted anew (a message with buttons) must also be recorded, at the
            // place (chat or forum topic) it was posted to.
            let posted = writes
                .iter()
                .rev()
                .filter(|r| r.ok() && r.method.starts_with("send"))
                .filter(|r| !r.params["reply_markup"].is_null())
                .find_map(|r| {
                    // A lane's board (no thread id) names its lane in its buttons' data.
                    let lane = r.params["reply_markup"]["inline_keyboard"][0][0]["callback_data"]
                        .as_str()
                        .and_then(parxis::bot::core::callback::lane_of);
                    let place = match lane {
                        Some(lane) => Place::in_lane(r.chat_id()?, lane),
                        None => Place {
                            chat: r.chat_id()?,
                            topic: r.thread_id(),
                        },
                    };
                    Some((place, r.result()["message_id"].as_i64()?))
                });
            let Some((place, id)) = posted else { return };
            let recorded: Option<DisplayState> = match store.display(place).await {
                Ok(d) => d,
                Err(_) => return,
            };
            if recorded.is_some_and(|d| i64::from(d.message_id) == id) {
                return;
            }
        }
        fake.next_request_or(Duration::from_millis(5)).await;
    }
    assert!(
        refused,
        "an accepted press was never shown:\n{}",
        fake.log_tail(10)
    );
}

/// The index of the getUpdates request that delivered the press `answer` answers.
fn delivered_at(fake: &FakeTelegram, answer: &Recorded) -> Option<usize> {
    let id = answer.str_param("callback_query_id")?;
    let needle = format!("\"id\":\"{id}\"");
    fake.last_before(answer.index, |r| {
        r.method == "getupdates" && r.response.to_string().contains(&needle)
    })
}

/// Was this callback answer a refusal? An accepted press is answered silently, or with
/// the die it rolled ("🎲 4").
pub fn refused(answer: &Recorded) -> bool {
    answer.str_param("text").is_some_and(|t| {
        !t.strip_prefix("🎲 ")
            .is_some_and(|n| n.len() == 1 && n.chars().all(|c| c.is_ascii_digit()))
    })
}

/// The text (or caption) of a message.
pub fn text_of(m: &Value) -> String {
    m["text"]
        .as_str()
        .or(m["caption"].as_str())
        .unwrap_or_default()
        .to_string()
}

/// Four test users.
pub fn four_users() -> Vec<TestUser> {
    vec![
        TestUser::new(11, "Ana").lang("ca"),
        TestUser::new(12, "Biel <b>&").lang("es"),
        TestUser::new(13, "Carme"),
        TestUser::new(14, "Dani"),
    ]
}

impl Harness {
    /// Open a lobby by the first of [`four_users`], have the next `n - 1` join by button and
    /// start the game by button.
    pub async fn start_game(&self, n: usize) {
        let users = four_users();
        self.command(&users[0], "/newgame").await;
        for u in &users[1..n] {
            let lobby = self.board().await;
            let join = button_with(&lobby, "j:");
            let ans = self.press(u, msg_id(&lobby), &join).await;
            assert!(
                ans.str_param("text").is_none(),
                "join refused: {:?}",
                ans.params
            );
        }
        let lobby = self.board().await;
        let start = button_with(&lobby, "s:");
        let ans = self.press(&users[0], msg_id(&lobby), &start).await;
        assert!(
            ans.str_param("text").is_none(),
            "start refused: {:?}",
            ans.params
        );
        assert_eq!(self.table().await.1.status(), Status::Playing);
        // The start also closes the lobby (a cosmetic edit after the first board): made
        // before the test goes on, so what it counts next is its own.
        self.wait_writes(WAIT).await;
    }

    /// Poll the stored table until `pred` holds (at most `within`); returns it.
    pub async fn wait_table(
        &self,
        within: Duration,
        what: &str,
        pred: impl Fn(&Table) -> bool,
    ) -> (u64, Table) {
        self.wait_table_at(Place::of_chat(CHAT), within, what, pred)
            .await
    }

    /// As [`Harness::wait_table`], at `place`.
    pub async fn wait_table_at(
        &self,
        place: Place,
        within: Duration,
        what: &str,
        pred: impl Fn(&Table) -> bool,
    ) -> (u64, Table) {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            let rec = self
                .store
                .load::<Table>(place)
                .await
                .expect("redis")
                .unwrap_or_else(|| panic!("{place}: no table"));
            if pred(&rec.state) {
                return (rec.version, rec.state);
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "timed out waiting for {what}; table: {:?}\n{}",
                rec.state,
                self.fake.log_tail(10)
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
    /// The table and its board once the board shows it (its buttons carry the table's
    /// `seq`: the edit that follows a save may still be on its way).
    pub async fn fresh_board(&self) -> (Table, Value) {
        self.fresh_board_at(Place::of_chat(CHAT)).await
    }

    /// A harness around a bot that runs as a process of its own (the real binary), on `fake`
    /// and `redis`: no bot of its own, the system's clock (the process never sees a test
    /// clock), and fair dice, as the process rolls them in production. Its helpers (start a
    /// game, press, read the table) then drive that process.
    pub async fn beside_process(fake: FakeTelegram, redis: TestRedis) -> Self {
        Self {
            store: Store::connect(&redis.url()).await.expect("store"),
            fake,
            redis,
            seed: 0,
            pause: Duration::from_millis(20),
            clock: TestClock::new(),
            driver: true,
            bots: Vec::new(),
            write_budget: UNPACED,
            crash: None,
            scheduler_apart: false,
            live_app: None,
            fair: true,
            target: None,
        }
    }

    /// Waits (at most 20 s) until the chat's board message (the one the bot recorded)
    /// satisfies `pred`.
    pub async fn chat_board_until(&self, what: &str, pred: impl Fn(&Value) -> bool) -> Value {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
        loop {
            if let Some(id) = self.board_id().await
                && let Some(board) = self.fake.message(CHAT, id)
                && pred(&board)
            {
                return board;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "the chat's board never showed {what}:\n{}",
                self.fake.log_tail(12)
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Wait (at most [`WAIT`]) until the finished game at `place` is recorded: its points
    /// and ratings are counted by a job of their own, planned by the save that finished it,
    /// so they may come just after the last move is shown.
    pub async fn wait_recorded(&self, place: Place) -> Table {
        self.wait_table_at(place, WAIT, "the finished game's record", |t| {
            t.status() == Status::Finished && !parxis::bot::effects::commit::unrecorded(t)
        })
        .await
        .1
    }
    /// As [`Harness::fresh_board`], at `place` (a chat, or a forum topic of it): its table,
    /// and the message its display record names once that shows the table's `seq`.
    pub async fn fresh_board_at(&self, place: Place) -> (Table, Value) {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let t = self
                .store
                .load::<Table>(place)
                .await
                .expect("redis")
                .unwrap_or_else(|| panic!("{place}: no table"))
                .state;
            let shown: Option<DisplayState> = self.store.display(place).await.expect("redis");
            let board = shown.and_then(|d| self.fake.message(place.chat, d.message_id));
            if let Some(board) = &board
                && buttons(board).first().is_some_and(|(_, d)| {
                    d.ends_with(&format!(":{}", t.seq())) || d.contains(&format!(":{}:", t.seq()))
                })
            {
                return (t, board.clone());
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "{place}: the board never showed seq {}: {board:?}",
                t.seq()
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// The test user whose turn it is (`None`: a computer's, or no game).
    pub async fn mover(&self) -> Option<TestUser> {
        let (_, t) = self.table().await;
        let id = t.to_move()?.id;
        four_users().into_iter().find(|u| u.id == id)
    }
}

/// The callback data of the first button of `message` whose data starts with `prefix`.
///
/// # Panics
/// When there is none.
pub fn button_with(message: &Value, prefix: &str) -> String {
    buttons(message)
        .into_iter()
        .map(|(_, d)| d)
        .find(|d| d.starts_with(prefix))
        .unwrap_or_else(|| panic!("no {prefix} button on {message}"))
}

/// The test user whose turn it is in `t`.
///
/// # Panics
/// When nobody is to move or the player is not one of `users`.
pub fn mover_of(users: &[TestUser], t: &Table) -> TestUser {
    let id = t.to_move().expect("someone to move").id;
    users
        .iter()
        .find(|u| u.id == id)
        .expect("a test user")
        .clone()
}

impl Harness {
    /// The chats in the Redis due set (computer and timer turns), earliest first.
    pub async fn deadline_entries(&self) -> Vec<String> {
        let mut raw = self.redis.raw().await;
        redis::cmd("ZRANGE")
            .arg(parxis::store::keys::deadlines())
            .arg(0)
            .arg(-1)
            .query_async(&mut raw)
            .await
            .expect("zrange")
    }

    /// Open a lobby in `chat` by the first test user, have the second join by button, and
    /// start: a two-player game in play.
    pub async fn two_player_game_in(&self, chat: i64) {
        let users = four_users();
        let mark = self.fake.mark();
        self.fake
            .push_update(self.fake.command(chat, &users[0], "/newgame"));
        self.fake
            .wait_for_request_after(mark, |r| r.method == "sendmessage", Duration::from_secs(5))
            .await;
        for (user, tag) in [(&users[1], "j:"), (&users[0], "s:")] {
            let lobby = self.fake.last_board(chat).expect("a lobby");
            let data = button_with(&lobby, tag);
            self.press_in(chat, user, msg_id(&lobby), &data).await;
        }
        self.wait_writes(WAIT).await;
    }
}

impl Harness {
    /// Whether some chat has planned writes the bot could make now (its drain is due, or
    /// under way: a drain moves the chat's due entry only when it ends). Writes waiting for
    /// the chat's budget are due later and do not count.
    pub async fn writes_due(&self) -> bool {
        match self.store.due_all(self.clock.now_ms(), 16).await {
            Ok(due) => due.iter().any(|(k, _)| *k == DueKind::Outbox),
            Err(_) => true,
        }
    }

    /// Wait (at most `within`) until no chat has writes the bot could make now, seen twice
    /// in a row: what was planned so far (a board, its cosmetic writes after it: an old
    /// board's buttons taken off, a ping deleted) has been made.
    pub async fn wait_writes(&self, within: Duration) {
        let deadline = tokio::time::Instant::now() + within;
        let mut idle = 0;
        while idle < 2 {
            idle = if self.writes_due().await { 0 } else { idle + 1 };
            assert!(
                tokio::time::Instant::now() < deadline,
                "planned writes were not made:\n{}",
                self.fake.log_tail(10)
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// Wait (at most `within`) until `pred` holds of message `id` of `chat` (`None`: deleted
    /// or never sent); returns it. For what the bot writes after the board (cosmetic writes
    /// come last): a message losing its buttons, a lobby saying where the board went.
    pub async fn wait_message(
        &self,
        chat: i64,
        id: i32,
        within: Duration,
        what: &str,
        pred: impl Fn(Option<&Value>) -> bool,
    ) -> Option<Value> {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            let m = self.fake.message(chat, id);
            if pred(m.as_ref()) {
                return m;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "timed out waiting for {what}: message {id} is {m:?}\n{}",
                self.fake.log_tail(10)
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// Wait (at most `within`) until `pred` holds of the fake's state; for conditions on
    /// several messages at once.
    pub async fn wait_fake(
        &self,
        within: Duration,
        what: &str,
        pred: impl Fn(&FakeTelegram) -> bool,
    ) {
        let deadline = tokio::time::Instant::now() + within;
        while !pred(&self.fake) {
            assert!(
                tokio::time::Instant::now() < deadline,
                "timed out waiting for {what}\n{}",
                self.fake.log_tail(10)
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// The clock's time, Unix ms (the bots' "now": deadlines are in it).
    pub fn now_ms(&self) -> u64 {
        self.clock.now_ms()
    }

    /// Move the clock to `at_ms` (Unix ms, the clock's time), if it is not there yet.
    pub fn advance_to(&self, at_ms: u64) {
        let now = self.clock.now_ms();
        if at_ms > now {
            self.advance(at_ms - now);
        }
    }
}

/// Wait (at most [`WAIT`]) until `store` has made `n` more round trips to Redis than it had
/// when called. A scheduler polls the due sets in one round trip every 100 ms: after two, it
/// has polled at least once since the call, at the clock's time of then (what was due then
/// has been seen).
pub async fn wait_round_trips(store: &Store, n: u64) {
    let start = store.round_trips();
    let deadline = tokio::time::Instant::now() + WAIT;
    while store.round_trips() < start + n {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the store made {} round trips, not {n}",
            store.round_trips() - start
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

impl Harness {
    /// Wait until each running bot's scheduler has polled the due sets since this call (see
    /// [`wait_round_trips`]): to say that something did *not* happen at the clock's time.
    /// (Not with [`Options::scheduler_apart`]: `bots[i].ctx` is then the dispatcher's.)
    pub async fn wait_polls(&self) {
        for b in &self.bots {
            wait_round_trips(&b.ctx.store, 2).await;
        }
    }
}

impl Harness {
    /// The earliest time anything is due (a turn, a write, a ping, a tournament's job, a
    /// record), Unix ms on the bots' clock; `None` when nothing is.
    pub async fn next_due(&self) -> Option<u64> {
        let mut raw = self.redis.raw().await;
        let mut next: Option<u64> = None;
        for kind in DueKind::ALL {
            let first: Vec<(String, f64)> = redis::cmd("ZRANGE")
                .arg(kind.key())
                .arg(0)
                .arg(0)
                .arg("WITHSCORES")
                .query_async(&mut raw)
                .await
                .expect("zrange");
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            if let Some((_, score)) = first.first() {
                let at = *score as u64;
                next = Some(next.map_or(at, |n| n.min(at)));
            }
        }
        next
    }

    /// Wait (at most `within`) until nothing is due at the clock's time, seen three times in
    /// a row: the bots did all they could do now.
    pub async fn wait_idle(&self, within: Duration) {
        let deadline = tokio::time::Instant::now() + within;
        let mut idle = 0;
        while idle < 3 {
            let busy = match self.store.due_all(self.clock.now_ms(), 1).await {
                Ok(due) => !due.is_empty(),
                Err(_) => true,
            };
            idle = if busy { 0 } else { idle + 1 };
            assert!(
                tokio::time::Instant::now() < deadline,
                "the bots never went idle:\n{}",
                self.fake.log_tail(10)
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// Whether the bots are idle: nothing due at the clock's time, twice 10 ms apart (a firing
    /// under way keeps its due entry until it is done).
    pub async fn is_idle(&self) -> bool {
        for i in 0..2 {
            if i > 0 {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            match self.store.due_all(self.clock.now_ms(), 1).await {
                Ok(due) if due.is_empty() => {}
                _ => return false,
            }
        }
        true
    }

    /// One step of the clock, as a discrete-event simulation takes it: when the bots are idle
    /// ([`Harness::is_idle`]), move the clock to the next time anything is due, if that is at
    /// least `min_gap_ms` away (shorter waits, a computer player's pause, are left to run by
    /// themselves). Returns whether the clock moved.
    pub async fn step_clock(&self, min_gap_ms: u64) -> bool {
        if !self.is_idle().await {
            return false;
        }
        match self.next_due().await {
            Some(at) if at >= self.clock.now_ms() + min_gap_ms => {
                self.advance_to(at);
                true
            }
            _ => false,
        }
    }
}
