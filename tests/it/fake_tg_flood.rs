//! The fake Bot API's flood mode against a real teloxide client: Telegram's per-chat limit of
//! writes, refused with 429 and the true `retry_after`.

use crate::support;

use std::time::Duration;

use serde_json::json;
use teloxide::{
    RequestError,
    prelude::*,
    types::{CallbackQueryId, ChatAction},
};

use support::fake_tg::{FakeTelegram, Flood, FloodClock, TestUser, callback_id, is_write};

const SUPERGROUP: i64 = -1_001_234_567_890;
const OTHER: i64 = -1_009_876_543_210;
const MINUTE: Duration = Duration::from_secs(60);

/// Telegram's limit, on a clock the test moves.
fn telegram_limit_on_a_manual_clock() -> Flood {
    Flood {
        limit: 20,
        window: MINUTE,
        clock: FloodClock::Manual,
    }
}

/// The `retry_after` of a 429, or a panic naming what came instead.
fn retry_after<T: std::fmt::Debug>(result: Result<T, RequestError>) -> Duration {
    match result {
        Err(RequestError::RetryAfter(s)) => s.duration(),
        other => panic!("expected a 429 with retry_after, got {other:?}"),
    }
}

#[tokio::test]
async fn the_21st_write_in_a_minute_gets_429_with_the_seconds_until_the_oldest_leaves() {
    // Given flood mode with Telegram's limit, and one write a second for 20 seconds (sends,
    // edits and a delete all count)
    let fake = FakeTelegram::start().await;
    fake.flood(telegram_limit_on_a_manual_clock());
    let bot = fake.bot();
    let chat = ChatId(SUPERGROUP);
    let board = bot.send_message(chat, "board 0").await.expect("write 1");
    for n in 1..19 {
        fake.advance_clock(Duration::from_secs(1));
        bot.edit_message_text(chat, board.id, format!("board {n}"))
            .await
            .expect("an edit within the limit");
    }
    fake.advance_clock(Duration::from_secs(1));
    let extra = bot.send_message(chat, "to delete").await.expect("write 20");
    let mark = fake.mark();

    // When the 21st write comes at t = 20 s
    fake.advance_clock(Duration::from_secs(1));
    let refused = bot.delete_message(chat, extra.id).await;

    // Then teloxide sees RetryAfter(40 s): the first write (t = 0) is a minute old at t = 60
    assert_eq!(retry_after(refused), Duration::from_secs(40));
    // and the wire answer is Telegram's, word for word
    let answer = &fake.requests_since(mark)[0];
    assert_eq!(answer.status, 429);
    assert_eq!(
        answer.response,
        json!({"ok": false, "error_code": 429,
               "description": "Too Many Requests: retry after 40",
               "parameters": {"retry_after": 40}})
    );
    // and the refused write was not performed
    assert!(fake.message(SUPERGROUP, extra.id.0).is_some());

    // When the bot waits 39 of those seconds, it is still refused, now with 1 s left
    fake.advance_clock(Duration::from_secs(39));
    assert_eq!(
        retry_after(bot.delete_message(chat, extra.id).await),
        Duration::from_secs(1)
    );
    // When it waits the whole 40 s, the write goes through
    fake.advance_clock(Duration::from_secs(1));
    bot.delete_message(chat, extra.id)
        .await
        .expect("a write once the oldest is a minute old");
    assert!(fake.message(SUPERGROUP, extra.id.0).is_none());
    // and the window is full again: the next write waits for the write of t = 1 s
    assert_eq!(
        retry_after(bot.send_message(chat, "x").await),
        Duration::from_secs(1)
    );

    // Then the counters tell the writes admitted and the ones refused with their seconds
    let stats = fake.flood_stats(SUPERGROUP);
    let secs = |d: &Duration| d.as_secs();
    let admitted: Vec<u64> = stats.writes.iter().map(secs).collect();
    let mut expected: Vec<u64> = (0..20).collect();
    expected.push(60);
    assert_eq!(admitted, expected);
    let refused: Vec<(u64, u32)> = stats
        .refused
        .iter()
        .map(|(t, n)| (t.as_secs(), *n))
        .collect();
    assert_eq!(refused, [(20, 40), (59, 1), (60, 1)]);
}

#[tokio::test]
async fn retry_after_rounds_up_to_whole_seconds_and_is_never_zero() {
    // Given a chat that used its 20 writes at t = 0
    let fake = FakeTelegram::start().await;
    fake.flood(telegram_limit_on_a_manual_clock());
    let bot = fake.bot();
    let chat = ChatId(SUPERGROUP);
    for n in 0..20 {
        bot.send_message(chat, format!("m{n}"))
            .await
            .expect("write");
    }

    // When writes come at 0.5 s and at 59.999 s
    fake.advance_clock(Duration::from_millis(500));
    let early = retry_after(bot.send_message(chat, "x").await);
    fake.advance_clock(Duration::from_millis(59_499));
    let late = retry_after(bot.send_message(chat, "x").await);

    // Then 59.5 s left is answered 60, and 1 ms left is answered 1 (0 would invite a retry
    // that fails again)
    assert_eq!(early, Duration::from_secs(60));
    assert_eq!(late, Duration::from_secs(1));
    // and 1 ms later the write passes
    fake.advance_clock(Duration::from_millis(1));
    bot.send_message(chat, "x")
        .await
        .expect("the window moved on");
}

#[tokio::test]
async fn each_chat_has_its_own_budget_and_reads_and_callback_answers_are_free() {
    // Given a chat that used its whole budget of 3 writes
    let fake = FakeTelegram::start().await;
    fake.flood(Flood {
        limit: 3,
        ..telegram_limit_on_a_manual_clock()
    });
    let bot = fake.bot();
    for _ in 0..3 {
        bot.send_message(ChatId(SUPERGROUP), "x")
            .await
            .expect("write");
    }
    let board = bot
        .send_message(ChatId(SUPERGROUP), "x")
        .await
        .map(|_| ())
        .expect_err("the 4th write is refused");
    assert!(matches!(board, RequestError::RetryAfter(_)));

    // When the bot writes to another chat, reads, and answers a button press in the first
    bot.send_message(ChatId(OTHER), "y")
        .await
        .expect("another chat's budget");
    bot.get_me().await.expect("getMe is not a write");
    bot.get_chat_member(ChatId(SUPERGROUP), UserId(11))
        .await
        .expect("getChatMember is not a write");
    bot.send_chat_action(ChatId(SUPERGROUP), ChatAction::Typing)
        .await
        .expect("sendChatAction is not a write");
    let ana = TestUser::new(11, "Ana");
    let press = fake.press(SUPERGROUP, &ana, 1, "r:1");
    fake.push_update(press.clone());
    bot.answer_callback_query(CallbackQueryId(callback_id(&press)))
        .await
        .expect("answerCallbackQuery is not a write");

    // Then all of it passed, and only the writes were counted
    assert_eq!(fake.flood_stats(SUPERGROUP).writes.len(), 3);
    assert_eq!(fake.flood_stats(SUPERGROUP).refused.len(), 1);
    assert_eq!(fake.flood_stats(OTHER).writes.len(), 1);
    assert!(is_write("editmessagemedia") && is_write("senddice") && is_write("deletemessage"));
    assert!(!is_write("answercallbackquery") && !is_write("getme"));
}

#[tokio::test]
async fn flood_mode_is_off_by_default() {
    // Given a fake without flood mode
    let fake = FakeTelegram::start().await;
    let bot = fake.bot();
    let chat = ChatId(SUPERGROUP);

    // When the bot makes 60 writes at once
    let board = bot.send_message(chat, "0").await.expect("send");
    for n in 1..60 {
        bot.edit_message_text(chat, board.id, n.to_string())
            .await
            .expect("no limit without flood mode");
    }

    // Then none was refused and nothing was counted
    assert!(fake.requests().iter().all(|r| r.status == 200));
    assert_eq!(fake.flood_stats(SUPERGROUP), Default::default());
    assert_eq!(fake.flood_now(), None);
}

#[tokio::test]
async fn on_the_real_clock_a_short_window_keeps_retry_after_in_real_seconds() {
    // Given flood mode on the real clock with a "minute" of 2 s and a limit of 3
    let fake = FakeTelegram::start().await;
    fake.flood(Flood {
        limit: 3,
        window: Duration::from_secs(2),
        clock: FloodClock::Real,
    });
    let bot = fake.bot();
    let chat = ChatId(SUPERGROUP);
    let board = bot.send_message(chat, "0").await.expect("write");
    for n in 1..3 {
        bot.edit_message_text(chat, board.id, n.to_string())
            .await
            .expect("write");
    }

    // When the 4th write comes at once
    let wait = retry_after(bot.edit_message_text(chat, board.id, "3").await);

    // Then it is told to wait 1 or 2 real seconds (never 0), and after that wait it passes
    assert!(
        (1..=2).contains(&wait.as_secs()),
        "retry_after {wait:?} outside 1..=2 s"
    );
    tokio::time::sleep(wait).await;
    bot.edit_message_text(chat, board.id, "3")
        .await
        .expect("the write passes after retry_after real seconds");
    let edited = fake.message(SUPERGROUP, board.id.0).expect("the board");
    assert_eq!(edited["text"], json!("3"));
}
