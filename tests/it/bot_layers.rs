//! The bot's three layers import only downwards: `entry` → `effects` → `core`, and the
//! core is pure (no Telegram requests, no Redis, no clock, no tasks); at every level (file,
//! module, folder) no two parts import each other; the entry reaches the store only through
//! the effects. Read from the source; each reading is first tried on a made-up crate that
//! breaks the rule, to prove it sees what it forbids.

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

use crate::support;
use support::imports::{Edges, Graph, Module, at_depth, circles_of};

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

#[test]
fn no_layer_has_a_circle_of_imports() {
    // Given each layer's files and what each takes from the others, When searched for
    // circles, Then there is none: every layer reads top-down.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for layer in ["core", "effects", "entry"] {
        let g = Graph::of_layer(root, layer);
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
    let g = Graph::of_layer(&dir, "toy");
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

/// Each module right under `src/bot/<layer>` (a file, or a folder with all it holds).
fn modules_of(layer: &'static str) -> impl Fn(&Module) -> Option<Module> {
    move |m: &Module| (m.len() >= 3 && m[0] == "bot" && m[1] == layer).then(|| at_depth(m, 3))
}

/// Each folder (or single-file module) right under `src/`, and under `src/bot`.
fn folders(under_bot: bool) -> impl Fn(&Module) -> Option<Module> {
    move |m: &Module| {
        if under_bot {
            (m.len() >= 2 && m[0] == "bot").then(|| at_depth(m, 2))
        } else {
            (!m.is_empty()).then(|| at_depth(m, 1))
        }
    }
}

/// The imports from modules under `from` to modules under `to`, as `from → to` lines.
fn arrows(g: &Graph, from: &[&str], to: &[&str]) -> Vec<String> {
    let under = |m: &Module, p: &[&str]| m.len() >= p.len() && m.iter().zip(p).all(|(a, b)| a == b);
    let mut out = Vec::new();
    for (m, targets) in &g.edges {
        if under(m, from) {
            for t in targets.iter().filter(|t| under(t, to)) {
                out.push(format!("{} → {}", m.join("::"), t.join("::")));
            }
        }
    }
    out
}

fn named(circles: &[Vec<Module>]) -> Vec<Vec<String>> {
    circles
        .iter()
        .map(|c| c.iter().map(|m| m.join("::")).collect())
        .collect()
}

#[test]
fn no_module_of_a_layer_imports_one_that_imports_it_back() {
    // Given the library's files, read at the level of each layer's modules (`effects::outbox`
    // with all its files is one), When searched for circles, Then there is none.
    let g = Graph::of_crate(Path::new(env!("CARGO_MANIFEST_DIR")));
    for layer in ["core", "effects", "entry"] {
        let circles = circles_of(&g.grouped(modules_of(layer)));
        assert!(
            circles.is_empty(),
            "module circles in {layer}: {:#?}",
            named(&circles)
        );
    }
}

#[test]
fn no_two_folders_of_src_import_each_other() {
    // Given the library's files, read at the level of the folders of `src/` (and of the
    // bot's layers), When searched for circles, Then there is none: `bot` may use `store`,
    // never the other way round, and `entry` → `effects` → `core` only.
    let g = Graph::of_crate(Path::new(env!("CARGO_MANIFEST_DIR")));
    let circles: Vec<Vec<String>> = [false, true]
        .into_iter()
        .flat_map(|under_bot| named(&circles_of(&g.grouped(folders(under_bot)))))
        .collect();
    assert!(circles.is_empty(), "folder circles: {circles:#?}");
    let up = [
        arrows(&g, &["bot", "core"], &["bot", "effects"]),
        arrows(&g, &["bot", "core"], &["bot", "entry"]),
        arrows(&g, &["bot", "effects"], &["bot", "entry"]),
    ]
    .concat();
    assert!(up.is_empty(), "arrows running up: {up:#?}");
}

/// A made-up crate at a fresh temporary folder: `files` are (path under `src/`, text).
fn toy_crate(name: &str, files: &[(&str, &str)]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("parxis-layers-{name}-{}", std::process::id()));
    for (path, text) in files {
        let p = dir.join("src").join(path);
        fs::create_dir_all(p.parent().expect("a folder")).expect("a temp dir");
        fs::write(p, text).expect("write");
    }
    dir
}

fn read_toy(name: &str, files: &[(&str, &str)]) -> (Graph, Edges) {
    let dir = toy_crate(name, files);
    let g = Graph::of_crate(&dir);
    fs::remove_dir_all(&dir).ok();
    let e = g.grouped(modules_of("effects"));
    (g, e)
}

#[test]
fn the_module_reading_sees_a_circle_no_file_closes() {
    // Given a layer whose module `outbox` calls back into `pings` through a file the facade
    // does not import (no file-level circle: outbox/mod.rs → outbox/drain.rs → pings.rs →
    // outbox/mod.rs), When read at module level, Then `outbox` ↔ `pings` is found.
    let (g, modules) = read_toy(
        "modules",
        &[
            ("lib.rs", "pub mod bot;\n"),
            ("bot/mod.rs", "pub mod effects;\n"),
            (
                "bot/effects/mod.rs",
                "pub mod outbox;\npub mod pings;\npub mod clock;\n",
            ),
            (
                "bot/effects/outbox/mod.rs",
                "mod drain;\npub fn plan() { drain::go() }\n",
            ),
            (
                "bot/effects/outbox/drain.rs",
                "pub fn go() { crate::bot::effects::pings::sent() }\n",
            ),
            (
                "bot/effects/pings.rs",
                "use super::outbox;\nuse super::clock::now;\npub fn sent() { outbox::plan() }\n",
            ),
            ("bot/effects/clock.rs", "pub fn now() {}\n"),
        ],
    );
    assert!(g.circles().is_empty(), "no file circle: {:?}", g.circles());
    let circles = named(&circles_of(&modules));
    assert_eq!(
        circles,
        [["bot::effects::outbox", "bot::effects::pings"]],
        "{modules:?}"
    );
}

#[test]
fn the_folder_reading_sees_two_folders_that_import_each_other() {
    // Given a crate whose `webapp` takes the bot's context and whose bot holds the webapp's
    // state (through a re-export), and whose `store` imports nothing back, When read at
    // folder level, Then `bot` ↔ `webapp` is found, and only it.
    let dir = toy_crate(
        "folders",
        &[
            ("lib.rs", "pub mod bot;\npub mod store;\npub mod webapp;\n"),
            ("bot/mod.rs", "pub mod effects;\n"),
            ("bot/effects/mod.rs", "pub mod ctx;\npub use ctx::Ctx;\n"),
            (
                "bot/effects/ctx.rs",
                "use crate::webapp::Live;\nuse crate::store::Store;\npub struct Ctx(Live, Store);\n",
            ),
            ("store/mod.rs", "pub struct Store;\n"),
            ("webapp/mod.rs", "mod hub;\npub use hub::Live;\n"),
            (
                "webapp/hub.rs",
                "pub struct Live;\npub fn serve(_: &crate::bot::effects::Ctx) {}\n",
            ),
        ],
    );
    let g = Graph::of_crate(&dir);
    fs::remove_dir_all(&dir).ok();
    let circles = named(&circles_of(&g.grouped(folders(false))));
    assert_eq!(circles, [["bot", "webapp"]]);
    // The arrows are file to file, re-exports followed.
    assert_eq!(
        arrows(&g, &["webapp"], &["bot"]),
        ["webapp::hub → bot::effects::ctx"]
    );
    assert_eq!(
        arrows(&g, &["bot"], &["store"]),
        ["bot::effects::ctx → store"]
    );
}

#[test]
fn the_layer_reading_sees_an_arrow_running_up_and_the_entry_touching_the_store() {
    // Given a bot whose core names an effect and whose entry saves through the store, When
    // read, Then both arrows are found, and the layers' folder reading sees the circle.
    let dir = toy_crate(
        "up",
        &[
            ("lib.rs", "pub mod bot;\npub mod store;\n"),
            (
                "bot/mod.rs",
                "pub mod core;\npub mod effects;\npub mod entry;\n",
            ),
            (
                "bot/core/mod.rs",
                "pub fn view() { crate::bot::effects::send() }\n",
            ),
            (
                "bot/effects/mod.rs",
                "use super::core::view;\npub fn send() { view() }\n",
            ),
            (
                "bot/entry/mod.rs",
                "use crate::store::save;\nuse super::effects::send;\npub fn on() { save(); send() }\n",
            ),
            ("store/mod.rs", "pub fn save() {}\n"),
        ],
    );
    let g = Graph::of_crate(&dir);
    fs::remove_dir_all(&dir).ok();
    assert_eq!(
        arrows(&g, &["bot", "core"], &["bot", "effects"]),
        ["bot::core → bot::effects"]
    );
    assert_eq!(
        arrows(&g, &["bot", "entry"], &["store"]),
        ["bot::entry → store"]
    );
    let circles = named(&circles_of(&g.grouped(folders(true))));
    assert_eq!(circles, [["bot::core", "bot::effects"]]);
}
