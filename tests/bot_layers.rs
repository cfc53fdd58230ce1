//! The bot's three layers import only downwards: `entry` → `effects` → `core`, and the
//! core is pure (no Telegram requests, no Redis, no clock, no tasks). Read from the source.

use std::fs;
use std::path::{Path, PathBuf};

fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            out.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out
}

/// Lines of the files under `src/bot/<layer>` that mention any of `banned`.
fn offending(layer: &str, banned: &[&str]) -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src/bot")
        .join(layer);
    let mut found = Vec::new();
    for file in sources(&dir) {
        let text = fs::read_to_string(&file).expect("readable");
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            if banned.iter().any(|b| code.contains(b)) {
                found.push(format!("{}:{}: {line}", file.display(), n + 1));
            }
        }
    }
    found
}

#[test]
fn the_core_imports_neither_effects_nor_entry_nor_any_input_or_output() {
    // Given the core's sources, When searched for what it must not use, Then none is found.
    let banned = [
        "effects::",
        "entry::",
        "crate::store",
        "crate::ops",
        "tokio",
        "teloxide::prelude",
        "teloxide::Bot",
        "Requester",
        "SystemTime",
        "Instant::now",
        "from_os_rng",
        "rand::random",
    ];
    let found = offending("core", &banned);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn effects_never_import_the_entry() {
    // Given the effects' sources, When searched for the entry layer, Then it is not there.
    let found = offending("effects", &["entry::", "dptree"]);
    assert!(found.is_empty(), "{}", found.join("\n"));
}
