//! The repository's own files, as the tests that check them read them (docs, deploy files,
//! the CI scripts): by their path from the repository's root.

use std::path::PathBuf;

use serde::Deserialize;
use serde_yaml::Value;

/// The repository's root (where Cargo.toml is).
#[must_use]
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The text of the file at `relative` from the root.
///
/// # Panics
/// When it cannot be read, naming it.
#[must_use]
pub fn read(relative: &str) -> String {
    let path = root().join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every YAML document in `relative` (a `---`-separated file gives several).
#[must_use]
pub fn yaml_docs(relative: &str) -> Vec<Value> {
    let text = read(relative);
    serde_yaml::Deserializer::from_str(&text)
        .map(|doc| Value::deserialize(doc).unwrap_or_else(|e| panic!("{relative}: {e}")))
        .filter(|doc| !doc.is_null())
        .collect()
}

/// The one YAML document in `relative`.
#[must_use]
pub fn yaml(relative: &str) -> Value {
    let mut docs = yaml_docs(relative);
    assert_eq!(docs.len(), 1, "{relative} should hold one document");
    docs.remove(0)
}
