//! The import graph of the library (or of one layer of `src/bot`), read from the source as
//! text: which file takes names from which. Enough Rust is understood for the project's own
//! style: `use` lines (grouped with braces), paths in code that start with `super::`,
//! `self::` or `crate::`, modules as `x.rs`, `x/mod.rs` or `x.rs` beside `x/`, and
//! re-exports (`pub use x::Name`) followed to the file that defines the name (a re-export is
//! the module's public face, not an import of its own). `#[cfg(test)]` parts and test files
//! are left out: they may look at anything. [`Graph::grouped`] reads the same graph at
//! module or folder level.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fs;
use std::path::{Path, PathBuf};

/// A module: its path under `src/bot` (`["effects", "outbox", "make"]`).
pub type Module = Vec<String>;

/// The files of one layer (or of the whole library) and what each imports.
pub struct Graph {
    root: PathBuf,
    /// What `crate::` paths must start with to name a file of the graph (`["bot"]` for a
    /// layer, nothing for the library), dropped from module names.
    base: Module,
    files: BTreeMap<Module, PathBuf>,
    texts: HashMap<Module, String>,
    /// Module → modules it takes names from (inside the layer).
    pub edges: Edges,
}

fn is_test_file(p: &Path) -> bool {
    let name = p.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
    name.starts_with("tests") || name == "test_support"
}

/// The code of a file without comments, `#[cfg(test)]` items and string contents.
fn code_of(text: &str) -> String {
    let mut out = String::new();
    let mut skip_depth: Option<i32> = None;
    let mut depth = 0i32;
    let mut pending_test = false;
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or_default();
        let trimmed = code.trim();
        if trimmed.starts_with("#[cfg(test)]") {
            pending_test = true;
            continue;
        }
        if pending_test && skip_depth.is_none() && !trimmed.is_empty() {
            skip_depth = Some(depth);
            pending_test = false;
        }
        for c in code.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
        }
        if let Some(d) = skip_depth {
            // The skipped item ends when the braces come back to where it began (or at
            // its `;` for a one-line item).
            if depth <= d && (trimmed.ends_with('}') || trimmed.ends_with(';')) {
                skip_depth = None;
            }
            continue;
        }
        out.push_str(code);
        out.push('\n');
    }
    out
}

/// The `use` trees of `code`, each flattened to paths (`use a::{b, c::d}` → `a::b`, `a::c::d`).
fn use_paths(code: &str) -> Vec<(bool, Vec<String>)> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find("use ") {
        let before = &rest[..i];
        let public =
            before.trim_end().ends_with("pub") || before.trim_end().ends_with("pub(crate)");
        let at_start = before.is_empty()
            || before.ends_with('\n')
            || before.ends_with(' ')
            || before.ends_with('{')
            || before.ends_with(';');
        let after = &rest[i + 4..];
        let Some(end) = after.find(';') else { break };
        if at_start {
            let tree: String = after[..end]
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect();
            for p in flatten(&tree) {
                out.push((public, p));
            }
        }
        rest = &after[end..];
    }
    out
}

fn flatten(tree: &str) -> Vec<Vec<String>> {
    let Some(open) = tree.find('{') else {
        let path: Vec<String> = tree
            .split(" as ")
            .next()
            .unwrap_or(tree)
            .split("as")
            .next()
            .unwrap_or(tree)
            .split("::")
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect();
        return vec![path];
    };
    let prefix: Vec<String> = tree[..open]
        .split("::")
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect();
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut parts = Vec::new();
    let (mut level, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => level += 1,
            '}' => level -= 1,
            ',' if level == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    let mut out = Vec::new();
    for part in parts.into_iter().filter(|p| !p.is_empty()) {
        for mut sub in flatten(part) {
            if sub.first().is_some_and(|s| s == "self") {
                sub.remove(0);
            }
            let mut p = prefix.clone();
            p.append(&mut sub);
            out.push(p);
        }
    }
    out
}

/// Paths in code that start with `super::`, `self::` or `crate::` (not the heads of `use`
/// groups, `super::{…}`, which [`use_paths`] reads).
fn code_paths(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let b = code.as_bytes();
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b':';
    let mut i = 0;
    while i < b.len() {
        let boundary = i == 0 || !word(b[i - 1]);
        let rest = &b[i..];
        if boundary
            && ["super::", "self::", "crate::"]
                .iter()
                .any(|s| rest.starts_with(s.as_bytes()))
        {
            let mut j = i;
            while j < b.len() && word(b[j]) {
                j += 1;
            }
            let path = &code[i..j];
            if !path.ends_with("::") {
                out.push(
                    path.split("::")
                        .filter(|s| !s.is_empty())
                        .map(str::to_owned)
                        .collect(),
                );
            }
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

/// Names a file defines at its top level.
fn defines(code: &str, name: &str) -> bool {
    let kinds = [
        "fn", "struct", "enum", "const", "static", "type", "trait", "union",
    ];
    code.lines().any(|l| {
        let t = l.trim_start();
        let t = t
            .strip_prefix("pub(crate) ")
            .or_else(|| t.strip_prefix("pub(super) "))
            .or_else(|| t.strip_prefix("pub "))
            .unwrap_or(t);
        let t = t.strip_prefix("async ").unwrap_or(t);
        kinds.iter().any(|k| {
            t.strip_prefix(k)
                .and_then(|r| r.strip_prefix(' '))
                .is_some_and(|r| {
                    r.starts_with(name)
                        && !r[name.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
                })
        }) || t.starts_with(&format!("macro_rules! {name}"))
    })
}

impl Graph {
    /// The graph of `src/bot/<layer>` under the crate at `root` (edges inside the layer).
    pub fn of_layer(root: &Path, layer: &str) -> Self {
        let bot = root.join("src/bot");
        let mut g = Self::empty(bot.clone(), vec!["bot".to_owned()]);
        g.scan(&bot.join(layer), vec![layer.to_owned()]);
        g.link(true);
        g
    }

    /// The graph of the whole library under the crate at `root` (`src/`, without the
    /// binary's `main.rs`); modules are named from `src` (`["bot", "effects", "ctx"]`).
    pub fn of_crate(root: &Path) -> Self {
        let src = root.join("src");
        let mut g = Self::empty(src.clone(), Vec::new());
        g.scan(&src, Vec::new());
        g.files.remove(&vec!["main".to_owned()]);
        g.texts.remove(&vec!["main".to_owned()]);
        if let Some(lib) = g.files.remove(&vec!["lib".to_owned()]) {
            let text = g.texts.remove(&vec!["lib".to_owned()]).unwrap_or_default();
            g.files.insert(Vec::new(), lib);
            g.texts.insert(Vec::new(), text);
        }
        g.link(false);
        g
    }

    fn empty(root: PathBuf, base: Module) -> Self {
        Self {
            root,
            base,
            files: BTreeMap::new(),
            texts: HashMap::new(),
            edges: BTreeMap::new(),
        }
    }

    /// The edges: what each file's code takes names from (`same_top`: only files under the
    /// same first module).
    fn link(&mut self, same_top: bool) {
        let modules: Vec<Module> = self.files.keys().cloned().collect();
        for m in modules {
            let code = self.texts[&m].clone();
            let mut targets = BTreeSet::new();
            // A `pub use` is the module's public face (a name of a child shown as its
            // own), not something its code takes: it is followed when resolving, never an
            // edge by itself.
            let paths = use_paths(&code)
                .into_iter()
                .filter(|(public, _)| !public)
                .map(|(_, p)| p)
                .chain(code_paths(&code));
            for p in paths {
                if let Some(t) = self.resolve(&m, &p, 0)
                    && t != m
                    && (!same_top || t.first() == m.first())
                {
                    targets.insert(t);
                }
            }
            self.edges.insert(m, targets);
        }
    }

    fn scan(&mut self, dir: &Path, module: Module) {
        let Ok(entries) = fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                let name = p
                    .file_name()
                    .and_then(|s| s.to_str())
                    .unwrap_or_default()
                    .to_owned();
                let mut m = module.clone();
                m.push(name);
                self.scan(&p, m);
            } else if p.extension().is_some_and(|x| x == "rs") && !is_test_file(&p) {
                let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
                let mut m = module.clone();
                if stem != "mod" {
                    m.push(stem.to_owned());
                }
                let text = fs::read_to_string(&p).expect("readable source");
                self.texts.insert(m.clone(), code_of(&text));
                self.files.insert(m, p);
            }
        }
    }

    /// The module whose file defines what `path`, written in module `from`, names.
    fn resolve(&self, from: &Module, path: &[String], depth: usize) -> Option<Module> {
        if depth > 8 || path.is_empty() {
            return None;
        }
        let (mut cur, rest): (Module, &[String]) = match path[0].as_str() {
            "crate" if path[1..].starts_with(&self.base) => {
                (Vec::new(), &path[1 + self.base.len()..])
            }
            "crate" => return None,
            "self" => (from.clone(), &path[1..]),
            "super" => {
                let mut m = from.clone();
                let mut k = 0;
                while path.get(k).is_some_and(|s| s == "super") {
                    m.pop();
                    k += 1;
                }
                (m, &path[k..])
            }
            first => {
                let mut child = from.clone();
                child.push(first.to_owned());
                if !self.files.contains_key(&child) {
                    return None;
                }
                (from.clone(), path)
            }
        };
        for (i, seg) in rest.iter().enumerate() {
            let mut next = cur.clone();
            next.push(seg.clone());
            if self.files.contains_key(&next) {
                cur = next;
                continue;
            }
            let code = self.texts.get(&cur)?;
            if defines(code, seg) {
                return Some(cur);
            }
            // A re-export: follow it to where the name is defined.
            for (public, p) in use_paths(code) {
                if public && p.last() == Some(seg) {
                    return self.resolve(&cur, &p, depth + 1).or(Some(cur));
                }
            }
            let _ = i;
            return Some(cur);
        }
        self.files.contains_key(&cur).then_some(cur)
    }

    /// Every circle of imports (strongly connected sets of more than one file), as file paths.
    #[must_use]
    pub fn circles(&self) -> Vec<Vec<String>> {
        circles_of(&self.edges)
            .into_iter()
            .map(|c| {
                c.iter()
                    .map(|m| {
                        self.files[m]
                            .strip_prefix(&self.root)
                            .unwrap_or(&self.files[m])
                            .display()
                            .to_string()
                    })
                    .collect()
            })
            .collect()
    }

    /// The graph read at a coarser level: each file stands for the group `group` puts it in
    /// (a module, a folder; `None`: left out), and a group imports another when one of its
    /// files imports one of the other's. A group never imports itself.
    #[must_use]
    pub fn grouped(&self, group: impl Fn(&Module) -> Option<Module>) -> Edges {
        let mut out: Edges = BTreeMap::new();
        for (m, targets) in &self.edges {
            let Some(from) = group(m) else { continue };
            let entry = out.entry(from.clone()).or_default();
            for t in targets {
                if let Some(to) = group(t)
                    && to != from
                {
                    entry.insert(to);
                }
            }
        }
        out
    }

    /// The modules `m` takes names from.
    #[must_use]
    pub fn imports_of(&self, m: &[&str]) -> Vec<String> {
        let key: Module = m.iter().map(|s| (*s).to_owned()).collect();
        self.edges
            .get(&key)
            .map(|t| t.iter().map(|m| m.join("::")).collect())
            .unwrap_or_default()
    }
}

/// Modules and what each imports.
pub type Edges = BTreeMap<Module, BTreeSet<Module>>;

/// Every circle of `edges` (strongly connected sets of more than one module), each sorted.
#[must_use]
pub fn circles_of(edges: &Edges) -> Vec<Vec<Module>> {
    let nodes: Vec<&Module> = edges.keys().collect();
    let index: HashMap<&Module, usize> = nodes.iter().enumerate().map(|(i, m)| (*m, i)).collect();
    let adj: Vec<Vec<usize>> = nodes
        .iter()
        .map(|m| {
            edges[*m]
                .iter()
                .filter_map(|t| index.get(t).copied())
                .collect()
        })
        .collect();
    // Tarjan's strongly connected components.
    let mut t = Tarjan::new(adj.len());
    for v in 0..adj.len() {
        if t.index[v] == usize::MAX {
            t.visit(v, &adj);
        }
    }
    t.circles
        .into_iter()
        .map(|c| {
            let mut c: Vec<Module> = c.into_iter().map(|i| nodes[i].clone()).collect();
            c.sort();
            c
        })
        .collect()
}

/// The module `m` is in at `depth` names (itself when it is shallower).
#[must_use]
pub fn at_depth(m: &Module, depth: usize) -> Module {
    m.iter().take(depth).cloned().collect()
}

/// The state of Tarjan's search for strongly connected components.
struct Tarjan {
    index: Vec<usize>,
    low: Vec<usize>,
    on_stack: Vec<bool>,
    stack: Vec<usize>,
    next: usize,
    /// The components of more than one node.
    circles: Vec<Vec<usize>>,
}

impl Tarjan {
    fn new(n: usize) -> Self {
        Self {
            index: vec![usize::MAX; n],
            low: vec![0; n],
            on_stack: vec![false; n],
            stack: Vec::new(),
            next: 0,
            circles: Vec::new(),
        }
    }

    fn visit(&mut self, v: usize, adj: &[Vec<usize>]) {
        self.index[v] = self.next;
        self.low[v] = self.next;
        self.next += 1;
        self.stack.push(v);
        self.on_stack[v] = true;
        for &w in &adj[v] {
            if self.index[w] == usize::MAX {
                self.visit(w, adj);
                self.low[v] = self.low[v].min(self.low[w]);
            } else if self.on_stack[w] {
                self.low[v] = self.low[v].min(self.index[w]);
            }
        }
        if self.low[v] == self.index[v] {
            let mut comp = Vec::new();
            while let Some(w) = self.stack.pop() {
                self.on_stack[w] = false;
                comp.push(w);
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                self.circles.push(comp);
            }
        }
    }
}
