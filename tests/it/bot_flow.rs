//! The real bot against a fake Telegram Bot API (HTTP on 127.0.0.1) and a real Redis.

use crate::support;

use std::time::Duration;

use parxis::bot::core::table::Status;
use parxis::engine::Phase;
use support::bot_harness::{CHAT, Harness, WAIT, four_users, mover_of, refused, text_of};
use support::fake_tg::{buttons, msg_id};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn full_four_player_game_played_to_the_end_by_button_presses() {
    let h = Harness::start(7).await;
    h.use_emoji().await;
    h.start_game(4).await;
    let board_id = h.board_id().await;
    let board_edits = || {
        h.fake
            .requests()
            .iter()
            .filter(|r| r.method == "editmessagetext" && r.ok())
            .filter(|r| r.params["message_id"].as_i64() == board_id.map(i64::from))
            .count()
    };
    let edits_before = board_edits();
    let presses = h.play_to_end(&four_users(), 5000).await;
    let (_, t) = h.table().await;
    assert_eq!(t.status(), Status::Finished);
    let g = t.game().expect("game");
    assert!(matches!(g.phase(), Phase::Finished(_)));
    // One board message edited in place all game long, one edit per press.
    assert_eq!(h.board_id().await, board_id, "the board was re-posted");
    let edits = board_edits() - edits_before;
    assert_eq!(edits, presses, "one press = one edit of the board");
    let board = h.board().await;
    let text = text_of(&board);
    assert!(text.contains("🏆"), "winner announced: {text}");
    assert!(
        buttons(&board).iter().any(|(_, d)| d.starts_with("n:")),
        "a New game button"
    );
    // A finished game expires from Redis after the retention period (one day).
    let mut raw = h.redis.raw().await;
    let ttl: i64 = redis::cmd("TTL")
        .arg(parxis::store::keys::game(CHAT))
        .query_async(&mut raw)
        .await
        .unwrap();
    assert!(ttl > 0 && ttl <= 24 * 3600, "finished game TTL {ttl}");
    // "New game" opens a fresh lobby in a new message; the old board loses its buttons.
    let new = buttons(&board)
        .into_iter()
        .find(|(_, d)| d.starts_with("n:"))
        .unwrap();
    let ans = h.press(&four_users()[2], msg_id(&board), &new.1).await;
    assert!(!refused(&ans), "{:?}", ans.params);
    let (_, lobby) = h.table().await;
    assert_eq!(lobby.status(), Status::Lobby);
    assert_ne!(h.board_id().await, board_id);
    // (taking them off is cosmetic: it comes after the new lobby)
    h.wait_message(
        CHAT,
        msg_id(&board),
        WAIT,
        "the old board's buttons off",
        |m| m.is_some_and(|m| buttons(m).is_empty()),
    )
    .await;
    // Every piece accounted for.
    for c in g.seats() {
        assert_eq!(
            g.in_nest(c) as usize
                + g.in_goal(c) as usize
                + g.piece_locations(c)
                    .iter()
                    .filter(|l| matches!(l, parxis::engine::Loc::Sq(_)))
                    .count(),
            4
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_user_pressing_gets_an_alert_and_changes_nothing() {
    let h = Harness::start(3).await;
    h.use_emoji().await;
    h.start_game(2).await;
    let users = four_users();
    let (v0, t0) = h.table().await;
    let mover = t0.to_move().expect("someone to move").id;
    let other = users
        .iter()
        .find(|u| u.id != mover && u.id <= 12)
        .expect("another player");
    let stranger = &users[3];
    let board = h.board().await;
    let roll = buttons(&board)[0].1.clone();
    for u in [other, stranger] {
        let ans = h.press(u, msg_id(&board), &roll).await;
        assert!(
            ans.str_param("text").is_some_and(|t| !t.is_empty()),
            "a short alert for {}",
            u.first_name
        );
    }
    let (v1, t1) = h.table().await;
    assert_eq!((v0, &t0), (v1, &t1), "nothing changed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stale_and_forged_buttons_are_refused() {
    let h = Harness::start(5).await;
    h.use_emoji().await;
    h.start_game(2).await;
    let users = four_users();
    let (_, t) = h.table().await;
    let mover = mover_of(&users, &t);
    let board = h.board().await;
    let old = buttons(&board)[0].1.clone();
    let ans = h.press(&mover, msg_id(&board), &old).await;
    assert!(!refused(&ans));
    let (v, t) = h.table().await;
    // The same (old) button again: stale, unless it is a Roll by the player who is to roll
    // now (after a 6), which is the same legal action on the current state and applies.
    let who = mover_of(&users, &t);
    let rolls_again = old.starts_with("r:") && t.awaits_roll_by(who.id);
    let ans = h.press(&who, msg_id(&board), &old).await;
    assert_eq!(refused(&ans), !rolls_again, "{:?}", ans.params);
    let (v, t) = if rolls_again { h.table().await } else { (v, t) };
    for forged in ["m:999:0", "m:abc", "zzz", "r:1:2:3", "b:0:godlike"] {
        let ans = h.press(&who, msg_id(&board), forged).await;
        assert!(
            ans.str_param("text").is_some(),
            "forged {forged} gets an alert"
        );
    }
    assert_eq!(h.table().await, (v, t), "nothing changed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_simultaneous_presses_apply_exactly_once() {
    let mut h = Harness::start(11).await;
    h.use_emoji().await;
    h.start_game(2).await;
    let users = four_users();
    // Two presses of the same button arrive together: one applies, the other is stale.
    let (v0, t) = h.table().await;
    let mover = mover_of(&users, &t);
    let board = h.board().await;
    let data = buttons(&board)[0].1.clone();
    let a = h.fake.press(CHAT, &mover, msg_id(&board), &data);
    let b = h.fake.press(CHAT, &mover, msg_id(&board), &data);
    let (ia, ib) = (
        support::fake_tg::callback_id(&a),
        support::fake_tg::callback_id(&b),
    );
    h.fake.push_update(a);
    h.fake.push_update(b);
    let ra = h.fake.wait_for_callback_answer(&ia).await;
    let rb = h.fake.wait_for_callback_answer(&ib).await;
    h.shown_after(&ra).await;
    h.shown_after(&rb).await;
    let refused = [&ra, &rb]
        .iter()
        .filter(|r| support::bot_harness::refused(r))
        .count();
    assert_eq!(
        refused, 1,
        "exactly one press applies: {:?} / {:?}",
        ra.params, rb.params
    );
    let (v1, t1) = h.table().await;
    assert!(v1 > v0);
    assert_eq!(
        t1.seq(),
        t.seq() + 1,
        "the table moved on by exactly one action"
    );

    // Two replicas (two contexts, two Redis connections) apply the same press concurrently:
    // the compare-and-set lets exactly one through.
    h.spawn_bot().await;
    let mover = mover_of(&users, &t1);
    let actor = parxis::bot::core::table::Actor {
        id: mover.id,
        name: mover.first_name.clone(),
        is_admin: false,
    };
    let action = match buttons(&h.board().await)[0].1.split(':').next() {
        Some("r") => parxis::bot::core::table::Action::Roll,
        _ => parxis::bot::core::table::Action::Move(0),
    };
    let tg = h.fake.bot();
    let (c0, c1) = (h.bots[0].ctx.clone(), h.bots[1].ctx.clone());
    let addr = parxis::bot::effects::chat::ChatAddr::new(CHAT);
    let here0 = parxis::bot::effects::chat::load(&c0, addr, None).await;
    let here1 = parxis::bot::effects::chat::load(&c1, addr, None).await;
    let act = parxis::bot::effects::commit::act;
    let (x, y) = tokio::join!(
        act(&tg, &c0, &here0, actor.clone(), action, Some(t1.seq())),
        act(&tg, &c1, &here1, actor, action, Some(t1.seq())),
    );
    assert_eq!(
        [x.is_ok(), y.is_ok()].iter().filter(|ok| **ok).count(),
        1,
        "{x:?} / {y:?}"
    );
    assert_eq!(h.table().await.1.seq(), t1.seq() + 1);
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_mid_game_loses_nothing_and_buttons_keep_working() {
    let mut h = Harness::start(13).await;
    h.use_emoji().await;
    h.start_game(2).await;
    let users = four_users();
    for _ in 0..6 {
        let (_, t) = h.table().await;
        let u = mover_of(&users, &t);
        let board = h.board().await;
        h.press(&u, msg_id(&board), &buttons(&board)[0].1).await;
    }
    let before = h.table().await;
    h.stop_bots().await;
    h.spawn_bot().await;
    assert_eq!(h.table().await, before, "the restart lost nothing");
    let (_, t) = h.table().await;
    let u = mover_of(&users, &t);
    let board = h.board().await;
    let ans = h.press(&u, msg_id(&board), &buttons(&board)[0].1).await;
    assert!(
        !refused(&ans),
        "a button drawn before the restart works: {:?}",
        ans.params
    );
    assert!(h.table().await.1.seq() > before.1.seq());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn language_switch_changes_the_texts() {
    let h = Harness::start(17).await;
    h.use_emoji().await;
    let users = four_users();
    h.command(&users[0], "/newgame").await;
    let en = text_of(&h.board().await);
    let mark = h.fake.mark();
    h.command(&users[0], "/language").await;
    let prompt = h
        .fake
        .requests_since(mark)
        .into_iter()
        .find(|r| r.method == "sendmessage")
        .expect("a language prompt");
    let msg = prompt.result().clone();
    let es = buttons(&msg)
        .into_iter()
        .find(|(t, _)| t.contains("Español"))
        .expect("Español button");
    let ans = h.press(&users[0], msg_id(&msg), &es.1).await;
    assert!(!refused(&ans));
    let lobby = h.board_id().await.expect("the lobby");
    let now = h
        .wait_message(CHAT, lobby, WAIT, "the lobby redrawn", |m| {
            m.is_some_and(|m| text_of(m) != en)
        })
        .await
        .map(|m| text_of(&m))
        .unwrap_or_default();
    assert_ne!(en, now, "the lobby was redrawn in Spanish");
    assert!(
        now.contains("Jugadores") || now.contains("jugadores"),
        "Spanish lobby: {now}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lobby_edge_cases_join_twice_start_alone_leave_during_the_game() {
    let h = Harness::start(19).await;
    h.use_emoji().await;
    let users = four_users();
    h.command(&users[0], "/newgame").await;
    // The host joins twice.
    let lobby = h.board().await;
    assert!(
        text_of(&lobby).contains("Ana"),
        "the lobby lists the host: {lobby}"
    );
    let join = buttons(&lobby)
        .into_iter()
        .find(|(_, d)| d.starts_with("j:"))
        .unwrap();
    let ans = h.press(&users[0], msg_id(&lobby), &join.1).await;
    assert!(ans.str_param("text").is_some(), "join twice is refused");
    // Start alone: the button is shown disabled (Bot API 10.3), and a press sent anyway
    // (an app that ignores disabled buttons) is refused.
    let shown = buttons(&lobby)
        .into_iter()
        .find(|(t, _)| t.contains("Start"))
        .expect("a Start button");
    assert_eq!(shown.1, "", "Start alone carries no data: {lobby}");
    let start = parxis::bot::core::callback::Press {
        button: parxis::bot::core::callback::Button::Start,
        version: h.table().await.1.seq(),
    }
    .encode();
    let ans = h.press(&users[0], msg_id(&lobby), &start).await;
    assert!(ans.str_param("text").is_some(), "starting alone is refused");
    assert_eq!(h.table().await.1.status(), Status::Lobby);
    // A second /newgame while the lobby is open is refused with a reply.
    let sent = h.command(&users[1], "/newgame classic").await;
    assert!(sent.iter().any(|r| r.method == "sendmessage"));
    assert_eq!(h.table().await.1.players().len(), 1);
    // Bad arguments get a clear answer.
    let sent = h.command(&users[1], "/newgame chess").await;
    assert!(sent.iter().any(|r| r.method == "sendmessage"));
    // Join by command, start, then leave during the game: replaced by a computer.
    h.command(&users[1], "/join").await;
    h.command(&users[0], "/start").await;
    assert_eq!(h.table().await.1.status(), Status::Playing);
    h.command(&users[1], "/leave").await;
    let (_, t) = h.table().await;
    let biel = t.players().iter().find(|p| p.id == users[1].id).unwrap();
    assert!(biel.is_automatic(), "a leaver is replaced by the computer");
    assert_eq!(t.status(), Status::Playing);
    // The game goes on to its end with the computer playing for Biel.
    h.play_to_end(&users, 5000).await;
    assert_eq!(h.table().await.1.status(), Status::Finished);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn command_menu_rules_and_help_are_localized() {
    let h = Harness::start(23).await;
    // setMyCommands per language plus a default menu.
    for code in ["ca", "es", "en"] {
        let menu = h
            .fake
            .commands(Some(code))
            .unwrap_or_else(|| panic!("no {code} menu"));
        assert!(menu.to_string().contains("newgame"), "{code}: {menu}");
    }
    let ca = h.fake.commands(Some("ca")).unwrap().to_string();
    let es = h.fake.commands(Some("es")).unwrap().to_string();
    assert_ne!(ca, es, "menus differ by language");
    // /rules in Valencian uses the JCF rulebook's words.
    let users = four_users();
    h.settings(parxis::bot::core::settings::ChatSettings {
        lang: Some(parxis::i18n::Lang::CaValencia),
        ..Default::default()
    })
    .await;
    let sent = h.command(&users[0], "/rules").await;
    let text = sent
        .iter()
        .find(|r| r.method == "sendmessage")
        .map(|r| r.params["text"].to_string())
        .unwrap_or_default();
    assert!(
        text.contains("quadre d'espera") && text.contains("desfer"),
        "Valencian rules: {text}\n{}",
        h.fake.log_tail(10)
    );
    let sent = h.command(&users[0], "/help").await;
    assert!(sent.iter().any(|r| r.method == "sendmessage" && r.params["text"].to_string().contains("/newgame")));
    // A command in a private chat gets a clear answer, no game.
    let mark = h.fake.mark();
    h.fake
        .push_update(h.fake.command(users[0].id, &users[0], "/newgame"));
    let r = h
        .fake
        .wait_for_request_after(mark, |r| r.method == "sendmessage", Duration::from_secs(5))
        .await;
    assert_eq!(r.chat_id(), Some(users[0].id));
    assert!(
        h.store
            .load::<parxis::bot::core::table::Table>(users[0].id)
            .await
            .unwrap()
            .is_none()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn host_removes_an_absent_player_others_cannot() {
    let h = Harness::start(29).await;
    h.use_emoji().await;
    let users = four_users();
    h.command(&users[0], "/newgame").await;
    h.command(&users[1], "/join").await;
    h.command(&users[2], "/join").await;
    // A player who is not the host cannot remove anyone.
    h.command(&users[1], "/kick 3").await;
    assert_eq!(h.table().await.1.players().len(), 3);
    // Garbage arguments get an answer and change nothing.
    let sent = h.command(&users[0], "/kick nobody").await;
    assert!(sent.iter().any(|r| r.method == "sendmessage"));
    assert_eq!(h.table().await.1.players().len(), 3);
    // The host removes the third player from the lobby.
    h.command(&users[0], "/kick 3").await;
    let (_, t) = h.table().await;
    assert_eq!(
        t.players().iter().map(|p| p.id).collect::<Vec<_>>(),
        [users[0].id, users[1].id]
    );
    // Mid-game, the host removes red (by colour): a computer takes the seat.
    h.command(&users[0], "/start").await;
    h.command(&users[0], "/kick red").await;
    let (_, t) = h.table().await;
    let red = t
        .players()
        .iter()
        .find(|p| p.colour == Some(parxis::engine::Colour::Red))
        .unwrap();
    assert!(red.is_automatic(), "red is played by the computer now");
    assert_eq!(t.status(), Status::Playing);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn image_mode_posts_a_png_and_edits_it_in_place() {
    let h = Harness::start(31).await;
    h.settings(parxis::bot::core::settings::ChatSettings {
        lang: Some(parxis::i18n::Lang::Es),
        dice: parxis::bot::core::settings::DiceMode::Button,
        ..Default::default()
    })
    .await;
    h.start_game(2).await;
    // The lobby was text; the game board is a photo (sendPhoto, multipart upload of a PNG).
    let photo = h
        .fake
        .requests()
        .into_iter()
        .find(|r| r.method == "sendphoto")
        .unwrap_or_else(|| panic!("no sendPhoto:\n{}", h.fake.log_tail(10)));
    assert!(photo.files.iter().any(|f| f.is_png()), "a PNG upload");
    let board = h.board().await;
    assert!(board["photo"].is_array(), "the board is a photo: {board}");
    let caption = text_of(&board);
    let (_, t) = h.table().await;
    let seat = t.playing().and_then(|g| g.turn()).expect("a seat to move");
    let prompt = format!(
        "{} {}: tira el dado · ⏳ ",
        parxis::bot::core::seats::dot(seat),
        t.player_of(seat).expect("seated").name
    );
    assert!(
        caption.chars().count() <= 1024
            && caption
                .lines()
                .next()
                .is_some_and(|l| l.starts_with(&prompt)),
        "Spanish caption, the prompt first: {caption}"
    );
    // The lobby message (text) now says where the game is, and has no buttons left (once
    // that edit, cosmetic, has followed the board).
    let said = parxis::i18n::tr_plain(parxis::i18n::Lang::Es, &parxis::i18n::Msg::BoardBelow);
    h.wait_fake(WAIT, "the lobby saying the board is below", |fake| {
        fake.messages(CHAT)
            .iter()
            .any(|m| m["text"].is_string() && text_of(m) == said && buttons(m).is_empty())
    })
    .await;
    let texts: Vec<_> = h
        .fake
        .messages(CHAT)
        .into_iter()
        .filter(|m| m["text"].is_string())
        .collect();
    assert!(
        texts
            .iter()
            .any(|m| text_of(m) == said && buttons(m).is_empty()),
        "the lobby says {said:?}: {texts:?}"
    );
    assert!(
        texts.iter().all(|m| buttons(m).is_empty()),
        "no text message keeps buttons"
    );
    // Presses edit the same photo message (editMessageMedia with a new PNG).
    let users = four_users();
    let id = msg_id(&board);
    for _ in 0..5 {
        let (_, t) = h.table().await;
        let u = mover_of(&users, &t);
        let board = h.board().await;
        let ans = h.press(&u, msg_id(&board), &buttons(&board)[0].1).await;
        assert!(!refused(&ans), "{:?}", ans.params);
    }
    let edits: Vec<_> = h
        .fake
        .requests()
        .into_iter()
        .filter(|r| r.method == "editmessagemedia")
        .collect();
    assert!(
        edits.len() >= 5,
        "one editMessageMedia per press: {}",
        edits.len()
    );
    assert!(
        edits
            .iter()
            .all(|r| r.ok() && r.files.iter().any(|f| f.is_png()))
    );
    assert_eq!(h.board_id().await, Some(id), "still the same photo message");
    // Switching to emoji shows text from the next press on (a new message, the old one
    // loses its buttons).
    h.command(&users[0], "/display emoji").await;
    let (_, t) = h.table().await;
    let u = mover_of(&users, &t);
    let board = h.board().await;
    h.press(&u, msg_id(&board), &buttons(&board)[0].1).await;
    let now = h
        .wait_board_id(WAIT, "the board posted anew", |b| b != Some(id))
        .await
        .expect("a board");
    let now = h.fake.message(CHAT, now).expect("the new board");
    assert!(now["text"].is_string(), "emoji mode board is text: {now}");
    h.wait_message(CHAT, id, WAIT, "the photo's buttons off", |m| {
        m.is_some_and(|m| buttons(m).is_empty())
    })
    .await;
}
