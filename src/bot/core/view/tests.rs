//! The caption of a chain of turns, and the answers to presses.

use super::{behind_answer, board_text, press_answer};
use crate::bot::core::table::{Action, Actor, Event, Table};
use crate::engine::{Colour, Preset, ScriptedDice};
use crate::i18n::Lang;

fn actor(id: i64) -> Actor {
    Actor {
        id,
        name: format!("p{id}"),
        is_admin: false,
    }
}

/// Two humans in play, yellow (player 1) to roll.
fn playing_two() -> Table {
    let t = Table::lobby(&actor(1), Preset::Jcf, false)
        .act(&actor(2), Action::Join, 0, &mut ScriptedDice::new(&[1]))
        .expect("join");
    t.act(&actor(1), Action::Start, 0, &mut ScriptedDice::new(&[6, 1]))
        .expect("start")
}

#[test]
fn a_long_chain_is_cut_from_its_oldest_lines_keeping_the_title_the_newest_and_the_prompt() {
    // Given a board whose events tell a chain of 80 turns without a move, the last one a 4
    let mut t = playing_two();
    t.last.clear();
    for i in 0..80u8 {
        let die = 1 + i % 3;
        t.last.push(Event::Rolled {
            seat: Colour::Yellow,
            die,
            counts: die,
        });
        t.last.push(Event::NoMove { die });
    }
    t.last.push(Event::Rolled {
        seat: Colour::Red,
        die: 4,
        counts: 4,
    });
    let text = board_text(Lang::En, &t, 0);
    assert!(text.status.chars().count() > 1024, "the chain is long");
    // When it is fitted to a caption
    let caption = text.status_within(1024);
    // Then it fits, keeps the title line and the last lines (the newest event and the
    // prompt), and the cut is marked where the oldest lines were
    assert!(
        caption.chars().count() <= 1024,
        "{}",
        caption.chars().count()
    );
    let first = text.status.lines().next().expect("a title");
    assert!(caption.starts_with(first), "{caption}");
    let last = text.status.lines().last().expect("a prompt");
    assert!(caption.ends_with(last), "{caption}");
    assert!(
        caption.contains("rolled a 4"),
        "the newest event stays: {caption}"
    );
    assert_eq!(caption.lines().nth(1), Some("…"), "{caption}");
}

#[test]
fn a_roll_press_is_answered_with_its_die_and_a_press_on_a_board_behind_with_the_news() {
    // Given yellow rolled a 3 (no move)
    let t = playing_two()
        .act(&actor(1), Action::Roll, 0, &mut ScriptedDice::new(&[3]))
        .expect("roll");
    // Then the roll's answer is its die
    assert_eq!(press_answer(Lang::En, &t).as_deref(), Some("🎲 3"));
    // And a press on a board behind it hears the newest event and that the board is updating
    let news = behind_answer(Lang::En, &t);
    assert!(news.ends_with("— board updating…"), "{news}");
    assert!(news.contains("p1"), "{news}");
    assert!(news.chars().count() <= 200);
    // And a table with no roll among its events answers nothing for a press
    let mut quiet = t.clone();
    quiet.last.clear();
    assert_eq!(press_answer(Lang::En, &quiet), None);
}
