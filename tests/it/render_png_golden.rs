//! The PNG boards against their committed images: the start board (`tests/golden/`) and
//! the docs screenshots of the 4-, 6- and 8-arm boards (`docs/`), each under 150 KB.
//!
//! `PARXIS_BLESS=1 cargo test --test render_png_golden` rewrites them after an intended
//! change of the drawing.

use crate::support;
use support::png_board;

use parxis::bot::core::view::ordered_moves;
use parxis::engine::{Game, Loc, Preset};
use parxis::render::image::{self, View};
use png_board::*;

#[test]
fn the_start_board_matches_its_golden_image() {
    let g = Game::new(
        Preset::Jcf,
        Preset::Jcf.options(),
        parxis::engine::Arms::Four.colours(),
    )
    .expect("a new game");
    let bytes = image::png(&g, &View::default());
    assert!(bytes.len() < 150 * 1024, "{} bytes", bytes.len());
    compare_or_bless(&bytes, "tests/golden/empty_board.png");
}

#[test]
fn the_docs_screenshot_is_current_and_small() {
    // Yellow played 17 → 20 (a barrier); blue rolled a 4 and chooses among three moves.
    let before = game(include_str!("../data/render/busy.json"));
    let last = before
        .legal_moves()
        .into_iter()
        .find(|m| m.from() == Loc::Sq(ring(17)))
        .expect("yellow can play 17 → 20");
    let g = before.play(last).and_then(|g| g.roll(4)).expect("legal");
    let moves = g.legal_moves();
    assert_eq!(moves.len(), 3);
    let view = View {
        last_move: Some(last.into()),
        choices: ordered_moves(&g),
        names: names(&["Núria", "Pau·la", "Iñaki", "François"]),
        letters: None,
    };
    let bytes = image::png(&g, &view);
    assert!(bytes.len() < 150 * 1024, "{} bytes", bytes.len());
    compare_or_bless(&bytes, "docs/board.png");
}

#[test]
fn the_star_boards_docs_screenshots_are_current_and_small() {
    for (file, doc) in [
        ("tests/data/render/busy_6.json", "docs/board_6.png"),
        ("tests/data/render/busy_8.json", "docs/board_8.png"),
    ] {
        // Given the busy six- and eight-arm positions with blue to choose a move,
        let (g, view) = busy(file);
        assert!(view.choices.len() >= 2, "{file}");
        // when drawn, each stays under 150 KB at its board's size and matches its image.
        let bytes = image::png(&g, &view);
        assert!(bytes.len() < 150 * 1024, "{doc}: {} bytes", bytes.len());
        let img = Image::decode(&bytes);
        assert_eq!(img.width, image::size(g.arms()) as usize);
        compare_or_bless(&bytes, doc);
    }
}
