//! Provably fair dice in the bot, end to end (the real bot, the fake Bot API, a real Redis):
//! the rolls are sealed in the lobby (the commitment in the chat before the first roll), a
//! `/seed` phrase and the Start press go into the salt, every roll of the game follows from
//! the seed (checked by `parxis verify`, the library's check and the Python check of
//! docs/FAIRNESS.md), the seed is revealed beside its commitment on the final board and in
//! `/record`'s caption (SHA-256 of the seed is the commitment), a tampered
//! record is refused; the same holds with a restart mid-game and two replicas; no seed
//! material reaches a log (at debug level) or a message before the reveal.

use crate::support;

use std::io::Write as _;
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use parxis::bot::core::fair_check::{Checked, Refused, verify};
use parxis::bot::core::table::Status;
use parxis::dice::fair::{self, Seed};
use serde_json::Value;
use sha2::{Digest, Sha256};
use support::bot_harness::{Harness, Options, WAIT, button_with, four_users, text_of};
use support::fake_tg::{TestUser, buttons, msg_id};

/// Every log line of this test process, at debug level.
#[derive(Clone, Default)]
struct Logs(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Logs {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("logs").extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Logs {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().expect("logs")).into_owned()
    }
}

fn fair_harness_opts() -> Options {
    Options {
        fair: true,
        ..Options::default()
    }
}

/// Every request made to the fake Telegram so far, as text.
fn requests_text(h: &Harness, from: usize) -> String {
    h.fake
        .requests_since(from)
        .iter()
        .map(|r| r.params.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The rolls of a record in order (the roll-off's, then each step's).
fn rolls_of(record: &str) -> Vec<u8> {
    let lines: Vec<Value> = record
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    let mut rolls: Vec<u8> = lines[0]["roll_off"]
        .as_array()
        .expect("roll-off")
        .iter()
        .flat_map(|r| r.as_array().expect("a round").clone())
        .map(|p| u8::try_from(p[1].as_u64().expect("a roll")).expect("a die"))
        .collect();
    rolls.extend(
        lines[1..]
            .iter()
            .filter_map(|l| l.get("roll").and_then(Value::as_u64))
            .map(|d| u8::try_from(d).expect("a die")),
    );
    rolls
}

fn write_tmp(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("parxis-fair-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let path = dir.join(name);
    std::fs::File::create(&path)
        .and_then(|mut f| f.write_all(text.as_bytes()))
        .expect("write");
    path
}

/// `parxis verify FILE`: exit code and output.
fn parxis_verify(path: &std::path::Path) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_parxis"))
        .arg("verify")
        .arg(path)
        .output()
        .expect("run parxis verify");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code().unwrap_or(-1), text)
}

/// The Python check of docs/FAIRNESS.md: exit code and output.
fn python_check(path: &std::path::Path, rolls: bool) -> (i32, String) {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/fairness_check.py");
    let mut cmd = Command::new("python3");
    cmd.arg(script).arg(path);
    if rolls {
        cmd.arg("--rolls");
    }
    let out = cmd.output().expect("run python3");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code().unwrap_or(-1), text)
}

/// The record's line `k` with `f` applied to its JSON.
fn with_line(record: &str, k: usize, f: impl FnOnce(&mut Value)) -> String {
    let mut lines: Vec<String> = record.lines().map(str::to_owned).collect();
    let mut v: Value = serde_json::from_str(&lines[k]).expect("JSON");
    f(&mut v);
    lines[k] = v.to_string();
    lines.join("\n") + "\n"
}

/// `n` presses of whoever is to move (the first button of a board that shows the table).
async fn press_a_few(h: &Harness, users: &[TestUser], n: usize) {
    let mut pressed = 0;
    while pressed < n {
        let (t, board) = h.fresh_board().await;
        assert_eq!(t.status(), Status::Playing, "the game ended too soon");
        let b = buttons(&board);
        let Some(p) = t.to_move().filter(|p| !p.is_automatic() && !b.is_empty()) else {
            tokio::time::sleep(Duration::from_millis(5)).await;
            continue;
        };
        let user = users.iter().find(|u| u.id == p.id).expect("a test user");
        h.press(user, msg_id(&board), &b[0].1).await;
        pressed += 1;
    }
}

/// `/record`'s file for the place's last game.
async fn record_file(h: &Harness) -> String {
    record_sent(h).await.0
}

/// `/record`'s file for the place's last game, and its caption.
async fn record_sent(h: &Harness) -> (String, String) {
    let users = four_users();
    let mark = h.fake.mark();
    h.command(&users[1], "/record").await;
    let doc = h
        .fake
        .wait_for_request_after(
            mark,
            |r| r.method == "senddocument",
            Duration::from_secs(120),
        )
        .await;
    assert!(doc.ok(), "{:?}", doc.response);
    let caption = doc.str_param("caption").unwrap_or_default().to_owned();
    let file = String::from_utf8(doc.files[0].data.clone()).expect("UTF-8");
    (file, caption)
}

/// The seed a text reveals beside its commitment: the text carries `commitment` and, on the
/// line after it, 64 hex digits that are not it. FAIRNESS.md's check: SHA-256 of the seed's
/// 32 bytes, in lowercase hex, is the commitment.
fn seed_beside(text: &str, commitment: &str) -> Seed {
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.contains(commitment))
        .unwrap_or_else(|| panic!("no commitment {commitment} in {text}"));
    let next = lines.get(at + 1).copied().unwrap_or_default();
    let seed_hex = next
        .split(|c: char| !c.is_ascii_hexdigit())
        .find(|w| w.len() == 64 && *w != commitment)
        .unwrap_or_else(|| panic!("no seed on the line after the commitment in {text}"));
    let seed = Seed::from_hex(seed_hex).expect("64 hex digits");
    let bytes = hex::decode(seed_hex).expect("hex");
    assert_eq!(hex::encode(Sha256::digest(bytes)), commitment, "{text}");
    seed
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rolls_are_sealed_before_the_first_roll_revealed_at_the_end_and_anyone_can_check_them()
{
    let logs = Logs::default();
    let sink = logs.clone();
    let _ = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::DEBUG)
        .with_writer(move || sink.clone())
        .try_init();
    let h = Harness::start_with(11, fair_harness_opts()).await;
    h.use_emoji().await;
    let users = four_users();
    let start_mark = h.fake.mark();
    // Given a lobby: its message shows the rolls sealed (the seed's SHA-256),
    h.command(&users[0], "/newgame").await;
    let (_, lobby_table) = h.table().await;
    let sealed = lobby_table.fair().expect("fair dice").clone();
    let commitment = sealed.commitment();
    assert_eq!(commitment, fair::commitment(&sealed.seed));
    let lobby = h.board().await;
    assert!(text_of(&lobby).contains(&commitment), "{}", text_of(&lobby));
    // When a player adds a phrase with /seed, another joins and the host presses Start,
    let mark = h.fake.mark();
    h.command(&users[1], "/seed green apples").await;
    h.fake
        .wait_for_request_after(
            mark,
            |r| r.method == "sendmessage" && r.params.to_string().contains("green apples"),
            WAIT,
        )
        .await;
    let (_, with_phrase) = h.table().await;
    let phrases = &with_phrase.fair().expect("fair dice").phrases;
    assert_eq!(phrases, &vec!["green apples".to_owned()]);
    let lobby = h.board().await;
    let ans = h
        .press(&users[1], msg_id(&lobby), &button_with(&lobby, "j:"))
        .await;
    assert!(ans.str_param("text").is_none(), "{:?}", ans.params);
    let lobby = h.board().await;
    let start = h
        .press(&users[0], msg_id(&lobby), &button_with(&lobby, "s:"))
        .await;
    let press_id = start.params["callback_query_id"]
        .as_str()
        .expect("the press's id")
        .to_owned();
    let (_, playing) = h.table().await;
    assert_eq!(playing.status(), Status::Playing);
    // Then the salt is fixed from the players, the press and the phrase, the seed unchanged,
    let f = playing.fair().expect("fair dice");
    assert_eq!(f.seed, sealed.seed);
    let salt = f.salt.clone().expect("the salt fixed at the start");
    assert!(salt.contains(&press_id), "{salt}");
    assert!(salt.contains("green apples"), "{salt}");
    assert!(
        salt.contains(&format!("players={},{}", users[0].id, users[1].id)),
        "{salt}"
    );
    // and the board in play still shows the same commitment.
    let (_, board) = h.fresh_board().await;
    assert!(text_of(&board).contains(&commitment), "{}", text_of(&board));
    // When the game is played to its end with the buttons,
    h.play_to_end(&users[..2], 3000).await;
    let seed_hex = sealed.seed.reveal();
    // then the final board reveals the seed, which hashes to the commitment.
    let (_, t) = h
        .wait_table(WAIT, "the game recorded", |t| {
            t.status() == Status::Finished && t.tally().recorded
        })
        .await;
    assert_eq!(t.fair().map(|f| f.seed), Some(sealed.seed));
    let fin_text = loop {
        let (_, b) = h.fresh_board().await;
        let text = text_of(&b);
        if text.contains(&seed_hex) {
            break text;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    // The final board keeps the commitment beside the seed (the line before it), once.
    let revealed = seed_beside(&fin_text, &commitment);
    assert_eq!(revealed, sealed.seed);
    assert_eq!(fin_text.matches(&commitment).count(), 1, "{fin_text}");
    assert_eq!(fair::commitment(&revealed), commitment);

    // /stats shows the player's rolls per face over their games, with the verdict.
    let faces = t.tally().seat(users[0].id).faces;
    assert!(faces.iter().sum::<u32>() > 5, "{faces:?}");
    let mark = h.fake.mark();
    h.command(&users[0], "/stats").await;
    let expected = format!(
        "⚀ {} · ⚁ {} · ⚂ {} · ⚃ {} · ⚄ {} · ⚅ {}",
        faces[0], faces[1], faces[2], faces[3], faces[4], faces[5]
    );
    let card = h
        .fake
        .wait_for_request_after(
            mark,
            |r| r.method == "sendmessage" && r.params.to_string().contains("Rolls ("),
            WAIT,
        )
        .await;
    let card = card.params["text"].as_str().expect("a text").to_owned();
    assert!(card.contains(&expected), "{card}\nexpected {expected}");
    assert!(
        card.contains("sixes") && card.contains("expected 16.7 %"),
        "{card}"
    );
    // /stats group shows the group's rolls: both players' together.
    let both = t.tally().seat(users[1].id).faces;
    let sum: Vec<u32> = faces.iter().zip(&both).map(|(a, b)| a + b).collect();
    let mark = h.fake.mark();
    h.command(&users[1], "/stats group").await;
    let group = h
        .fake
        .wait_for_request_after(
            mark,
            |r| r.method == "sendmessage" && r.params.to_string().contains("group's dice"),
            WAIT,
        )
        .await;
    let group = group.params["text"].as_str().expect("a text").to_owned();
    let expected = format!(
        "⚀ {} · ⚁ {} · ⚂ {} · ⚃ {} · ⚄ {} · ⚅ {}",
        sum[0], sum[1], sum[2], sum[3], sum[4], sum[5]
    );
    assert!(group.contains(&expected), "{group}\nexpected {expected}");
    // When /record is sent, its caption shows the commitment beside the seed it seals,
    // and its rolls are the derivation's, by parxis verify, the library's check and the
    // Python check alike.
    let (record, caption) = record_sent(&h).await;
    assert_eq!(seed_beside(&caption, &commitment), sealed.seed, "{caption}");
    let rolls = rolls_of(&record);
    assert!(rolls.len() > 20, "{} rolls", rolls.len());
    let derived: Vec<u8> = (0..rolls.len() as u64)
        .map(|n| fair::roll(&revealed, &salt, n))
        .collect();
    assert_eq!(rolls, derived);
    assert_eq!(
        verify(&record),
        Ok(Checked::Fair {
            rolls: u32::try_from(rolls.len()).expect("rolls"),
            commitment: commitment.clone()
        })
    );
    let path = write_tmp("game.jsonl", &record);
    let (code, out) = parxis_verify(&path);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains(&commitment), "{out}");
    let (code, out) = python_check(&path, true);
    assert_eq!(code, 0, "{out}");
    let py_rolls: Vec<u8> =
        serde_json::from_str(out.lines().next().expect("the rolls")).expect("a JSON list");
    assert_eq!(py_rolls, rolls);
    // A record with one roll changed, a wrong seed or another salt is refused by all three.
    let k = record
        .lines()
        .position(|l| l.contains("\"roll\":"))
        .expect("a roll line");
    let changed = with_line(&record, k, |v| {
        let d = v["roll"].as_u64().expect("a roll");
        v["roll"] = Value::from(if d == 6 { 1 } else { d + 1 });
    });
    let wrong_seed = with_line(&record, 0, |v| {
        v["fair"]["seed"] = Value::from("00".repeat(32));
    });
    let other_salt = with_line(&record, 0, |v| {
        v["fair"]["salt"] = Value::from(salt.replace("green apples", "red apples"));
    });
    assert!(matches!(verify(&changed), Err(Refused::Roll { line, .. }) if line as usize == k + 1));
    assert_eq!(verify(&wrong_seed), Err(Refused::Commitment));
    assert!(matches!(verify(&other_salt), Err(Refused::Roll { .. })));
    // Nothing sent to the chat held the seed but its reveal (the final board's line, the
    // record), and no log line at debug level ever held it.
    for r in requests_text(&h, start_mark).lines() {
        if r.contains(&seed_hex) {
            assert!(
                r.contains("Seed of the rolls") || r.contains("\"seed\""),
                "{r}"
            );
        }
    }
    let logged = logs.text();
    assert!(logged.contains("DEBUG"), "no log captured at debug level");
    assert!(!logged.contains(&seed_hex), "the seed is in the logs");
    for (name, text) in [
        ("changed", &changed),
        ("seed", &wrong_seed),
        ("salt", &other_salt),
    ] {
        let p = write_tmp(&format!("{name}.jsonl"), text);
        assert_eq!(parxis_verify(&p).0, 1, "{name}: {}", parxis_verify(&p).1);
        assert_eq!(python_check(&p, false).0, 1, "{name}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rolls_follow_the_seed_across_a_restart_mid_game_and_two_replicas() {
    let mut h = Harness::start_with(12, fair_harness_opts()).await;
    h.use_emoji().await;
    // Two replicas on the same Redis and API.
    h.spawn_bot().await;
    let users = four_users();
    h.start_game(2).await;
    let (_, t0) = h.table().await;
    let seed = t0.fair().expect("fair dice").seed;
    // A few presses, then every bot stops (a restart) and a new one plays on.
    press_a_few(&h, &users[..2], 6).await;
    let (_, mid) = h.table().await;
    let rolled = mid.fair().expect("fair dice").next;
    assert!(rolled > 2, "{rolled} rolls before the restart");
    h.stop_bots().await;
    h.spawn_bot().await;
    h.spawn_bot().await;
    h.play_to_end(&users[..2], 3000).await;
    let (_, t) = h
        .wait_table(WAIT, "the game recorded", |t| {
            t.status() == Status::Finished && t.tally().recorded
        })
        .await;
    let f = t.fair().expect("fair dice");
    assert_eq!(f.seed, seed);
    assert!(f.next > rolled);
    // Every roll of the record, before and after the restart, on either replica, is the
    // derivation's roll of its number.
    let record = record_file(&h).await;
    let rolls = rolls_of(&record);
    assert_eq!(rolls.len() as u64, f.next);
    let checked = verify(&record).expect("fair");
    assert!(matches!(checked, Checked::Fair { .. }), "{checked:?}");
    let derived: Vec<u8> = (0..f.next)
        .map(|n| fair::roll(&seed, f.salt(), n))
        .collect();
    assert_eq!(rolls, derived);
}
