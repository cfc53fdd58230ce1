//! Telegram's Bot API beyond teloxide 0.17 (9.1), through the real bot and the fake Bot API
//! (which refuses unknown fields, so these tests check the payloads): styled buttons (9.4),
//! the turn's deadline as a `date_time` entity (9.5), replies shown to one member
//! (ephemeral messages, 10.2) and their fallback, and an update kind the bot does not know.

use crate::support;

use parxis::bot::core::settings::{ChatSettings, DiceMode, Display};
use parxis::i18n::Lang;
use serde_json::{Value, json};
use support::bot_harness::{CHAT, Harness, WAIT, four_users, text_of};
use support::fake_tg::TOKEN;

fn bot_id() -> i64 {
    TOKEN
        .split(':')
        .next()
        .and_then(|s| s.parse().ok())
        .expect("the token's bot id")
}

async fn emoji_harness(seed: u64, timer_secs: u32) -> Harness {
    let h = Harness::start(seed).await;
    h.settings(ChatSettings {
        lang: Some(Lang::En),
        display: Display::Emoji,
        timer_secs,
        dice: DiceMode::Button,
        pings_secs: parxis::bot::core::settings::DEFAULT_PINGS_SECS,
        lang_offered: true,
    })
    .await;
    h
}

/// Each button of a message's keyboard as (text, style).
fn styles(message: &Value) -> Vec<(String, Option<String>)> {
    message["reply_markup"]["inline_keyboard"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row.as_array().cloned().unwrap_or_default())
        .map(|b| {
            (
                b["text"].as_str().unwrap_or_default().to_owned(),
                b["style"].as_str().map(str::to_owned),
            )
        })
        .collect()
}

fn style_of(message: &Value, label: &str) -> Option<String> {
    styles(message)
        .into_iter()
        .find(|(t, _)| t.contains(label))
        .unwrap_or_else(|| panic!("no {label:?} button in {:?}", styles(message)))
        .1
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_and_the_board_carry_styled_buttons_in_their_payload() {
    let mut h = emoji_harness(41, 0).await;
    let users = four_users();
    let sent = h.command(&users[0], "/newgame").await;
    // The lobby's payload, as the bot sent it.
    let lobby = sent
        .iter()
        .find(|r| r.method == "sendmessage" && r.params.get("reply_markup").is_some())
        .expect("the lobby posted");
    let payload = json!({"reply_markup": lobby.params["reply_markup"].clone()});
    assert_eq!(style_of(&payload, "Join").as_deref(), Some("success"));
    assert_eq!(style_of(&payload, "Leave").as_deref(), Some("danger"));
    assert_eq!(style_of(&payload, "Cancel").as_deref(), Some("danger"));
    assert_eq!(
        style_of(&payload, "Start"),
        None,
        "a plain button stays plain"
    );
    // Start cannot be pressed alone: it is shown disabled (10.3), without its data.
    let start = payload["reply_markup"]["inline_keyboard"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row.as_array().cloned().unwrap_or_default())
        .find(|b| b["text"].as_str().is_some_and(|t| t.contains("Start")))
        .expect("a Start button");
    assert_eq!(start["disabled"], json!({}), "{start}");
    assert!(start.get("callback_data").is_none(), "{start}");
    // The message as Telegram keeps it has them too.
    let shown = h.board().await;
    assert_eq!(style_of(&shown, "Join").as_deref(), Some("success"));

    h.start_game(2).await;
    let board = h.board().await;
    assert_eq!(
        style_of(&board, "Roll").as_deref(),
        Some("success"),
        "{}",
        text_of(&board)
    );
    // Roll: the move buttons are the player's own (blue).
    let data = support::bot_harness::button_with(&board, "r:");
    let mover = h.mover().await.expect("a human to move");
    let answer = h
        .press(&mover, support::fake_tg::msg_id(&board), &data)
        .await;
    h.shown_after(&answer).await;
    let board = h.board().await;
    let moves: Vec<_> = styles(&board)
        .into_iter()
        .filter(|(t, _)| t.starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    if !moves.is_empty() {
        assert!(
            moves.iter().all(|(_, s)| s.as_deref() == Some("primary")),
            "{moves:?}"
        );
    }
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_boards_turn_deadline_is_a_date_time_entity_over_its_clock_time() {
    let mut h = emoji_harness(42, 30).await;
    h.start_game(2).await;
    let (_, t) = h.table().await;
    let due = t.deadline_ms().expect("a turn deadline");
    let board = h.board().await;
    let text = text_of(&board);
    let entities = board["entities"].as_array().cloned().unwrap_or_default();
    let e = entities
        .iter()
        .find(|e| e["type"] == "date_time")
        .unwrap_or_else(|| panic!("no date_time entity: {board}"));
    assert_eq!(e["unix_time"].as_u64(), Some(due / 1000));
    assert_eq!(e["date_time_format"], "t");
    // The entity covers the visible clock time (the fallback), after the ⏳.
    let units: Vec<u16> = text.encode_utf16().collect();
    let at = usize::try_from(e["offset"].as_u64().expect("offset")).expect("fits");
    let len = usize::try_from(e["length"].as_u64().expect("length")).expect("fits");
    let covered = String::from_utf16(&units[at..at + len]).expect("utf-16");
    assert!(covered.contains(':') && covered.len() <= 5, "{covered:?}");
    let hourglass = text.find('⏳').expect("⏳ shown");
    let before: String = String::from_utf16(&units[..at]).expect("utf-16");
    assert!(before.len() > hourglass, "after the ⏳: {text}");
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn help_in_a_group_is_shown_to_its_asker_alone_where_the_bot_may() {
    let mut h = emoji_harness(43, 0).await;
    h.fake.set_admin(CHAT, bot_id());
    let users = four_users();
    let before = h.fake.messages(CHAT).len();
    let sent = h.command(&users[1], "/help").await;
    let whisper = sent
        .iter()
        .find(|r| r.method == "sendmessage")
        .expect("a reply");
    assert!(whisper.ok(), "{:?}", whisper.result());
    assert_eq!(
        whisper.params["ephemeral_message_parameters"]["receiver_user_id"],
        json!(users[1].id)
    );
    let shown = h.fake.ephemeral(CHAT);
    assert_eq!(shown.len(), 1, "{shown:?}");
    assert_eq!(shown[0]["receiver_user_id"], json!(users[1].id));
    assert!(text_of(&shown[0]).contains("/newgame"), "{}", shown[0]);
    // Its button (the full help in private) went with it.
    assert!(shown[0]["reply_markup"]["inline_keyboard"].is_array());
    assert_eq!(
        h.fake.messages(CHAT).len(),
        before,
        "nothing in the group everyone sees"
    );
    // /stats asked in the group: to the asker too.
    h.command(&users[1], "/stats").await;
    assert_eq!(h.fake.ephemeral(CHAT).len(), 2);
    assert_eq!(h.fake.messages(CHAT).len(), before);
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn where_telegram_refuses_an_ephemeral_reply_the_plain_reply_goes_and_the_chat_is_remembered()
{
    // The bot is no administrator: Telegram refuses ephemeral messages there.
    let mut h = emoji_harness(44, 0).await;
    let users = four_users();
    let sent = h.command(&users[2], "/help").await;
    let sends: Vec<_> = sent.iter().filter(|r| r.method == "sendmessage").collect();
    assert_eq!(
        sends.len(),
        2,
        "the refused whisper, then the reply: {sends:?}"
    );
    assert!(!sends[0].ok());
    assert!(
        sends[0]
            .params
            .get("ephemeral_message_parameters")
            .is_some()
    );
    assert!(sends[1].ok());
    assert!(
        sends[1]
            .params
            .get("ephemeral_message_parameters")
            .is_none()
    );
    let reply = sends[1].result();
    assert!(text_of(reply).contains("/newgame"), "{reply}");
    assert!(h.fake.ephemeral(CHAT).is_empty());
    // The chat is remembered: the next reply goes plain at once, one request.
    let sent = h.command(&users[2], "/stats").await;
    let sends: Vec<_> = sent.iter().filter(|r| r.method == "sendmessage").collect();
    assert_eq!(sends.len(), 1, "{sends:?}");
    assert!(sends[0].ok());
    assert!(
        sends[0]
            .params
            .get("ephemeral_message_parameters")
            .is_none()
    );
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_update_of_a_kind_the_bot_does_not_know_is_ignored_and_play_goes_on() {
    let mut h = emoji_harness(45, 0).await;
    let users = four_users();
    // Bot API 10.0's guest_message, which teloxide 0.17 cannot parse, unreadable even to the
    // bot (no guest_query_id: nothing to answer),
    let mark = h.fake.mark();
    let guest = h.fake.push_update(json!({
        "guest_message": {
            "message_id": 1, "date": 0, "text": "@parxis_test_bot",
            "chat": {"id": 777, "type": "private"},
            "from": {"id": 777, "is_bot": false, "first_name": "Guest"},
        }
    }));
    // and one of a kind nobody knows.
    let made_up = h.fake.push_update(json!({"made_up_kind": {"x": 1}}));
    let deadline = tokio::time::Instant::now() + WAIT;
    while h.fake.queued_updates() > 0 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the updates were never taken"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    // Nothing was written or answered for them, and the bot still answers.
    let deadline = tokio::time::Instant::now() + WAIT;
    while h.bots[0].ctx.metrics.update_count("ignored") < 2 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the updates were never looked at"
        );
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    let writes: Vec<_> = h
        .fake
        .requests_since(mark)
        .into_iter()
        .filter(|r| {
            r.method.starts_with("send")
                || r.method.starts_with("edit")
                || r.method.starts_with("answer")
        })
        .collect();
    assert!(writes.is_empty(), "{writes:?}");
    let sent = h.command(&users[0], "/newgame").await;
    assert!(sent.iter().any(|r| r.method == "sendmessage" && r.ok()));
    // They were dropped before the gate: not even marked as delivered in Redis (an update
    // the bot knows is).
    let known = h
        .fake
        .push_update(h.fake.command(CHAT, &users[1], "/board"));
    h.settle(h.fake.mark()).await;
    let seen = |id: i64| {
        let store = h.store.clone();
        async move {
            !store
                .first_time_update_for(bot_id(), id, 60)
                .await
                .expect("redis")
        }
    };
    assert!(seen(known).await, "a known update is marked");
    assert!(
        !seen(guest).await,
        "guest_message went no further than its kind"
    );
    assert!(!seen(made_up).await);
    h.stop_bots().await;
}

/// The first message sent since `mark` with a button whose data starts with `prefix`.
async fn sent_with(h: &Harness, mark: usize, prefix: &str) -> Value {
    let deadline = tokio::time::Instant::now() + WAIT * 4;
    loop {
        let found = h
            .fake
            .requests_since(mark)
            .into_iter()
            .filter(|r| r.method == "sendmessage" && r.ok())
            .map(|r| r.result().clone())
            .find(|m| {
                support::fake_tg::buttons(m)
                    .iter()
                    .any(|(_, d)| d.starts_with(prefix))
            });
        if let Some(m) = found {
            return m;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "nothing sent with a {prefix} button:\n{}",
            h.fake.log_tail(10)
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_s_buttons_are_styled_and_its_ready_deadline_is_a_date_time_entity() {
    let mut h = emoji_harness(46, 0).await;
    let users = four_users();
    // Given a tournament's sign-up: Join green, Leave red, Start plain,
    let mark = h.fake.mark();
    h.command(&users[0], "/tournament 2").await;
    let signup = sent_with(&h, mark, "tj:").await;
    assert_eq!(style_of(&signup, "Join").as_deref(), Some("success"));
    assert_eq!(style_of(&signup, "Leave").as_deref(), Some("danger"));
    assert_eq!(style_of(&signup, "Start"), None);
    let join = support::bot_harness::button_with(&signup, "tj:");
    let upd = h
        .fake
        .press(CHAT, &users[1], support::fake_tg::msg_id(&signup), &join);
    let cb = support::fake_tg::callback_id(&upd);
    h.fake.push_update(upd);
    h.fake.wait_for_callback_answer(&cb).await;
    // When the host starts it, its one table is called,
    let mark = h.fake.mark();
    let before = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("time")
        .as_secs();
    h.command(&users[0], "/tournament start").await;
    let call = sent_with(&h, mark, "tr:").await;
    // Then its Ready button is green,
    assert_eq!(style_of(&call, "Ready").as_deref(), Some("success"));
    // and its Ready deadline is a date_time entity over the clock time after the ⏳,
    let text = text_of(&call);
    let e = call["entities"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|e| e["type"] == "date_time")
        .unwrap_or_else(|| panic!("no date_time entity: {call}"))
        .clone();
    assert_eq!(e["date_time_format"], "t");
    let unix = e["unix_time"].as_u64().expect("unix_time");
    let ready_secs = parxis::bot::core::tourney::READY_SECS;
    assert!(
        (before..=before + ready_secs + 5).contains(&(unix - ready_secs)),
        "{unix} vs {before}"
    );
    let units: Vec<u16> = text.encode_utf16().collect();
    let at = usize::try_from(e["offset"].as_u64().expect("offset")).expect("fits");
    let len = usize::try_from(e["length"].as_u64().expect("length")).expect("fits");
    let covered = String::from_utf16(&units[at..at + len]).expect("utf-16");
    assert!(covered.contains(':') && covered.len() <= 5, "{covered:?}");
    let before_entity = String::from_utf16(&units[..at]).expect("utf-16");
    let hint_line = before_entity.rsplit('\n').next().unwrap_or_default();
    assert!(hint_line.contains("⏳ until"), "{text}");
    // the game never starting before it (the record's deadline is that one or later).
    let t = support::tourney::the_record(&h, CHAT).await;
    let at_table = t.tables_to_call();
    assert!(at_table.is_empty(), "every table called");
    let play = &t.tables[0];
    assert!(
        play.ready_by_ms / 1000 >= unix,
        "{} < {unix}",
        play.ready_by_ms
    );
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_picture_board_carries_styled_buttons_in_its_one_request() {
    // Given a chat that shows boards as pictures,
    let h = Harness::start(47).await;
    h.settings(ChatSettings {
        lang: Some(Lang::En),
        display: Display::Image,
        timer_secs: 0,
        dice: DiceMode::Button,
        pings_secs: parxis::bot::core::settings::DEFAULT_PINGS_SECS,
        lang_offered: true,
    })
    .await;
    let mark = h.fake.mark();
    // When a game starts and the first player rolls,
    h.start_game(2).await;
    let board = h.board().await;
    assert!(board.get("photo").is_some(), "a picture board: {board}");
    assert_eq!(style_of(&board, "Roll").as_deref(), Some("success"));
    let roll = support::bot_harness::button_with(&board, "r:");
    let mover = h.mover().await.expect("a human to move");
    let answer = h
        .press(&mover, support::fake_tg::msg_id(&board), &roll)
        .await;
    h.shown_after(&answer).await;
    // Then every picture the bot sent or edited carried its styled buttons itself: the
    // photo's own request (multipart), no second request to style them.
    let pictures: Vec<_> = h
        .fake
        .requests_since(mark)
        .into_iter()
        .filter(|r| matches!(r.method.as_str(), "sendphoto" | "editmessagemedia"))
        .collect();
    assert!(!pictures.is_empty());
    for p in &pictures {
        assert!(p.ok(), "{:?}", p.response);
        assert!(p.files.iter().any(|f| f.is_png()), "{:?}", p.files);
        let styled = p.params["reply_markup"]["inline_keyboard"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|row| row.as_array().cloned().unwrap_or_default())
            .any(|b| b.get("style").is_some());
        assert!(styled, "unstyled picture board: {:?}", p.params);
    }
    let picture_id = json!(support::fake_tg::msg_id(&board));
    let restyled = h
        .fake
        .requests_since(mark)
        .into_iter()
        .filter(|r| r.method == "editmessagereplymarkup" && r.params["message_id"] == picture_id)
        .count();
    assert_eq!(restyled, 0);
    let shown = h.board().await;
    let moves: Vec<_> = styles(&shown)
        .into_iter()
        .filter(|(t, _)| t.starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    assert!(
        moves.iter().all(|(_, s)| s.as_deref() == Some("primary")),
        "{moves:?}"
    );
}
