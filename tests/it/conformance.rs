//! The rules conformance cases of `tests/conformance/*.jsonl` (docs/PROTOCOL.md), run through
//! the built `parxis rules` binary exactly as anyone would run them: one process per case
//! file, every request of the file on its standard input, one answer line per request.
//!
//! A case line is `{"id", "rule", "why", "request", "expect"}`. An answer matches when:
//! - `expect` has `"error"`: the answer has an `"error"` key (the message is not compared);
//! - `expect` has `"position"` (a new game): the positions are equal;
//! - otherwise the moves are equal as a set keyed by (colour, from, to), each with equal
//!   `captures` and `after`, and the top-level `after` is equal.
//!
//! Positions are compared field by field after the representation-only normalisations of
//! the protocol: goal counts of 0 are dropped, `options` are compared as the preset's
//! effective values with the overrides applied, and an absent `arms` is 4.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::{Map, Value, json};

/// The effective options of a preset (docs/RULES.md R7).
fn preset_options(rules: &str) -> Option<Value> {
    Some(match rules {
        "jcf" => {
            json!({"six_counts": 7, "third_six_spares": "goal", "barriers": "anywhere", "pairs": false})
        }
        "classic" => {
            json!({"six_counts": 7, "third_six_spares": "corridor", "barriers": "anywhere", "pairs": false})
        }
        "solidari" => {
            json!({"six_counts": 7, "third_six_spares": "corridor", "barriers": "safe", "pairs": true})
        }
        _ => return None,
    })
}

/// A position with its representation-only differences removed.
fn normalise(pos: &Value) -> Value {
    let Some(obj) = pos.as_object() else {
        return pos.clone();
    };
    let mut obj = obj.clone();
    if let Some(Value::Object(goal)) = obj.get_mut("goal") {
        goal.retain(|_, n| n != &json!(0));
    }
    let overrides = match obj.get("options") {
        None | Some(Value::Null) => Some(Map::new()),
        Some(Value::Object(o)) => Some(o.clone()),
        Some(_) => None,
    };
    if let (Some(overrides), Some(Value::Object(mut eff))) = (
        overrides,
        obj.get("rules")
            .and_then(Value::as_str)
            .and_then(preset_options),
    ) {
        eff.extend(overrides);
        obj.insert("options".into(), Value::Object(eff));
    }
    obj.entry("arms").or_insert(json!(4));
    Value::Object(obj)
}

fn short(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() <= 160 {
        s
    } else {
        s.chars().take(157).collect::<String>() + "..."
    }
}

/// `None` when equal, else where the first difference is.
fn position_diff(expected: &Value, got: &Value) -> Option<String> {
    let (e, g) = (normalise(expected), normalise(got));
    if e == g {
        return None;
    }
    let (Some(eo), Some(go)) = (e.as_object(), g.as_object()) else {
        return Some(format!("expected {}, got {}", short(expected), short(got)));
    };
    let absent = json!("<absent>");
    let fields: std::collections::BTreeSet<&String> = eo.keys().chain(go.keys()).collect();
    for f in fields {
        let (ev, gv) = (eo.get(f).unwrap_or(&absent), go.get(f).unwrap_or(&absent));
        if ev == gv {
            continue;
        }
        if let (Some(em), Some(gm)) = (ev.as_object(), gv.as_object()) {
            let keys: std::collections::BTreeSet<&String> = em.keys().chain(gm.keys()).collect();
            for k in keys {
                let (a, b) = (em.get(k).unwrap_or(&absent), gm.get(k).unwrap_or(&absent));
                if a != b {
                    return Some(format!(
                        "{f}[{k:?}]: expected {}, got {}",
                        short(a),
                        short(b)
                    ));
                }
            }
        }
        return Some(format!("{f}: expected {}, got {}", short(ev), short(gv)));
    }
    Some("positions differ".into())
}

type MoveKey = (String, String, String);

fn move_key(m: &Value) -> MoveKey {
    let s = |k: &str| m.get(k).map(Value::to_string).unwrap_or_default();
    (s("colour"), s("from"), s("to"))
}

/// The differences between an expected answer and the one given; empty when it matches.
fn compare(expect: &Value, got: &Value) -> Vec<String> {
    if !got.is_object() {
        return vec![format!("answer is not a JSON object: {}", short(got))];
    }
    if expect.get("error").is_some() {
        return if got.get("error").is_some() {
            vec![]
        } else {
            vec![format!("expected an error, got {}", short(got))]
        };
    }
    if let Some(err) = got.get("error") {
        return vec![format!("unexpected error: {err}")];
    }
    if let Some(pos) = expect.get("position") {
        return match got.get("position") {
            None => vec!["answer has no \"position\"".into()],
            Some(g) => position_diff(pos, g)
                .map(|d| format!("position: {d}"))
                .into_iter()
                .collect(),
        };
    }
    let Some(got_moves) = got.get("moves").and_then(Value::as_array) else {
        return vec![format!("answer has no \"moves\" list: {}", short(got))];
    };
    let mut lines = Vec::new();
    let want: BTreeMap<MoveKey, &Value> = expect["moves"]
        .as_array()
        .map(|v| v.iter().map(|m| (move_key(m), m)).collect())
        .unwrap_or_default();
    let mut have: BTreeMap<MoveKey, &Value> = BTreeMap::new();
    for m in got_moves {
        if have.insert(move_key(m), m).is_some() {
            lines.push(format!("duplicate move {:?}", move_key(m)));
        }
    }
    for k in want.keys().filter(|k| !have.contains_key(*k)) {
        lines.push(format!("missing move {k:?}"));
    }
    for k in have.keys().filter(|k| !want.contains_key(*k)) {
        lines.push(format!("extra move {k:?}"));
    }
    for (k, em) in &want {
        let Some(gm) = have.get(k) else { continue };
        if em.get("captures") != gm.get("captures") {
            lines.push(format!(
                "move {k:?}: captures expected {:?}, got {:?}",
                em.get("captures"),
                gm.get("captures")
            ));
        }
        if let Some(d) = position_diff(&em["after"], &gm["after"]) {
            lines.push(format!("move {k:?}: after.{d}"));
        }
    }
    let absent = json!("<absent>");
    let (ea, ga) = (&expect["after"], got.get("after").unwrap_or(&absent));
    if ea.is_null() || ga.is_null() {
        if ea != ga {
            lines.push(format!(
                "top-level after: expected {}, got {}",
                short(ea),
                short(ga)
            ));
        }
    } else if let Some(d) = position_diff(ea, ga) {
        lines.push(format!("top-level after.{d}"));
    }
    lines
}

/// Run the binary once on `requests`; its answer lines.
fn run_rules(requests: &[&Value]) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_parxis"))
        .arg("rules")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start parxis rules");
    let mut input = String::new();
    for r in requests {
        input.push_str(&r.to_string());
        input.push('\n');
    }
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("parxis rules runs");
    writer.join().expect("writer").expect("write requests");
    assert!(
        out.status.success(),
        "parxis rules exited with {}: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .expect("UTF-8 answers")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(str::to_string)
        .collect()
}

fn case_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    files
}

/// Run every case of every file in `dir`: (passed, failure reports).
fn run_dir(dir: &Path) -> (usize, Vec<String>) {
    let mut passed = 0;
    let mut failures = Vec::new();
    let mut ids = std::collections::HashSet::new();
    for file in case_files(dir) {
        let text = std::fs::read_to_string(&file).expect("read cases");
        let cases: Vec<Value> = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(n, l)| {
                let c: Value = serde_json::from_str(l)
                    .unwrap_or_else(|e| panic!("{}:{}: bad case: {e}", file.display(), n + 1));
                for key in ["id", "rule", "why", "request", "expect"] {
                    assert!(
                        c.get(key).is_some(),
                        "{}:{}: no {key}",
                        file.display(),
                        n + 1
                    );
                }
                c
            })
            .collect();
        let answers = run_rules(&cases.iter().map(|c| &c["request"]).collect::<Vec<_>>());
        assert_eq!(
            answers.len(),
            cases.len(),
            "{}: one answer per request",
            file.display()
        );
        for (case, answer) in cases.iter().zip(&answers) {
            assert!(
                ids.insert(case["id"].to_string()),
                "duplicate case id {}",
                case["id"]
            );
            let diff = match serde_json::from_str::<Value>(answer) {
                Ok(got) => compare(&case["expect"], &got),
                Err(_) => vec![format!("answer is not JSON: {answer}")],
            };
            if diff.is_empty() {
                passed += 1;
            } else {
                failures.push(format!(
                    "FAIL {} [{}] {}\n    {}",
                    case["id"],
                    case["rule"],
                    case["why"],
                    diff.join("\n    ")
                ));
            }
        }
    }
    (passed, failures)
}

fn cases_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/conformance")
}

#[test]
fn every_conformance_case_passes() {
    let (passed, failures) = run_dir(&cases_dir());
    assert!(
        failures.is_empty(),
        "{} passed, {} failed:\n{}",
        passed,
        failures.len(),
        failures.join("\n")
    );
    assert!(passed >= 119, "only {passed} cases ran");
    println!("{passed} passed, 0 failed");
}

#[test]
fn the_checker_notices_a_wrong_answer() {
    // The comparison itself can fail: a move missing, a wrong capture, a different `after`.
    let after = json!({"rules": "jcf", "seats": ["yellow", "red"], "turn": "red", "board": {"5": ["yellow"]}, "goal": {}});
    let expect = json!({"moves": [{"colour": "yellow", "from": "nest", "to": "5", "captures": null, "after": after}], "after": null});
    assert!(compare(&expect, &expect).is_empty());
    let mut wrong = expect.clone();
    wrong["moves"][0]["after"]["turn"] = json!("yellow");
    assert_eq!(compare(&expect, &wrong).len(), 1);
    wrong = expect.clone();
    wrong["moves"][0]["captures"] = json!("blue");
    assert_eq!(compare(&expect, &wrong).len(), 1);
    wrong = json!({"moves": [], "after": after});
    assert_eq!(compare(&expect, &wrong).len(), 2);
    assert!(!compare(&json!({"error": "x"}), &expect).is_empty());
    // ... while representation-only differences are not differences.
    let mut same = expect.clone();
    same["moves"][0]["after"]["goal"] = json!({"red": 0});
    same["moves"][0]["after"]["options"] = json!({"six_counts": 7});
    same["moves"][0]["after"]["arms"] = json!(4);
    assert!(compare(&expect, &same).is_empty());
}

// ----- recorded games (docs/PROTOCOL.md "Recorded games") -----

fn replays_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/replays")
}

/// The lines of a record, as JSON.
fn record_lines(file: &Path) -> Vec<Value> {
    std::fs::read_to_string(file)
        .unwrap_or_else(|e| panic!("{}: {e}", file.display()))
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// A record checked through `parxis rules` alone, as anyone would: the header's `new`
/// with the roll-off's starter to move is the first step's position; each step line is a
/// request whose answer has the step's `play` (or no move when it is `null`), and that
/// move's `after` (or the top-level `after`) is the next line's position, the last one
/// the `final` position. The differences found; empty when the record holds.
fn check_through_rules(lines: &[Value]) -> Vec<String> {
    let answers = run_rules(&lines[..lines.len() - 1].iter().collect::<Vec<_>>());
    let parsed: Vec<Value> = answers
        .iter()
        .map(|a| serde_json::from_str(a).expect("a JSON answer"))
        .collect();
    let mut found = Vec::new();
    let mut start = parsed[0]["position"].clone();
    start["turn"] = lines[0]["starter"].clone();
    if let Some(d) = position_diff(&start, &lines[1]["position"]) {
        found.push(format!(
            "line 2: not the new game with the starter to roll: {d}"
        ));
    }
    for (i, line) in lines.iter().enumerate().skip(1).take(lines.len() - 2) {
        let answer = &parsed[i];
        let next = if i + 1 == lines.len() - 1 {
            let mut last = lines[i + 1]["final"].clone();
            if let Some(o) = last.as_object_mut() {
                o.remove("roll");
            }
            last
        } else {
            lines[i + 1]["position"].clone()
        };
        let Some(moves) = answer["moves"].as_array() else {
            found.push(format!("line {}: {}", i + 1, short(answer)));
            continue;
        };
        let after = match &line["play"] {
            Value::Null if moves.is_empty() => answer["after"].clone(),
            Value::Null => {
                found.push(format!(
                    "line {}: nothing played, {} legal",
                    i + 1,
                    moves.len()
                ));
                continue;
            }
            play => match moves.iter().find(|m| move_key(m) == move_key(play)) {
                Some(m) if m["captures"] == play["captures"] => m["after"].clone(),
                Some(m) => {
                    found.push(format!("line {}: captures {}", i + 1, m["captures"]));
                    continue;
                }
                None => {
                    found.push(format!("line {}: {} is not legal", i + 1, short(play)));
                    continue;
                }
            },
        };
        if let Some(d) = position_diff(&after, &next) {
            found.push(format!("line {}: the next position differs: {d}", i + 2));
        }
    }
    found
}

/// `parxis replay FILE --quiet`: its exit status and what it wrote.
fn replay_cli(file: &Path) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_parxis"))
        .args(["replay", "--quiet"])
        .arg(file)
        .output()
        .expect("parxis replay runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn recorded_games_replay_step_by_step_through_the_protocol() {
    let files: Vec<PathBuf> = case_files(&replays_dir())
        .into_iter()
        .filter(|f| !f.to_string_lossy().contains("tampered"))
        .collect();
    assert!(files.len() >= 3, "{files:?}");
    let mut steps = 0;
    for file in &files {
        // Given a game recorded by the project's own code (tests/replays/README.md),
        let lines = record_lines(file);
        assert!(lines.len() > 50, "{}", file.display());
        // When its lines go through `parxis rules`, Then every step holds,
        let found = check_through_rules(&lines);
        assert!(
            found.is_empty(),
            "{}:\n{}",
            file.display(),
            found.join("\n")
        );
        // and `parxis replay` accepts it.
        let (ok, out, err) = replay_cli(file);
        assert!(ok, "{}: {err}", file.display());
        assert!(out.contains("✅"), "{out}");
        steps += lines.len() - 2;
    }
    println!("{} recorded games, {steps} steps: 0 failed", files.len());
}

#[test]
fn a_tampered_record_is_refused_with_its_line_and_reason() {
    // Given a record whose step 41 claims a roll of 5 where the game rolled something else
    // (tests/replays/tampered.jsonl, see its README),
    let file = replays_dir().join("tampered.jsonl");
    // When it is replayed, Then it is refused at that line, saying why,
    let (ok, _, err) = replay_cli(&file);
    assert!(!ok, "a tampered record was accepted");
    assert!(err.contains("line 42:"), "{err}");
    assert!(
        err.contains("not a legal move") || err.contains("not the one"),
        "{err}"
    );
    // and the protocol check finds it too.
    let found = check_through_rules(&record_lines(&file));
    assert!(
        !found.is_empty(),
        "the protocol check missed the tampered step"
    );
}
