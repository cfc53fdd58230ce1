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

#[test]
fn six_and_eight_arm_positions_render_as_star_boards() {
    // Given a six-arm and an eight-arm position with a pending roll,
    let dir = scratch("render_star");
    for (arms, side) in [(6, 1000u32), (8, 1000)] {
        std::fs::write(
            dir.join("pos.json"),
            format!(
                r#"{{"rules":"jcf","arms":{arms},"seats":["yellow","green"],"turn":"yellow",
                    "board":{{"80":["yellow"]}},"roll":3}}"#
            ),
        )
        .expect("write");
        // when it is rendered,
        let out = parxis(&["--position", "pos.json", "--out", "star.png"], &dir);
        assert!(out.status.success(), "{arms} arms: {}", stderr(&out));
        // then the image is a PNG of the star board's size.
        let png = std::fs::read(dir.join("star.png")).expect("the image is written");
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        let width = u32::from_be_bytes([png[16], png[17], png[18], png[19]]);
        let height = u32::from_be_bytes([png[20], png[21], png[22], png[23]]);
        assert_eq!((width, height), (side, side), "{arms} arms");
        // And as the emoji board: the ring in rows of ten up to the board's last square,
        // the roll's move numbered where it ends (square 83 = 80 + 3).
        let out = parxis(&["--position", "pos.json", "--emoji"], &dir);
        assert!(out.status.success(), "{arms} arms: {}", stderr(&out));
        let board = String::from_utf8_lossy(&out.stdout).to_string();
        let last_row = if arms == 6 { "101" } else { "131" };
        assert!(
            board.lines().any(|l| l.starts_with(last_row)),
            "{arms} arms:\n{board}"
        );
        let row81 = board
            .lines()
            .find(|l| l.starts_with("81"))
            .expect("the row of squares 81 to 90");
        assert!(row81.contains("1\u{fe0f}\u{20e3}"), "{row81}");
    }
}
