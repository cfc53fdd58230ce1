//! Inline games: the real bot against the fake Bot API (inline mode and Telegram's write
//! limit, flood mode) and a real Redis. A whole 2-player game on an inline message: the
//! inline query answered, the chosen result opening its lobby, every press a callback with
//! `inline_message_id` only, every board an edit by inline id, within the flood budget,
//! across a restart of the bot, to the end and a rematch. And a group board pressed with
//! only `inline_message_id` (Bot API 10.5), handled as the same press with its message.

use crate::support;

use std::time::{Duration, Instant};

use parxis::bot::core::table::Status;
use parxis::store::Place;
use serde_json::{Value, json};
use support::bot_harness::{CHAT, Harness, Options, WAIT, four_users, mover_of, refused};
use support::fake_tg::{INLINE_INVALID, TOKEN, TestUser, buttons, callback_id};
use support::inline_game::{
    ask_inline, button, choose, drawn_at, fresh_inline, harness, join_and_start, play_to_the_end,
    press_inline, table_at, users, wait_inline, within_the_limit,
};

/// `@<bot>` typed by `user`, the "New game" offer with an emoji board chosen: the inline
/// message's id. It is the one offer unless the live board is configured (then a picture
/// board is offered second: `bot_inline_picture`).
async fn open_inline_game(h: &Harness, user: &TestUser) -> String {
    let (qid, results) = ask_inline(h, user).await;
    let live = h.bots[0].ctx.live.is_some();
    assert_eq!(results.len(), if live { 2 } else { 1 }, "{results:?}");
    let offer = &results[0];
    assert_eq!(offer["title"], json!("🎲 New game of parxís"), "{offer}");
    assert_eq!(
        offer["description"],
        json!("2 to 4 players, right here in this chat")
    );
    choose(h, user, &qid, offer["id"].as_str().expect("a result id"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_friends_play_a_whole_inline_game_by_inline_id_within_the_budget_across_a_restart() {
    let mut h = harness(41).await;
    let (ana, ben) = users();
    let first = h.fake.mark();

    // Given Ana typed @<bot> and chose "New game": the inline message becomes her lobby,
    let id = open_inline_game(&h, &ana).await;
    let place = Place::inline(&id);
    // When Ben joins and Ana starts, by buttons on the inline message,
    join_and_start(&h, &id, &ana, &ben).await;

    // and whoever is to move presses the first button of the inline board until the end,
    // the bot restarted half way,
    let (ended, presses) =
        play_to_the_end(&mut h, &id, &[ana.clone(), ben.clone()], Some(40)).await;
    assert!(
        presses > 40,
        "the game outlived the restart ({presses} presses)"
    );

    // Then the game ended, its result shown on the inline message with a Rematch,
    assert_eq!(ended.status(), Status::Finished);
    let (_, last) = fresh_inline(&h, &id).await;
    assert!(
        buttons(&last).iter().all(|(_, d)| !d.starts_with("p:")),
        "no Replay on an inline message: {last}"
    );
    // and a rematch opens the next lobby on the same message.
    let rematch = press_inline(&h, &ben, &id, &button(&last, "x:")).await;
    assert!(!refused(&rematch), "{:?}", rematch.params);
    let again = table_at(&h, place).await.expect("the rematch");
    assert_eq!(again.status(), Status::Lobby);
    assert!(again.seq() > ended.seq());
    let lobby = wait_inline(&h, &id, WAIT, "the rematch's lobby", |m| {
        buttons(m)
            .iter()
            .any(|(_, d)| d.starts_with("j:") && drawn_at(d, again.seq()))
    })
    .await;
    // Its Start is disabled (Bot API 10.3) until Ana, invited back, confirms with Join;
    let start_of = |m: &Value| {
        m["reply_markup"]["inline_keyboard"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|row| row.as_array().cloned().unwrap_or_default())
            .find(|b| b["text"].as_str().is_some_and(|t| t.contains("Start")))
            .unwrap_or_else(|| panic!("no Start: {m}"))
    };
    assert_eq!(start_of(&lobby)["disabled"], json!({}), "{lobby}");
    let confirm = press_inline(&h, &ana, &id, &button(&lobby, "j:")).await;
    assert!(!refused(&confirm), "{:?}", confirm.params);
    let lobby = wait_inline(&h, &id, WAIT, "Start enabled", |m| {
        buttons(m).iter().any(|(_, d)| d.starts_with("s:"))
    })
    .await;
    assert!(start_of(&lobby).get("disabled").is_none(), "{lobby}");

    // Every write was an edit of the inline message by its id alone: no chat was posted to,
    let all = h.fake.requests_since(first);
    let writes: Vec<_> = all
        .iter()
        .filter(|r| support::fake_tg::is_write(&r.method))
        .collect();
    assert!(writes.len() > 20, "{} writes", writes.len());
    for w in &writes {
        assert!(
            matches!(
                w.method.as_str(),
                "editmessagetext" | "editmessagereplymarkup"
            ),
            "{} {:?}",
            w.method,
            w.params
        );
        assert_eq!(w.str_param("inline_message_id"), Some(id.as_str()));
        assert!(w.params.get("chat_id").is_none(), "{:?}", w.params);
    }
    // none refused (no 429: the budget held), no more than LIMIT writes in any window,
    assert_eq!(within_the_limit(&h, &id), writes.len());
    // and the game counted in the place's stats (recorded once, as any game's).
    let mut redis = h.redis.raw().await;
    let key = parxis::store::keys::stats_history(place.chat);
    let deadline = Instant::now() + WAIT;
    loop {
        let n: i64 = redis::cmd("LLEN")
            .arg(&key)
            .query_async(&mut redis)
            .await
            .expect("redis");
        if n == 1 {
            break;
        }
        assert!(n == 0 && Instant::now() < deadline, "{n} games recorded");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_first_press_on_the_offer_opens_the_lobby_when_inline_feedback_is_off() {
    let h = harness(42).await;
    let (ana, _) = users();
    // Given the offer posted, but no chosen_inline_result (feedback off in BotFather),
    let query = h.fake.inline_query(&ana, "");
    let qid = query["inline_query"]["id"].as_str().expect("id").to_owned();
    h.fake.push_update(query);
    h.fake
        .wait_for_request(|r| r.method == "answerinlinequery" && r.ok(), WAIT)
        .await;
    let (_, id) = h.fake.choose_inline(&ana, &qid, "new", "1");
    let id = id.expect("an inline id");
    let placeholder = h.fake.inline_message(&id).expect("posted");
    assert_eq!(
        placeholder["text"],
        json!("🎲 A game of parxís is opening…")
    );
    // When Ana presses its New game button,
    let ans = press_inline(&h, &ana, &id, &button(&placeholder, "n:")).await;
    assert!(!refused(&ans), "{:?}", ans.params);
    // Then the message becomes her lobby.
    wait_inline(&h, &id, WAIT, "the lobby", |m| {
        buttons(m).iter().any(|(_, d)| d.starts_with("j:"))
    })
    .await;
    let t = table_at(&h, Place::inline(&id)).await.expect("a lobby");
    assert_eq!(t.status(), Status::Lobby);
    assert_eq!(t.players()[0].id, ana.id);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_board_pressed_with_only_an_inline_message_id_is_handled_as_with_its_message() {
    // Given a 2-player game in a group, started by presses that carried their message,
    let h = Harness::start(43).await;
    h.use_emoji().await;
    h.start_game(2).await;
    let users = four_users();
    let (t, board) = h.fresh_board().await;
    let mover = mover_of(&users, &t);
    let (version, _) = h.table().await;
    // When the player to move presses the board's first button and Telegram (10.5's
    // callback_query_mode) sends inline_message_id instead of the message,
    let msg = board["message_id"].as_i64().expect("id");
    let upd = h.fake.press_group_by_inline_id(
        CHAT,
        &mover,
        i32::try_from(msg).expect("small"),
        &buttons(&board)[0].1,
    );
    assert!(upd["callback_query"].get("message").is_none());
    let cb = callback_id(&upd);
    h.fake.push_update(upd);
    let ans = h.fake.wait_for_callback_answer(&cb).await;
    // Then the press went through in the group's game, as with its message,
    assert!(!refused(&ans), "{:?}", ans.params);
    let (after, t2) = h.table().await;
    assert!(after > version, "saved");
    assert!(t2.seq() > t.seq());
    // and the group's board follows (edited by chat and message id, as always).
    h.fresh_board().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fake_refuses_inline_edits_telegram_refuses() {
    let h = harness(44).await;
    let (ana, _) = users();
    let id = open_inline_game(&h, &ana).await;
    wait_inline(&h, &id, WAIT, "the lobby", |m| {
        buttons(m).iter().any(|(_, d)| d.starts_with("j:"))
    })
    .await;
    let addr = h.fake.addr();
    let path = format!("/bot{TOKEN}/editMessageText");
    let edit = |body: Value| {
        let path = path.clone();
        async move { support::http::post_json(addr, &path, None, &body).await }
    };
    // An unknown inline message id,
    let r = edit(json!({"inline_message_id": "nope", "text": "x"})).await;
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains(INLINE_INVALID), "{}", r.body);
    // a chat id together with an inline message id,
    let r = edit(json!({"inline_message_id": id, "chat_id": CHAT, "text": "x"})).await;
    assert_eq!(r.status, 400, "{}", r.body);
    // are refused; the inline id alone is an edit answered `true`, not a message.
    let r = edit(json!({"inline_message_id": id, "text": "x"})).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let body: Value = serde_json::from_str(&r.body).expect("json");
    assert_eq!(body["result"], json!(true));
    assert_eq!(h.fake.inline_message(&id).expect("it")["text"], json!("x"));
    // An answer to an unknown inline query is refused too.
    let r = support::http::post_json(
        addr,
        &format!("/bot{TOKEN}/answerInlineQuery"),
        None,
        &json!({"inline_query_id": "404", "results": []}),
    )
    .await;
    assert_eq!(r.status, 400, "{}", r.body);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_inline_game_s_live_board_opens_with_its_own_link_and_no_membership_check() {
    use parxis::bot::effects::live::{GameId, Limits, LinkKey};
    use std::net::Ipv4Addr;
    use support::hostile::{connect_from, read_head, read_until};
    use support::live::{PATH, app, init_data, now_secs, serve};
    use tokio::io::AsyncWriteExt;

    // Given an inline game in play, served with the live board configured,
    let h = Harness::start_live(45, Options::default(), Some((app(), Limits::default()))).await;
    let (ana, ben) = users();
    let id = open_inline_game(&h, &ana).await;
    join_and_start(&h, &id, &ana, &ben).await;
    // its board carries the live board's link, naming this game's place alone,
    let (_, board) = fresh_inline(&h, &id).await;
    let link = board["reply_markup"]["inline_keyboard"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row.as_array().into_iter().flatten())
        .find_map(|b| b["url"].as_str())
        .unwrap_or_else(|| panic!("no live board button: {board}"))
        .to_owned();
    let start = link.split("startapp=").nth(1).expect("a start parameter");
    let key = LinkKey::of_token(TOKEN);
    assert_eq!(GameId::open(&key, start), Some(Place::inline(&id)));
    assert!(!link.contains(&Place::inline(&id).chat.unsigned_abs().to_string()));
    let addr = serve(&h, 0).await;
    let mark = h.fake.mark();
    let stream = |user: TestUser, param: String| async move {
        let mut s = connect_from(Ipv4Addr::LOCALHOST, addr).await;
        let auth = init_data(&user, Some("en"), &param, now_secs());
        let req = format!(
            "GET {PATH}/api/live HTTP/1.1\r\nHost: {addr}\r\nAuthorization: tma {auth}\r\n\r\n"
        );
        s.write_all(req.as_bytes()).await.expect("write");
        let head = read_head(&mut s).await;
        (head, s)
    };
    // When someone who does not play opens it (there is no group to be a member of),
    let carla = TestUser::new(77, "Carla").lang("en");
    let (head, mut s) = stream(carla.clone(), start.to_owned()).await;
    // Then they watch the game, and Telegram was asked nothing about them;
    assert_eq!(head.status, 200);
    let seen = read_until(&mut s, head.rest, "event: state", WAIT).await;
    assert!(seen.contains("event: state"), "{seen}");
    assert!(
        h.fake
            .requests_since(mark)
            .iter()
            .all(|r| r.method != "getchatmember"),
    );
    // An id not sealed with the bot's key opens nothing.
    let other = GameId::of(&LinkKey::of_token("999:OTHER"), Place::inline(&id));
    let (head, _) = stream(carla, other.as_str().to_owned()).await;
    assert!(head.status >= 400, "{}", head.status);
}

/// How many updates of `kind` the harness's first bot counted.
fn counted(h: &Harness, kind: &str) -> u64 {
    h.bots[0].ctx.metrics.update_count(kind)
}

/// Waits until the first bot counted `n` updates of `kind`.
async fn counted_at_least(h: &Harness, kind: &str, n: u64) {
    let deadline = Instant::now() + WAIT;
    while counted(h, kind) < n {
        assert!(
            Instant::now() < deadline,
            "{kind}: {} of {n}\n{}",
            counted(h, kind),
            h.fake.log_tail(8)
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_mention_is_answered_once_with_the_lobby_and_the_game_runs_by_inline_id() {
    let h = harness(46).await;
    let (ana, ben) = users();
    // The bot asked Telegram for guest messages (the fake sends them only then).
    let asked = h
        .fake
        .allowed_updates()
        .expect("the bot stated its update kinds");
    for kind in ["guest_message", "callback_query", "inline_query", "message"] {
        assert!(asked.iter().any(|k| k == kind), "{kind}: {asked:?}");
    }
    let first = h.fake.mark();

    // Given a malformed guest message (no guest_query_id) first: it is ignored,
    h.fake.push_update(json!({
        "guest_message": {
            "message_id": 1, "date": 0, "text": "@parxis_test_bot",
            "chat": {"id": 5_551_234, "type": "private", "first_name": "Friend"},
            "from": ana.to_json(),
        }
    }));
    counted_at_least(&h, "ignored", 1).await;
    // When Ana mentions the bot in her private chat with Ben, where the bot is no member,
    let mention = h
        .fake
        .guest_mention(&ana, 5_551_234, "@parxis_test_bot let's play");
    let query = mention["guest_message"]["guest_query_id"]
        .as_str()
        .expect("a guest query")
        .to_owned();
    h.fake.push_update(mention.clone());
    // Then the bot answers the query, with the inline offer's "New game" placeholder,
    let answer = h
        .fake
        .wait_for_request(|r| r.method == "answerguestquery", WAIT)
        .await;
    assert!(answer.ok(), "{:?}", answer.response);
    assert_eq!(answer.str_param("guest_query_id"), Some(query.as_str()));
    assert_eq!(answer.params["result"]["type"], json!("article"));
    let id = h.fake.guest_answer(&query).expect("the answer was posted");
    assert_eq!(answer.result()["inline_message_id"], json!(id));
    // and the posted message becomes Ana's lobby, where Ben joins and Ana starts by buttons
    // that carry only the inline message id;
    join_and_start(&h, &id, &ana, &ben).await;
    let place = Place::inline(&id);
    let started = table_at(&h, place).await.expect("the game");
    assert_eq!(started.status(), Status::Playing);
    // the players to move press on, and the game goes on, its board edited in place.
    let mut presses = 0;
    while presses < 8 {
        let (t, board) = fresh_inline(&h, &id).await;
        if t.status() != Status::Playing {
            break;
        }
        let mover = mover_of(&[ana.clone(), ben.clone()], &t);
        let ans = press_inline(&h, &mover, &id, &buttons(&board)[0].1).await;
        assert!(!refused(&ans), "{:?}\n{}", ans.params, h.fake.log_tail(8));
        presses += 1;
    }
    let (now, _) = fresh_inline(&h, &id).await;
    assert!(
        now.seq() >= started.seq() + presses,
        "{} after {presses} presses from {}",
        now.seq(),
        started.seq()
    );

    // The same mention delivered again (another update, the same query) is not answered
    // again: the query was taken once.
    let mut again = mention;
    if let Some(o) = again.as_object_mut() {
        o.remove("update_id");
    }
    h.fake.push_update(again);
    counted_at_least(&h, "guest_message_again", 1).await;
    let all = h.fake.requests_since(first);
    let answers: Vec<_> = all
        .iter()
        .filter(|r| r.method == "answerguestquery")
        .collect();
    assert_eq!(answers.len(), 1, "{answers:?}");
    // Every write after the answer was an edit of the inline message by its id alone.
    for w in all.iter().filter(|r| support::fake_tg::is_write(&r.method)) {
        assert_eq!(w.str_param("inline_message_id"), Some(id.as_str()), "{w:?}");
        assert!(w.params.get("chat_id").is_none(), "{:?}", w.params);
    }
    assert_eq!(counted(&h, "guest_message"), 1);
}
