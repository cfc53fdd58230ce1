//! The board's caption as the chat sees it, against the fake Bot API and a real Redis: its
//! first line is what the player to move must do, the move line keeps its roll, and the
//! countdown is the time left at each write.

use crate::support;

use std::time::Duration;

use parxis::bot::core::seats::dot;
use parxis::bot::core::settings::{ChatSettings, DiceMode, Display};
use parxis::bot::core::table::{Event, Table};
use parxis::engine::Phase;
use parxis::i18n::Lang;
use support::bot_harness::{Harness, four_users, mover_of, refused, text_of};
use support::fake_tg::{buttons, msg_id};

fn settings(timer_secs: u32) -> ChatSettings {
    ChatSettings {
        lang: Some(Lang::En),
        display: Display::Image,
        timer_secs,
        dice: DiceMode::Button,
        pings_secs: parxis::bot::core::settings::DEFAULT_PINGS_SECS,
        lang_offered: true,
    }
}

/// What the first line must say for the stored table `t` in play (no timer).
fn wanted_first_line(t: &Table) -> String {
    let g = t.playing().expect("in play");
    let seat = g.turn().expect("a seat to move");
    let name = &t.player_of(seat).expect("seated").name;
    let what = match g.phase() {
        Phase::AwaitingRoll(_) if g.sixes() > 0 => "roll again".to_owned(),
        Phase::AwaitingRoll(_) => "roll the die".to_owned(),
        Phase::AwaitingMove { roll, .. } => {
            let die = match last_counts(t) {
                Some(counts) if counts != roll => format!("🎲 {roll} (counts {counts})"),
                _ => format!("🎲 {roll}"),
            };
            return format!("{} {name} {die} — choose a move", dot(seat));
        }
        Phase::AwaitingBonus { amount, .. } => format!("count {amount} with a piece"),
        Phase::Finished(_) => unreachable!("a game in play"),
    };
    format!("{} {name}: {what}", dot(seat))
}

/// What the newest roll among the table's events counts.
fn last_counts(t: &Table) -> Option<u8> {
    t.recent()
        .iter()
        .chain(t.last())
        .rev()
        .find_map(|e| match e {
            Event::Rolled { counts, .. } => Some(*counts),
            _ => None,
        })
}

/// The die of the newest roll among the table's events.
fn last_die(t: &Table) -> Option<u8> {
    t.recent()
        .iter()
        .chain(t.last())
        .rev()
        .find_map(|e| match e {
            Event::Rolled { die, .. } => Some(*die),
            _ => None,
        })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_each_roll_and_move_the_caption_s_first_line_is_what_the_mover_must_do() {
    // Given a game of two people, image boards in English, no timer
    let mut h = Harness::start(41).await;
    h.settings(settings(0)).await;
    h.start_game(2).await;
    let users = four_users();
    let (t, board) = h.fresh_board().await;
    assert_eq!(
        text_of(&board).lines().next(),
        Some(wanted_first_line(&t).as_str())
    );
    let (mut rolls_to_choose, mut moves) = (0, 0);
    for _ in 0..200 {
        if rolls_to_choose >= 1 && moves >= 3 {
            break;
        }
        let (before, board) = h.fresh_board().await;
        if before.playing().is_none() {
            break;
        }
        let choosing = matches!(
            before.playing().map(parxis::engine::Game::phase),
            Some(Phase::AwaitingMove { .. } | Phase::AwaitingBonus { .. })
        );
        let mover = mover_of(&users, &before);
        let seat = before.playing().and_then(|g| g.turn()).expect("a seat");
        let name = before.player_of(seat).expect("seated").name.clone();
        // When the player to move presses the first button (roll, or the first move)
        let ans = h.press(&mover, msg_id(&board), &buttons(&board)[0].1).await;
        assert!(!refused(&ans), "{:?}", ans.params);
        let (after, board) = h.fresh_board().await;
        let caption = text_of(&board);
        assert!(caption.chars().count() <= 1024, "{caption}");
        if after.playing().is_none() {
            assert!(caption.starts_with("🏆 "), "{caption}");
            break;
        }
        // Then the first line says who is to do what now
        assert_eq!(
            caption.lines().next(),
            Some(wanted_first_line(&after).as_str()),
            "{caption}"
        );
        let now_choosing = matches!(
            after.playing().map(parxis::engine::Game::phase),
            Some(Phase::AwaitingMove { .. })
        );
        if !choosing && now_choosing {
            rolls_to_choose += 1;
            // And the first line shows the roll the player is to choose a move for, which
            // is not told again lower down
            let die = last_die(&after).expect("a roll");
            let first = format!("{} {} 🎲 {die}", dot(seat), name);
            assert!(caption.starts_with(&first), "{first}: {caption}");
            assert!(!caption.lines().skip(1).any(|l| l == first), "{caption}");
        }
        if choosing {
            moves += 1;
            // And after a move, the move line keeps the roll it was played with
            let die = last_die(&before).expect("the roll moved with");
            let line = format!("{} {} 🎲 {die}: ", dot(seat), name);
            assert!(
                caption.lines().any(|l| l.contains(&line)),
                "{line}: {caption}"
            );
        }
    }
    assert!(
        rolls_to_choose >= 1 && moves >= 3,
        "{rolls_to_choose} rolls to a choice, {moves} moves"
    );
    h.stop_bots().await;
}

/// The clock time "19:42" at the end of a first line "… · ⏳ until 19:42".
fn clock_shown(line: &str) -> (u8, u8) {
    let (_, time) = line.rsplit_once("⏳ until ").expect("a deadline");
    let (h, m) = time.split_once(':').expect("h:mm");
    (h.parse().expect("an hour"), m.parse().expect("minutes"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_deadline_is_the_clock_time_of_the_chat_s_zone_and_stays_true_between_writes() {
    // Given a game with a 10-minute turn timer in a chat set to the Canaries, its board
    // just written
    let mut h = Harness::start(42).await;
    h.settings(settings(600)).await;
    let users = four_users();
    h.command(&users[0], "/timezone Atlantic/Canary").await;
    h.start_game(2).await;
    let (t, board) = h.fresh_board().await;
    let first = text_of(&board)
        .lines()
        .next()
        .unwrap_or_default()
        .to_owned();
    assert!(
        first.starts_with(&format!("{} · ⏳ until ", wanted_first_line(&t))),
        "{first}"
    );
    // Then it is the deadline's wall-clock time there (seconds dropped), not a countdown
    let due = t.deadline_ms().expect("a turn deadline");
    let canary = parxis::stats::ChatZone::named("Atlantic/Canary").expect("a zone");
    let want = canary.clock_of(i64::try_from(due).expect("ms"));
    assert_eq!(clock_shown(&first), want, "{first}");
    assert_ne!(
        parxis::stats::ChatZone::default().clock_of(i64::try_from(due).expect("ms")),
        want,
        "Madrid's clock would differ"
    );
    // When the board is written again two seconds later (/board posts it anew)
    tokio::time::sleep(Duration::from_millis(2_100)).await;
    let old = msg_id(&board);
    h.command(&users[0], "/board").await;
    let id = h
        .wait_board_id(Duration::from_secs(5), "the new board", |id| {
            id != Some(old)
        })
        .await;
    assert!(id.is_some());
    // Then the same turn shows the same deadline, still true
    let (again, board) = h.fresh_board().await;
    assert_eq!(
        again.deadline_ms(),
        t.deadline_ms(),
        "the same turn, the same deadline"
    );
    let second = text_of(&board)
        .lines()
        .next()
        .unwrap_or_default()
        .to_owned();
    assert_eq!(second, first);
    h.stop_bots().await;
}
