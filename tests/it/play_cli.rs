//! `parxis play` driven end to end through its standard input.

use std::io::Write;
use std::process::{Command, Stdio};

fn play(args: &[&str], input: &str) -> (bool, String) {
    let (ok, out, _) = play_err(args, input);
    (ok, out)
}

fn play_err(args: &[&str], input: &str) -> (bool, String, String) {
    play_env(args, input, &[])
}

fn play_env(args: &[&str], input: &str, env: &[(&str, &str)]) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_parxis"))
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .env_remove("COLUMNS")
        .env_remove("NO_COLOR")
        .envs(env.iter().copied())
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run parxis play");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_string();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().expect("wait");
    let _ = writer.join();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The tail of an output, for failure messages.
fn tail(out: &str) -> &str {
    let mut i = out.len().saturating_sub(1500);
    while !out.is_char_boundary(i) {
        i += 1;
    }
    &out[i..]
}

#[test]
fn a_scripted_human_plays_three_computers_to_the_end() {
    let (ok, out) = play(&["--seed", "1", "--lang", "en"], &"1\n".repeat(5000));
    assert!(ok, "exit status");
    assert!(
        out.contains("Final ranking"),
        "the game ended with a ranking:\n{}",
        &out[out.len().saturating_sub(800)..]
    );
    assert!(out.contains("Goodbye"));
    assert!(
        out.matches("Press Enter to roll").count() > 10,
        "the human rolled many times"
    );
}

#[test]
fn the_same_seed_replays_the_same_game() {
    let a = play(
        &["--seed", "9", "--lang", "es", "--players", "2"],
        &"1\n".repeat(5000),
    )
    .1;
    let b = play(
        &["--seed", "9", "--lang", "es", "--players", "2"],
        &"1\n".repeat(5000),
    )
    .1;
    assert_eq!(a, b);
    assert!(
        a.contains("Clasificación final") || a.contains("clasificación"),
        "Spanish texts:\n{}",
        &a[..a.len().min(400)]
    );
}

#[test]
fn bad_input_gets_a_clear_message_and_a_new_prompt() {
    // Find a seed where the human gets a real choice early, then answer it badly first.
    let script = "\n".repeat(3) + &"x\n9\n1\n".repeat(2000);
    let (ok, out) = play(&["--seed", "4", "--lang", "en"], &script);
    assert!(ok);
    assert!(
        out.contains("Please type a number from 1 to"),
        "a clear message for bad input"
    );
}

#[test]
fn end_of_input_leaves_cleanly() {
    let (ok, out) = play(&["--seed", "2", "--lang", "ca"], "");
    assert!(ok, "exit 0 at end of input");
    assert!(out.contains("Adéu"), "{out}");
}

#[test]
fn bad_options_are_refused_with_a_message() {
    let out = Command::new(env!("CARGO_BIN_EXE_parxis"))
        .args(["play", "--players", "2", "--human", "blue"])
        .stdin(Stdio::null())
        .output()
        .expect("run");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("blue"));
}

#[test]
fn six_players_get_the_six_arm_board_and_play_to_the_end() {
    // Given six players (the human and five computers), no --arms
    let (ok, out) = play(
        &["--seed", "6", "--lang", "en", "--players", "6"],
        &"1\n".repeat(20000),
    );
    // Then R8.7 picks six arms, the game ends with a ranking of all six
    assert!(ok, "exit status");
    assert!(
        out.contains("Board of 6 arms: 102 squares"),
        "{}",
        tail(&out)
    );
    assert!(out.contains("Final ranking"), "{}", tail(&out));
    let ranking = &out[out.rfind("Final ranking").unwrap()..];
    for name in [
        "You",
        "🤖 Blue",
        "🤖 Red",
        "🤖 Green",
        "🤖 Orange",
        "🤖 Purple",
    ] {
        assert!(ranking.contains(name), "{name} ranked:\n{ranking}");
    }
    // And the board shows one row per arm: the last ends on the safe square 102
    assert!(out.lines().any(|l| l.ends_with("102*")), "{}", tail(&out));
}

#[test]
fn eight_arms_play_to_the_end_with_the_default_four_seats_spread_round() {
    // Given --arms 8 and the default four players
    let (ok, out) = play(
        &["--seed", "8", "--lang", "en", "--arms", "8"],
        &"1\n".repeat(20000),
    );
    // Then the game is played on 136 squares to the end; R8.5 seats yellow, red, orange, cyan
    assert!(ok, "exit status");
    assert!(out.contains("Board of 8 arms: 136 squares"));
    assert!(out.contains("Goodbye"), "{}", tail(&out));
    let ranking = &out[out.rfind("Final ranking").expect("a ranking")..];
    for name in ["You", "🤖 Red", "🤖 Orange", "🤖 Cyan"] {
        assert!(ranking.contains(name), "{name} ranked:\n{ranking}");
    }
    assert!(!ranking.contains("🤖 Blue"), "blue has no seat:\n{ranking}");
}

#[test]
fn the_player_is_you_computers_are_robots_and_your_pieces_come_before_the_choices() {
    // Given a whole four-arm game in English
    let (ok, out) = play(&["--seed", "1", "--lang", "en"], &"1\n".repeat(5000));
    assert!(ok);
    // Then the human's rolls and moves are in the second person, computers are "🤖 Red"
    assert!(out.contains("You rolled a "));
    assert!(out.contains("You moved a piece: ") || out.contains("You bring a piece out"));
    assert!(out.contains("🤖 Red rolled a "), "{}", tail(&out));
    assert!(!out.contains("(you)") && !out.contains("(normal)"));
    // And every list of choices follows a "Your pieces:" line
    let lines: Vec<&str> = out.lines().collect();
    let mut lists = 0;
    for (i, l) in lines.iter().enumerate() {
        if l.starts_with("  1. ") {
            lists += 1;
            assert!(
                lines[i - 1].starts_with("Your pieces: "),
                "{}",
                lines[i - 1]
            );
        }
    }
    assert!(lists > 0, "the human chose at least once");
}

#[test]
fn the_roll_off_has_a_title_and_says_who_tied_on_what() {
    // Given the seeds 1..=40 with three players, find a roll-off with a tie
    let mut seen_tie = false;
    for seed in 1..=40u64 {
        let seed = seed.to_string();
        let (_, out) = play(&["--seed", &seed, "--lang", "en", "--players", "3"], "");
        // Then every roll-off has its title, and it ends naming who starts
        assert!(out.contains("Who starts? Everyone rolls the die:"), "{out}");
        assert!(
            out.contains("You start!") || out.contains("starts!"),
            "{out}"
        );
        let Some(tie) = out.lines().find(|l| l.starts_with("Tie at ")) else {
            continue;
        };
        seen_tie = true;
        // And a tie names the roll and the tied players, who (only) roll again
        let roll: String = tie["Tie at ".len()..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let names = tie
            .split(" between ")
            .nth(1)
            .unwrap()
            .split(':')
            .next()
            .unwrap();
        let tied: Vec<&str> = names.split(", ").collect();
        assert!(tied.len() >= 2, "{tie}");
        let lines: Vec<&str> = out.lines().collect();
        let at = lines.iter().position(|l| *l == tie).unwrap();
        for name in &tied {
            assert!(
                lines[..at]
                    .iter()
                    .any(|l| l.ends_with(&format!("{name}: {roll}"))),
                "{out}"
            );
        }
        let next: Vec<&&str> = lines[at + 1..]
            .iter()
            .take_while(|l| l.starts_with("  "))
            .collect();
        assert_eq!(next.len(), tied.len(), "only the tied roll again:\n{out}");
        break;
    }
    assert!(seen_tie, "no tie in 40 seeds");
}

#[test]
fn the_terminal_board_is_the_cross_without_colour_unless_asked() {
    // Given a four-arm game whose output is not a terminal
    let (ok, out) = play(&["--seed", "2", "--lang", "en"], "\n\n");
    assert!(ok);
    // Then the board is the cross (red's tip 34 at the top, yellow's 68 at the bottom)
    // with no colour escapes
    assert!(out.lines().any(|l| l.trim() == "35  34* 33"), "{out}");
    assert!(out.lines().any(|l| l.trim() == "67  68*  1"), "{out}");
    assert!(!out.contains('\x1b'));
    // And --ansi colours it; --emoji prints the chat's board instead
    let (_, coloured) = play(&["--seed", "2", "--lang", "en", "--ansi"], "\n");
    assert!(coloured.contains("\x1b["));
    let (_, emoji) = play(&["--seed", "2", "--lang", "en", "--emoji"], "\n");
    assert!(emoji.lines().any(|l| l.starts_with("61 ⬜")), "{emoji}");
}

#[test]
fn seats_that_do_not_fit_the_board_are_refused_with_a_message() {
    // Given five players on four arms, a colour the board lacks, nine players
    let (ok, _, err) = play_err(&["--players", "5", "--arms", "4"], "");
    assert!(!ok);
    assert!(err.contains("5 players"), "{err}");
    let (ok, _, err) = play_err(&["--human", "orange"], "");
    assert!(!ok);
    assert!(err.contains("orange"), "{err}");
    let (ok, _, _) = play_err(&["--players", "9"], "");
    assert!(!ok);
}

#[test]
fn without_lang_the_game_speaks_the_terminals_language_or_catalan() {
    // Given no --lang and LANG set to Spanish, to Valencian, or unset
    let (_, es, _) = play_env(&["--seed", "2"], "", &[("LANG", "es_ES.UTF-8")]);
    let (_, va, _) = play_env(&["--seed", "2"], "", &[("LANG", "ca_ES.UTF-8@valencia")]);
    let (_, none, _) = play_env(&["--seed", "2"], "", &[]);
    // Then the game speaks Spanish, Valencian (its roll-off title), and Catalan
    assert!(es.contains("¡Bienvenido al parchís!"), "{es}");
    assert!(va.contains("Tots tiren el dau"), "{va}");
    assert!(
        none.contains("Benvingut al parxís!") && none.contains("Tothom tira"),
        "{none}"
    );
}

/// The lines of a finished game from its last move line (the winning move, into the 🏁 goal)
/// to the end, and every line before it.
fn last_move_and_before(out: &str) -> (Vec<&str>, Vec<&str>) {
    let lines: Vec<&str> = out.lines().collect();
    let last = lines
        .iter()
        .rposition(|l| l.contains("→ 🏁 goal"))
        .expect("a move into the goal");
    (lines[last..].to_vec(), lines[..last].to_vec())
}

#[test]
fn r4_5_the_winning_move_says_no_ten_and_earlier_goals_do() {
    // Given a game a computer wins (seed 1) and one the human wins (seed 4, two players)
    for (args, winner) in [
        (vec!["--seed", "1", "--lang", "en"], "🤖 Blue wins"),
        (
            vec!["--seed", "4", "--lang", "en", "--players", "2"],
            "You win",
        ),
    ] {
        let (ok, out) = play(&args, &"1\n".repeat(5000));
        assert!(ok && out.contains(winner), "{args:?}:\n{}", tail(&out));
        // When the last piece goes into the goal, Then no 10 is told after that move
        let (end, before) = last_move_and_before(&out);
        let ten = |l: &&str| l.contains("count 10") || l.contains("counts 10");
        assert!(
            !end.iter().any(ten),
            "{args:?}: the winning move told a 10:\n{}",
            end.join("\n")
        );
        // And the pieces that reached the goal before it did count their 10
        assert!(
            before.iter().filter(|l| ten(l)).count() >= 3,
            "{args:?}: the earlier goals told their 10:\n{}",
            tail(&out)
        );
    }
}

#[test]
fn passes_sixes_and_captures_are_explained_and_the_legend_wraps_at_the_terminal_s_width() {
    // Given whole games of a scripted human against three computers, in English, on a
    // terminal of 100 columns,
    let mut seen = (false, false, false, false);
    let mut must_open = false;
    for seed in 1..=6 {
        let (ok, out, _) = play_env(
            &["--seed", &seed.to_string(), "--lang", "en"],
            &"1\n".repeat(5000),
            &[("COLUMNS", "100")],
        );
        assert!(ok, "{}", tail(&out));
        // Then the legend's lines fit the width and break between words only,
        let legend_start = out.find("How to read the board").expect("the legend");
        let legend: Vec<&str> = out[legend_start..]
            .lines()
            .take_while(|l| !l.is_empty())
            .collect();
        assert!(legend.len() >= 2, "{legend:?}");
        let words = parxis::i18n::tr_plain(parxis::i18n::Lang::En, &parxis::i18n::Msg::TermLegend);
        let words: Vec<&str> = words.split_whitespace().collect();
        let shown: Vec<&str> = legend.iter().flat_map(|l| l.split_whitespace()).collect();
        assert_eq!(shown, words, "no word cut");
        for l in &legend {
            assert!(l.chars().count() <= 100, "{} chars: {l}", l.chars().count());
        }
        // a pass of the human with every piece in the nest says a 5 is needed,
        let lines: Vec<&str> = out.lines().collect();
        for (i, l) in lines.iter().enumerate() {
            if l.starts_with("You cannot move any piece") {
                let why = lines.get(i + 1).copied().unwrap_or_default();
                assert!(
                    why == "(A piece leaves the nest only with a 5.)"
                        || why.starts_with("(Every piece is stopped"),
                    "a pass without its reason: {l} / {why}"
                );
                seen.0 |= why.contains("a 5");
                seen.1 |= why.starts_with("(Every piece is stopped");
            }
        }
        // a six counted as seven says so, and a capture offered names its victim.
        seen.2 |= out.contains("so the 6 counts 7") || out.contains("the 6 counts 7");
        // a 6 that must open the human's barrier says so, right after the roll.
        for (i, l) in lines.iter().enumerate() {
            if *l == "(With a 6 you must open your barrier.)" {
                must_open = true;
                assert!(
                    lines[..i]
                        .iter()
                        .rev()
                        .take(3)
                        .any(|p| p.ends_with("You rolled a 6.")),
                    "{}",
                    lines[i.saturating_sub(3)..=i].join("\n")
                );
            }
        }
        seen.3 |= out.lines().any(|l| {
            l.contains(" ⚔ 🤖 ") && l.trim_start().starts_with(|c: char| c.is_ascii_digit())
        });
    }
    assert!(seen.0, "a pass for want of a 5 was told");
    assert!(seen.2, "a six counted as seven was told");
    assert!(seen.3, "a capture offered named its victim");
    assert!(must_open, "a forced barrier opening was told");
}
