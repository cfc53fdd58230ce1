//! The board's caption: the first line (what to do now, the true time left), the turns
//! before, the move line that keeps its roll, no 10 after the winning move, "(only move)".

use super::board_text;
use crate::bot::core::table::{Action, Actor, Player, PlayerKind, Stage, Table};
use crate::engine::{Colour, Game, Loc, Preset, ScriptedDice};
use crate::i18n::Lang;

fn actor(id: i64) -> Actor {
    Actor {
        id,
        name: format!("p{id}"),
        is_admin: false,
    }
}

fn dice(rolls: &[u8]) -> ScriptedDice {
    ScriptedDice::new(rolls)
}

fn status(lang: Lang, t: &Table, now_ms: u64) -> String {
    board_text(lang, t, now_ms).status
}

fn first_line(lang: Lang, t: &Table, now_ms: u64) -> String {
    status(lang, t, now_ms)
        .lines()
        .next()
        .unwrap_or_default()
        .to_owned()
}

/// Anna (yellow, id 1) and Pau (red, id 2), humans, playing `position`.
fn anna_and_pau(position: &str) -> Table {
    let mut t = Table::lobby(&actor(1), Preset::Jcf, false);
    *t.players_mut() = [(1, "Anna", Colour::Yellow), (2, "Pau", Colour::Red)]
        .into_iter()
        .map(|(id, name, c)| Player {
            id,
            name: name.into(),
            kind: PlayerKind::Human,
            colour: Some(c),
            strikes: 0,
            absent: false,
        })
        .collect();
    *t.stage_mut() = Stage::Playing(serde_json::from_str::<Game>(position).expect("position"));
    t
}

const ANNA_TO_ROLL: &str = r#"{"rules":"jcf","seats":["yellow","red"],"turn":"yellow",
    "board":{"20":["yellow"],"40":["yellow"]}}"#;

/// Three humans in play (p1 yellow, p2 blue, p3 red), p1 to roll first.
fn playing_three() -> Table {
    let mut t = Table::lobby(&actor(1), Preset::Jcf, false);
    for id in [2, 3] {
        t = t
            .act(&actor(id), Action::Join, 0, &mut dice(&[1]))
            .expect("join");
    }
    t.act(&actor(1), Action::Start, 0, &mut dice(&[6, 1, 1]))
        .expect("start")
}

/// The player to move rolls `die` (and plays the first move when there is a choice).
fn turn(t: &Table, die: u8) -> Table {
    let who = actor(t.to_move().expect("someone to move").id);
    let t = t
        .act(&who, Action::Roll, 0, &mut dice(&[die]))
        .expect("roll");
    if t.playing().is_some_and(|g| g.legal_moves().len() > 1) {
        return t
            .act(&who, Action::Move(0), 0, &mut dice(&[]))
            .expect("move");
    }
    t
}

#[test]
fn the_first_line_says_who_is_to_roll_or_choose_in_every_language() {
    // Given Anna to roll, then Anna to choose between two moves after a 3
    let roll = anna_and_pau(ANNA_TO_ROLL);
    let choose = roll
        .act(&actor(1), Action::Roll, 0, &mut dice(&[3]))
        .expect("roll");
    // When the caption is drawn, Then its first line is what to do, the mover's dot first
    for (lang, to_roll, to_choose) in [
        (
            Lang::CaValencia,
            "🟡 Anna: tira el dau",
            "🟡 Anna 🎲 3 — tria una jugada",
        ),
        (
            Lang::Ca,
            "🟡 Anna: tira el dau",
            "🟡 Anna 🎲 3 — tria una jugada",
        ),
        (
            Lang::Es,
            "🟡 Anna: tira el dado",
            "🟡 Anna 🎲 3 — elige una jugada",
        ),
        (
            Lang::En,
            "🟡 Anna: roll the die",
            "🟡 Anna 🎲 3 — choose a move",
        ),
    ] {
        assert_eq!(first_line(lang, &roll, 0), to_roll, "{lang}");
        assert_eq!(first_line(lang, &choose, 0), to_choose, "{lang}");
    }
    // And the rules are the quiet last line, no longer the first
    let text = status(Lang::CaValencia, &roll, 0);
    assert_eq!(text.lines().last(), Some("<i>Parxís, regles JCF</i>"));
}

#[test]
fn the_first_line_asks_again_after_a_six_for_the_bonus_and_waits_for_a_computer() {
    // Given Anna rolled a 6 and moved (she rolls again)
    let t = anna_and_pau(ANNA_TO_ROLL);
    let six = t
        .act(&actor(1), Action::Roll, 0, &mut dice(&[6]))
        .and_then(|t| t.act(&actor(1), Action::Move(0), 0, &mut dice(&[])))
        .expect("a six played");
    assert_eq!(first_line(Lang::En, &six, 0), "🟡 Anna: roll again");
    assert_eq!(
        first_line(Lang::CaValencia, &six, 0),
        "🟡 Anna: torna a tirar"
    );
    // Given Anna captured with a 3 and has two pieces to count 20 with
    let capture = anna_and_pau(
        r#"{"rules":"jcf","seats":["yellow","red"],"turn":"yellow",
            "board":{"20":["yellow"],"30":["yellow"],"33":["red"]}}"#,
    )
    .act(&actor(1), Action::Roll, 0, &mut dice(&[3]))
    .expect("roll");
    let capture = capture
        .act(&actor(1), Action::Move(1), 0, &mut dice(&[]))
        .expect("move");
    let bonus = first_line(Lang::Es, &capture, 0);
    assert_eq!(bonus, "🟡 Anna: cuenta 20 con una ficha", "{capture:?}");
    // Given Pau is a computer, or absent, to move
    let mut computer = anna_and_pau(ANNA_TO_ROLL);
    computer.players_mut()[0].kind = PlayerKind::Computer(crate::ai::Level::Hard);
    computer.players_mut()[0].name = "Ordinador (difícil)".into();
    assert_eq!(
        first_line(Lang::CaValencia, &computer, 0),
        "🟡 Ordinador (difícil): està pensant…"
    );
    let mut absent = anna_and_pau(ANNA_TO_ROLL);
    absent.players_mut()[0].absent = true;
    assert_eq!(
        first_line(Lang::En, &absent, 0),
        "🟡 Anna 💤: the computer plays for them…"
    );
}

/// 2026-11-30 18:42:30 UTC: 19:42 in Madrid (winter, UTC+1).
const AT_19_42_MADRID: u64 = 1_796_064_150_000;

#[test]
fn the_deadline_is_a_clock_time_in_the_chat_s_zone_that_stays_true_between_writes() {
    // Given Anna to roll with her turn due at 19:42:30 in Madrid
    let mut t = anna_and_pau(ANNA_TO_ROLL);
    *t.deadline_ms_mut() = Some(AT_19_42_MADRID);
    // When the caption is written at several moments, Then it shows the same clock time,
    // never a countdown that looks live
    for now in [AT_19_42_MADRID - 100_000, AT_19_42_MADRID - 1_000] {
        assert_eq!(
            first_line(Lang::En, &t, now),
            "🟡 Anna: roll the die · ⏳ until 19:42",
            "at {now} ms"
        );
    }
    for (lang, until) in [
        (Lang::Ca, "⏳ fins a les 19:42"),
        (Lang::CaValencia, "⏳ fins a les 19:42"),
        (Lang::Es, "⏳ hasta las 19:42"),
    ] {
        assert!(first_line(lang, &t, 0).ends_with(until), "{lang}");
    }
    // And in the chat's own zone: the Canaries are an hour behind, and one o'clock is "la 1"
    let canary = crate::stats::ChatZone::named("Atlantic/Canary").expect("a zone");
    let line = |lang, t: &Table| {
        super::board_text_in(lang, t, 0, &canary)
            .status
            .lines()
            .next()
            .unwrap_or_default()
            .to_owned()
    };
    assert!(
        line(Lang::En, &t).ends_with("⏳ until 18:42"),
        "{}",
        line(Lang::En, &t)
    );
    *t.deadline_ms_mut() = Some(AT_19_42_MADRID - 17 * 3_600_000 - 40 * 60_000);
    assert!(
        line(Lang::Ca, &t).ends_with("⏳ fins a la 1:02"),
        "{}",
        line(Lang::Ca, &t)
    );
    assert!(
        line(Lang::Es, &t).ends_with("⏳ hasta la 1:02"),
        "{}",
        line(Lang::Es, &t)
    );
    // And with no timer, or a computer's pause as the deadline, there is no ⏳
    *t.deadline_ms_mut() = None;
    assert!(!status(Lang::En, &t, 0).contains('⏳'));
    *t.deadline_ms_mut() = Some(AT_19_42_MADRID);
    t.players_mut()[0].kind = PlayerKind::Computer(crate::ai::Level::Easy);
    assert!(!status(Lang::En, &t, 0).contains('⏳'));
}

#[test]
fn the_first_line_carries_the_roll_to_play_and_the_story_does_not_repeat_it() {
    // Given Anna rolled a 3 with two moves to choose from
    let choose = anna_and_pau(ANNA_TO_ROLL)
        .act(&actor(1), Action::Roll, 0, &mut dice(&[3]))
        .expect("roll");
    // When the caption is drawn, Then its first line is the roll and what to do
    let text = status(Lang::Ca, &choose, 0);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "🟡 Anna 🎲 3 — tria una jugada", "{text}");
    // and the roll is not told again lower down
    assert_eq!(text.matches("🎲 3").count(), 1, "{text}");
    // Given Anna's 6 counts 7 with every piece out, Then the first line says so
    let seven = anna_and_pau(
        r#"{"rules":"jcf","seats":["yellow","red"],"turn":"yellow",
            "board":{"20":["yellow"],"40":["yellow"],"50":["yellow"],"60":["yellow"]}}"#,
    )
    .act(&actor(1), Action::Roll, 0, &mut dice(&[6]))
    .expect("roll");
    if matches!(
        seven.playing().map(crate::engine::Game::phase),
        Some(crate::engine::Phase::AwaitingMove { .. })
    ) {
        assert!(
            first_line(Lang::En, &seven, 0).starts_with("🟡 Anna 🎲 6 (counts 7) — choose"),
            "{}",
            first_line(Lang::En, &seven, 0)
        );
    }
}

#[test]
fn before_lines_tell_the_others_turns_since_the_mover_last_played_newest_last() {
    // Given three players: p1, p2 and p3 each bring a piece out with a 5
    let mut t = playing_three();
    for die in [5, 5, 5] {
        t = turn(&t, die);
    }
    // When p1 is to roll again, Then the caption tells p2's turn as "before" and p3's as
    // the move line, not p1's own turn
    let lines: Vec<String> = status(Lang::En, &t, 0).lines().map(str::to_owned).collect();
    assert_eq!(
        lines,
        [
            "🟡 p1: roll the die",
            "before: 🔵 p2 🎲 5: 🏠 nest → 22 (only move)",
            "🔴 p3 🎲 5: 🏠 nest → 39 (only move)",
            "<i>Parxís, JCF rules</i>",
        ],
    );
    // When p1 plays a 4 and p2 a 6 then a 3
    t = turn(&turn(&turn(&t, 4), 6), 3);
    // Then p3, to roll, sees every turn since its own, oldest first, each turn on one line
    let es: Vec<String> = status(Lang::Es, &t, 0).lines().map(str::to_owned).collect();
    assert_eq!(
        es,
        [
            "🔴 p3: tira el dado",
            "antes: 🟡 p1 🎲 4: 5 → 9 (única jugada)",
            "🔵 p2 🎲 6: 22 → 28 (única jugada) · 🎲 3: 28 → 31 (única jugada)",
            "<i>Parchís, reglas JCF</i>",
        ],
    );
}

#[test]
fn the_move_line_keeps_the_roll_and_tells_the_capture_and_the_bonus_after() {
    // Given Anna on 30 and Pau on 33, Anna to roll
    let t = anna_and_pau(
        r#"{"rules":"jcf","seats":["yellow","red"],"turn":"yellow",
            "board":{"20":["yellow"],"30":["yellow"],"33":["red"]}}"#,
    );
    // When she rolls a 3, captures on 33, and counts 20 with the piece on 20
    let rolled = t
        .act(&actor(1), Action::Roll, 0, &mut dice(&[3]))
        .expect("roll");
    let g = rolled.playing().expect("in play");
    let capture = g
        .legal_moves()
        .iter()
        .position(|m| m.captures().is_some())
        .expect("a capture");
    let captured = rolled
        .act(&actor(1), Action::Move(capture as u8), 0, &mut dice(&[]))
        .expect("capture");
    let g = captured.playing().expect("in play");
    let from_20 = g
        .legal_moves()
        .iter()
        .position(|m| m.from() == Loc::Sq(crate::engine::Square::ring(20).expect("20")))
        .expect("the bonus from 20");
    let done = captured
        .act(&actor(1), Action::Move(from_20 as u8), 0, &mut dice(&[]))
        .expect("bonus");
    // Then Pau's board tells the whole turn on one line, the roll kept, in every language
    for (lang, line) in [
        (Lang::En, "🟡 Anna 🎲 3: 30 → 33 ⚔ 🔴 Pau · +20: 20 → 40"),
        (
            Lang::CaValencia,
            "🟡 Anna 🎲 3: 30 → 33 ⚔ 🔴 Pau · +20: 20 → 40",
        ),
        (Lang::Es, "🟡 Anna 🎲 3: 30 → 33 ⚔ 🔴 Pau · +20: 20 → 40"),
    ] {
        let text = status(lang, &done, 0);
        assert_eq!(text.lines().nth(1), Some(line), "{lang}: {text}");
    }
}

#[test]
fn the_winning_move_tells_no_ten_and_a_goal_before_the_end_tells_its_ten_when_played() {
    // Given Anna with three pieces home and one on her corridor's 5th square, to roll
    let t = anna_and_pau(
        r#"{"rules":"jcf","seats":["yellow","red"],"turn":"yellow",
            "board":{"yellow-5":["yellow"]},"goal":{"yellow":3}}"#,
    );
    // When she rolls the exact count home
    let won = t
        .act(&actor(1), Action::Roll, 0, &mut dice(&[3]))
        .expect("roll");
    assert!(matches!(won.stage(), Stage::Finished(_)), "{won:?}");
    // Then the first line names the winner and the move line (her dot: the results name
    // her) has no 10
    for (lang, first, line) in [
        (
            Lang::En,
            "🏆 <b>Anna</b> wins",
            "🟡 🎲 3: corridor 5 → 🏁 goal (only move)",
        ),
        (
            Lang::CaValencia,
            "🏆 <b>Anna</b> guanya",
            "🟡 🎲 3: corredor 5 → 🏁 casa (única jugada)",
        ),
    ] {
        let text = status(lang, &won, 0);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[..2], [first, line], "{lang}: {text}");
        assert!(!text.contains("10"), "{lang}: {text}");
    }
    // Given instead two pieces home, one on the corridor's 5th and one on 20
    let t = anna_and_pau(
        r#"{"rules":"jcf","seats":["yellow","red"],"turn":"yellow",
            "board":{"yellow-5":["yellow"],"20":["yellow"]},"goal":{"yellow":2}}"#,
    );
    let rolled = t
        .act(&actor(1), Action::Roll, 0, &mut dice(&[3]))
        .expect("roll");
    let home = rolled
        .playing()
        .expect("in play")
        .legal_moves()
        .iter()
        .position(|m| m.to() == Loc::Goal)
        .expect("a move home");
    // When she enters the goal (the 10 then has one piece to move: played for her)
    let after = rolled
        .act(&actor(1), Action::Move(home as u8), 0, &mut dice(&[]))
        .expect("home");
    // Then the 10 is told after the goal, as it was played
    let text = status(Lang::En, &after, 0);
    assert_eq!(
        text.lines().nth(1),
        Some("🟡 Anna 🎲 3: corridor 5 → 🏁 goal · +10: 20 → 30 (only move)"),
        "{text}"
    );
}
#[test]
fn a_cancelled_game_says_so_first_and_tells_its_last_turn() {
    // Given Pau rolled a 4 with nothing to move, When the host cancels the game
    let t = anna_and_pau(ANNA_TO_ROLL);
    let t = t
        .act(&actor(1), Action::Roll, 0, &mut dice(&[2]))
        .and_then(|t| t.act(&actor(1), Action::Move(0), 0, &mut dice(&[])))
        .and_then(|t| t.act(&actor(2), Action::Roll, 0, &mut dice(&[4])))
        .and_then(|t| t.act(&actor(1), Action::Cancel, 0, &mut dice(&[])))
        .expect("cancelled");
    // Then the caption says the game is cancelled, then Pau's turn, with no "before:" line
    let lines: Vec<String> = status(Lang::CaValencia, &t, 0)
        .lines()
        .map(str::to_owned)
        .collect();
    assert_eq!(
        lines,
        [
            "✖️ Partida cancel·lada",
            "🔴 Pau 🎲 4: no pot moure",
            "<i>Parxís, regles JCF</i>",
        ]
    );
}

/// The caption of a busy moment of a three-player game in the four languages: p1 to roll
/// with 1 min 20 s left, after p2's two rolls and p3's timed-out turn.
fn busy_table() -> Table {
    use rand::SeedableRng;
    let mut t = playing_three();
    for die in [5, 5, 5, 4, 6, 3] {
        t = turn(&t, die);
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let mut t = t
        .automatic_turn(0, &mut dice(&[2]), &mut rng)
        .expect("p3's turn, timed out");
    *t.deadline_ms_mut() = Some(AT_19_42_MADRID);
    t
}

/// The golden text: the busy moment, then a round later p1 having rolled a 3 with two
/// pieces to choose from (the roll on the first line), in the four languages.
fn busy_caption() -> String {
    let t = busy_table();
    let later = turn(&turn(&turn(&t, 5), 1), 1);
    let mut rolled = later
        .act(&actor(1), Action::Roll, 0, &mut dice(&[3]))
        .expect("p1 rolls");
    assert!(
        rolled.playing().is_some_and(|g| g.legal_moves().len() > 1),
        "p1 has a choice"
    );
    *rolled.deadline_ms_mut() = Some(AT_19_42_MADRID + 60_000);
    let mut out = String::new();
    for lang in [Lang::CaValencia, Lang::Ca, Lang::Es, Lang::En] {
        out.push_str(&format!("── {lang}\n{}\n", status(lang, &t, 20_000)));
        out.push_str(&format!(
            "── {lang}, to choose\n{}\n",
            status(lang, &rolled, 20_000)
        ));
    }
    out
}

#[test]
fn a_busy_board_caption_matches_its_golden_text() {
    // Given a busy moment of a game, When its caption is drawn in each language, Then it is
    // the committed golden text (PARXIS_UPDATE_GOLDEN=1 rewrites it after a wanted change)
    let text = busy_caption();
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/board_caption.txt");
    if std::env::var_os("PARXIS_UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &text).expect("golden file is writable");
    }
    let want = std::fs::read_to_string(&path).expect("golden file exists");
    assert!(
        text == want,
        "the caption differs from the golden text:\n{text}\nwanted:\n{want}"
    );
}
