//! The environment variables a crate's source reads, found from its text: what
//! `deploy/.env.example` must document (`tests/it/deploy_env.rs`).
//!
//! The source is cut into tokens (comments dropped, string literals kept whole), code only
//! for tests is left out (files named `tests*.rs`, items under `#[cfg(test)]` and the files
//! of modules declared under it), and a name counts as read when it appears in one of these
//! forms:
//!
//! - `env::var("NAME")`, `env::var_os("NAME")` (with any path before `env`);
//! - `env::var(CONST)`, `env::var_os(CONST)`, where `const CONST: &str = "NAME"` (or another
//!   constant that is one) is declared anywhere in the crate;
//! - such a constant passed as an argument of a function call (`get(CONST)`,
//!   `secs(CONST, default)`, `positive(&var, CONST, default)`): the settings read through a
//!   reader closure (`from_vars(|k| std::env::var(k).ok())`);
//! - an array of names walked by a reader: `["A", "B"].into_iter()… var(k) …`;
//! - clap's `env = "NAME"` attribute.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::fs;
use std::path::{Path, PathBuf};

use super::rust_tokens::{Tok, is_ident, is_punct, tokens};

/// Index just past the item starting at `i`: up to a `;` at its own depth, or through the
/// first `{ … }` block at its depth.
fn skip_item(toks: &[Tok], mut i: usize) -> usize {
    let mut depth = 0i32;
    while i < toks.len() {
        match &toks[i] {
            Tok::Punct('{') | Tok::Punct('(') | Tok::Punct('[') => depth += 1,
            Tok::Punct('}') | Tok::Punct(')') | Tok::Punct(']') => {
                depth -= 1;
                if depth == 0 && toks[i] == Tok::Punct('}') {
                    return i + 1;
                }
            }
            Tok::Punct(';') if depth == 0 => return i + 1,
            _ => {}
        }
        i += 1;
    }
    i
}

/// The tokens without the items under `#[cfg(test)]`, and the names of the modules declared
/// there (their files are test code too).
fn without_tests(toks: Vec<Tok>) -> (Vec<Tok>, Vec<String>) {
    let cfg_test = [
        Tok::Punct('#'),
        Tok::Punct('['),
        Tok::Ident("cfg".into()),
        Tok::Punct('('),
        Tok::Ident("test".into()),
        Tok::Punct(')'),
        Tok::Punct(']'),
    ];
    let mut out = Vec::new();
    let mut test_mods = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        if toks[i..].starts_with(&cfg_test) {
            let mut j = i + cfg_test.len();
            // Further attributes of the same item.
            while is_punct(toks.get(j), '#') && is_punct(toks.get(j + 1), '[') {
                let mut depth = 0;
                j += 1;
                while j < toks.len() {
                    match toks[j] {
                        Tok::Punct('[') => depth += 1,
                        Tok::Punct(']') => depth -= 1,
                        _ => {}
                    }
                    j += 1;
                    if depth == 0 {
                        break;
                    }
                }
            }
            let mut k = j;
            if is_ident(toks.get(k), "pub") {
                k += 1;
            }
            if is_ident(toks.get(k), "mod")
                && let Some(Tok::Ident(name)) = toks.get(k + 1)
            {
                test_mods.push(name.clone());
            }
            i = skip_item(&toks, j);
        } else {
            out.push(toks[i].clone());
            i += 1;
        }
    }
    (out, test_mods)
}

fn env_like(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_uppercase())
        && s.bytes()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
}

/// The last identifier of a path starting at `i` (`crate::store::X` → `X`), and the index
/// past it.
fn path_end(toks: &[Tok], mut i: usize) -> Option<(String, usize)> {
    let mut last = None;
    while let Some(Tok::Ident(s)) = toks.get(i) {
        last = Some(s.clone());
        i += 1;
        if is_punct(toks.get(i), ':') && is_punct(toks.get(i + 1), ':') {
            i += 2;
        } else {
            break;
        }
    }
    last.map(|s| (s, i))
}

/// What one file (without its test code) says: constants `name → value or alias`, names read
/// directly, and constants read.
#[derive(Default)]
struct Reading {
    consts: BTreeMap<String, Vec<Result<String, String>>>,
    names: BTreeSet<String>,
    consts_read: BTreeSet<String>,
}

fn read_file(toks: &[Tok], r: &mut Reading) {
    for i in 0..toks.len() {
        let t = |k: usize| toks.get(i + k);
        // const NAME: &str = "VALUE"; or = path::OTHER;
        if is_ident(t(0), "const")
            && let Some(Tok::Ident(name)) = t(1)
            && is_punct(t(2), ':')
            && is_punct(t(3), '&')
            && is_ident(t(4), "str")
            && is_punct(t(5), '=')
        {
            match t(6) {
                Some(Tok::Str(v)) if env_like(v) => {
                    r.consts
                        .entry(name.clone())
                        .or_default()
                        .push(Ok(v.clone()));
                }
                Some(Tok::Ident(_)) => {
                    if let Some((other, end)) = path_end(toks, i + 6)
                        && is_punct(toks.get(end), ';')
                    {
                        r.consts.entry(name.clone()).or_default().push(Err(other));
                    }
                }
                _ => {}
            }
        }
        // env::var("X") / env::var(CONST)
        if is_ident(t(0), "env")
            && is_punct(t(1), ':')
            && is_punct(t(2), ':')
            && (is_ident(t(3), "var") || is_ident(t(3), "var_os"))
            && is_punct(t(4), '(')
        {
            match t(5) {
                Some(Tok::Str(v)) => {
                    r.names.insert(v.clone());
                }
                Some(Tok::Ident(_)) => {
                    if let Some((c, _)) = path_end(toks, i + 5) {
                        r.consts_read.insert(c);
                    }
                }
                _ => {}
            }
        }
        // A constant as an argument of a call (not of a macro): `f(C)`, `f(C, x)`, `f(&v, C)`.
        if (is_punct(t(0), '(') || is_punct(t(0), ','))
            && let Some((c, end)) = path_end(toks, i + 1)
            && (is_punct(toks.get(end), ',') || is_punct(toks.get(end), ')'))
            && in_call(toks, i)
        {
            r.consts_read.insert(c);
        }
        // ["A", "B"].into_iter() … var(k) / get(k) …;
        if is_punct(t(0), '[') && matches!(t(1), Some(Tok::Str(_))) {
            let mut j = i + 1;
            let mut names = Vec::new();
            while let Some(Tok::Str(s)) = toks.get(j) {
                names.push(s.clone());
                j += 1;
                if is_punct(toks.get(j), ',') {
                    j += 1;
                }
            }
            if is_punct(toks.get(j), ']')
                && is_punct(toks.get(j + 1), '.')
                && (is_ident(toks.get(j + 2), "into_iter") || is_ident(toks.get(j + 2), "iter"))
            {
                let statement_end = (j..toks.len())
                    .find(|&k| is_punct(toks.get(k), ';'))
                    .unwrap_or(toks.len());
                let reads = (j..statement_end).any(|k| {
                    (is_ident(toks.get(k), "var") || is_ident(toks.get(k), "get"))
                        && is_punct(toks.get(k + 1), '(')
                });
                if reads {
                    r.names.extend(names.into_iter().filter(|n| env_like(n)));
                }
            }
        }
        // clap: #[arg(env = "X")]
        if is_ident(t(0), "env")
            && is_punct(t(1), '=')
            && let Some(Tok::Str(v)) = t(2)
        {
            r.names.insert(v.clone());
        }
    }
}

/// Whether the `(` or `,` at `i` is inside a function call's parentheses (not a macro's, a
/// tuple's or an array's).
fn in_call(toks: &[Tok], i: usize) -> bool {
    let mut depth = 0i32;
    let mut k = i as isize;
    let callee = |k: usize| {
        k > 0
            && matches!(toks.get(k - 1), Some(Tok::Ident(s))
                if !["if", "while", "match", "return", "in", "for", "let"].contains(&s.as_str()))
    };
    if is_punct(toks.get(i), '(') {
        return callee(i);
    }
    while k >= 0 {
        match &toks[k as usize] {
            Tok::Punct(')') | Tok::Punct(']') | Tok::Punct('}') => depth += 1,
            Tok::Punct('[') | Tok::Punct('{') => {
                if depth == 0 {
                    return false;
                }
                depth -= 1;
            }
            Tok::Punct('(') => {
                if depth == 0 {
                    return callee(k as usize);
                }
                depth -= 1;
            }
            _ => {}
        }
        k -= 1;
    }
    false
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The environment variables read by the sources given as `(file name, text)` pairs.
pub fn env_reads_in(files: &[(String, String)]) -> BTreeSet<String> {
    let mut parsed = Vec::new();
    let mut test_mods = HashSet::new();
    for (name, text) in files {
        let (toks, mods) = without_tests(tokens(text));
        test_mods.extend(mods);
        parsed.push((name, toks));
    }
    let mut reading = Reading::default();
    for (name, toks) in &parsed {
        let stem = Path::new(name.as_str())
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default();
        let parent = Path::new(name.as_str())
            .parent()
            .and_then(|p| p.file_name())
            .and_then(|s| s.to_str())
            .unwrap_or_default();
        let module = if stem == "mod" { parent } else { stem };
        if module.starts_with("tests") || test_mods.contains(module) {
            continue;
        }
        read_file(toks, &mut reading);
    }
    // A constant's values: its literal, or those of the constants it names (constants of
    // the same name in different modules are taken together).
    let mut names = reading.names.clone();
    for start in &reading.consts_read {
        let mut seen = BTreeSet::new();
        let mut todo = vec![start.clone()];
        while let Some(name) = todo.pop() {
            if !seen.insert(name.clone()) {
                continue;
            }
            for value in reading.consts.get(&name).into_iter().flatten() {
                match value {
                    Ok(v) => {
                        names.insert(v.clone());
                    }
                    Err(other) => todo.push(other.clone()),
                }
            }
        }
    }
    names
}

/// The environment variables read by the `.rs` files under `dir`.
pub fn env_reads(dir: &Path) -> BTreeSet<String> {
    let mut paths = Vec::new();
    sources(dir, &mut paths);
    let files: Vec<(String, String)> = paths
        .iter()
        .map(|p| {
            let text = fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (p.to_string_lossy().into_owned(), text)
        })
        .collect();
    env_reads_in(&files)
}
