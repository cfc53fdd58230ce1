//! R6.3 The time limit of a game opened in the chat (`/newgame solidari`), against the fake
//! Bot API and a real Redis.
//!
//! Solidari's 30 minutes have their true length: the test moves the bot's clock past them
//! (`Harness::advance_to`) instead of waiting; everything else is the real bot and its
//! scheduler.

use crate::support;

use std::time::Duration;

use parxis::bot::core::settings::{ChatSettings, DiceMode, Display};
use parxis::bot::core::table::{Event, MINUTE_MS, Status, Table, TimeLimit, WinnerRec};
use parxis::i18n::Lang;
use parxis::store::keys;
use support::bot_harness::{CHAT, Harness, WAIT, button_with, four_users, refused, text_of};
use support::fake_tg::{buttons, msg_id};

/// `/newgame solidari` by the first of [`four_users`], the three others join, the host
/// starts it.
async fn solidari_of_four(h: &Harness) {
    let users = four_users();
    h.command(&users[0], "/newgame solidari").await;
    for u in &users[1..] {
        let lobby = h.board().await;
        let ans = h.press(u, msg_id(&lobby), &button_with(&lobby, "j:")).await;
        assert!(!refused(&ans), "join refused: {:?}", ans.params);
    }
    let lobby = h.board().await;
    let ans = h
        .press(&users[0], msg_id(&lobby), &button_with(&lobby, "s:"))
        .await;
    assert!(!refused(&ans), "start refused: {:?}", ans.params);
}

/// Up to `n` presses of the first button by whoever is to move, while the game is in play.
async fn play_some(h: &Harness, n: usize) {
    let users = four_users();
    for _ in 0..n {
        let (_, t) = h.table().await;
        if t.status() != Status::Playing {
            return;
        }
        let (t, board) = h.fresh_board().await;
        let Some(p) = t.to_move() else { return };
        let Some(user) = users.iter().find(|u| u.id == p.id) else {
            return;
        };
        let b = buttons(&board);
        let ans = h.press(user, msg_id(&board), &b[0].1).await;
        if refused(&ans) {
            // The time ran out in between: the game is over.
            return;
        }
        h.shown_after(&ans).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_solidari_game_opened_in_the_chat_ends_at_its_time_limit_with_its_result_recorded() {
    // Given a Solidari game of four opened with /newgame (no turn timer), with its 30-minute
    // limit,
    let h = Harness::start(63).await;
    h.settings(ChatSettings {
        lang: Some(Lang::En),
        display: Display::Emoji,
        timer_secs: 0,
        dice: DiceMode::Button,
        pings_secs: parxis::bot::core::settings::DEFAULT_PINGS_SECS,
        lang_offered: true,
    })
    .await;
    let before = h.now_ms();
    solidari_of_four(&h).await;
    let (_, t0) = h.table().await;
    assert_eq!(t0.status(), Status::Playing);
    assert_eq!(
        t0.limit(),
        Some(TimeLimit {
            minutes: 30,
            minute_ms: MINUTE_MS
        })
    );
    let end = t0.ends_ms().expect("an end");
    assert!(
        end >= before + 30 * MINUTE_MS && end <= h.now_ms() + 30 * MINUTE_MS,
        "{end}"
    );
    // the board tells the minutes left of the game, and the due set holds its end.
    let (_, board) = h.fresh_board().await;
    let text = text_of(&board);
    assert!(text.contains("minutes of the game left"), "{text}");
    assert!(
        h.deadline_entries()
            .await
            .iter()
            .any(|m| m.contains(&CHAT.to_string())),
        "{:?}",
        h.deadline_entries().await
    );

    // When a few moves are played and then nobody presses (a minute before the end, the game
    // is still on),
    play_some(&h, 4).await;
    h.advance_to(end - MINUTE_MS);
    h.wait_polls().await;
    assert_eq!(
        h.table().await.1.status(),
        Status::Playing,
        "not before the end"
    );
    h.advance_to(end);
    let (_, t) = h
        .wait_table(WAIT, "the time limit", |t| t.status() == Status::Finished)
        .await;

    // Then the driver ended it at its limit (not before) with the R6.3 result,
    assert!(
        t.stats().finished_ms >= end,
        "{} < {end}",
        t.stats().finished_ms
    );
    let game = t.game().expect("the game");
    let result = game.time_limit_result().map(WinnerRec::from);
    let announced = t.last().iter().find_map(|e| match e {
        Event::TimeUp { winner, minutes } => Some((*winner, *minutes)),
        _ => None,
    });
    assert_eq!(announced, Some((result, 30)), "{:?}", t.last());
    // the board announces it ("⏰ Time is up (30 minutes)!") with the result,
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    let shown = loop {
        let text = text_of(&h.board().await);
        if text.contains("Time is up") {
            break text;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "never shown: {text}"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    };
    assert!(shown.contains("⏰ Time is up (30 minutes)!"), "{shown}");
    let result_said = match result {
        None => shown.contains("draw"),
        // (the caption's first line: "🏆 Anna wins", "🏆 Anna and Pau win")
        Some(_) => shown
            .lines()
            .any(|l| l.starts_with("🏆") && l.contains(" win")),
    };
    assert!(result_said, "{result:?}: {shown}");
    assert!(!shown.contains("of the game left"), "{shown}");
    // and the game is recorded in the stats once, for each of the four players.
    let recorded: Table = h
        .wait_table(Duration::from_secs(10), "the record", |t| {
            t.tally().recorded
        })
        .await
        .1;
    assert_eq!(recorded.tally().results.len(), 4);
    let mut raw = h.redis.raw().await;
    let history: usize = redis::cmd("LLEN")
        .arg(keys::stats_history(CHAT))
        .query_async(&mut raw)
        .await
        .expect("llen");
    assert_eq!(history, 1);
    for u in four_users() {
        let card = h.store.player_card(CHAT, u.id, None).await.expect("card");
        assert_eq!(card.chat.map(|a| a.games), Some(1), "{}", u.id);
    }
}
