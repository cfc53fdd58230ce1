//! Bot replicas in webhook mode: each its own dispatcher, Redis connection, metrics and HTTP
//! port on 127.0.0.1, all sharing one real Redis and one fake Bot API. The test plays the part
//! of Telegram's webhook delivery, POSTing update JSON to the replicas' webhook route.

use crate::support;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;
use tokio::net::TcpListener;
use tokio::sync::{oneshot, watch};
use tokio::task::JoinHandle;

use parxis::bot::TgBot;
use parxis::bot::core::refusal::{Alert, Refusal};
use parxis::bot::core::settings::{ChatSettings, Display};
use parxis::bot::core::table::{Status, Table};
use parxis::bot::effects::chat::{ChatAddr, DisplayState};
use parxis::bot::{self, Ctx, webhook};
use parxis::config::{Secret, WebhookConfig};
use parxis::i18n::Lang;
use parxis::ops::{http as ops_http, metrics::Metrics};
use parxis::store::Store;
use support::bot_harness;
use support::fake_tg::{FakeTelegram, Recorded, TestUser, buttons, callback_id, msg_id};
use support::http::{self, sample};
use support::redis::TestRedis;

const CHAT: i64 = -1_001_234_567_890;
const SECRET: &str = "webhook-Secret_42";
const HOOK_URL: &str = "https://parxis.example.org/telegram";
const PATH: &str = "/telegram";
const WAIT: Duration = Duration::from_secs(10);

/// One bot process: webhook mode (via the same `webhook::run` as `parxis bot`) plus driver.
struct Replica {
    addr: SocketAddr,
    ctx: Arc<Ctx>,
    stop: oneshot::Sender<()>,
    task: JoinHandle<anyhow::Result<()>>,
    driver_stop: watch::Sender<bool>,
    driver: JoinHandle<()>,
}

impl Replica {
    async fn start(fake: &FakeTelegram, redis: &TestRedis) -> Self {
        let store = Store::connect(&redis.url()).await.expect("store");
        let metrics = Metrics::new();
        let mut ctx = Ctx::new(store.clone(), Lang::En, metrics.clone());
        ctx.seed = Some(29);
        ctx.pause = Duration::from_millis(20);
        (ctx.write_limit, ctx.write_window_ms) = bot_harness::UNPACED;
        let (kicks, kicked) = parxis::bot::effects::ctx::Kicks::new();
        ctx.kicks = Some(kicks);
        let ctx = Arc::new(ctx);
        let tg = tg(fake);
        let port = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = port.local_addr().expect("address");
        let ready = ops_http::ready_check(move || {
            let s = store.clone();
            async move { s.ping().await.is_ok() }
        });
        let ops = ops_http::router(metrics, ready);
        let config = WebhookConfig {
            url: HOOK_URL.parse().expect("url"),
            secret: Secret::new(SECRET.to_owned()),
        };
        let options = webhook::options(&config, addr.port());
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(webhook::run(
            tg.clone(),
            ctx.clone(),
            options,
            port,
            ops,
            async move {
                let _ = stopped.await;
            },
        ));
        let (driver_stop, driver_rx) = watch::channel(false);
        let driver = tokio::spawn(bot::schedule::run(tg, ctx.clone(), kicked, driver_rx));
        let replica = Self {
            addr,
            ctx,
            stop,
            task,
            driver_stop,
            driver,
        };
        let deadline = tokio::time::Instant::now() + WAIT;
        while http::get(replica.addr, "/healthz").await.status != 200 {
            assert!(tokio::time::Instant::now() < deadline, "replica never up");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        replica
    }

    /// Deliver `update` as Telegram does (with the secret header); returns the HTTP status.
    async fn post(&self, update: &Value) -> u16 {
        http::post_json(self.addr, PATH, Some(SECRET), update)
            .await
            .status
    }

    async fn metrics(&self) -> String {
        let reply = http::get(self.addr, "/metrics").await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        reply.body
    }

    /// Graceful stop, as on SIGTERM; the replica must end cleanly and promptly.
    async fn stop(self) {
        let _ = self.stop.send(());
        let ended = tokio::time::timeout(WAIT, self.task)
            .await
            .expect("the replica stops within the wait")
            .expect("the replica task did not panic");
        assert!(ended.is_ok(), "replica ended with {ended:?}");
        let _ = self.driver_stop.send(true);
        let _ = tokio::time::timeout(WAIT, self.driver).await;
    }
}

fn tg(fake: &FakeTelegram) -> TgBot {
    fake.bot()
}

/// A counter's value in a metrics text (absent series count as 0).
fn count(text: &str, series: &str) -> f64 {
    sample(text, series).unwrap_or(0.0)
}

/// The fake API, Redis, and `n` replicas.
struct Cluster {
    fake: FakeTelegram,
    store: Store,
    replicas: Vec<Replica>,
    _redis: TestRedis,
}

impl Cluster {
    async fn start(n: usize) -> Self {
        let fake = FakeTelegram::start().await;
        let redis = TestRedis::start();
        let store = Store::connect(&redis.url()).await.expect("store");
        let mut replicas = Vec::new();
        for _ in 0..n {
            replicas.push(Replica::start(&fake, &redis).await);
        }
        // Emoji boards: one editMessageText per shown change.
        let settings = ChatSettings {
            lang: Some(Lang::En),
            display: Display::Emoji,
            timer_secs: 0,
            dice: parxis::bot::core::settings::DiceMode::Button,
            pings_secs: parxis::bot::core::settings::DEFAULT_PINGS_SECS,
            lang_offered: true,
        };
        store.set_settings(CHAT, &settings).await.expect("settings");
        let c = Self {
            fake,
            store,
            replicas,
            _redis: redis,
        };
        // Each dispatcher asks getMe when it starts: wait until all have.
        let deadline = tokio::time::Instant::now() + WAIT;
        while c.count_requests("getme") < n {
            assert!(
                tokio::time::Instant::now() < deadline,
                "dispatchers never started"
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        c
    }

    async fn table(&self) -> Option<(u64, Table)> {
        self.store
            .load::<Table>(CHAT)
            .await
            .expect("redis")
            .map(|r| (r.version, r.state))
    }

    /// Waits until the stored table satisfies `cond`, and returns it.
    async fn wait_table(&self, what: &str, cond: impl Fn(&Table) -> bool) -> (u64, Table) {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            if let Some((v, t)) = self.table().await
                && cond(&t)
            {
                return (v, t);
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "never: {what}; table {:?}\n{}",
                self.table()
                    .await
                    .map(|(_, t)| (t.status(), t.seq(), t.players().len())),
                self.fake.log_tail(12)
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    async fn board_id(&self) -> Option<i32> {
        let d: Option<DisplayState> = self.store.display(CHAT).await.expect("redis");
        d.map(|d| d.message_id)
    }

    /// Waits until the bot has recorded a board message.
    async fn wait_board(&self, what: &str) {
        let deadline = tokio::time::Instant::now() + WAIT;
        while self.board_id().await.is_none() {
            assert!(tokio::time::Instant::now() < deadline, "never: {what}");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    async fn board(&self) -> Value {
        let id = self.board_id().await.expect("a board message id");
        self.fake.message(CHAT, id).expect("the board message")
    }

    /// `user` presses the button `data` (a prefix picks the first button that starts with
    /// it) on the current board, delivered to replica `i`; returns the callback answer.
    async fn press(&self, i: usize, user: &TestUser, data: &str) -> Recorded {
        let board = self.board().await;
        let data = buttons(&board)
            .into_iter()
            .map(|(_, d)| d)
            .find(|d| d.starts_with(data))
            .unwrap_or_else(|| panic!("no button {data} on {board}"));
        let update = self.fake.press(CHAT, user, msg_id(&board), &data);
        assert_eq!(self.replicas[i].post(&update).await, 200);
        let answer = self
            .fake
            .wait_for_callback_answer(&callback_id(&update))
            .await;
        bot_harness::shown_after(&self.fake, &self.store, &answer).await;
        answer
    }

    /// A command by `user`, delivered to replica `i`.
    async fn command(&self, i: usize, user: &TestUser, text: &str) {
        let update = self.fake.command(CHAT, user, text);
        assert_eq!(self.replicas[i].post(&update).await, 200);
    }

    fn count_requests(&self, method: &str) -> usize {
        self.fake
            .requests()
            .iter()
            .filter(|r| r.method == method)
            .count()
    }

    async fn metric_sum(&self, series: &str) -> f64 {
        let mut sum = 0.0;
        for r in &self.replicas {
            sum += count(&r.metrics().await, series);
        }
        sum
    }

    /// Waits until the replicas' `series` add up to `want` (a handler counts its update just
    /// after its last request), and fails if they never do or go past it.
    async fn wait_metric_sum(&self, series: &str, want: f64) {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let sum = self.metric_sum(series).await;
            if sum == want {
                return;
            }
            assert!(
                sum < want && tokio::time::Instant::now() < deadline,
                "{series}: {sum}, expected {want}"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    async fn stop(mut self) {
        for r in self.replicas.drain(..) {
            r.stop().await;
        }
    }
}

fn ana() -> TestUser {
    TestUser::new(11, "Ana").lang("en")
}

fn biel() -> TestUser {
    TestUser::new(12, "Biel").lang("en")
}

fn no_alert(answer: &Recorded) {
    assert!(
        !bot_harness::refused(answer),
        "the press was refused: {:?}",
        answer.params
    );
}

/// A lobby by Ana (via replica 0) that Biel joined (via the last replica).
async fn lobby_of_two(c: &Cluster) {
    c.command(0, &ana(), "/newgame").await;
    c.wait_board("a lobby with a board").await;
    let last = c.replicas.len() - 1;
    no_alert(&c.press(last, &biel(), "j:").await);
    c.wait_table("Biel joined", |t| t.players().len() == 2)
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_replicas_take_turns_and_every_move_is_applied_exactly_once() {
    let c = Cluster::start(2).await;
    // Each replica registered the webhook through the (fake) Bot API, with the secret.
    let sets: Vec<Recorded> = c
        .fake
        .requests()
        .into_iter()
        .filter(|r| r.method == "setwebhook")
        .collect();
    assert_eq!(sets.len(), 2, "{}", c.fake.log_tail(10));
    for s in &sets {
        assert!(s.ok());
        assert_eq!(s.str_param("url"), Some(HOOK_URL));
        assert_eq!(s.str_param("secret_token"), Some(SECRET));
        // with the update kinds, Guest Mode's (which teloxide cannot name) among them.
        let kinds = s.params["allowed_updates"]
            .as_array()
            .expect("allowed_updates");
        assert!(
            kinds.contains(&serde_json::json!("guest_message")),
            "{kinds:?}"
        );
        assert!(
            kinds.contains(&serde_json::json!("callback_query")),
            "{kinds:?}"
        );
    }

    lobby_of_two(&c).await;
    no_alert(&c.press(0, &ana(), "s:").await);
    let (_, start) = c
        .wait_table("playing", |t| t.status() == Status::Playing)
        .await;
    let edits_before = c.count_requests("editmessagetext");

    let users = [ana(), biel()];
    let mut presses = 0;
    for k in 0..30 {
        let (_, t) = c.table().await.expect("a table");
        if t.status() != Status::Playing {
            break;
        }
        let mover = t.to_move().expect("someone to move").id;
        let user = users.iter().find(|u| u.id == mover).expect("a human");
        // Alternate the replicas, whatever the turn.
        let answer = c.press(k % 2, user, "").await;
        no_alert(&answer);
        presses += 1;
        let (_, after) = c.table().await.expect("a table");
        assert_eq!(after.seq(), t.seq() + 1, "press {k} applied exactly once");
    }
    assert!(presses >= 10, "only {presses} presses");
    let (_, end) = c.table().await.expect("a table");
    assert_eq!(end.seq() - start.seq(), presses as u64);
    assert_eq!(
        c.count_requests("editmessagetext") - edits_before,
        presses,
        "one board edit per move"
    );
    // Together the replicas handled each press once (join, start, the moves), and both took
    // their share.
    let callbacks = "parxis_updates_total{kind=\"callback\"}";
    c.wait_metric_sum(callbacks, (presses + 2) as f64).await;
    for r in &c.replicas {
        let n = count(&r.metrics().await, callbacks);
        assert!(n >= 5.0, "each replica took its share: {n}");
    }
    assert_eq!(
        c.metric_sum("parxis_games_started_total").await,
        1.0,
        "the start is counted once, by the replica that saved it"
    );
    assert_eq!(
        c.count_requests("getupdates"),
        0,
        "no polling in webhook mode"
    );
    c.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_without_the_secret_gets_401_and_changes_nothing() {
    let c = Cluster::start(1).await;
    let r = &c.replicas[0];
    // Health, readiness and metrics share the port with the webhook.
    for path in ["/healthz", "/readyz", "/metrics"] {
        assert_eq!(http::get(r.addr, path).await.status, 200, "{path}");
    }
    let mark = c.fake.mark();
    let update = c.fake.command(CHAT, &ana(), "/newgame");
    let none = http::post_json(r.addr, PATH, None, &update).await;
    assert_eq!(none.status, 401);
    let wrong = http::post_json(r.addr, PATH, Some("not-the-secret"), &update).await;
    assert_eq!(wrong.status, 401);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(c.table().await.is_none(), "no game was opened");
    assert!(
        c.fake.requests_since(mark).is_empty(),
        "nothing was sent to Telegram:\n{}",
        c.fake.log_tail(5)
    );
    assert_eq!(
        count(&r.metrics().await, "parxis_updates_total{kind=\"command\"}"),
        0.0
    );
    // The very same update with the secret is handled: the header alone stopped it.
    assert_eq!(r.post(&update).await, 200);
    c.wait_table("a lobby", |t| t.status() == Status::Lobby)
        .await;
    c.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_update_delivered_to_both_replicas_is_handled_once() {
    let c = Cluster::start(2).await;
    c.command(0, &ana(), "/newgame").await;
    c.wait_board("a lobby with a board").await;
    let (_, lobby) = c.table().await.expect("a lobby");

    // A command delivered to both at once (a retry racing the first delivery).
    let join = c.fake.command(CHAT, &biel(), "/join");
    let mark = c.fake.mark();
    let (a, b) = tokio::join!(c.replicas[0].post(&join), c.replicas[1].post(&join));
    assert_eq!((a, b), (200, 200));
    c.wait_table("Biel joined", |t| t.players().len() == 2)
        .await;
    tokio::time::sleep(Duration::from_millis(400)).await;
    let (_, t) = c.table().await.expect("a table");
    assert_eq!(t.players().len(), 2);
    assert_eq!(t.seq(), lobby.seq() + 1, "one join");
    assert!(
        !c.fake
            .requests_since(mark)
            .iter()
            .any(|r| r.method == "sendmessage"),
        "a second /join would have been told 'already joined':\n{}",
        c.fake.log_tail(6)
    );
    // /newgame and one /join (the wait above let a second one land, had it been handled).
    c.wait_metric_sum("parxis_updates_total{kind=\"command\"}", 2.0)
        .await;

    // A button press delivered to one replica, then again to the other (a retry).
    let board = c.board().await;
    let start = buttons(&board)
        .into_iter()
        .find(|(_, d)| d.starts_with("s:"))
        .expect("a start button");
    let press = c.fake.press(CHAT, &ana(), msg_id(&board), &start.1);
    assert_eq!(c.replicas[1].post(&press).await, 200);
    let answer = c.fake.wait_for_callback_answer(&callback_id(&press)).await;
    no_alert(&answer);
    bot_harness::shown_after(&c.fake, &c.store, &answer).await;
    assert_eq!(c.replicas[0].post(&press).await, 200);
    tokio::time::sleep(Duration::from_millis(400)).await;
    let id = callback_id(&press);
    let answers = c
        .fake
        .requests()
        .iter()
        .filter(|r| {
            r.method == "answercallbackquery" && r.str_param("callback_query_id") == Some(&id)
        })
        .count();
    assert_eq!(answers, 1, "the retried press was dropped, not re-handled");
    let (_, t) = c.table().await.expect("a table");
    assert_eq!(t.status(), Status::Playing);
    assert_eq!(t.seq(), lobby.seq() + 2);
    assert_eq!(c.metric_sum("parxis_games_started_total").await, 1.0);
    c.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_over_http_show_updates_conflicts_and_games() {
    let c = Cluster::start(1).await;
    let r = &c.replicas[0];
    lobby_of_two(&c).await;
    let text = r.metrics().await;
    assert!(count(&text, "parxis_updates_total{kind=\"command\"}") >= 1.0);
    assert_eq!(
        count(&text, "parxis_active_games"),
        0.0,
        "a lobby is no game"
    );

    // A save against an outdated version is refused and counted.
    let (version, table) = c.table().await.expect("a table");
    // The table's stored form one action later.
    let mut v = serde_json::to_value(&table).expect("json");
    v["seq"] = (table.seq() + 1).into();
    let stale: parxis::bot::core::table::Table = serde_json::from_value(v).expect("a table");
    let here = parxis::bot::effects::chat::load(&r.ctx, ChatAddr::new(CHAT), None).await;
    let outcome = parxis::bot::effects::commit::save(&r.ctx, &here, version + 7, stale).await;
    assert!(
        matches!(outcome, Err(Refusal::Alert(Alert::Stale))),
        "{outcome:?}"
    );
    assert_eq!(c.table().await, Some((version, table)), "nothing saved");
    assert_eq!(count(&r.metrics().await, "parxis_cas_conflicts_total"), 1.0);

    // Lobby → playing counts a start and an active game; cancelling ends it.
    no_alert(&c.press(0, &ana(), "s:").await);
    c.wait_table("playing", |t| t.status() == Status::Playing)
        .await;
    // The counters follow the board (they are kept beside it, after the answer).
    let deadline = tokio::time::Instant::now() + WAIT;
    let mut text = r.metrics().await;
    while count(&text, "parxis_active_games") != 1.0 && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(10)).await;
        text = r.metrics().await;
    }
    assert_eq!(count(&text, "parxis_games_started_total"), 1.0);
    assert_eq!(count(&text, "parxis_active_games"), 1.0);
    assert_eq!(count(&text, "parxis_games_finished_total"), 0.0);
    c.command(0, &ana(), "/cancel").await;
    c.wait_table("cancelled", |t| t.status() == Status::Cancelled)
        .await;
    // The counters follow the save by a Redis round trip: wait for the gauge to drop.
    let deadline = tokio::time::Instant::now() + WAIT;
    let text = loop {
        let text = r.metrics().await;
        if count(&text, "parxis_active_games") == 0.0 {
            break text;
        }
        assert!(tokio::time::Instant::now() < deadline, "{text}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(count(&text, "parxis_games_started_total"), 1.0);
    assert_eq!(count(&text, "parxis_games_finished_total"), 1.0);
    assert_eq!(count(&text, "parxis_active_games"), 0.0);
    c.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computer_turns_are_played_once_with_two_drivers() {
    let c = Cluster::start(2).await;
    c.command(0, &ana(), "/newgame").await;
    c.wait_board("a lobby").await;
    c.command(1, &ana(), "/addbot").await;
    c.wait_table("a computer joined", |t| t.players().len() == 2)
        .await;
    c.command(0, &ana(), "/start").await;
    let (_, start) = c
        .wait_table("playing", |t| t.status() == Status::Playing)
        .await;
    // The start's board first (it may land after the table is read).
    let deadline = tokio::time::Instant::now() + WAIT;
    let start_seq = start.seq().to_string();
    while buttons(&c.board().await)
        .first()
        .is_none_or(|(_, d)| d.split(':').nth(1) != Some(start_seq.as_str()))
    {
        assert!(
            tokio::time::Instant::now() < deadline,
            "start board not drawn"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let edits_before = c.count_requests("editmessagetext");
    let mut presses = 0;
    for k in 0..12 {
        // Wait for Ana's turn with her board drawn (the drivers play the computer's turns).
        let (_, t) = c
            .wait_table("Ana's turn", |t| {
                t.status() != Status::Playing || t.to_move().is_some_and(|p| p.id == ana().id)
            })
            .await;
        if t.status() != Status::Playing {
            break;
        }
        let deadline = tokio::time::Instant::now() + WAIT;
        let drawn_for_now = |board: &Value| {
            let seq = t.seq().to_string();
            buttons(board)
                .first()
                .is_some_and(|(_, d)| d.split(':').nth(1) == Some(seq.as_str()))
        };
        while !drawn_for_now(&c.board().await) {
            assert!(tokio::time::Instant::now() < deadline, "board not drawn");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        no_alert(&c.press(k % 2, &ana(), "").await);
        presses += 1;
    }
    assert!(presses >= 5, "only {presses} presses");
    // Let the last computer turn (if any) land.
    c.wait_table("Ana's turn", |t| {
        t.status() != Status::Playing || t.to_move().is_some_and(|p| p.id == ana().id)
    })
    .await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let (_, end) = c.table().await.expect("a table");
    let steps = (end.seq() - start.seq()) as usize;
    assert!(steps > presses, "the computer played too: {steps} steps");
    // The computer's turns are played in the same save as the press before them (one go
    // up to the next human choice), so each press is one board write that shows them too.
    assert_eq!(
        c.count_requests("editmessagetext") - edits_before,
        presses,
        "every press (with the computer turns after it) shown exactly once"
    );
    assert_eq!(
        c.metric_sum("parxis_cas_conflicts_total").await,
        0.0,
        "the lease kept the two drivers from playing the same turn"
    );
    c.stop().await;
}
