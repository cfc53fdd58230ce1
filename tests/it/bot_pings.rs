//! Pings (`/pings`): the mention of a player who takes long, and the warning before the timer,
//! against the fake Bot API and a real Redis.
//!
//! `/pings` and the timer have their true lengths: the test moves the bots' clock
//! (`Harness::advance`) instead of waiting, so a "30 s" wait passes at once and exactly when
//! the test says; everything else is the real bot (dispatcher and scheduler).

use crate::support;

use std::time::Duration;

use parxis::bot::core::settings::{ChatSettings, DiceMode, Display};
use parxis::bot::core::table::Table;
use parxis::bot::effects::chat::DisplayState;
use parxis::i18n::Lang;
use parxis::store::Place;
use support::bot_harness::{CHAT, Harness, Options, WAIT, four_users, text_of};
use support::fake_tg::{Flood, FloodClock, Recorded, TestUser, buttons, msg_id};

/// The `/pings` wait of these tests, seconds.
const PINGS: u32 = 30;
const PINGS_MS: u64 = PINGS as u64 * 1000;

async fn harness_with(seed: u64, opts: Options, timer_secs: u32, lang: Lang) -> Harness {
    let h = Harness::start_with(seed, opts).await;
    h.settings(ChatSettings {
        lang: Some(lang),
        display: Display::Emoji,
        timer_secs,
        dice: DiceMode::Button,
        pings_secs: PINGS,
        lang_offered: true,
    })
    .await;
    h
}

async fn harness(seed: u64, timer_secs: u32) -> Harness {
    harness_with(seed, Options::default(), timer_secs, Lang::En).await
}

/// The pings the bot sent (messages that mention someone) from `mark` on.
fn pings_since(h: &Harness, mark: usize) -> Vec<Recorded> {
    h.fake
        .requests_since(mark)
        .into_iter()
        .filter(|r| r.method == "sendmessage" && r.ok())
        .filter(|r| {
            r.str_param("text")
                .is_some_and(|t| t.contains("tg://user?id="))
        })
        .collect()
}

/// The message ids the bot deleted from `mark` on.
fn deleted_since(h: &Harness, mark: usize) -> Vec<i64> {
    h.fake
        .requests_since(mark)
        .into_iter()
        .filter(|r| r.method == "deletemessage" && r.ok())
        .filter_map(|r| r.params["message_id"].as_i64())
        .collect()
}

fn message_id(r: &Recorded) -> i64 {
    r.result()["message_id"].as_i64().expect("a message id")
}

/// Wait until the bots have seen what is due at the clock's time and made what it planned:
/// after this, a ping that was due has been sent.
async fn settled(h: &Harness) {
    h.wait_polls().await;
    h.wait_writes(WAIT).await;
}

/// Wait until `n` pings were sent since `mark` (at most `within`).
async fn wait_pings(h: &Harness, mark: usize, n: usize, within: Duration) -> Vec<Recorded> {
    let deadline = tokio::time::Instant::now() + within;
    loop {
        let sent = pings_since(h, mark);
        if sent.len() >= n {
            return sent;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{n} ping(s) expected, {} sent:\n{}",
            sent.len(),
            h.fake.log_tail(12)
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// The mover of the stored table, as a test user.
async fn mover(h: &Harness) -> (Table, TestUser) {
    let (_, t) = h.table().await;
    let id = t.to_move().expect("someone to move").id;
    let user = four_users()
        .into_iter()
        .find(|u| u.id == id)
        .expect("a test user");
    (t, user)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_takes_long_is_mentioned_once_as_a_reply_to_the_board() {
    // Given a two-player game waiting for its first player to roll, pings after 30 s
    let mut h = harness(61, 0).await;
    let mark = h.fake.mark();
    h.start_game(2).await;
    let (_, user) = mover(&h).await;
    let board = h.board_id().await.expect("a board");
    // When nobody presses for the wait (not a ping a second before it)
    h.advance(PINGS_MS - 1000);
    settled(&h).await;
    assert!(pings_since(&h, mark).is_empty(), "{}", h.fake.log_tail(8));
    h.advance(1000);
    let sent = wait_pings(&h, mark, 1, WAIT).await;
    // Then one message mentions that player (a link that notifies them), asks for the roll,
    // and replies to the board (sent all the same if the board is gone)
    let ping = &sent[0];
    let text = ping.str_param("text").unwrap_or_default();
    assert!(
        text.contains(&format!(
            "<a href=\"tg://user?id={}\">{}</a>",
            user.id,
            parxis::i18n::escape_html(&user.first_name)
        )),
        "mention: {text}"
    );
    assert!(text.contains("your turn — roll the die"), "text: {text}");
    assert_eq!(ping.str_param("parse_mode"), Some("HTML"));
    assert_eq!(
        ping.params["reply_parameters"]["message_id"].as_i64(),
        Some(i64::from(board))
    );
    assert_eq!(
        ping.params["reply_parameters"]["allow_sending_without_reply"],
        serde_json::json!(true)
    );
    // And however long the turn still waits, no second ping comes in it
    for _ in 0..3 {
        h.advance(PINGS_MS);
        settled(&h).await;
    }
    assert_eq!(pings_since(&h, mark).len(), 1, "{}", h.fake.log_tail(8));
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ping_is_deleted_when_the_player_acts() {
    // Given the first player was pinged
    let mut h = harness(62, 0).await;
    let mark = h.fake.mark();
    h.start_game(2).await;
    h.advance(PINGS_MS);
    let sent = wait_pings(&h, mark, 1, WAIT).await;
    let ping_id = message_id(&sent[0]);
    // When they roll
    let (t, user) = mover(&h).await;
    let board = h.board().await;
    let roll = buttons(&board)
        .into_iter()
        .map(|(_, d)| d)
        .find(|d| d.starts_with("r:"))
        .expect("a roll button");
    assert!(roll.ends_with(&format!(":{}", t.seq())));
    let acted = h.fake.mark();
    h.press(&user, msg_id(&board), &roll).await;
    // Then the ping is deleted, and the chat no longer has it
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    while !deleted_since(&h, acted).contains(&ping_id) {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the ping was not deleted:\n{}",
            h.fake.log_tail(10)
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let ping_id = i32::try_from(ping_id).expect("an i32 id");
    assert!(h.fake.message(CHAT, ping_id).is_none());
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_ping_with_pings_off_and_the_command_says_what_it_takes() {
    // Given a group that turns pings off (after a wrong argument, answered with the choices)
    let mut h = harness(63, 0).await;
    let users = four_users();
    let wrong = h.command(&users[0], "/pings 45").await;
    let answer = wrong
        .iter()
        .find(|r| r.method == "sendmessage")
        .and_then(|r| r.str_param("text"))
        .unwrap_or_default()
        .to_owned();
    assert!(answer.contains("off, 30, 60 or 120"), "answer: {answer}");
    let s: ChatSettings = h.store.settings(CHAT).await.expect("settings");
    assert_eq!(s.pings_secs, PINGS, "unchanged by a wrong argument");
    let said = h.command(&users[0], "/pings off").await;
    assert!(said.iter().any(|r| r.method == "sendmessage"
        && r.str_param("text").is_some_and(|t| t.contains("No pings"))));
    let s: ChatSettings = h.store.settings(CHAT).await.expect("settings");
    assert_eq!(s.pings_secs, 0);
    // And /rules says so
    let help = h.command(&users[0], "/rules").await;
    assert!(help.iter().any(|r| {
        r.str_param("text")
            .is_some_and(|t| t.contains("Pings: off") && t.contains("/pings"))
    }));
    // When a game waits for its first player for several times the usual wait
    let mark = h.fake.mark();
    h.start_game(2).await;
    for _ in 0..4 {
        h.advance(PINGS_MS);
        settled(&h).await;
    }
    // Then nobody was mentioned
    assert!(pings_since(&h, mark).is_empty(), "{}", h.fake.log_tail(8));
    // When pings are back at 1 min (written as /timer takes it), Then the next turn gets one
    let back = h.command(&users[0], "/pings 1m").await;
    assert!(
        back.iter()
            .any(|r| r.str_param("text").is_some_and(|t| t.contains("60 s")))
    );
    let (t, user) = mover(&h).await;
    let board = h.board().await;
    let (_, data) = buttons(&board).into_iter().next().expect("a button");
    assert!(data.contains(&t.seq().to_string()));
    let acted = h.fake.mark();
    h.press(&user, msg_id(&board), &data).await;
    h.advance(60_000 - 1000);
    settled(&h).await;
    assert!(pings_since(&h, acted).is_empty(), "after 1 min, not 30 s");
    h.advance(1000);
    wait_pings(&h, acted, 1, WAIT).await;
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_ping_while_the_players_keep_pressing() {
    // Given a game of two players who each act within a third of the wait
    let mut h = harness(64, 0).await;
    let mark = h.fake.mark();
    h.start_game(2).await;
    let users = four_users();
    let mut presses = 0;
    for _ in 0..15 {
        let (t, board) = h.fresh_board().await;
        let Some(p) = t.to_move() else { break };
        let user = users.iter().find(|u| u.id == p.id).expect("a test user");
        let (_, data) = buttons(&board).into_iter().next().expect("a button");
        h.press(user, msg_id(&board), &data).await;
        presses += 1;
        h.advance(PINGS_MS / 3);
        settled(&h).await;
    }
    // Then over five waits' time nobody was mentioned
    assert_eq!(presses, 15, "the players pressed");
    assert!(pings_since(&h, mark).is_empty(), "{}", h.fake.log_tail(8));
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_warning_before_the_timer_plays_and_it_deletes_the_ping_before_it() {
    // Given a 120 s timer and pings after 30 s: a ping at 30 s, the warning at 90 s
    let mut h = harness(65, 120).await;
    let mark = h.fake.mark();
    h.start_game(2).await;
    let (t0, user) = mover(&h).await;
    let due = t0.deadline_ms().expect("the timer's deadline");
    // When nobody presses (the ping at 30 s, the warning 30 s before the timer)
    h.advance_to(due - 90_000);
    wait_pings(&h, mark, 1, WAIT).await;
    h.advance_to(due - 31_000);
    settled(&h).await;
    assert_eq!(pings_since(&h, mark).len(), 1, "no warning before its time");
    h.advance_to(due - 30_000);
    let sent = wait_pings(&h, mark, 2, WAIT).await;
    // Then the first is the ordinary ping, the second the warning, both to that player
    let first = sent[0].str_param("text").unwrap_or_default();
    let warning = sent[1].str_param("text").unwrap_or_default();
    let mention = format!("tg://user?id={}", user.id);
    assert!(
        first.contains("your turn") && first.contains(&mention),
        "{first}"
    );
    assert!(
        warning.starts_with('⏳')
            && warning.contains("30 s — then the computer plays for you")
            && warning.contains(&mention),
        "{warning}"
    );
    // And the warning came before the timer played, while the turn still waited
    let (_, t1) = h.table().await;
    assert_eq!(t1.seq(), t0.seq(), "the timer has not played yet");
    // And the ping before it is deleted once the warning is sent
    let first_id = message_id(&sent[0]);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    while !deleted_since(&h, mark).contains(&first_id) {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the first ping stayed:\n{}",
            h.fake.log_tail(10)
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    // When the timer plays for them, Then that turn had no third ping
    h.advance_to(due);
    h.wait_table(WAIT, "the timer", |t| t.seq() > t0.seq())
        .await;
    settled(&h).await;
    let in_that_turn: Vec<_> = pings_since(&h, mark)
        .into_iter()
        .filter(|r| r.str_param("text").is_some_and(|t| t.contains(&mention)))
        .collect();
    assert!(in_that_turn.len() <= 3, "{}", h.fake.log_tail(10));
    assert_eq!(
        in_that_turn
            .iter()
            .filter(|r| r.str_param("text").is_some_and(|t| t.starts_with('⏳')))
            .count(),
        1,
        "one warning"
    );
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_replicas_send_a_ping_once() {
    // Given two bot replicas on one Redis, and a game waiting for its first player
    let mut h = harness(66, 0).await;
    h.spawn_bot().await;
    let mark = h.fake.mark();
    h.start_game(2).await;
    // When the wait is over, and three times more
    h.advance(PINGS_MS);
    wait_pings(&h, mark, 1, WAIT).await;
    for _ in 0..3 {
        h.advance(PINGS_MS);
        settled(&h).await;
    }
    // Then exactly one ping was sent
    assert_eq!(pings_since(&h, mark).len(), 1, "{}", h.fake.log_tail(10));
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ping_speaks_the_chats_language() {
    // Given a Valencian group, When its first player takes long
    let mut h = harness_with(67, Options::default(), 0, Lang::CaValencia).await;
    let mark = h.fake.mark();
    h.start_game(2).await;
    h.advance(PINGS_MS);
    let sent = wait_pings(&h, mark, 1, WAIT).await;
    // Then the ping says it in Valencian, with the rulebook's "dau"
    let text = sent[0].str_param("text").unwrap_or_default();
    assert!(text.contains("et toca — tira el dau"), "{text}");
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pings_never_push_board_writes_over_the_budget() {
    // Given Telegram's limit of writes per chat (shortened: 8 per 2 s) and a bot paced to it
    const LIMIT: u32 = 8;
    const WINDOW_MS: u64 = 2_000;
    let mut h = harness_with(
        68,
        Options {
            write_budget: (LIMIT, WINDOW_MS),
            ..Options::default()
        },
        0,
        Lang::En,
    )
    .await;
    // (Telegram's window on the bots' clock: the test moves both)
    h.fake.flood(Flood {
        limit: LIMIT as usize,
        window: Duration::from_millis(WINDOW_MS),
        clock: FloodClock::Test,
    });
    let mark = h.fake.mark();
    h.start_game(2).await;
    // When the players act just after each ping (so pings and their deletes come between
    // the board writes)
    let users = four_users();
    for _ in 0..4 {
        let before = pings_since(&h, mark).len();
        h.advance(PINGS_MS);
        wait_pings(&h, mark, before + 1, WAIT).await;
        let (t, board) = h.fresh_board().await;
        let Some(p) = t.to_move() else { break };
        let user = users.iter().find(|u| u.id == p.id).expect("a test user");
        let (_, data) = buttons(&board).into_iter().next().expect("a button");
        h.press(user, msg_id(&board), &data).await;
    }
    // Then every ping but the one waiting now is deleted, within the budget
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let mut sent: Vec<i64> = pings_since(&h, mark).iter().map(message_id).collect();
        sent.pop();
        let deleted = deleted_since(&h, mark);
        if sent.iter().all(|id| deleted.contains(id)) {
            assert!(sent.len() >= 3, "pings sent: {sent:?}");
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "pings left on screen: {sent:?} (deleted {deleted:?})\n{}",
            h.fake.log_tail(10)
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // And Telegram never refused a write, and the board shows the latest table
    let stats = h.fake.flood_stats(CHAT);
    assert!(stats.refused.is_empty(), "refused: {:?}", stats.refused);
    let (t, board) = h.fresh_board().await;
    assert!(buttons(&board)[0].1.contains(&t.seq().to_string()));
    assert!(!text_of(&board).is_empty());
    h.stop_bots().await;
}

/// The board message of forum topic `topic`, once its display record names one that holds
/// `tag` buttons.
async fn topic_board(h: &Harness, topic: i32, tag: &str) -> serde_json::Value {
    let place = Place::of_topic(CHAT, topic);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    loop {
        let d: Option<DisplayState> = h.store.display(place).await.expect("redis");
        if let Some(m) = d.and_then(|d| h.fake.message(CHAT, d.message_id))
            && buttons(&m).iter().any(|(_, data)| data.starts_with(tag))
        {
            return m;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "no {tag} board in topic {topic}:\n{}",
            h.fake.log_tail(10)
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_forum_topic_the_ping_goes_to_that_topic_as_a_reply_to_its_board() {
    // Given a game started in one forum topic
    let mut h = harness(69, 0).await;
    let topic = h.fake.open_topic(CHAT, "Taula 1");
    let users = four_users();
    let mark = h.fake.mark();
    h.fake
        .push_update(h.fake.command_in_topic(CHAT, topic, &users[0], "/newgame"));
    let lobby = topic_board(&h, topic, "j:").await;
    let join = support::bot_harness::button_with(&lobby, "j:");
    h.press(&users[1], msg_id(&lobby), &join).await;
    let lobby = topic_board(&h, topic, "s:").await;
    let start = support::bot_harness::button_with(&lobby, "s:");
    h.press(&users[0], msg_id(&lobby), &start).await;
    let board = topic_board(&h, topic, "r:").await;
    // When its first player takes long
    h.advance(PINGS_MS);
    let sent = wait_pings(&h, mark, 1, WAIT).await;
    // Then the ping is posted in that topic, as a reply to that topic's board
    assert_eq!(sent[0].thread_id(), Some(topic), "{:?}", sent[0].params);
    assert_eq!(
        sent[0].params["reply_parameters"]["message_id"].as_i64(),
        Some(i64::from(msg_id(&board)))
    );
    h.stop_bots().await;
}
