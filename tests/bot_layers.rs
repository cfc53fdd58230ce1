//! The bot's three layers import only downwards: `entry` → `effects` → `core`, and the
//! core is pure (no Telegram requests, no Redis, no clock, no tasks), and the entry reaches
//! Redis only through the effects (never the store itself). Read from the source.

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

/// Does `code` name the store: its module (`crate::store`, `store::…`) or the context's handle
/// to it (`ctx.store`, also split over lines as `.store`)? A word like `stored` is not it.
fn names_the_store(code: &str) -> bool {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    code.match_indices("store").any(|(i, _)| {
        let (before, after) = (&code[..i], &code[i + "store".len()..]);
        let a_word = !before.ends_with(ident) && !after.starts_with(ident);
        a_word && (before.ends_with('.') || after.starts_with("::"))
    })
}

#[test]
fn the_entry_never_touches_the_store() {
    // Given the entry's sources, When searched for the store, Then it is not there: every
    // Redis access is an effects function.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/bot/entry");
    let mut found = Vec::new();
    for file in sources(&dir) {
        let text = fs::read_to_string(&file).expect("readable");
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            if names_the_store(code) {
                found.push(format!("{}:{}: {line}", file.display(), n + 1));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_store_reader_sees_the_store_and_only_it() {
    // Given lines that reach the store and lines that only look alike, When read, Then only
    // the first are found.
    for reaches in [
        "use crate::store::Place;",
        "ctx.store.top(scope).await",
        "        .store",
        "let p = store::Place::of_chat(1);",
    ] {
        assert!(names_the_store(reaches), "{reaches}");
    }
    for alike in [
        "gate::redis_up(&ctx)",
        "let stored = t.stored_at;",
        "fn restore(x: u8) {}",
        "if x.stores.is_empty() {}",
    ] {
        assert!(!names_the_store(alike), "{alike}");
    }
}

#[path = "support/imports.rs"]
mod imports;

#[test]
fn no_layer_has_a_circle_of_imports() {
    // Given each layer's files and what each takes from the others, When searched for
    // circles, Then there is none: every layer reads top-down.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for layer in ["core", "effects", "entry"] {
        let g = imports::Graph::of_layer(root, layer);
        let circles = g.circles();
        assert!(circles.is_empty(), "circles in {layer}: {circles:#?}");
    }
}

#[test]
fn the_import_reader_sees_a_circle_when_there_is_one() {
    // Given two files of a made-up layer that take names from each other (and a third that
    // only takes), When read, Then the circle is found, and only it.
    let dir = std::env::temp_dir().join(format!("parxis-layers-{}", std::process::id()));
    let layer = dir.join("src/bot/toy");
    fs::create_dir_all(layer.join("inner")).expect("a temp dir");
    fs::write(
        layer.join("mod.rs"),
        "pub mod a;\npub mod b;\npub mod inner;\npub use a::Alpha;\n",
    )
    .expect("write");
    fs::write(
        layer.join("a.rs"),
        "use super::b::beta;\npub struct Alpha;\n",
    )
    .expect("write");
    fs::write(
        layer.join("b.rs"),
        "pub fn beta() -> crate::bot::toy::Alpha { super::Alpha }\n#[cfg(test)]\nmod tests {\n    use super::super::inner::gamma;\n}\n",
    )
    .expect("write");
    fs::write(
        layer.join("inner/mod.rs"),
        "use super::{a::Alpha, b};\npub fn gamma() {}\n",
    )
    .expect("write");
    let g = imports::Graph::of_layer(&dir, "toy");
    let circles = g.circles();
    fs::remove_dir_all(&dir).ok();
    assert_eq!(circles.len(), 1, "{circles:?}");
    let mut c = circles[0].clone();
    c.sort();
    assert_eq!(c, ["toy/a.rs", "toy/b.rs"]);
    // The re-export `toy::Alpha` leads to the file that defines it, and a test module's
    // imports are not counted.
    assert_eq!(g.imports_of(&["toy", "b"]), ["toy::a"]);
    assert_eq!(g.imports_of(&["toy", "inner"]), ["toy::a", "toy::b"]);
}
