//! The PNG board's move labels and trail: labels at their destinations (in the goal too),
//! numbered nearest home first as the buttons are, the last move's trail, names in any
//! language and token letters in the chat's.

use crate::support;
use support::png_board;

use parxis::engine::{Colour, Game, Loc, Move};
use parxis::render::image::{self, View, pair_centres, square_area, square_centre};
use png_board::*;

fn blue_move(g: &Game, from: u8) -> Move {
    g.legal_moves()
        .into_iter()
        .find(|m| m.from() == Loc::Sq(ring(from)))
        .expect("the test move is legal")
}

#[test]
fn move_labels_appear_at_their_destinations() {
    // Given blue to move a 4 from 12 (to 16, empty) and from 40 (to 44, where red stands).
    let g = game(
        r#"{"rules":"jcf","seats":["yellow","blue","red","green"],"turn":"blue",
            "board":{"12":["blue"],"40":["blue"],"44":["red"]},"roll":4}"#,
    );
    let plain = render(&g, &View::default());
    let choices = vec![blue_move(&g, 12), blue_move(&g, 40)];
    let labelled = render(
        &g,
        &View {
            choices: choices.clone(),
            ..View::default()
        },
    );
    // Then the label covers the empty destination's centre,
    assert!(plain.differing(&labelled, square_centre(FOUR, ring(16)), 14.0) > 300);
    // the occupied destination shows its red piece in the first place, the label beside it,
    let dest = square_area(FOUR, ring(44));
    let [first, second] = pair_centres(FOUR, ring(44));
    assert!(piece_share(&labelled, first, 12.0, Colour::Red) > 0.4);
    assert!(plain.differing(&labelled, second, 14.0) > 300);
    assert_eq!(blobs(&labelled, dest, Colour::Red, 150), 1);
    // the moving pieces carry their move's number (12's piece, on its top-right),
    let (x, y) = square_centre(FOUR, ring(12));
    assert!(plain.differing(&labelled, (x + 13.0, y - 13.0), 5.0) > 20);
    // and a square no move names is untouched.
    assert_eq!(
        plain.differing(&labelled, square_centre(FOUR, ring(30)), 20.0),
        0
    );
    // Labels differ by number: 1 at 16 and 2 at 44 versus swapped.
    let swapped = render(
        &g,
        &View {
            choices: vec![choices[1], choices[0]],
            ..View::default()
        },
    );
    assert!(labelled.differing(&swapped, square_centre(FOUR, ring(16)), 10.0) > 10);
}

#[test]
fn a_move_into_the_goal_is_labelled_in_the_goal() {
    let g = game(
        r#"{"rules":"jcf","seats":["yellow","red"],"turn":"yellow",
            "board":{"yellow-5":["yellow"]},"roll":3}"#,
    );
    let moves = g.legal_moves();
    assert!(moves.iter().any(|m| m.reaches_goal()));
    let plain = render(&g, &View::default());
    let labelled = render(
        &g,
        &View {
            choices: moves.to_vec(),
            ..View::default()
        },
    );
    let tri = image::goal_triangle(FOUR, Colour::Yellow);
    let centroid = (
        (tri[0].0 + tri[1].0 + tri[2].0) / 3.0,
        (tri[0].1 + tri[1].1 + tri[2].1) / 3.0,
    );
    assert!(plain.differing(&labelled, centroid, 45.0) > 100);
}

#[test]
fn the_last_move_leaves_a_trail_along_its_path() {
    // Given blue moving 12 → 16 with a 4.
    let before = game(
        r#"{"rules":"jcf","seats":["yellow","blue","red","green"],"turn":"blue",
            "board":{"12":["blue"]},"roll":4}"#,
    );
    let mv = blue_move(&before, 12);
    let after = before.play(mv).expect("legal");
    let plain = render(&after, &View::default());
    let traced = render(
        &after,
        &View {
            last_move: Some(mv.into()),
            ..View::default()
        },
    );
    // Then the squares passed on the way change, and a square off the path does not.
    for n in [12, 13, 14, 15] {
        assert!(
            plain.differing(&traced, square_centre(FOUR, ring(n)), 6.0) > 20,
            "trail over {n}"
        );
    }
    assert_eq!(
        plain.differing(&traced, square_centre(FOUR, ring(30)), 20.0),
        0
    );
    // And the moved piece is ringed.
    let (x, y) = square_centre(FOUR, ring(16));
    assert!(plain.differing(&traced, (x, y - 20.0), 3.0) > 0);
}

#[test]
fn names_in_any_language_are_written_in_the_nests() {
    let g = four_seats("{}", "{}", "");
    let plain = render(&g, &View::default());
    let names = names(&["Núria Ferrà", "Marçal", "Iñaki", "Pau·la Ŀl"]);
    let named = render(
        &g,
        &View {
            names: names.clone(),
            ..View::default()
        },
    );
    for &c in parxis::engine::Arms::Four.colours() {
        let area = image::nest_area(FOUR, c);
        let band = if area.y0 > 0.0 {
            area.y1 - 24.0
        } else {
            area.y0 + 24.0
        };
        let at = ((area.x0 + area.x1) / 2.0, band);
        assert!(plain.differing(&named, at, 20.0) > 30, "{c}'s name");
    }
    // A name far too long is still kept inside its nest.
    let long = Some("Maximilià Bartomeu de la Serra i Puigdollers".to_owned());
    let shown = render(
        &g,
        &View {
            names: std::array::from_fn(|i| if i == 0 { long.clone() } else { None }),
            ..View::default()
        },
    );
    let area = image::nest_area(FOUR, Colour::Yellow);
    let outside = (area.x0 - 4.0, area.y1 - 24.0);
    assert_eq!(plain.differing(&shown, outside, 3.0), 0);
}

#[test]
fn token_letters_can_follow_the_chat_language() {
    let g = four_seats(r#"{"13":["yellow"]}"#, "{}", "");
    let default = render(&g, &View::default());
    let catalan = render(
        &g,
        &View {
            letters: Some(['G', 'B', 'V', 'V', 'T', 'P', 'C', 'R']),
            ..View::default()
        },
    );
    let centre = square_centre(FOUR, ring(13));
    assert!(default.differing(&catalan, centre, 8.0) > 20);
    assert!(piece_share(&catalan, centre, 15.0, Colour::Yellow) > 0.5);
}

#[test]
fn labels_are_numbered_nearest_home_first_at_their_destinations() {
    for file in [
        "tests/data/render/busy.json",
        "tests/data/render/busy_6.json",
        "tests/data/render/busy_8.json",
    ] {
        // Given a busy position and its moves in button order,
        let (g, view) = busy(file);
        let arms = g.arms();
        let from: Vec<u8> = view.choices.iter().map(|m| m.from_progress()).collect();
        assert!(from.windows(2).all(|w| w[0] >= w[1]), "{file}: {from:?}");
        // then label n is drawn at move n's destination (beside a piece already there),
        let points = image::label_points(&g, &view.choices);
        let img = render(&g, &view);
        for (mv, &at) in view.choices.iter().zip(&points) {
            let Loc::Sq(sq) = mv.to() else {
                continue;
            };
            let expect = if g.pieces_on(sq).next().is_some() {
                pair_centres(arms, sq)[1]
            } else {
                square_centre(arms, sq)
            };
            assert!(dist_pt(at, expect) < 0.01, "{file}: {mv:?}");
            // a dark badge: mostly ink inside, its white number in the middle,
            let dark = img
                .disc(at, 10.0)
                .filter(|p| dist(*p, [34, 34, 38]) < 40.0)
                .count();
            assert!(dark > 80, "{file}: {mv:?} has no badge ({dark})");
        }
        // and swapping two moves swaps the numbers drawn at their destinations.
        let mut swapped = view.clone();
        swapped.choices.swap(0, 1);
        let other = render(&g, &swapped);
        assert!(img.differing(&other, points[0], 8.0) > 10, "{file}");
        assert!(img.differing(&other, points[1], 8.0) > 10, "{file}");
    }
}

#[test]
fn names_with_emoji_flags_joins_rtl_and_cjk_are_drawn_without_a_question_mark() {
    // Given names as people type them (an emoji, the computer players' robot, a flag, a
    // joined family, a heart with its variation selector, Hebrew, Chinese), each with the
    // text today's fallback drew ("?" for each glyph the font lacked),
    let cases: [(&str, &str); 7] = [
        ("Marta 🌸", "Marta ?"),
        ("🤖 1", "? 1"),
        ("🇪🇸 Pep", "?? Pep"),
        ("👨‍👩‍👧 Família", "????? Família"),
        ("❤️ Aina", "?? Aina"),
        ("שרה", "???"),
        ("李雷", "??"),
    ];
    let g = four_seats("{}", "{}", "");
    let area = image::nest_area(FOUR, Colour::Yellow);
    let at = ((area.x0 + area.x1) / 2.0, area.y1 - 24.0);
    // Pixels that differ along the name's line (discs across the nest's width).
    let along = |a: &png_board::Image, b: &png_board::Image| -> usize {
        (-6..=6)
            .map(|k| a.differing(b, (at.0 + 22.0 * k as f32, at.1), 14.0))
            .sum()
    };
    let nest = |name: &str| {
        render(
            &g,
            &View {
                names: names(&[name]),
                ..View::default()
            },
        )
    };
    for (name, fallback) in cases {
        // When the board is drawn with the name in the yellow nest,
        let drawn = nest(name);
        // Then no glyph drawn is a font's missing glyph (id 0),
        let glyphs = image::glyphs_of(name);
        assert!(glyphs.iter().all(|&(_, id)| id != 0), "{name}: {glyphs:?}");
        assert!(!image::glyphs_of("?").is_empty());
        // and the nest does not show the "?" fallback.
        assert!(
            along(&drawn, &nest(fallback)) > 30,
            "{name} is drawn as {fallback}"
        );
        if let Some(dir) = std::env::var_os("PARXIS_FRAMES_DIR") {
            let png = image::png(
                &g,
                &View {
                    names: names(&[name, "🤖 2", "Biel 🇪🇸", "Aina ❤️"]),
                    ..View::default()
                },
            );
            let file = format!(
                "names_{}.png",
                name.chars()
                    .filter(char::is_ascii_alphanumeric)
                    .collect::<String>()
            );
            std::fs::write(std::path::Path::new(&dir).join(file), png).expect("written");
        }
    }
    // The emoji are drawn (more ink than the name without them), the joined family as its
    // first person, the variation selector left out; Chinese, which neither font has,
    // leaves nothing and the colour's name is drawn instead.
    assert_eq!(image::drawable("👨‍👩‍👧 Família"), "👨 Família");
    assert_eq!(image::drawable("❤️ Aina"), "❤ Aina");
    assert_eq!(image::drawable("👍🏽 Joan"), "👍 Joan");
    assert_eq!(image::drawable("李雷"), "");
    assert!(along(&nest("李雷"), &nest("Yellow")) == 0);
    assert!(along(&nest("Marta 🌸"), &nest("Marta")) > 30);
    // Hebrew is drawn right to left (its letters in visual order).
    assert_eq!(image::drawable("שרה"), "הרש");
}
