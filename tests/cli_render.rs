//! `parxis render`: a position file in, a PNG (or the emoji board) out, clear errors.

use std::path::PathBuf;
use std::process::{Command, Output};

fn parxis(args: &[&str], dir: &PathBuf) -> Output {
    Command::new(env!("CARGO_BIN_EXE_parxis"))
        .arg("render")
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the parxis binary runs")
}

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn a_position_with_a_roll_renders_to_the_named_png() {
    let dir = scratch("render_ok");
    std::fs::write(
        dir.join("pos.json"),
        r#"{"rules":"jcf","seats":["yellow","red"],"turn":"yellow","board":{"8":["yellow"]},"roll":3}"#,
    )
    .expect("write");
    let out = parxis(&["--position", "pos.json", "--out", "b.png"], &dir);
    assert!(out.status.success(), "{}", stderr(&out));
    let png = std::fs::read(dir.join("b.png")).expect("the image is written");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    // Without --out the image goes to board.png.
    let out = parxis(&["--position", "pos.json"], &dir);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(dir.join("board.png").exists());
}

#[test]
fn emoji_prints_and_writes_no_image_unless_asked() {
    let dir = scratch("render_emoji");
    std::fs::write(
        dir.join("pos.json"),
        r#"{"rules":"jcf","seats":["yellow","red"],"turn":"yellow"}"#,
    )
    .expect("write");
    let out = parxis(&["--position", "pos.json", "--emoji"], &dir);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!dir.join("board.png").exists());
}

#[test]
fn a_missing_file_is_a_clear_error_with_exit_2() {
    let dir = scratch("render_missing");
    let out = parxis(&["--position", "nope.json"], &dir);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("nope.json") && err.contains("cannot read"),
        "{err}"
    );
    assert!(!dir.join("board.png").exists());
}

#[test]
fn an_invalid_position_is_a_clear_error_with_exit_2() {
    let dir = scratch("render_invalid");
    for (body, says) in [
        ("{not json", "not a position"),
        (
            r#"{"rules":"jcf","seats":["yellow","red"],"turn":"yellow","board":{"2":["yellow"]}}"#,
            "invalid position",
        ),
        (
            r#"{"rules":"jcf","seats":["yellow","red"],"turn":"yellow","roll":9}"#,
            "invalid position",
        ),
        (
            r#"{"rules":"jcf","arms":6,"seats":["yellow","green"],"turn":"yellow"}"#,
            "four arms only",
        ),
    ] {
        std::fs::write(dir.join("bad.json"), body).expect("write");
        let out = parxis(&["--position", "bad.json"], &dir);
        assert_eq!(out.status.code(), Some(2), "{body}");
        let err = stderr(&out);
        assert!(
            err.contains("bad.json") && err.contains(says),
            "{body}: {err}"
        );
    }
    assert!(!dir.join("board.png").exists());
}
