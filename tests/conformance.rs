//! Runs every public conformance case of `shared/conformance/cases/` through the built
//! `parxis rules` binary with the project's own checker, `check.py`.

use std::path::PathBuf;
use std::process::Command;

fn shared() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/conformance")
}

#[test]
fn all_public_conformance_cases_pass() {
    let dir = shared();
    let mut cases: Vec<PathBuf> = std::fs::read_dir(dir.join("cases"))
        .expect("shared/conformance/cases must sit beside the repository")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    cases.sort();
    assert!(
        cases.len() >= 10,
        "expected the ten case files, found {}",
        cases.len()
    );
    let bin = env!("CARGO_BIN_EXE_parxis");
    let out = Command::new("python3")
        .arg(dir.join("check.py"))
        .arg("--cmd")
        .arg(format!("{bin} rules"))
        .args(&cases)
        .output()
        .expect("python3 runs check.py");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let last = stdout.lines().last().unwrap_or_default();
    assert!(
        out.status.success(),
        "conformance failures:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let passed: usize = last
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    assert!(
        last.ends_with(" passed, 0 failed") && passed >= 76,
        "unexpected summary: {last}"
    );
}
