//! The fake Bot API against a real teloxide client: what the bot's tests rely on.

use crate::support;

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use teloxide::{
    ApiError, RequestError,
    prelude::*,
    types::{
        BotCommand, ChatMemberKind, InlineKeyboardButton, InlineKeyboardMarkup, InputFile,
        InputMedia, InputMediaPhoto, MessageId, ParseMode, UpdateKind,
    },
    utils::command::BotCommands,
};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use support::fake_tg::{FakeTelegram, Fault, TestUser, buttons, callback_id, msg_id};

const WAIT: Duration = Duration::from_secs(5);
const SUPERGROUP: i64 = -1_001_234_567_890;
const GROUP: i64 = -4242;

#[derive(BotCommands, Clone, Debug, PartialEq)]
#[command(rename_rule = "lowercase")]
enum Cmd {
    #[command(description = "start a game")]
    Newgame(String),
}

fn keyboard(version: u32) -> InlineKeyboardMarkup {
    InlineKeyboardMarkup::new([[
        InlineKeyboardButton::callback("Roll 🎲", format!("r:{version}:0")),
        InlineKeyboardButton::callback("Pass", format!("p:{version}")),
    ]])
}

fn png(width: u32, height: u32) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, width, height);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().expect("png header");
        let pixels = vec![200_u8; usize::try_from(width * height * 4).expect("small image")];
        writer.write_image_data(&pixels).expect("png data");
    }
    out
}

fn api_error<T: std::fmt::Debug>(result: Result<T, RequestError>) -> ApiError {
    match result {
        Err(RequestError::Api(e)) => e,
        other => panic!("expected an API error, got {other:?}"),
    }
}

#[tokio::test]
async fn send_message_returns_a_valid_message_and_is_recorded() {
    // Given a fake and a real teloxide bot
    let fake = FakeTelegram::start().await;
    let bot = fake.bot();

    // When the bot sends a board with an inline keyboard to a supergroup and a group
    let board = bot
        .send_message(ChatId(SUPERGROUP), "Board v1")
        .reply_markup(keyboard(1))
        .await
        .expect("send");
    let other = bot
        .send_message(ChatId(GROUP), "hello")
        .await
        .expect("send");
    let next = bot
        .send_message(ChatId(SUPERGROUP), "Board v2")
        .await
        .expect("send");

    // Then teloxide parsed full messages with per-chat ids and the right chat types
    assert!(board.chat.is_supergroup() && other.chat.is_group());
    assert_eq!(board.text(), Some("Board v1"));
    assert_eq!(
        board.from.as_ref().and_then(|u| u.username.as_deref()),
        Some("parxis_test_bot")
    );
    assert_eq!(board.reply_markup(), Some(&keyboard(1)));
    assert_eq!(next.id.0, board.id.0 + 1);
    assert_eq!(other.id.0, 1);
    // and the request log has the parameters as sent, method lower-cased
    let first = &fake.requests()[0];
    assert_eq!(first.method, "sendmessage");
    assert_eq!(first.chat_id(), Some(SUPERGROUP));
    assert_eq!(
        first.params["reply_markup"]["inline_keyboard"][0][0]["callback_data"],
        json!("r:1:0")
    );
    // and the stored board is the latest message with a keyboard
    let stored = fake.last_board(SUPERGROUP).expect("a board");
    assert_eq!(msg_id(&stored), board.id.0);
    assert_eq!(
        buttons(&stored),
        vec![
            ("Roll 🎲".into(), "r:1:0".into()),
            ("Pass".into(), "p:1".into())
        ]
    );
    for m in fake.messages(SUPERGROUP) {
        serde_json::from_value::<Message>(m).expect("stored messages are valid Message objects");
    }
}

#[tokio::test]
async fn edits_answer_like_telegram() {
    let fake = FakeTelegram::start().await;
    let bot = fake.bot();
    let chat = ChatId(SUPERGROUP);
    let board = bot
        .send_message(chat, "Turn 1")
        .reply_markup(keyboard(1))
        .await
        .expect("send");

    // A changed text is applied and returned
    let edited = bot
        .edit_message_text(chat, board.id, "Turn 2")
        .reply_markup(keyboard(2))
        .await
        .expect("edit");
    assert_eq!(edited.text(), Some("Turn 2"));
    assert!(edited.edit_date().is_some());
    assert_eq!(
        fake.message(SUPERGROUP, board.id.0).expect("stored")["text"],
        json!("Turn 2")
    );

    // The same content and keyboard: "message is not modified"
    let same = bot
        .edit_message_text(chat, board.id, "Turn 2")
        .reply_markup(keyboard(2))
        .await;
    assert_eq!(api_error(same), ApiError::MessageNotModified);
    let same_markup = bot
        .edit_message_reply_markup(chat, board.id)
        .reply_markup(keyboard(2))
        .await;
    assert_eq!(api_error(same_markup), ApiError::MessageNotModified);

    // An unknown id: "message to edit not found"
    let unknown = bot.edit_message_text(chat, MessageId(999), "x").await;
    assert_eq!(api_error(unknown), ApiError::MessageToEditNotFound);

    // An edit without reply_markup removes the keyboard, as Telegram does
    bot.edit_message_text(chat, board.id, "Turn 2")
        .await
        .expect("edit");
    assert!(fake.last_board(SUPERGROUP).is_none());

    // A user deletes the board: edits fail, and the bot's own delete fails too
    assert!(fake.delete_message(SUPERGROUP, board.id.0));
    let gone = bot.edit_message_text(chat, board.id, "Turn 3").await;
    assert_eq!(api_error(gone), ApiError::MessageToEditNotFound);
    assert_eq!(
        api_error(bot.delete_message(chat, board.id).await),
        ApiError::MessageToDeleteNotFound
    );
    assert!(fake.messages(SUPERGROUP).is_empty());
}

#[tokio::test]
async fn text_limits_and_html_are_checked() {
    let fake = FakeTelegram::start().await;
    let bot = fake.bot();
    let chat = ChatId(GROUP);

    let ok = bot
        .send_message(chat, "<b>Ana &lt;3</b> &amp; Bo")
        .parse_mode(ParseMode::Html)
        .await
        .expect("valid HTML");
    assert_eq!(ok.text(), Some("Ana <3 & Bo"));

    let unescaped = bot
        .send_message(chat, "<b>A<3</b>")
        .parse_mode(ParseMode::Html)
        .await;
    assert!(matches!(
        api_error(unescaped),
        ApiError::CantParseEntities(_)
    ));
    let unclosed = bot
        .send_message(chat, "<i>Ana")
        .parse_mode(ParseMode::Html)
        .await;
    assert!(matches!(
        api_error(unclosed),
        ApiError::CantParseEntities(_)
    ));

    let long = bot.send_message(chat, "x".repeat(4097)).await;
    assert_eq!(api_error(long), ApiError::MessageIsTooLong);
    bot.send_message(chat, "é".repeat(4096))
        .await
        .expect("4096 characters fit");

    let fat_button =
        InlineKeyboardMarkup::new([[InlineKeyboardButton::callback("x", "d".repeat(65))]]);
    let rejected = bot
        .send_message(chat, "board")
        .reply_markup(fat_button)
        .await;
    assert_eq!(api_error(rejected), ApiError::ButtonDataInvalid);
}

#[tokio::test]
async fn callback_queries_are_built_and_answered_once() {
    let fake = FakeTelegram::start().await;
    let bot = fake.bot();
    let board = bot
        .send_message(ChatId(SUPERGROUP), "Board")
        .reply_markup(keyboard(7))
        .await
        .expect("send");
    let ana = TestUser::new(11, "Ana").lang("ca");

    let press = fake.press(SUPERGROUP, &ana, board.id.0, "r:7:0");
    let id = callback_id(&press);
    assert_eq!(press["callback_query"]["message"]["text"], json!("Board"));

    bot.answer_callback_query(teloxide::types::CallbackQueryId(id.clone()))
        .text("Not your turn")
        .show_alert(true)
        .await
        .expect("answer");
    let answer = fake.wait_for_callback_answer(&id).await;
    assert_eq!(answer.str_param("text"), Some("Not your turn"));
    assert_eq!(answer.params["show_alert"], json!(true));

    let again = bot
        .answer_callback_query(teloxide::types::CallbackQueryId(id))
        .await;
    assert!(api_error(again).to_string().contains("query is too old"));
}

#[tokio::test]
async fn photos_upload_and_edit_media() {
    let fake = FakeTelegram::start().await;
    let bot = fake.bot();
    let chat = ChatId(SUPERGROUP);
    let bytes = png(40, 30);

    let sent = bot
        .send_photo(chat, InputFile::memory(bytes.clone()))
        .caption("Turn 1")
        .reply_markup(keyboard(1))
        .await
        .expect("send photo");
    let full = sent.photo().and_then(<[_]>::last).expect("photo sizes");
    assert_eq!((full.width, full.height), (40, 30));
    assert_eq!(sent.caption(), Some("Turn 1"));

    let upload = fake
        .wait_for_request(|r| r.method == "sendphoto", WAIT)
        .await;
    assert_eq!(upload.files.len(), 1);
    assert!(upload.files[0].is_png());
    assert_eq!(upload.files[0].len, bytes.len());
    assert_eq!(upload.chat_id(), Some(SUPERGROUP));
    assert_eq!(upload.str_param("caption"), Some("Turn 1"));
    assert_eq!(
        upload.params["reply_markup"]["inline_keyboard"][0][1]["callback_data"],
        json!("p:1")
    );

    let media =
        InputMedia::Photo(InputMediaPhoto::new(InputFile::memory(png(50, 20))).caption("Turn 2"));
    let edited = bot
        .edit_message_media(chat, sent.id, media)
        .reply_markup(keyboard(2))
        .await
        .expect("edit media");
    let full = edited.photo().and_then(<[_]>::last).expect("photo sizes");
    assert_eq!(
        (full.width, full.height, edited.caption()),
        (50, 20, Some("Turn 2"))
    );
    let edit = fake
        .wait_for_request(|r| r.method == "editmessagemedia", WAIT)
        .await;
    assert_eq!(edit.params["media"]["type"], json!("photo"));
    assert!(
        edit.params["media"]["media"]
            .as_str()
            .is_some_and(|m| m.starts_with("attach://"))
    );
    assert!(edit.files[0].is_png());

    // Re-sending the same file id, caption and keyboard changes nothing
    let same = InputMedia::Photo(
        InputMediaPhoto::new(InputFile::file_id(full.file.id.clone())).caption("Turn 2"),
    );
    let unchanged = bot
        .edit_message_media(chat, sent.id, same)
        .reply_markup(keyboard(2))
        .await;
    assert_eq!(api_error(unchanged), ApiError::MessageNotModified);

    let not_an_image = bot
        .send_photo(chat, InputFile::memory(b"GIF89a nope".to_vec()))
        .await;
    assert_eq!(api_error(not_an_image), ApiError::ImageProcessFailed);
}

#[tokio::test]
async fn commands_are_stored_per_language() {
    let fake = FakeTelegram::start().await;
    let bot = fake.bot();
    bot.set_my_commands([BotCommand::new("newgame", "Partida nova")])
        .language_code("ca")
        .await
        .expect("set");
    bot.set_my_commands([BotCommand::new("newgame", "New game")])
        .await
        .expect("set");

    assert_eq!(
        fake.commands(Some("ca")),
        Some(json!([{"command": "newgame", "description": "Partida nova"}]))
    );
    assert_eq!(
        fake.commands(None).expect("default")[0]["description"],
        json!("New game")
    );
    let recorded = fake
        .wait_for_request(|r| r.method == "setmycommands", WAIT)
        .await;
    assert_eq!(recorded.str_param("language_code"), Some("ca"));

    let invalid = bot.set_my_commands([BotCommand::new("NewGame", "x")]).await;
    assert!(
        api_error(invalid)
            .to_string()
            .contains("BOT_COMMAND_INVALID")
    );
}

#[tokio::test]
async fn updates_built_earlier_but_pushed_later_are_neither_lost_nor_repeated() {
    let fake = FakeTelegram::start().await;
    let bot = fake.bot();
    let ana = TestUser::new(11, "Ana");
    // Two tasks build their updates, then push them in the other order.
    let first = fake.command(SUPERGROUP, &ana, "/join");
    let second = fake.command(SUPERGROUP, &ana, "/leave");
    fake.push_update(second);
    let got = bot.get_updates().timeout(0).await.expect("updates");
    assert_eq!(got.len(), 1);
    let id = fake.push_update(first);
    assert!(
        id > i64::from(got[0].id.0),
        "renumbered after the one delivered"
    );
    let rest = bot
        .get_updates()
        .offset(got[0].id.as_offset())
        .timeout(0)
        .await
        .expect("updates");
    assert_eq!(rest.len(), 1, "the late update is delivered once");
    let UpdateKind::Message(m) = &rest[0].kind else {
        panic!("a message");
    };
    assert_eq!(m.text(), Some("/join"));
    let none = bot
        .get_updates()
        .offset(rest[0].id.as_offset())
        .timeout(0)
        .await
        .expect("updates");
    assert!(none.is_empty());
}

#[tokio::test]
async fn pushed_updates_parse_as_teloxide_updates_and_offsets_confirm_them() {
    let fake = FakeTelegram::start().await;
    let bot = fake.bot();
    let board = bot
        .send_message(ChatId(SUPERGROUP), "Board")
        .reply_markup(keyboard(1))
        .await
        .expect("send");
    let ana = TestUser::new(11, "Ana").lang("ca");
    fake.push_update(fake.command(SUPERGROUP, &ana, "/newgame@parxis_test_bot jcf"));
    fake.push_update(fake.press(SUPERGROUP, &ana, board.id.0, "r:1:0"));

    let updates = bot.get_updates().await.expect("updates");
    assert_eq!(updates.len(), 2);
    let UpdateKind::Message(command) = &updates[0].kind else {
        panic!("expected a message: {:?}", updates[0].kind);
    };
    let text = command.text().expect("text");
    assert!(text.starts_with("/newgame"));
    assert_eq!(
        Cmd::parse(text, "parxis_test_bot").expect("command parses"),
        Cmd::Newgame("jcf".into())
    );
    assert_eq!(
        command
            .from
            .as_ref()
            .and_then(|u| u.language_code.as_deref()),
        Some("ca")
    );
    assert!(
        command.id.0 > board.id.0,
        "user messages share the chat's id sequence"
    );
    let UpdateKind::CallbackQuery(query) = &updates[1].kind else {
        panic!("expected a callback query: {:?}", updates[1].kind);
    };
    assert_eq!(query.data.as_deref(), Some("r:1:0"));
    assert_eq!(query.regular_message().map(|m| m.id), Some(board.id));
    assert_eq!(query.from.id, UserId(11));

    let last = updates.last().expect("two updates").id;
    let rest = bot
        .get_updates()
        .offset(last.as_offset())
        .timeout(0)
        .await
        .expect("updates");
    assert!(rest.is_empty());
    assert_eq!(fake.queued_updates(), 0);
}

#[tokio::test]
async fn long_polling_waits_for_a_push_and_is_capped() {
    let fake = FakeTelegram::start().await;
    let bot = fake.bot();
    let started = Instant::now();
    let empty = bot.get_updates().timeout(30).await.expect("poll");
    assert!(empty.is_empty());
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "the long poll is capped"
    );

    let poll = tokio::spawn({
        let bot = bot.clone();
        async move { bot.get_updates().timeout(30).await }
    });
    tokio::time::sleep(Duration::from_millis(100)).await;
    let started = Instant::now();
    fake.push_update(fake.text(GROUP, &TestUser::new(5, "Bo"), "hello"));
    let updates = poll.await.expect("task").expect("poll");
    assert_eq!(updates.len(), 1);
    // (without a wake-up the poll would only answer at the 1 s cap, ~900 ms after the push)
    assert!(
        started.elapsed() < Duration::from_millis(600),
        "the push wakes the poll"
    );
}

#[tokio::test]
async fn injected_faults_become_teloxide_errors() {
    let fake = FakeTelegram::start().await;
    let bot = fake.bot();
    let chat = ChatId(SUPERGROUP);

    fake.fail_next("SendMessage", 1, Fault::TooManyRequests { retry_after: 1 });
    match bot.send_message(chat, "x").await {
        Err(RequestError::RetryAfter(s)) => assert_eq!(s.duration(), Duration::from_secs(1)),
        other => panic!("expected RetryAfter, got {other:?}"),
    }
    bot.send_message(chat, "x")
        .await
        .expect("only the next call fails");

    fake.fail_next("sendmessage", 2, Fault::Migrate { to: -1_009_999 });
    for _ in 0..2 {
        let migrated = bot.send_message(ChatId(GROUP), "x").await;
        assert!(matches!(
            migrated,
            Err(RequestError::MigrateToChatId(ChatId(-1_009_999)))
        ));
    }

    fake.fail_next("sendmessage", 1, Fault::Kicked);
    assert_eq!(
        api_error(bot.send_message(chat, "x").await),
        ApiError::BotKickedFromSupergroup
    );
    fake.fail_next("sendmessage", 1, Fault::Kicked);
    let kicked = api_error(bot.send_message(ChatId(GROUP), "x").await);
    assert_eq!(
        kicked,
        ApiError::Unknown("Forbidden: bot was kicked from the group chat".into())
    );

    fake.fail_next("editmessagetext", 1, Fault::NotFound);
    let missing = bot.edit_message_text(chat, MessageId(1), "x").await;
    assert_eq!(api_error(missing), ApiError::MessageToEditNotFound);

    fake.fail_next("sendmessage", 1, Fault::ConnectionDropped);
    assert!(matches!(
        bot.send_message(chat, "x").await,
        Err(RequestError::Network(_))
    ));

    let statuses: Vec<u16> = fake.requests().iter().map(|r| r.status).collect();
    assert_eq!(statuses, [429, 200, 400, 400, 403, 403, 400, 0]);
}

#[tokio::test]
async fn removal_and_migration_change_what_the_bot_can_do() {
    let fake = FakeTelegram::start().await;
    let bot = fake.bot();
    let ana = TestUser::new(11, "Ana");
    fake.push_update(fake.command(SUPERGROUP, &ana, "/newgame"));
    fake.push_update(fake.my_chat_member_kicked(SUPERGROUP));
    fake.push_update(fake.migrate_to_supergroup(GROUP, -1_000_000_000_777));

    let updates = bot.get_updates().await.expect("updates");
    let UpdateKind::MyChatMember(change) = &updates[1].kind else {
        panic!("expected my_chat_member: {:?}", updates[1].kind);
    };
    assert!(matches!(
        change.new_chat_member.kind,
        ChatMemberKind::Banned(_)
    ));
    assert_eq!(change.from.id, UserId(11));
    let UpdateKind::Message(service) = &updates[2].kind else {
        panic!("expected a service message: {:?}", updates[2].kind);
    };
    assert_eq!(
        service.migrate_to_chat_id(),
        Some(&ChatId(-1_000_000_000_777))
    );

    let kicked = bot.send_message(ChatId(SUPERGROUP), "x").await;
    assert_eq!(api_error(kicked), ApiError::BotKickedFromSupergroup);
    let old = bot.send_message(ChatId(GROUP), "x").await;
    assert!(matches!(
        old,
        Err(RequestError::MigrateToChatId(ChatId(-1_000_000_000_777)))
    ));
    let new = bot
        .send_message(ChatId(-1_000_000_000_777), "x")
        .await
        .expect("new chat works");
    assert!(new.chat.is_supergroup());
}

#[tokio::test]
async fn chat_members_and_admins_are_configurable() {
    let fake = FakeTelegram::start().await;
    let bot = fake.bot();
    let ana = TestUser::new(11, "Ana").lang("es");
    let _ = fake.command(SUPERGROUP, &ana, "/newgame");

    let member = bot
        .get_chat_member(ChatId(SUPERGROUP), UserId(11))
        .await
        .expect("member");
    assert!(
        matches!(member.kind, ChatMemberKind::Member(_)),
        "the first user is not an admin by default"
    );
    assert_eq!(member.user.first_name, "Ana");
    fake.set_admin(SUPERGROUP, 11);
    let admin = bot
        .get_chat_member(ChatId(SUPERGROUP), UserId(11))
        .await
        .expect("member");
    assert!(matches!(admin.kind, ChatMemberKind::Administrator(_)));
    let admins = bot
        .get_chat_administrators(ChatId(SUPERGROUP))
        .await
        .expect("admins");
    assert_eq!(
        admins.iter().map(|m| m.user.id).collect::<Vec<_>>(),
        [UserId(11)]
    );
    let me = bot.get_me().await.expect("me");
    assert_eq!((me.username(), me.id), ("parxis_test_bot", UserId(123)));
}

/// A hand-made HTTP request, for what teloxide cannot send.
async fn raw_post(fake: &FakeTelegram, method: &str, body: &str) -> (u16, Value) {
    let addr = fake
        .url()
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_owned();
    let mut stream = tokio::net::TcpStream::connect(&addr)
        .await
        .expect("connect");
    let request = format!(
        "POST /bot123:TEST/{method} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.expect("write");
    let mut answer = Vec::new();
    tokio::time::timeout(WAIT, stream.read_to_end(&mut answer))
        .await
        .expect("answer in time")
        .expect("read");
    let answer = String::from_utf8(answer).expect("utf-8");
    let status = answer
        .get(9..12)
        .and_then(|s| s.parse().ok())
        .expect("status line");
    let (_, json) = answer.split_once("\r\n\r\n").expect("body");
    (status, serde_json::from_str(json).expect("JSON body"))
}

#[tokio::test]
async fn method_names_are_case_insensitive_and_unknown_ones_are_404() {
    let fake = FakeTelegram::start().await;
    let (status, answer) =
        raw_post(&fake, "sendmessage", r#"{"chat_id": -4242, "text": "hi"}"#).await;
    assert_eq!((status, &answer["result"]["text"]), (200, &json!("hi")));
    let (status, answer) = raw_post(&fake, "frobnicate", "{}").await;
    assert_eq!(status, 404);
    assert_eq!(
        answer,
        json!({"ok": false, "error_code": 404, "description": "Not Found: method not found"})
    );
    fake.fail_next("getMe", 1, Fault::ServerError);
    assert_eq!(raw_post(&fake, "getMe", "").await.0, 502);
    let methods: Vec<String> = fake.requests().into_iter().map(|r| r.method).collect();
    assert_eq!(methods, ["sendmessage", "frobnicate", "getme"]);
}

#[tokio::test]
async fn a_dispatcher_long_polls_the_fake_and_shuts_down() {
    // Given a tiny bot answering /newgame, dispatching with long polling against the fake
    let fake = FakeTelegram::start().await;
    let handler = Update::filter_message().filter_command::<Cmd>().endpoint(
        |bot: Bot, msg: Message, cmd: Cmd| async move {
            let Cmd::Newgame(rules) = cmd;
            bot.send_message(msg.chat.id, format!("New game: {rules}"))
                .await?;
            Ok::<(), RequestError>(())
        },
    );
    let mut dispatcher = Dispatcher::builder(fake.bot(), handler).build();
    let token = dispatcher.shutdown_token();
    let running = tokio::spawn(async move { dispatcher.dispatch().await });

    // When a user sends the command
    let ana = TestUser::new(11, "Ana").lang("ca");
    fake.push_update(fake.command(SUPERGROUP, &ana, "/newgame jcf"));

    // Then the bot answers in that chat
    let reply = fake
        .wait_for_request(|r| r.method == "sendmessage", WAIT)
        .await;
    assert_eq!(reply.str_param("text"), Some("New game: jcf"));
    assert_eq!(reply.chat_id(), Some(SUPERGROUP));
    assert!(fake.requests().iter().any(|r| r.method == "getme"));

    // And it stops promptly through its shutdown token, confirming the update it handled
    let started = Instant::now();
    let stopping = token.shutdown().expect("the dispatcher is running");
    tokio::time::timeout(WAIT, stopping)
        .await
        .expect("shutdown in time");
    tokio::time::timeout(WAIT, running)
        .await
        .expect("dispatch returns")
        .expect("no panic");
    assert!(started.elapsed() < Duration::from_secs(3));
    assert_eq!(fake.queued_updates(), 0);
}

#[tokio::test]
#[should_panic(expected = "no matching request within")]
async fn waiting_for_a_request_that_never_comes_panics_in_time() {
    let fake = FakeTelegram::start().await;
    let _ = fake.bot().get_me().await;
    fake.wait_for_request(|r| r.method == "sendmessage", Duration::from_millis(100))
        .await;
}
