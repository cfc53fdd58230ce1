//! Every rule of docs/RULES.md is named by a test: its id (`R4.6`) written in a test's
//! code or comments, or in a test's name (`r4_6`), somewhere in `tests/` or in the test
//! code of `src/` (files named `tests*.rs` or `*_tests.rs`, and what follows a file's first
//! `#[cfg(test)]`). The sources are read as text.

use std::path::{Path, PathBuf};

/// The rule ids RULES.md defines (`- **R1.3** …`), in order.
fn rule_ids(rules: &str) -> Vec<(u32, u32)> {
    rules
        .split("**R")
        .skip(1)
        .filter_map(|t| {
            let id = t.split("**").next()?;
            let (major, minor) = id.split_once('.')?;
            Some((major.parse().ok()?, minor.parse().ok()?))
        })
        .collect()
}

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The test code of a source file: all of it under `tests/` or in a test file of `src/`,
/// else what follows its first `#[cfg(test)]`.
fn test_code(path: &Path, text: &str, in_tests: bool) -> String {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    if in_tests || name.starts_with("tests") || name.ends_with("_tests.rs") {
        return text.to_owned();
    }
    text.find("#[cfg(test)]")
        .map_or_else(String::new, |at| text[at..].to_owned())
}

/// Whether `needle` occurs in `text` as a word of its own: not inside a longer id or name
/// (`R1.1` is not in `R1.10`, `r1_1` not in `r1_10` nor `xr1_1`).
fn named(text: &str, needle: &str) -> bool {
    text.match_indices(needle).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + needle.len()..].chars().next();
        !before.is_some_and(|c| c.is_ascii_alphanumeric())
            && !after.is_some_and(|c| c.is_ascii_digit())
    })
}

#[test]
fn every_rule_of_rules_md_is_named_by_a_test() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let rules = std::fs::read_to_string(root.join("docs/RULES.md")).expect("docs/RULES.md");
    let ids = rule_ids(&rules);
    // (RULES.md numbers its rules R1.1 to R10.5)
    assert!(ids.len() >= 40, "{ids:?}");
    assert!(ids.contains(&(1, 1)) && ids.contains(&(10, 5)), "{ids:?}");
    let mut code = String::new();
    for (dir, in_tests) in [("tests", true), ("src", false)] {
        let mut files = Vec::new();
        sources(&root.join(dir), &mut files);
        for path in files {
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            code.push_str(&test_code(&path, &text, in_tests));
            code.push('\n');
        }
    }
    // This file names every rule only as a pattern: it is not counted.
    let this = include_str!("rules_named.rs");
    let code = code.replace(this, "");
    let unnamed: Vec<String> = ids
        .iter()
        .filter(|(major, minor)| {
            !named(&code, &format!("R{major}.{minor}"))
                && !named(&code, &format!("r{major}_{minor}"))
        })
        .map(|(major, minor)| format!("R{major}.{minor}"))
        .collect();
    assert!(
        unnamed.is_empty(),
        "rules of docs/RULES.md named by no test: {unnamed:?}"
    );
}

#[test]
fn an_id_is_named_only_as_a_whole_word() {
    assert!(named("// R4.6 judged", "R4.6"));
    assert!(named("fn x_r4_6() {}", "r4_6"));
    assert!(named("fn r9_2_tied() {}", "r9_2"));
    assert!(!named("// R1.10", "R1.1"));
    assert!(!named("fn r1_10() {}", "r1_1"));
    assert!(!named("// XR1.1", "R1.1"));
    assert_eq!(
        rule_ids("- **R1.1** a\n- **R10.5** b\n**not** **Rx.y**"),
        [(1, 1), (10, 5)]
    );
}
