//! Playing at Telegram's pace: the real bot against the fake Bot API in flood mode (a
//! per-chat limit of writes, refused with 429 and the true `retry_after`) and a real Redis.
//!
//! The flood window is shortened (a "minute" of 2 s) so a whole game plays in seconds; the
//! `retry_after` values are then real seconds (1 to 2) that the bot must wait out.

use crate::support;

use std::time::{Duration, Instant};

use parxis::bot::core::settings::{ChatSettings, DiceMode, Display};
use parxis::bot::core::table::{Status, Table};
use parxis::i18n::Lang;
use serde_json::Value;
use support::bot_harness::{CHAT, Harness, Options, UNPACED, four_users, refused, text_of};
use support::fake_tg::{Flood, FloodClock, TestUser, buttons, callback_id, msg_id};
use teloxide::prelude::Requester;

/// The flood window of these tests: Telegram's minute, shortened.
const WINDOW: Duration = Duration::from_secs(2);
/// How many writes a chat gets per [`WINDOW`].
const LIMIT: usize = 20;
/// What "use the latest board" says in English: never right when that board is behind.
const USE_THE_LATEST: &str = "This board is out of date: use the latest one.";

fn flood() -> Flood {
    Flood {
        limit: LIMIT,
        window: WINDOW,
        clock: FloodClock::Real,
    }
}

async fn harness(seed: u64, budget: (u32, u64)) -> Harness {
    let h = Harness::start_with(
        seed,
        Options {
            write_budget: budget,
            ..Options::default()
        },
    )
    .await;
    settings(&h, DiceMode::Auto).await;
    h
}

async fn settings(h: &Harness, dice: DiceMode) {
    h.settings(ChatSettings {
        lang: Some(Lang::En),
        display: Display::Emoji,
        timer_secs: 0,
        dice,
        pings_secs: parxis::bot::core::settings::DEFAULT_PINGS_SECS,
        lang_offered: true,
    })
    .await;
}

/// Is `text` the answer to a press on a board that is behind: what happened since, and that
/// the board is updating, or (the chat's writes due later: a 429's wait, the budget) when it
/// catches up?
fn is_behind_answer(text: &str) -> bool {
    text.ends_with("— board updating…")
        || text
            .rsplit_once(" — the board catches up in about ")
            .is_some_and(|(_, s)| {
                s.strip_suffix(" s")
                    .is_some_and(|n| n.parse::<u32>().is_ok())
            })
}

/// The `seq` a board's first button was drawn at.
fn drawn_at(board: &Value) -> Option<u64> {
    let (_, data) = buttons(board).into_iter().next()?;
    data.split(':').nth(1)?.parse().ok()
}

/// What the flood-mode game loop saw.
#[derive(Default)]
struct Played {
    presses: usize,
    /// Answers to presses on the chat's board message while it was behind the stored game.
    behind: usize,
    /// Callback answer latencies (press pushed → answerCallbackQuery received).
    latencies: Vec<Duration>,
}

/// Whoever is to move presses the first button of the chat's board message, as fast as
/// they can (a few ms apart), whether or not the board is up to date, until the game ends.
async fn press_through(h: &Harness, users: &[TestUser], within: Duration) -> Played {
    let deadline = Instant::now() + within;
    let mut played = Played::default();
    loop {
        let (_, t) = h.table().await;
        if t.status() != Status::Playing {
            return played;
        }
        assert!(
            Instant::now() < deadline,
            "the game is stuck at seq {}:\n{}",
            t.seq(),
            h.fake.log_tail(12)
        );
        let Some(user) = t
            .to_move()
            .filter(|p| !p.is_automatic())
            .and_then(|p| users.iter().find(|u| u.id == p.id))
        else {
            tokio::time::sleep(Duration::from_millis(5)).await;
            continue;
        };
        let board = h.board().await;
        let Some((_, data)) = buttons(&board).into_iter().next() else {
            tokio::time::sleep(Duration::from_millis(5)).await;
            continue;
        };
        let upd = h.fake.press(CHAT, user, msg_id(&board), &data);
        let id = callback_id(&upd);
        let pushed = Instant::now();
        h.fake.push_update(upd);
        let answer = h.fake.wait_for_callback_answer(&id).await;
        played
            .latencies
            .push(answer.at.saturating_duration_since(pushed));
        played.presses += 1;
        let text = answer.str_param("text").unwrap_or_default();
        assert_ne!(
            text,
            USE_THE_LATEST,
            "a press on the chat's own board was told to use a later board:\n{}",
            h.fake.log_tail(8)
        );
        if refused(&answer) && is_behind_answer(text) {
            played.behind += 1;
        }
        tokio::time::sleep(Duration::from_millis(3)).await;
    }
}

/// Wait until the chat's board shows the stored table (its buttons carry the table's `seq`).
async fn converged(h: &Harness, within: Duration) -> (Table, Value) {
    let deadline = Instant::now() + within;
    loop {
        let (_, t) = h.table().await;
        let board = h.board().await;
        if drawn_at(&board) == Some(t.seq()) {
            return (t, board);
        }
        assert!(
            Instant::now() < deadline,
            "the board never caught up with seq {}: {board}\n{}",
            t.seq(),
            h.fake.log_tail(12)
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Every 429 is followed by an admitted write within its `retry_after` + 1 s.
fn assert_caught_up_after_every_429(h: &Harness) {
    let stats = h.fake.flood_stats(CHAT);
    for &(at, retry_after) in &stats.refused {
        let by = at + Duration::from_secs(u64::from(retry_after) + 1);
        assert!(
            stats.writes.iter().any(|&w| w > at && w <= by),
            "no board write within retry_after ({retry_after} s) + 1 s of the 429 at {at:?}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn under_flood_a_four_seat_game_plays_to_its_end_and_the_board_catches_up_after_every_429() {
    // Given a bot that does not pace itself (its budget is never reached, as when another
    // client writes to the group too), in a chat Telegram limits to 20 writes per window,
    // and a game of two humans and two computers, dice rolled automatically
    let h = harness(71, UNPACED).await;
    let users = four_users();
    h.command(&users[0], "/newgame").await;
    h.command(&users[1], "/join").await;
    h.command(&users[0], "/addbot").await;
    h.command(&users[0], "/addbot").await;
    h.fake.flood(flood());
    h.command(&users[0], "/start").await;

    // When both humans press as fast as they can until the game ends
    let played = press_through(&h, &users[..2], Duration::from_secs(240)).await;

    // Then it ended, and the final board is the stored game's (the finished game, with its
    // New game button), caught up by the bot itself
    let (t, board) = converged(&h, Duration::from_secs(5)).await;
    assert_eq!(t.status(), Status::Finished);
    assert!(text_of(&board).contains("🏆"), "{board}");
    assert!(played.presses > 0);
    // And Telegram refused some writes, every refusal caught up within retry_after + 1 s
    let stats = h.fake.flood_stats(CHAT);
    assert!(!stats.refused.is_empty(), "the flood was never reached");
    assert_caught_up_after_every_429(&h);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_a_budget_under_telegrams_limit_the_bot_provokes_no_429_and_coalesces_the_moves() {
    // Given a bot whose budget (16 writes per window) is under Telegram's 20, two humans
    let h = harness(72, (16, u64::try_from(WINDOW.as_millis()).unwrap_or(2000))).await;
    let users = four_users();
    h.fake.flood(flood());
    h.start_game(2).await;

    // When they press as fast as they can until the game ends
    let played = press_through(&h, &users[..2], Duration::from_secs(240)).await;

    // Then Telegram never had to refuse a write
    let stats = h.fake.flood_stats(CHAT);
    assert_eq!(stats.refused, Vec::new(), "429s: {:?}", stats.refused);
    // And moves past the budget were applied at once and shown together: presses on a
    // board that was behind were told so, and the board still ended on the final state
    let (t, _) = converged(&h, Duration::from_secs(5)).await;
    assert_eq!(t.status(), Status::Finished);
    assert!(
        played.behind > 0,
        "the budget never held a board back ({} presses)",
        played.presses
    );
}

/// Provoke one 429 on the chat's board: a flood limit already reached, then one accepted
/// press. Returns the `retry_after` and the table it left the board behind.
async fn one_refused_board(h: &Harness, users: &[TestUser]) -> (u32, Table) {
    let before = h.table().await.1;
    let board = h.board().await;
    let (_, data) = buttons(&board).into_iter().next().expect("a button");
    let mover = users
        .iter()
        .find(|u| before.to_move().is_some_and(|p| p.id == u.id))
        .expect("a human to move");
    // A limit of 1 write per window, used up by a message of the test's own.
    h.fake.flood(Flood {
        limit: 1,
        window: WINDOW,
        clock: FloodClock::Real,
    });
    h.fake
        .bot()
        .send_message(teloxide::types::ChatId(CHAT), "…")
        .await
        .expect("the 1 write");
    let upd = h.fake.press(CHAT, mover, msg_id(&board), &data);
    let id = callback_id(&upd);
    h.fake.push_update(upd);
    let answer = h.fake.wait_for_callback_answer(&id).await;
    assert!(!refused(&answer), "{:?}", answer.params);
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        if let Some(&(_, retry_after)) = h.fake.flood_stats(CHAT).refused.first() {
            let (_, t) = h.table().await;
            assert_ne!(
                drawn_at(&h.board().await),
                Some(t.seq()),
                "the board is behind"
            );
            return (retry_after, t);
        }
        assert!(Instant::now() < deadline, "no 429:\n{}", h.fake.log_tail(8));
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_refused_with_429_is_caught_up_after_a_restart_in_the_middle_of_the_wait() {
    // Given a game whose last board write Telegram refused with a 429
    let mut h = harness(73, UNPACED).await;
    let users = four_users();
    settings(&h, DiceMode::Button).await;
    h.start_game(2).await;
    let (retry_after, behind) = one_refused_board(&h, &users).await;

    // When the bot restarts during the wait (a new process, same Redis)
    h.stop_bots().await;
    h.spawn_bot().await;

    // Then the new bot writes the latest board by itself, within retry_after + 1 s
    let (t, _) = converged(&h, Duration::from_secs(u64::from(retry_after) + 1)).await;
    assert_eq!(t.seq(), behind.seq());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_two_replicas_a_catch_up_is_written_once() {
    // Given two replicas on one Redis, and a board write refused with a 429
    let mut h = harness(74, UNPACED).await;
    h.spawn_bot().await;
    let users = four_users();
    settings(&h, DiceMode::Button).await;
    h.start_game(2).await;
    let (retry_after, behind) = one_refused_board(&h, &users).await;
    let mark = h.fake.mark();

    // When the catch-up falls due (both replicas poll for it)
    let (t, _) = converged(&h, Duration::from_secs(u64::from(retry_after) + 1)).await;
    assert_eq!(t.seq(), behind.seq());
    tokio::time::sleep(WINDOW).await;

    // Then exactly one board write caught it up
    let edits = h
        .fake
        .requests_since(mark)
        .into_iter()
        .filter(|r| r.method.starts_with("edit") || r.method.starts_with("send"))
        .filter(|r| r.ok())
        .count();
    assert_eq!(edits, 1, "{}", h.fake.log_tail(10));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_press_on_a_board_that_is_behind_says_what_happened_and_that_it_is_updating() {
    // Given a game whose board is behind the stored game (its write got a 429)
    let h = harness(75, UNPACED).await;
    let users = four_users();
    settings(&h, DiceMode::Button).await;
    h.start_game(2).await;
    let (_, behind) = one_refused_board(&h, &users).await;

    // When a player presses a button of that (old) board
    let board = h.board().await;
    let (_, data) = buttons(&board).into_iter().last().expect("a button");
    let upd = h.fake.press(CHAT, &users[1], msg_id(&board), &data);
    let id = callback_id(&upd);
    h.fake.push_update(upd);
    let answer = h.fake.wait_for_callback_answer(&id).await;

    // Then the answer says what happened since and that the board is updating, unless the
    // press was the roller's Roll, which is the same action on the current state
    let text = answer.str_param("text").unwrap_or_default().to_owned();
    let rolled_now = data.starts_with("r:") && behind.awaits_roll_by(users[1].id);
    if rolled_now {
        assert!(text.starts_with("🎲 "), "{text}");
    } else {
        assert!(is_behind_answer(&text), "{text}");
        assert!(
            !text.starts_with('—') && !text.starts_with("the board"),
            "says what happened: {text}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_dice_auto_the_board_asks_straight_for_the_move_and_dice_button_brings_the_roll_back()
{
    // Given a chat with the default dice setting (auto), and a two-player game
    let h = harness(76, UNPACED).await;
    h.store
        .set_settings(
            CHAT,
            &ChatSettings {
                lang: Some(Lang::En),
                display: Display::Emoji,
                timer_secs: 0,
                ..ChatSettings::default()
            },
        )
        .await
        .expect("settings");
    let users = four_users();
    // Then /help says which is on
    let help = h.command(&users[0], "/help").await;
    assert!(
        help.iter().any(|r| r
            .str_param("text")
            .is_some_and(|t| t.contains("rolled for you"))),
        "{help:?}"
    );
    h.start_game(2).await;
    // Then the board never shows a Roll button: the human's die was rolled for them
    let (t, board) = converged(&h, Duration::from_secs(5)).await;
    assert!(t.playing().is_some());
    assert!(
        buttons(&board).iter().all(|(_, d)| !d.starts_with("r:")),
        "{board}"
    );
    assert!(
        buttons(&board).iter().any(|(_, d)| d.starts_with("m:")),
        "{board}"
    );

    // When /dice button is set and the mover plays
    let said = h.command(&users[0], "/dice button").await;
    assert!(
        said.iter()
            .any(|r| r.str_param("text").is_some_and(|t| t.contains("Roll"))),
        "{said:?}"
    );
    let mover = users
        .iter()
        .find(|u| t.to_move().is_some_and(|p| p.id == u.id))
        .expect("a human to move");
    let (_, data) = buttons(&board).into_iter().next().expect("a move");
    let ans = h.press(mover, msg_id(&board), &data).await;
    assert!(!refused(&ans), "{:?}", ans.params);

    // Then the next human turn starts with the Roll button
    let (_, board) = converged(&h, Duration::from_secs(5)).await;
    assert!(
        buttons(&board).iter().any(|(_, d)| d.starts_with("r:")),
        "{board}"
    );
}
