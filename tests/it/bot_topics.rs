//! Forum topics: each topic of a forum supergroup is a place of its own, with its own game,
//! board and timer, and everything the bot sends for a topic's game goes to that topic. Also:
//! two bots sharing one Redis never drop each other's updates.
//!
//! The real bot against the fake Bot API (which knows topics: `support/fake_tg/topics.rs`)
//! and a real `redis-server`.

use crate::support;

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

use parxis::bot::core::settings::{ChatSettings, Display};
use parxis::bot::core::table::{Status, Table};
use parxis::bot::effects::chat::DisplayState;
use parxis::bot::{self, Ctx};
use parxis::i18n::Lang;
use parxis::ops::metrics::Metrics;
use parxis::store::{Place, Store};
use serde_json::Value;
use support::bot_harness::{CHAT, Harness, Options, WAIT, button_with, four_users, mover_of};
use support::fake_tg::{FakeTelegram, Recorded, TestUser, buttons, msg_id, thread_of};
use support::redis::TestRedis;

/// The methods that post a new message (they must carry the topic).
const SENDS: [&str; 2] = ["sendmessage", "sendphoto"];
/// The methods that change a message already posted (its id names it, topic and all).
const EDITS: [&str; 3] = [
    "editmessagetext",
    "editmessagemedia",
    "editmessagereplymarkup",
];

/// A topic of the forum [`CHAT`].
fn at(topic: i32) -> Place {
    Place::of_topic(CHAT, topic)
}

async fn table_at(h: &Harness, topic: i32) -> Option<Table> {
    h.store
        .load::<Table>(at(topic))
        .await
        .expect("redis")
        .map(|r| r.state)
}

/// The board message of `topic`, as its display record names it (waiting for the record:
/// it is written once the board is posted).
async fn board_at(h: &Harness, topic: i32) -> Value {
    let deadline = tokio::time::Instant::now() + WAIT;
    let d = loop {
        let d: Option<DisplayState> = h.store.display(at(topic)).await.expect("redis");
        if let Some(d) = d {
            break d;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "no board in topic {topic}:\n{}",
            h.fake.log_tail(10)
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    };
    h.fake
        .message(CHAT, d.message_id)
        .unwrap_or_else(|| panic!("board {} of topic {topic} missing", d.message_id))
}

/// `user` sends `text` in `topic`; returns the requests the bot made for it.
async fn command_at(h: &Harness, topic: i32, user: &TestUser, text: &str) -> Vec<Recorded> {
    let mark = h.fake.mark();
    h.fake
        .push_update(h.fake.command_in_topic(CHAT, topic, user, text));
    h.settle(mark).await
}

/// `user` presses the button with `data` under `message`; returns the callback answer once
/// the board it changed is written.
async fn press(h: &Harness, user: &TestUser, message: &Value, data: &str) -> Recorded {
    let answer = h.press_in(CHAT, user, msg_id(message), data).await;
    assert!(
        answer.str_param("text").is_none(),
        "press {data} refused: {:?}",
        answer.params
    );
    answer
}

/// `host` opens a lobby in `topic` by command, `guest` joins by button, `host` starts it.
async fn two_player_game_at(h: &Harness, topic: i32, host: &TestUser, guest: &TestUser) {
    command_at(h, topic, host, "/newgame").await;
    let lobby = board_at(h, topic).await;
    assert_eq!(thread_of(&lobby), Some(topic), "the lobby is in its topic");
    press(h, guest, &lobby, &button_with(&lobby, "j:")).await;
    let lobby = board_at(h, topic).await;
    press(h, host, &lobby, &button_with(&lobby, "s:")).await;
    let t = table_at(h, topic).await.expect("a table");
    assert_eq!(t.status(), Status::Playing, "topic {topic}");
    // The first board and the lobby's closing edit are made before the test goes on: a
    // board still planned would take the next turn's board into its post.
    h.wait_writes(WAIT).await;
}

/// Every request from `mark` on that posts or changes a message does it in one of `topics`:
/// a send carries the topic's `message_thread_id`, an edit targets a message of the topic.
/// Returns how many requests of each kind were checked.
fn every_write_in_a_topic(h: &Harness, mark: usize, topics: &[i32]) -> (usize, usize) {
    let (mut sends, mut edits) = (0, 0);
    for r in h.fake.requests_since(mark) {
        if SENDS.contains(&r.method.as_str()) {
            let thread = r.thread_id();
            assert!(
                thread.is_some_and(|t| topics.contains(&t)),
                "a send outside the topics {topics:?}: {:?}",
                r.params
            );
            if r.ok() {
                assert_eq!(thread_of(r.result()), thread, "posted in its topic");
            }
            sends += 1;
        } else if EDITS.contains(&r.method.as_str()) {
            let id = r.params["message_id"]
                .as_i64()
                .and_then(|id| i32::try_from(id).ok())
                .expect("an edit names its message");
            let target = h.fake.message(CHAT, id).expect("the edited message");
            assert!(
                thread_of(&target).is_some_and(|t| topics.contains(&t)),
                "an edit of a message outside the topics: {target}"
            );
            edits += 1;
        }
    }
    (sends, edits)
}

async fn forum_harness(seed: u64, opts: Options, timer_secs: u32) -> (Harness, i32, i32) {
    let h = Harness::start_with(seed, opts).await;
    h.settings(ChatSettings {
        lang: Some(Lang::En),
        display: Display::Image,
        timer_secs,
        ..ChatSettings::default()
    })
    .await;
    let a = h.fake.open_topic(CHAT, "Taula 1");
    let b = h.fake.open_topic(CHAT, "Taula 2");
    assert_ne!(a, b);
    (h, a, b)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_topics_of_one_forum_play_two_games_at_once_and_every_request_carries_its_topic() {
    // Given a forum group with two topics, image boards, no timer,
    let (mut h, a, b) = forum_harness(41, Options::default(), 0).await;
    let users = four_users();
    let mark = h.fake.mark();

    // When a game is opened and started by buttons in each topic, by different players,
    two_player_game_at(&h, a, &users[0], &users[1]).await;
    two_player_game_at(&h, b, &users[2], &users[3]).await;

    // Then each topic has its own game, and the chat itself (General) has none.
    let (ta, tb) = (
        table_at(&h, a).await.unwrap(),
        table_at(&h, b).await.unwrap(),
    );
    let ids = |t: &Table| t.players().iter().map(|p| p.id).collect::<BTreeSet<_>>();
    assert_eq!(ids(&ta), BTreeSet::from([11, 12]));
    assert_eq!(ids(&tb), BTreeSet::from([13, 14]));
    assert_eq!(h.store.load::<Table>(CHAT).await.expect("redis"), None);

    // When both games are played in turn by button presses,
    for _ in 0..6 {
        for (topic, seats) in [(a, &users[..2]), (b, &users[2..])] {
            let (t, board) = h.fresh_board_at(at(topic)).await;
            let before = t.seq();
            press(&h, &mover_of(seats, &t), &board, &buttons(&board)[0].1).await;
            let after = table_at(&h, topic).await.unwrap();
            assert!(after.seq() > before, "topic {topic}: the press was applied");
        }
    }
    // Then each game moved on by its own presses only.
    let (ta2, tb2) = (
        table_at(&h, a).await.unwrap(),
        table_at(&h, b).await.unwrap(),
    );
    assert!(ta2.seq() >= ta.seq() + 6 && tb2.seq() >= tb.seq() + 6);
    assert_eq!((ids(&ta2), ids(&tb2)), (ids(&ta), ids(&tb)));

    // When /board is sent in topic A,
    let board_b_before: Option<DisplayState> = h.store.display(at(b)).await.unwrap();
    let mark_board = h.fake.mark();
    h.fake
        .push_update(h.fake.command_in_topic(CHAT, a, &users[1], "/board"));
    // Then a new board is posted in topic A and recorded as A's board; topic B's board
    // record is untouched.
    let posted = h
        .fake
        .wait_for_request_after(
            mark_board,
            |r| SENDS.contains(&r.method.as_str()) && r.ok(),
            WAIT,
        )
        .await;
    assert_eq!(posted.thread_id(), Some(a), "{:?}", posted.params);
    let new_id = posted.result()["message_id"].as_i64().unwrap();
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let d: Option<DisplayState> = h.store.display(at(a)).await.unwrap();
        if d.is_some_and(|d| i64::from(d.message_id) == new_id) {
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "A's board record");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(h.store.display(at(b)).await.unwrap(), board_b_before);

    // When the host of topic B's game cancels it there,
    let a_before = table_at(&h, a).await.unwrap();
    let sent = command_at(&h, b, &users[2], "/cancel").await;
    // Then B's game is cancelled, in B, and A's game goes on unchanged.
    assert_eq!(table_at(&h, b).await.unwrap().status(), Status::Cancelled);
    assert!(!sent.is_empty());
    assert_eq!(table_at(&h, a).await.unwrap(), a_before);
    assert_eq!(a_before.status(), Status::Playing);
    let (t, board) = h.fresh_board_at(at(a)).await;
    press(
        &h,
        &mover_of(&users[..2], &t),
        &board,
        &buttons(&board)[0].1,
    )
    .await;
    assert!(
        table_at(&h, a).await.unwrap().seq() > t.seq(),
        "A still plays"
    );

    // And every message the bot posted or changed since the start is in one of the topics.
    let (sends, edits) = every_write_in_a_topic(&h, mark, &[a, b]);
    assert!(sends >= 5 && edits >= 12, "sends {sends}, edits {edits}");
    let photos = h
        .fake
        .requests_since(mark)
        .iter()
        .filter(|r| r.method == "sendphoto" && r.ok())
        .count();
    assert!(
        photos >= 2,
        "image boards were posted as photos, in their topics"
    );
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timer_firing_in_one_topic_plays_that_topics_turn_and_writes_to_that_topic() {
    // Given a forum group with a 30 s timer and a game in topic A only,
    let (mut h, a, b) = forum_harness(42, Options::default(), 30).await;
    let users = four_users();
    two_player_game_at(&h, a, &users[0], &users[1]).await;
    // and a lobby waiting in topic B (no deadline: nobody is to move there),
    command_at(&h, b, &users[2], "/newgame").await;
    let lobby_b = table_at(&h, b).await.expect("a lobby in B");
    let lobby_b_message = board_at(&h, b).await;
    let t0 = table_at(&h, a).await.unwrap();
    assert!(t0.deadline_ms().is_some(), "A's turn has a deadline");
    // Then the due set names topic A's place, not the chat.
    assert_eq!(h.deadline_entries().await, [at(a).member()]);
    let mark = h.fake.mark();

    // When nobody presses and the timer runs out (the clock moved past it),
    h.advance_to(t0.deadline_ms().expect("a deadline"));
    let deadline = tokio::time::Instant::now() + WAIT;
    let t1 = loop {
        let t = table_at(&h, a).await.unwrap();
        if t.seq() > t0.seq() {
            break t;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the timer never fired:\n{}",
            h.fake.log_tail(10)
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    };
    // Then the bot played A's timed-out turn (and, with `/dice auto`, rolled for the next
    // human in the same save), and shows it in topic A only; B's lobby is untouched.
    assert!(
        t1.last()
            .iter()
            .any(|e| matches!(e, parxis::bot::core::table::Event::TimedOut { .. })),
        "{:?}",
        t1.last()
    );
    let (t, _) = h.fresh_board_at(at(a)).await;
    assert!(t.seq() >= t1.seq());
    let (_, edits) = every_write_in_a_topic(&h, mark, &[a]);
    assert!(
        edits >= 1,
        "the board of A was changed:\n{}",
        h.fake.log_tail(10)
    );
    assert_eq!(table_at(&h, b).await.unwrap(), lobby_b);
    assert_eq!(board_at(&h, b).await, lobby_b_message);
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_that_turns_topics_on_keeps_its_game_in_general_and_a_topic_opens_its_own() {
    // Given an ordinary supergroup playing a game (emoji boards),
    let mut h = Harness::start(43).await;
    h.use_emoji().await;
    h.start_game(2).await;
    let (version, game) = h.table().await;
    let users = four_users();

    // When topics are turned on and /board is sent in the General topic (no thread id),
    let topic = h.fake.open_topic(CHAT, "Taula nova");
    let mark = h.fake.mark();
    h.fake
        .push_update(h.fake.command(CHAT, &users[1], "/board"));
    let posted = h
        .fake
        .wait_for_request_after(mark, |r| SENDS.contains(&r.method.as_str()) && r.ok(), WAIT)
        .await;
    // Then the game is still there and its board is posted in General.
    assert_eq!(posted.thread_id(), None, "{:?}", posted.params);
    assert_eq!(thread_of(posted.result()), None);
    assert_eq!(h.table().await, (version, game.clone()));

    // When /newgame is sent in the new topic,
    command_at(&h, topic, &users[2], "/newgame").await;
    // Then the topic has a lobby of its own, in the topic, and General's game is unchanged.
    let lobby = table_at(&h, topic).await.expect("a lobby in the topic");
    assert_eq!(lobby.status(), Status::Lobby);
    assert_eq!(thread_of(&board_at(&h, topic).await), Some(topic));
    assert_eq!(h.table().await, (version, game));
    h.stop_bots().await;
}

/// One bot (its own fake Telegram, its own token, so its own bot id) on a shared Redis:
/// its dispatcher and its scheduler (which makes the writes it plans).
struct OneBot {
    fake: FakeTelegram,
    stop: tokio::sync::watch::Sender<bool>,
    token: teloxide::dispatching::ShutdownToken,
    task: tokio::task::JoinHandle<()>,
    scheduler: tokio::task::JoinHandle<()>,
}

async fn bot_on(redis: &TestRedis, token: &str, seed: u64) -> OneBot {
    let fake = FakeTelegram::start().await;
    let store = Store::connect(&redis.url()).await.expect("store");
    let mut ctx = Ctx::new(store.clone(), Lang::En, Metrics::new());
    ctx.seed = Some(seed);
    let (kicks, kicked) = parxis::bot::effects::ctx::Kicks::new();
    ctx.kicks = Some(kicks);
    let ctx = Arc::new(ctx);
    let tg = fake.bot_with_token(token);
    let (stop, stop_rx) = tokio::sync::watch::channel(false);
    let scheduler = tokio::spawn(bot::schedule::run(tg.clone(), ctx.clone(), kicked, stop_rx));
    let mut d = bot::dispatcher(tg, ctx);
    let shutdown = d.shutdown_token();
    let task = tokio::spawn(async move { d.dispatch().await });
    OneBot {
        fake,
        stop,
        token: shutdown,
        task,
        scheduler,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_bots_sharing_one_redis_each_handle_their_own_update_with_the_same_id() {
    // Given two bots (ids 123 and 456) on one Redis, each with its own Telegram,
    let redis = TestRedis::start();
    let first = bot_on(&redis, "123:TEST", 1).await;
    let second = bot_on(&redis, "456:TEST", 2).await;
    let ana = TestUser::new(11, "Ana").lang("en");
    let (chat_1, chat_2) = (-1_000_000_000_101, -1_000_000_000_202);

    // When each gets a /newgame with the same update id (update ids are per bot),
    let u1 = first
        .fake
        .push_update(first.fake.command(chat_1, &ana, "/newgame"));
    let u2 = second
        .fake
        .push_update(second.fake.command(chat_2, &ana, "/newgame"));
    assert_eq!(u1, u2, "the same update id for both bots");

    // Then both open a lobby: neither update was dropped as the other's repeat,
    for (bot, chat) in [(&first, chat_1), (&second, chat_2)] {
        bot.fake
            .wait_for_request(
                |r| r.method == "sendmessage" && r.chat_id() == Some(chat),
                WAIT,
            )
            .await;
        assert!(bot.fake.last_board(chat).is_some(), "a lobby in {chat}");
    }
    let store = Store::connect(&redis.url()).await.expect("store");
    for chat in [chat_1, chat_2] {
        let t = store.load::<Table>(chat).await.expect("redis");
        assert_eq!(t.map(|t| t.state.status()), Some(Status::Lobby));
    }

    // and each bot's mark names the bot.
    let mut raw = redis.raw().await;
    for bot_id in [123, 456] {
        let key = parxis::store::keys::update_for(bot_id, u1);
        let exists: i64 = redis::cmd("EXISTS")
            .arg(&key)
            .query_async(&mut raw)
            .await
            .expect("exists");
        assert_eq!(exists, 1, "{key}");
    }

    for bot in [first, second] {
        let _ = bot.stop.send(true);
        if let Ok(f) = bot.token.shutdown() {
            let _ = tokio::time::timeout(WAIT, f).await;
        }
        let _ = tokio::time::timeout(WAIT, bot.task).await;
        let _ = tokio::time::timeout(WAIT, bot.scheduler).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fake_keeps_forum_topics_as_telegram_does() {
    use teloxide::payloads::SendMessageSetters;
    use teloxide::prelude::Requester;
    use teloxide::types::{MessageId, ThreadId};
    // Given a fake with a forum supergroup and one topic opened in it,
    let fake = FakeTelegram::start().await;
    let bot = fake.bot();
    let topic = fake.open_topic(CHAT, "Taula");
    // When the bot sends into the topic, Then the message is a topic message of it.
    let sent = bot
        .send_message(teloxide::types::ChatId(CHAT), "hola")
        .message_thread_id(ThreadId(MessageId(topic)))
        .await
        .expect("a send into the topic");
    assert!(sent.is_topic_message);
    assert_eq!(sent.thread_id, Some(ThreadId(MessageId(topic))));
    assert!(matches!(
        &sent.chat.kind,
        teloxide::types::ChatKind::Public(p)
            if matches!(&p.kind, teloxide::types::PublicChatKind::Supergroup(s) if s.is_forum)
    ));
    // When it sends without a thread, Then it lands in General (no topic).
    let general = bot
        .send_message(teloxide::types::ChatId(CHAT), "hola")
        .await
        .expect("a send to General");
    assert!(!general.is_topic_message && general.thread_id.is_none());
    // When it names a topic that does not exist, Then Telegram's refusal.
    let refused = bot
        .send_message(teloxide::types::ChatId(CHAT), "hola")
        .message_thread_id(ThreadId(MessageId(topic + 100)))
        .await;
    assert!(
        refused
            .as_ref()
            .is_err_and(|e| e.to_string().contains("message thread not found")),
        "{refused:?}"
    );
    // And a user's command in the topic reads as a topic message of it.
    let ana = TestUser::new(11, "Ana");
    let update = fake.command_in_topic(CHAT, topic, &ana, "/board");
    let m: teloxide::types::Message =
        serde_json::from_value(update["message"].clone()).expect("a message");
    assert!(m.is_topic_message);
    assert_eq!(m.thread_id, Some(ThreadId(MessageId(topic))));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_finished_in_a_topic_is_recorded_with_its_topic_and_its_results_stay_in_the_topic() {
    // Given a forum group with two topics and a two-player game started in topic A,
    // (emoji boards: a whole game of PNG renders is slow in a debug build),
    let (h, a, _b) = forum_harness(43, Options::default(), 0).await;
    h.settings(ChatSettings {
        lang: Some(Lang::En),
        display: Display::Emoji,
        timer_secs: 0,
        ..ChatSettings::default()
    })
    .await;
    let users = four_users();
    two_player_game_at(&h, a, &users[0], &users[1]).await;

    // When it is played to its end by button presses in topic A,
    let mut over = false;
    for _ in 0..5000 {
        let (t, board) = h.fresh_board_at(at(a)).await;
        if t.status() != Status::Playing {
            over = true;
            break;
        }
        press(
            &h,
            &mover_of(&users[..2], &t),
            &board,
            &buttons(&board)[0].1,
        )
        .await;
    }
    assert!(over, "the game in topic A did not end");

    // Then the chat's history holds one game, recorded with topic A,
    let mut raw = h.redis.raw().await;
    let history: Vec<String> = redis::cmd("LRANGE")
        .arg(parxis::store::keys::stats_history(CHAT))
        .arg(0)
        .arg(-1)
        .query_async(&mut raw)
        .await
        .expect("lrange");
    assert_eq!(history.len(), 1, "{history:?}");
    let record: Value = serde_json::from_str(&history[0]).expect("a JSON record");
    assert_eq!(record["topic"], Value::from(a), "{record}");
    // and the results were saved into topic A's table, not into a table of the chat itself.
    let t = table_at(&h, a).await.expect("topic A's table");
    assert!(
        t.tally().recorded,
        "the topic's table knows it was recorded"
    );
    assert_eq!(h.store.load::<Table>(CHAT).await.expect("redis"), None);
}
