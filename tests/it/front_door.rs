//! README.md as the front door: short, with the two commands (play, test) on its first screen,
//! plain sentences, and the licence Cargo.toml names beside it.

use crate::support::repo::read;

/// README's prose: code blocks (indented or fenced), tables, headings and images left out.
fn prose(text: &str) -> String {
    let mut out = String::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        let skip = fenced
            || line.starts_with("    ")
            || line.starts_with('|')
            || line.starts_with('#')
            || line.trim_start().starts_with('<');
        if skip {
            out.push('\n');
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// The sentences of `text`: split at a full stop, question or exclamation mark followed by
/// a space or a line's end, at a blank line, and at a list item's start.
fn sentences(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for block in text.split("\n\n") {
        let mut items: Vec<String> = vec![String::new()];
        for line in block.lines() {
            match line.strip_prefix("- ") {
                Some(rest) => items.push(rest.to_owned()),
                None => {
                    let last = items.last_mut().expect("one item at least");
                    last.push(' ');
                    last.push_str(line);
                }
            }
        }
        for flat in items {
            let mut current = String::new();
            let mut chars = flat.chars().peekable();
            while let Some(c) = chars.next() {
                current.push(c);
                if matches!(c, '.' | '?' | '!') && chars.peek().is_none_or(|n| *n == ' ') {
                    out.push(std::mem::take(&mut current));
                }
            }
            out.push(current);
        }
    }
    out.retain(|s| !s.trim().is_empty());
    out
}

#[test]
fn readme_is_at_most_250_lines_with_the_play_and_test_commands_in_its_first_40() {
    let readme = read("README.md");
    let lines: Vec<&str> = readme.lines().collect();
    assert!(lines.len() <= 250, "README.md has {} lines", lines.len());
    let first = lines[..lines.len().min(40)].join("\n");
    for command in ["cargo run --release -- play", "-- bot", ".ci/test"] {
        assert!(
            first.contains(command),
            "`{command}` is not in README's first 40 lines"
        );
    }
}

#[test]
fn no_sentence_of_readme_or_contributing_runs_past_40_words() {
    for doc in ["README.md", "CONTRIBUTING.md"] {
        let long: Vec<String> = sentences(&prose(&read(doc)))
            .into_iter()
            .filter(|s| s.split_whitespace().count() > 40)
            .collect();
        assert!(long.is_empty(), "{doc}: sentences over 40 words: {long:#?}");
    }
}

#[test]
fn the_sentence_counter_splits_at_stops_and_counts_words() {
    let text = "One two three. Four five?\n\n- six seven\n- eight\nnine.";
    let got: Vec<usize> = sentences(text)
        .iter()
        .map(|s| s.split_whitespace().count())
        .collect();
    assert_eq!(got, vec![3, 2, 2, 2]);
    // A version number or a file name does not end a sentence.
    assert_eq!(sentences("Rust 1.88 and Cargo.toml here.").len(), 1);
}

#[test]
fn the_licence_cargo_toml_names_is_in_the_repository() {
    let manifest = read("Cargo.toml");
    assert!(
        manifest.contains("license = \"MIT\""),
        "Cargo.toml names another licence: update this test and LICENSE together"
    );
    let licence = read("LICENSE");
    assert!(licence.starts_with("MIT License"), "{}", &licence[..40]);
    assert!(licence.contains("Permission is hereby granted, free of charge"));
}

#[test]
fn the_test_command_names_what_it_needs_and_the_rust_version_matches_cargo_toml() {
    let script = read(".ci/test");
    for package in [
        "redis-server",
        "redis-tools",
        "chromium",
        "chromium-driver",
        "python3",
        "prometheus",
        "caddy",
        "openssl",
        "curl",
    ] {
        assert!(
            script.contains(package),
            ".ci/test does not install {package}"
        );
    }
    let manifest = read("Cargo.toml");
    let version = manifest
        .lines()
        .find_map(|l| l.strip_prefix("rust-version = \""))
        .and_then(|v| v.strip_suffix('"'))
        .expect("Cargo.toml states a rust-version");
    for doc in ["README.md", "CONTRIBUTING.md"] {
        assert!(
            read(doc).contains(&format!("Rust {version} or newer")),
            "{doc} does not say Rust {version} or newer"
        );
    }
    // The script itself refuses an older Rust, read from the same line.
    assert!(script.contains("rust-version"));
}
