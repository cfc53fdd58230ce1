//! The caption of a long story of turns, and the answers to presses.

use super::{behind_answer, board_text, press_answer};
use crate::bot::core::table::{Action, Actor, Event, Table};
use crate::engine::{Arms, Colour, Loc, Preset, ScriptedDice, Square};
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

/// Eight humans with long names on the board for 8, the first seat to roll.
fn playing_eight_long_names() -> Table {
    let mut t = Table::lobby(&actor(1), Preset::Jcf, false).on_board(Some(Arms::Eight));
    for id in 2..=8 {
        t = t
            .act(&actor(id), Action::Join, 0, &mut ScriptedDice::new(&[1]))
            .expect("join");
    }
    let mut t = t
        .act(
            &actor(1),
            Action::Start,
            0,
            &mut ScriptedDice::new(&[6, 1, 1, 1, 1, 1, 1, 1]),
        )
        .expect("start");
    for p in t.players_mut() {
        p.name = format!(
            "{} {}",
            p.name,
            "Long-Surnamed Player ".repeat(3).trim_end()
        );
    }
    t.last_mut().clear();
    t
}

#[test]
fn a_long_story_is_cut_from_its_oldest_turns_keeping_the_first_line_the_newest_and_the_rules() {
    // Given eight long-named players, each of the seven after the first seat having played
    // a turn that timed out and captured the next seat's piece, all since the first seat's
    // last turn
    let mut t = playing_eight_long_names();
    let g = t.playing().expect("in play").clone();
    let seats: Vec<Colour> = g.seats().collect();
    for (i, &seat) in seats.iter().enumerate().skip(1) {
        let name = t.player_of(seat).expect("seated").name.clone();
        t.last_mut().push(Event::TimedOut { name, strike: 1 });
        t.last_mut().push(Event::Rolled {
            seat,
            die: 4,
            counts: 4,
        });
        t.last_mut().push(Event::Moved {
            colour: seat,
            from: Loc::Sq(Square::ring(10).expect("a square")),
            to: Loc::Sq(Square::ring(14).expect("a square")),
            captures: Some(seats[(i + 1) % seats.len()]),
            opened_barrier: false,
            auto: false,
        });
    }
    let text = board_text(Lang::En, &t, 0);
    assert!(text.status.chars().count() > 1024, "the story is long");
    // When it is fitted to a caption
    let caption = text.status_within(1024);
    // Then it fits, keeps the first line (what to do now), the newest turn and the rules
    // line, and the cut is marked where the oldest turns were
    assert!(
        caption.chars().count() <= 1024,
        "{}",
        caption.chars().count()
    );
    let lines: Vec<&str> = caption.lines().collect();
    assert!(lines[0].ends_with(": roll the die"), "{caption}");
    assert_eq!(lines[1], "…", "{caption}");
    let newest = text.status.lines().rev().nth(1).expect("the newest turn");
    assert!(newest.contains("🎲 4: 10 → 14 ⚔"), "{newest}");
    assert_eq!(lines[lines.len() - 2], newest, "{caption}");
    assert_eq!(lines.last(), Some(&"<i>Parxís, JCF rules</i>"), "{caption}");
    // And the oldest turn is the one left out
    let oldest = text.status.lines().nth(2).expect("the oldest turn");
    assert!(oldest.starts_with("before: "), "{oldest}");
    assert!(!caption.contains(oldest), "{caption}");
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
    quiet.last_mut().clear();
    assert_eq!(press_answer(Lang::En, &quiet), None);
}

#[test]
fn a_press_on_a_board_behind_hears_roughly_when_the_board_catches_up_when_the_caller_knows() {
    // Given yellow rolled a 3 (no move)
    let t = playing_two()
        .act(&actor(1), Action::Roll, 0, &mut ScriptedDice::new(&[3]))
        .expect("roll");
    // When the caller expects the board in 6 s, Then the answer says so, in each language
    let en = super::behind_answer_in(Lang::En, &t, Some(6));
    assert!(en.ends_with("— the board catches up in about 6 s"), "{en}");
    let ca = super::behind_answer_in(Lang::Ca, &t, Some(6));
    assert!(ca.contains("d'aquí a uns 6 s"), "{ca}");
    // And with no figure (or under a second) it is the plain "board updating…"
    assert_eq!(
        super::behind_answer_in(Lang::En, &t, None),
        behind_answer(Lang::En, &t)
    );
    assert_eq!(
        super::behind_answer_in(Lang::En, &t, Some(0)),
        behind_answer(Lang::En, &t)
    );
}

#[test]
fn a_tournament_table_keeps_its_name_on_its_board_and_on_the_call_it_replaced() {
    use crate::bot::core::table::TableTag;
    use crate::tournament::TableId;
    // Given a game at round 1, table 2 of a tournament
    let mut t = playing_two();
    *t.origin_mut() = Some(crate::bot::core::table::Origin::Tourney(TableTag::new(
        TableId::new(0, 1),
        false,
    )));
    // Then its caption names the table, and the call message a picture replaced says it
    let status = board_text(Lang::Ca, &t, 0).status;
    assert!(status.contains("<i>🏆 Ronda 1 · taula 2</i>"), "{status}");
    assert_eq!(
        super::board_below(Lang::En, &t),
        "▶️ Round 1 · table 2 has started — the board is below."
    );
    // And the Final is named so
    *t.origin_mut() = Some(crate::bot::core::table::Origin::Tourney(TableTag::new(
        TableId::new(2, 0),
        true,
    )));
    assert!(board_text(Lang::Es, &t, 0).status.contains("🏆 Final"));
    // And a league's table is named by its week
    *t.origin_mut() = Some(crate::bot::core::table::Origin::Season(
        crate::bot::core::table::SeasonTag::new(2, 1),
    ));
    assert!(
        board_text(Lang::CaValencia, &t, 0)
            .status
            .contains("<i>🏅 Jornada 3 · taula 2</i>")
    );
    assert_eq!(
        super::board_below(Lang::En, &t),
        "▶️ Week 3 · table 2 has started — the board is below."
    );
    // An ordinary game says neither
    let plain = playing_two();
    assert!(!board_text(Lang::En, &plain, 0).status.contains('🏆'));
    assert_eq!(
        super::board_below(Lang::En, &plain),
        "▶️ Game started — see the board below."
    );
}
