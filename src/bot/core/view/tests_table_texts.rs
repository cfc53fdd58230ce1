//! Texts and buttons of tables in states the table's own tests build: a lobby on a board
//! asked for or not, a game ended by its time limit, one with none, a finished game's
//! Replay button. (Here, above the table, so the table's tests need no view.)

use super::{board_text, keyboard};
use crate::bot::core::callback::replied_game;
use crate::bot::core::replay::{game_ref, sample};
use crate::bot::core::table::test_support::{actor, dice, lobby};
use crate::bot::core::table::{Action, GameLog, Status, Table, Timing};
use crate::engine::{Arms, Preset};
use crate::i18n::Lang;

/// No turn timer: a game with a time limit is due at its end.
const NO_TIMER: Timing = Timing {
    pause_ms: 100,
    turn_ms: 0,
};

/// A lobby of four with `preset`, started at `now_ms` (the roll-off: all four dice differ).
fn started_four(preset: Preset, now_ms: u64) -> Table {
    let mut t = Table::lobby(&actor(1), preset, false);
    for id in 2..=4 {
        t = t
            .act(&actor(id), Action::Join, 0, &mut dice(&[1]))
            .expect("join");
    }
    t.act(&actor(1), Action::Start, now_ms, &mut dice(&[6, 1, 2, 3]))
        .expect("start")
}

#[test]
fn the_lobby_text_names_its_board_and_seats_in_every_language() {
    // Given a lobby of /newgame 6 and one with no size, When shown, Then the seats count
    // says /6 or /8; the board asked for is named, and with no size asked for there is no
    // line about boards of 4, 6 or 8 (the waiting line says "2 to 8").
    let asked = lobby(3, Some(Arms::Six), false);
    let open = lobby(3, None, false);
    for lang in Lang::ALL {
        let a = board_text(lang, &asked, 0).status;
        let o = board_text(lang, &open, 0).status;
        assert!(
            a.contains("3/6") && (a.contains("2 a 6") || a.contains("2 to 6")),
            "{a}"
        );
        assert!(o.contains("3/8"), "{o}");
        assert!(!o.contains("4, 6"), "{o}");
        assert!(
            a.contains('6') && a.lines().count() > o.lines().count(),
            "{a}"
        );
        assert_ne!(a, o);
    }
}

#[test]
fn a_game_ended_by_its_time_limit_announces_it_and_one_without_a_limit_shows_no_clock() {
    // Given a Solidari game (30 minutes) started at t = 1000, When its time is up,
    let t = started_four(Preset::Solidari, 1_000);
    let end = 1_000 + 30 * 60_000;
    let over = t.after_time_limit(end).expect("ended at its limit");
    assert_eq!(over.status(), Status::Finished);
    // Then the board announces the time limit before the result;
    let text = board_text(Lang::En, &over, end).status;
    assert!(text.contains("⏰ Time is up (30 minutes)!"), "{text}");
    // and JCF and classic games, which have no limit, show no time left.
    for preset in [Preset::Jcf, Preset::Classic] {
        let t = started_four(preset, 1_000);
        let text = board_text(Lang::En, &t, 1_000).status;
        assert!(!text.contains('⏱'), "{text}");
    }
}

#[test]
fn a_finished_board_names_its_game_and_a_reply_to_it_finds_it() {
    // Given a finished game with its record,
    let t = sample::play(&sample::Sample::computers(2, 4)).expect("a game");
    let g = game_ref(&t).expect("a replayable game");
    assert_eq!(g.id(None), t.game_id());
    // When its board's buttons are read (in a lane too),
    let kb = keyboard(Lang::En, &t);
    let data: Vec<String> = kb
        .inline_keyboard
        .iter()
        .flatten()
        .filter_map(|b| match &b.kind {
            teloxide::types::InlineKeyboardButtonKind::CallbackData(d) => Some(d.clone()),
            _ => None,
        })
        .collect();
    // Then the Replay button names the game,
    assert_eq!(
        replied_game(data.iter().map(String::as_str)),
        Some(t.game_id())
    );
    let laned: Vec<String> = data.iter().map(|d| format!("3@{d}")).collect();
    assert_eq!(
        replied_game(laned.iter().map(String::as_str)),
        Some(format!("{}-l3", t.game_id()))
    );
    // and a game without its whole record (stored before logs were kept) has no button.
    let mut old = t.clone();
    *old.log_mut() = GameLog::default();
    assert_eq!(game_ref(&old), None);
    let kb = keyboard(Lang::En, &old);
    assert_eq!(kb.inline_keyboard.iter().flatten().count(), 2);
    // A board in play names none.
    assert_eq!(replied_game(["r:3", "m:3:0"]), None);
}

#[test]
fn the_board_shows_the_minutes_left_of_the_game_not_as_a_turn_timer_r6_3() {
    // Given a Solidari game started at 0, with no turn timer (due at its end),
    let mut t = started_four(Preset::Solidari, 0);
    t.plan_deadline(0, NO_TIMER);
    // When the board is drawn 7 minutes and a second in,
    let now = 7 * 60_000 + 1_000;
    let text = board_text(Lang::En, &t, now).status;
    // Then it says 23 minutes of the game are left (rounded up), on its own line,
    assert_eq!(t.minutes_left(now), Some(23));
    assert!(
        text.lines().any(|l| l == "⏱ 23 minutes of the game left"),
        "{text}"
    );
    // and the game's end is not shown as the turn's time (no "⏳" line).
    assert!(!text.contains('⏳'), "{text}");
    // With a turn timer, both are shown.
    t.plan_deadline(
        now,
        Timing {
            pause_ms: 100,
            turn_ms: 30_000,
        },
    );
    let text = board_text(Lang::En, &t, now).status;
    assert!(text.contains("· ⏳ until "), "{text}");
    assert!(text.contains('⏱'), "{text}");
    // A minute from the end it says 1 minute, in every language.
    let last = 30 * 60_000 - 1;
    for lang in Lang::ALL {
        let line = super::game_time_line(lang, &t, last).expect("a line");
        assert!(
            line.starts_with('⏱') && line.contains('1'),
            "{lang:?}: {line}"
        );
    }
}

/// A finished game of four (two people, two computers) whose players have names with
/// emoji, recorded, each player with an achievement.
fn finished_with_emoji_names(names: &[&str; 4]) -> Table {
    let t = sample::play(&sample::Sample {
        people: true,
        fair: true,
        ..sample::Sample::computers(4, 7)
    })
    .expect("a game");
    let mut v = serde_json::to_value(&t).expect("json");
    for (p, name) in v["players"]
        .as_array_mut()
        .expect("players")
        .iter_mut()
        .zip(names)
    {
        p["name"] = (*name).into();
    }
    let t: Table = serde_json::from_value(v).expect("a table");
    assert_eq!(t.status(), Status::Finished);
    let earned = t
        .players()
        .iter()
        .map(|p| (p.id, "first-capture".to_owned()))
        .collect();
    t.recorded(None).with_achievements(earned)
}

#[test]
fn the_final_board_names_each_player_at_most_twice_and_keeps_the_last_turn() {
    let names = ["🦊 Rosa", "Pau 🎸", "Núria ☀️ Vidal", "Xé 🐙"];
    let t = finished_with_emoji_names(&names);
    let winner = t.game().expect("a game").ranking()[0].colour;
    for lang in Lang::ALL {
        let text = board_text(lang, &t, 10_000_000);
        // As a text board (the emoji board and its piece lines above) and as a picture's
        // caption alike,
        for (mode, whole) in [
            ("text", format!("{}\n\n{}", text.board, text.status)),
            ("caption", text.status.clone()),
        ] {
            // every name occurs at most twice (the winner's: the headline and the results),
            for name in names {
                let n = whole.matches(&crate::i18n::escape_html(name)).count();
                assert!(
                    (1..=2).contains(&n),
                    "{lang:?} {mode}: {name} {n} times\n{whole}"
                );
            }
        }
        // and the last turn's line keeps its information: the winner's dot, the roll and
        // the move into the goal.
        let last = text
            .status
            .lines()
            .find(|l| l.starts_with(crate::bot::core::seats::dot(winner)) && l.contains('🎲'))
            .unwrap_or_else(|| panic!("{lang:?}: no last turn\n{}", text.status));
        assert!(last.contains('→') && last.contains('🏁'), "{last}");
        // The achievements are told per player by their dot.
        assert!(text.status.contains('✨'), "{}", text.status);
    }
}
