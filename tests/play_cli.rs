//! `parxis play` driven end to end through its standard input.

use std::io::Write;
use std::process::{Command, Stdio};

fn play(args: &[&str], input: &str) -> (bool, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_parxis"))
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
    )
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
