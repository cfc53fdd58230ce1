//! Bad input never panics and never changes a game: unknown commands, garbage arguments,
//! oversized texts, forged callback data, presses and commands from the wrong chat.

use crate::support;

use std::time::Duration;

use parxis::i18n::{Cmd, Lang, Msg, tr_plain};
use support::bot_harness::{CHAT, Harness, four_users, refused};
use support::fake_tg::{Recorded, TestUser, buttons, callback_id, msg_id};

const WAIT: Duration = Duration::from_secs(5);

/// Send `texts` (commands or plain text) in `chat`, then `/rules` as a marker (updates of
/// one chat are handled in order), and return the bot's messages before the marker's.
async fn replies_to(h: &Harness, chat: i64, user: &TestUser, texts: &[&str]) -> Vec<String> {
    let mark = h.fake.mark();
    for text in texts {
        let upd = if text.starts_with('/') {
            h.fake.command(chat, user, text)
        } else {
            h.fake.text(chat, user, text)
        };
        h.fake.push_update(upd);
    }
    h.fake.push_update(h.fake.command(chat, user, "/rules"));
    // The rules start with their title, "📖 …".
    let is_marker = |r: &Recorded| {
        r.method == "sendmessage" && r.str_param("text").is_some_and(|t| t.starts_with('📖'))
    };
    h.fake.wait_for_request_after(mark, is_marker, WAIT).await;
    h.fake
        .requests_since(mark)
        .into_iter()
        .filter(|r| r.method == "sendmessage" && !is_marker(r))
        .map(|r| r.str_param("text").unwrap_or_default().to_owned())
        .collect()
}

/// Send the command `text` in `chat` and return the bot's one reply.
async fn reply_to(h: &Harness, chat: i64, user: &TestUser, text: &str) -> String {
    let mark = h.fake.mark();
    h.fake.push_update(h.fake.command(chat, user, text));
    let r = h
        .fake
        .wait_for_request_after(mark, |r| r.method == "sendmessage" && r.ok(), WAIT)
        .await;
    r.str_param("text").unwrap_or_default().to_owned()
}

fn plain_en(m: &Msg) -> String {
    tr_plain(Lang::En, m)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_commands_and_garbage_arguments_get_an_answer_or_silence() {
    let mut h = Harness::start(73).await;
    h.use_emoji().await;
    h.start_game(2).await;
    let users = four_users();
    let carme = &users[2];
    let before = h.table().await;

    // A bare unknown command in a group may be another bot's: silence. Plain text, even
    // 4096 characters of it, too.
    let long_text = "ñ".repeat(4096);
    let r = replies_to(&h, CHAT, carme, &["/foo", "/foo@other_bot", &long_text]).await;
    assert_eq!(r, Vec::<String>::new());
    // Addressed to us: we say we don't know it.
    let r = reply_to(&h, CHAT, carme, "/foo@parxis_test_bot bar").await;
    assert_eq!(r, plain_en(&Msg::UnknownCommand));
    // A command that takes no arguments ignores them (teloxide's parsing): here /join is
    // refused all the same, since the game is running.
    let r = reply_to(&h, CHAT, carme, "/join now please").await;
    assert_eq!(r, plain_en(&Msg::GameRunning));
    // One of ours with garbage: how to use it. (Each in a group of its own: the bot keeps
    // to Telegram's limit of about one message a second in one chat.)
    let cases = [
        ("/newgame chess", Cmd::NewGame),
        ("/addbot godlike", Cmd::AddBot),
        ("/timer 5", Cmd::Timer),
        ("/timer 2 hours", Cmd::Timer),
        ("/timer -1", Cmd::Timer),
        ("/timer 99999999999999999999", Cmd::Timer),
        ("/display 3d", Cmd::Display),
        ("/newgame <b>&amp;</b>", Cmd::NewGame),
    ];
    for (i, (text, cmd)) in cases.into_iter().enumerate() {
        let other = -7_000 - i as i64;
        h.settings_for(other).await;
        let r = reply_to(&h, other, carme, text).await;
        assert_eq!(r, plain_en(&Msg::BadArgs { cmd }), "{text}");
        let settings: parxis::bot::core::settings::ChatSettings =
            h.store.settings(other).await.expect("redis");
        assert_eq!(settings.timer_secs, 0, "{text}: no setting changed");
        assert_eq!(
            settings.display,
            parxis::bot::core::settings::Display::Emoji
        );
        assert!(
            h.store
                .load::<parxis::bot::core::table::Table>(other)
                .await
                .expect("redis")
                .is_none(),
            "{text}: no game opened"
        );
    }
    // Oversized: 4000+ characters of arguments, or of command name.
    let long = format!("/newgame {}", "x".repeat(4500));
    let r = reply_to(&h, -7_100, carme, &long).await;
    assert_eq!(r, plain_en(&Msg::BadArgs { cmd: Cmd::NewGame }));
    let long = format!("/{}@parxis_test_bot", "x".repeat(4200));
    let r = reply_to(&h, -7_101, carme, &long).await;
    assert!(
        r.chars().count() < 200,
        "an unknown (long) command addressed to us"
    );

    assert_eq!(h.table().await, before, "no state change");
    // The bot still plays.
    let mover = h.mover().await.expect("a human to move");
    let board = h.board().await;
    let ans = h.press(&mover, msg_id(&board), &buttons(&board)[0].1).await;
    assert!(!refused(&ans));
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forged_callback_data_is_refused_and_changes_nothing() {
    let mut h = Harness::start(79).await;
    h.use_emoji().await;
    h.start_game(2).await;
    let (_, t) = h.table().await;
    let board = h.board().await;
    let mover = h.mover().await.expect("a human");
    let seq = t.seq();
    let long = format!("r:{seq}:{}", "9".repeat(80));
    let forged = [
        String::new(),
        "🎲".into(),
        "r:".into(),
        format!("r:{seq}:0"),
        format!("m:{seq}:3"),
        format!("m:{seq}:255"),
        format!("m:{seq}:-1"),
        format!("s:{seq}"),
        format!("n:{seq}"),
        format!("j:{seq}"),
        format!("b:{seq}:normal"),
        format!("g:{seq}:xx"),
        format!("r:{}", u64::MAX),
        "r:18446744073709551616".into(),
        long,
        "\u{0}\u{1}".into(),
    ];
    let before = h.table().await;
    for data in &forged {
        let ans = h.press(&mover, msg_id(&board), data).await;
        assert!(
            ans.str_param("text").is_some_and(|t| !t.is_empty()),
            "{data:?} gets an alert: {:?}",
            ans.params
        );
    }
    assert_eq!(h.table().await, before, "nothing changed");
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_chat_cannot_play_or_touch_a_group_game() {
    let mut h = Harness::start(83).await;
    h.use_emoji().await;
    h.start_game(2).await;
    let before = h.table().await;
    let mover = h.mover().await.expect("a human");
    let private = mover.id;
    h.settings_for(private).await;

    // Commands in a private chat: a clear answer, no game anywhere.
    // (Each user in their own private chat: the bot keeps to about 1 message a second in
    // one chat.)
    let users = four_users();
    // (`/start` in a private chat is a deep link's: it answers with the help, tested in
    // bot_texts.rs)
    let cmds = ["/newgame", "/join", "/skip", "/timer 30"];
    for (u, cmd) in users.iter().zip(cmds) {
        h.settings_for(u.id).await;
        let r = reply_to(&h, u.id, u, cmd).await;
        assert_eq!(r, plain_en(&Msg::AlertGroupsOnly), "{cmd}");
        assert!(
            h.store
                .load::<parxis::bot::core::table::Table>(u.id)
                .await
                .expect("redis")
                .is_none(),
            "no table for a private chat"
        );
        let s: parxis::bot::core::settings::ChatSettings =
            h.store.settings(u.id).await.expect("redis");
        assert_eq!(s.timer_secs, 0, "{cmd}: no setting changed");
    }

    // A press in the private chat carrying the group board's (valid) data.
    let group_board = h.board().await;
    let data = buttons(&group_board)[0].1.clone();
    let mark = h.fake.mark();
    h.fake.push_update(h.fake.command(private, &mover, "/help"));
    let help = h
        .fake
        .wait_for_request_after(mark, |r| r.method == "sendmessage", WAIT)
        .await;
    let private_msg = msg_id(help.result());
    let upd = h.fake.press(private, &mover, private_msg, &data);
    let id = callback_id(&upd);
    h.fake.push_update(upd);
    let ans = h.fake.wait_for_callback_answer(&id).await;
    h.shown_after(&ans).await;
    assert_eq!(
        ans.str_param("text"),
        Some(plain_en(&Msg::AlertGroupsOnly).as_str())
    );
    assert_eq!(h.table().await, before, "the group's game is untouched");
    // The real button in the group still works.
    let ans = h.press(&mover, msg_id(&group_board), &data).await;
    assert!(!refused(&ans));
    h.stop_bots().await;
}
