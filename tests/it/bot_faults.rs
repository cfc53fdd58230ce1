//! The bot surviving faults: Redis going away mid-game, Telegram's 429s and network errors,
//! a deleted board, being removed from the group, and the group becoming a supergroup.

use crate::support;

use std::time::{Duration, Instant};

use parxis::bot::core::table::{Status, Table};
use parxis::i18n::{Lang, Msg, tr_plain};
use support::bot_harness::{CHAT, Harness, Options, button_with, four_users, refused, text_of};
use support::fake_tg::{Fault, buttons, callback_id, msg_id};

/// Press the first button for whoever is to move; returns the callback answer's text.
async fn press_mover(h: &Harness) -> Option<String> {
    let (_, board) = h.fresh_board().await;
    let user = h.mover().await.expect("a human to move");
    let ans = h.press(&user, msg_id(&board), &buttons(&board)[0].1).await;
    ans.str_param("text")
        .filter(|_| refused(&ans))
        .map(str::to_owned)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_down_a_press_gets_try_again_and_the_game_goes_on_when_it_is_back() {
    let mut h = Harness::start_with(
        41,
        Options {
            persistent_redis: true,
            ..Options::default()
        },
    )
    .await;
    h.use_emoji().await;
    h.start_game(2).await;
    assert_eq!(press_mover(&h).await, None);
    let before = h.table().await;
    let board_before = text_of(&h.board().await);
    let board_id = h.board_id().await.expect("board");

    h.redis.stop();
    let mover = four_users()
        .into_iter()
        .find(|u| Some(u.id) == before.1.to_move().map(|p| p.id))
        .expect("a human to move");
    let board = h.fake.message(CHAT, board_id).expect("board");
    let started = Instant::now();
    let ans = h.press(&mover, msg_id(&board), &buttons(&board)[0].1).await;
    let text = ans.str_param("text").unwrap_or_default().to_owned();
    // In the chat's language (English), which this replica remembers from its last read of
    // the chat, though the presser's Telegram says `ca` and Redis is out of reach.
    assert_eq!(
        text,
        tr_plain(Lang::En, &Msg::AlertTryAgain),
        "a short 'try again'"
    );
    eprintln!("'try again' after {:?}", started.elapsed());
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "answered promptly"
    );
    let board_now = h.fake.message(CHAT, msg_id(&board)).expect("board");
    assert_eq!(text_of(&board_now), board_before, "the board untouched");

    h.redis.start_again();
    assert_eq!(
        h.table().await,
        before,
        "nothing half-applied, nothing lost"
    );
    // The next press, once the bot has seen Redis back (its breaker's probe), goes through.
    let deadline = Instant::now() + Duration::from_secs(5);
    while !h.bots[0].ctx.store.health().up {
        assert!(Instant::now() < deadline, "the bot never saw Redis back");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(press_mover(&h).await, None, "the game goes on");
    assert!(h.table().await.1.seq() > before.1.seq());
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_429_on_the_board_edit_is_caught_up_after_retry_after_with_the_latest_board() {
    // Given a game, and Telegram answering the next board edit with 429 (retry after 1 s)
    let mut h = Harness::start(43).await;
    h.use_emoji().await;
    h.start_game(2).await;
    let board_id_before = h.board_id().await;
    h.fake.fail_next(
        "editmessagetext",
        1,
        Fault::TooManyRequests { retry_after: 1 },
    );
    let mark = h.fake.mark();
    // When the mover presses, Then the press is answered (accepted) at once
    assert_eq!(press_mover(&h).await, None);
    // And the board is caught up by itself, edited in place with the stored state
    let (t1, _) = h.fresh_board().await;
    let edits: Vec<_> = h
        .fake
        .requests_since(mark)
        .into_iter()
        .filter(|r| r.method == "editmessagetext")
        .collect();
    assert_eq!(edits[0].status, 429);
    let caught_up = edits.iter().find(|r| r.ok()).expect("a catch-up edit");
    let waited = caught_up.at - edits[0].at;
    assert!(
        waited >= Duration::from_millis(950),
        "retry_after honoured: {waited:?}"
    );
    assert_eq!(
        h.board_id().await,
        board_id_before,
        "edited in place, not re-posted"
    );
    assert!(
        !h.fake
            .requests_since(mark)
            .iter()
            .any(|r| r.method == "sendmessage"),
        "no new board while Telegram says slow down"
    );
    assert!(
        buttons(&h.board().await)[0]
            .1
            .contains(&format!(":{}", t1.seq()))
    );
    assert_eq!(press_mover(&h).await, None, "and the game goes on");
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_connection_is_retried_with_backoff() {
    let mut h = Harness::start(47).await;
    h.use_emoji().await;
    h.start_game(2).await;
    let board_id_before = h.board_id().await;
    h.fake
        .fail_next("editmessagetext", 2, Fault::ConnectionDropped);
    let mark = h.fake.mark();
    assert_eq!(press_mover(&h).await, None);
    let edits: Vec<_> = h
        .fake
        .requests_since(mark)
        .into_iter()
        .filter(|r| r.method == "editmessagetext")
        .collect();
    assert_eq!(edits.len(), 3, "two drops, then success");
    assert!(edits[2].ok());
    // Each retry waits the drain's pause after a network failure (lower bounds: a busy
    // machine only lengthens them), whatever else is planned meanwhile (the chat waits as
    // after a 429).
    let pause = Duration::from_millis(parxis::bot::effects::outbox::make::NETWORK_RETRY_MS);
    let (first, second) = (edits[1].at - edits[0].at, edits[2].at - edits[1].at);
    assert!(
        first >= pause && second >= pause,
        "each retry waits {pause:?}: waited {first:?} then {second:?}"
    );
    let (_, t1) = h.table().await;
    let board_after = h.board_id().await;
    assert_eq!(board_after, board_id_before);
    assert!(
        buttons(&h.board().await)[0]
            .1
            .contains(&format!(":{}", t1.seq()))
    );
    // A dropped send of a new board is retried too.
    h.fake.delete_message(CHAT, board_after.expect("board"));
    h.fake.fail_next("sendmessage", 1, Fault::ConnectionDropped);
    let user = h.mover().await.expect("a human");
    let mark = h.fake.mark();
    // The deleted message cannot be pressed: the player uses /board, which posts anew.
    h.fake.push_update(h.fake.command(CHAT, &user, "/board"));
    h.fake
        .wait_for_request_after(
            mark,
            |r| r.method == "sendmessage" && r.ok(),
            Duration::from_secs(5),
        )
        .await;
    let sends: Vec<_> = h
        .fake
        .requests_since(mark)
        .into_iter()
        .filter(|r| r.method == "sendmessage")
        .collect();
    assert_eq!(sends.len(), 2, "a drop, then the board");
    h.wait_board_id(Duration::from_secs(5), "the new board id", |x| {
        x != board_after
    })
    .await;
    assert_eq!(press_mover(&h).await, None);
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_board_is_posted_again_and_its_buttons_work() {
    let mut h = Harness::start(53).await;
    h.use_emoji().await;
    h.start_game(2).await;
    let old = h.board_id().await.expect("board");
    let board = h.board().await;
    let data = buttons(&board)[0].1.clone();
    // Someone deletes the board; a press that was already on its way still arrives.
    let user = h.mover().await.expect("a human");
    let upd = h.fake.press(CHAT, &user, old, &data);
    assert!(h.fake.delete_message(CHAT, old));
    let id = callback_id(&upd);
    h.fake.push_update(upd);
    let ans = h.fake.wait_for_callback_answer(&id).await;
    h.shown_after(&ans).await;
    assert!(!refused(&ans), "{:?}", ans.params);
    let new_id = h
        .wait_board_id(Duration::from_secs(5), "a new board id", |x| {
            x.is_some_and(|b| b != old)
        })
        .await;
    let (_, t1) = h.table().await;
    let new_board = h.board().await;
    assert!(text_of(&new_board).contains("Ana"), "the whole board again");
    assert!(buttons(&new_board)[0].1.contains(&format!(":{}", t1.seq())));
    // Its buttons work.
    assert_eq!(press_mover(&h).await, None);
    assert!(h.table().await.1.seq() > t1.seq());
    assert_eq!(h.board_id().await, new_id, "edited in place again");
    h.stop_bots().await;
}

async fn removed_from(chat_kind: &str, chat: i64) {
    let mut h = Harness::start(59).await;
    h.settings_for(chat).await;
    h.two_player_game_in(chat).await;
    let rec = h
        .store
        .load::<Table>(chat)
        .await
        .expect("redis")
        .expect("a table");
    assert_eq!(rec.state.status(), Status::Playing, "{chat_kind}");

    h.fake.push_update(h.fake.my_chat_member_kicked(chat));
    let deadline = Instant::now() + Duration::from_secs(5);
    while h.store.load::<Table>(chat).await.expect("redis").is_some() {
        assert!(
            Instant::now() < deadline,
            "{chat_kind}: the game did not end"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(
        !h.deadline_entries().await.contains(&chat.to_string()),
        "{chat_kind}: deadline cleared"
    );
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn removed_from_a_supergroup_or_a_basic_group_the_game_ends() {
    removed_from("supergroup", CHAT).await;
    removed_from("basic group", -4_242).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_403_when_editing_ends_the_game_in_both_wordings() {
    for chat in [CHAT, -4_343] {
        let mut h = Harness::start(61).await;
        h.settings_for(chat).await;
        let users = four_users();
        let mark = h.fake.mark();
        h.fake
            .push_update(h.fake.command(chat, &users[0], "/newgame"));
        h.fake
            .wait_for_request_after(mark, |r| r.method == "sendmessage", Duration::from_secs(5))
            .await;
        assert!(h.store.load::<Table>(chat).await.expect("redis").is_some());
        // Kicked without the bot hearing of it: the next edit answers 403.
        h.fake.fail_next("editmessagetext", 1, Fault::Kicked);
        let lobby = h.fake.last_board(chat).expect("a lobby");
        let upd = h
            .fake
            .press(chat, &users[1], msg_id(&lobby), &button_with(&lobby, "j:"));
        let id = callback_id(&upd);
        h.fake.push_update(upd);
        let ans = h.fake.wait_for_callback_answer(&id).await;
        h.shown_after(&ans).await;
        let deadline = Instant::now() + Duration::from_secs(5);
        while h.store.load::<Table>(chat).await.expect("redis").is_some() {
            assert!(
                Instant::now() < deadline,
                "chat {chat}: the game did not end\n{}",
                h.fake.log_tail(12)
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let forbidden = h
            .fake
            .requests_since(mark)
            .into_iter()
            .find(|r| r.status == 403)
            .expect("a 403");
        assert!(
            forbidden.response["description"]
                .as_str()
                .is_some_and(|d| d.contains("kicked")),
            "{forbidden:?}"
        );
        assert!(
            !h.fake
                .requests_since(forbidden.index)
                .iter()
                .any(|r| r.method == "sendmessage"),
            "no re-post into a chat the bot was kicked from"
        );
        h.stop_bots().await;
    }
}

/// A basic group (ids above -10^12) and the supergroup it becomes.
const OLD: i64 = -5_555;
const NEW: i64 = -1_000_000_005_555;

async fn game_in_basic_group(h: &Harness) {
    h.two_player_game_in(OLD).await;
}

/// The game is in `NEW` now: a board there whose buttons work.
async fn plays_on_in_the_new_chat(h: &Harness, before: &Table) {
    let deadline = Instant::now() + Duration::from_secs(5);
    let (moved, board) = loop {
        let rec = h.store.load::<Table>(NEW).await.expect("redis");
        let board = h.fake.last_board(NEW);
        if let (Some(rec), Some(board)) = (rec, board)
            && h.board_id_in(NEW).await == Some(msg_id(&board))
        {
            break (rec.state, board);
        }
        assert!(
            Instant::now() < deadline,
            "no board in the new chat:\n{}",
            h.fake.log_tail(10)
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    };
    assert!(
        h.store.load::<Table>(OLD).await.expect("redis").is_none(),
        "the old chat holds nothing"
    );
    assert_eq!(moved.players(), before.players());
    assert!(moved.seq() >= before.seq());
    let users = four_users();
    let user = users
        .iter()
        .find(|u| Some(u.id) == moved.to_move().map(|p| p.id))
        .expect("a human to move");
    let upd = h
        .fake
        .press(NEW, user, msg_id(&board), &buttons(&board)[0].1);
    let id = callback_id(&upd);
    h.fake.push_update(upd);
    let ans = h.fake.wait_for_callback_answer(&id).await;
    h.shown_after(&ans).await;
    assert!(!refused(&ans), "{:?}", ans.params);
    let after = h
        .store
        .load::<Table>(NEW)
        .await
        .expect("redis")
        .expect("table");
    assert_eq!(
        after.state.seq(),
        moved.seq() + 1,
        "the game goes on in the new chat"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_upgraded_by_service_message_moves_its_game() {
    let mut h = Harness::start(67).await;
    h.settings_for(OLD).await;
    game_in_basic_group(&h).await;
    let before = h.store.load::<Table>(OLD).await.expect("redis").expect("t");
    h.fake.push_update(h.fake.migrate_to_supergroup(OLD, NEW));
    plays_on_in_the_new_chat(&h, &before.state).await;
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_upgraded_found_by_a_400_on_an_edit_moves_its_game() {
    let mut h = Harness::start(71).await;
    h.settings_for(OLD).await;
    game_in_basic_group(&h).await;
    let before = h.store.load::<Table>(OLD).await.expect("redis").expect("t");
    // The bot did not get the service message; its next edit answers 400 migrate.
    h.fake
        .fail_next("editmessagetext", 1, Fault::Migrate { to: NEW });
    let users = four_users();
    let user = users
        .iter()
        .find(|u| Some(u.id) == before.state.to_move().map(|p| p.id))
        .expect("a human");
    let board = h.fake.last_board(OLD).expect("board");
    let upd = h
        .fake
        .press(OLD, user, msg_id(&board), &buttons(&board)[0].1);
    let id = callback_id(&upd);
    h.fake.push_update(upd);
    let ans = h.fake.wait_for_callback_answer(&id).await;
    h.shown_after(&ans).await;
    // The table's stored form one action later.
    let mut v = serde_json::to_value(&before.state).expect("json");
    v["seq"] = (before.state.seq() + 1).into();
    let expected: Table = serde_json::from_value(v).expect("a table");
    plays_on_in_the_new_chat(&h, &expected).await;
    h.stop_bots().await;
}
