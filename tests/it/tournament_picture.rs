//! The bracket picture: it decodes, has the layout's size, highlights the round being
//! played, stays readable on a phone and small enough to send; `docs/bracket.png` is the
//! picture of an 8-entrant example (`PARXIS_BLESS=1 cargo test --test tournament_picture`
//! rewrites it after an intended change of the drawing).

use std::path::PathBuf;

use parxis::engine::{Preset, ScriptedDice};
use parxis::render::image::bracket::{self, HIGHLIGHT, WON, layout};
use parxis::tournament::{Entrant, Labels, Outcome, TableId, Tournament};

use crate::support::png_board::decode_rgb as decode;

const NAMES: [&str; 8] = [
    "Núria",
    "Pau·la",
    "Iñaki",
    "Vicent Andrés i Estellés",
    "Amparo",
    "Xavi",
    "Maria Dolors",
    "Toni",
];

fn tournament(n: usize, size: u8, pairs: bool) -> Tournament {
    let e = (0..n)
        .map(|i| {
            let a = NAMES[i % 8];
            if pairs {
                Entrant::pair((2 * i as i64, a), (2 * i as i64 + 1, NAMES[(i + 3) % 8]))
            } else {
                Entrant::human(i as i64, &format!("{a} {}", i + 1))
            }
        })
        .collect();
    Tournament::draw(Preset::Solidari, pairs, size, e, 2026).expect("valid draw")
}

/// Decides the first `tables` open tables in turn, the first side winning (every fifth
/// table drawn and rolled off instead).
fn advance(t: &mut Tournament, tables: usize) {
    let mut dice = ScriptedDice::new(&[3, 5]);
    for i in 0..tables {
        let Some(&at) = t.open_tables().first() else {
            return;
        };
        let sides = t.table(at).expect("open").sides.clone();
        let outcome = if i % 5 == 4 {
            Outcome::Drawn(sides)
        } else {
            Outcome::Won(sides[0])
        };
        t.table_finished(at, outcome, &mut dice)
            .expect("open table");
    }
}

fn labels(t: &Tournament) -> Labels {
    let n = t.plan().len();
    Labels {
        rounds: (0..n)
            .map(|r| {
                if r + 1 == n {
                    "Final".to_owned()
                } else {
                    format!("Round {}", r + 1)
                }
            })
            .collect(),
        bye: "bye".into(),
        champion: "Champion".into(),
    }
}

/// The PNG's width, height and RGB pixels.
fn pixel(rgb: &[u8], width: u32, (x, y): (f32, f32)) -> [u8; 3] {
    let i = (y as usize * width as usize + x as usize) * 3;
    [rgb[i], rgb[i + 1], rgb[i + 2]]
}

/// Compares `png` with the committed picture at `path` (same size, fewer than 0.5% of the
/// pixels off by more than 32 in a channel), or rewrites it under `PARXIS_BLESS=1`.
fn compare_or_bless(png: &[u8], path: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(path);
    if std::env::var_os("PARXIS_BLESS").is_some() {
        std::fs::write(&path, png).expect("write the picture");
        return;
    }
    let want = std::fs::read(&path).expect("the committed picture");
    let (gw, gh, got) = decode(png);
    let (ww, wh, want) = decode(&want);
    assert_eq!((gw, gh), (ww, wh), "{}: size", path.display());
    let off = got
        .chunks(3)
        .zip(want.chunks(3))
        .filter(|(a, b)| a.iter().zip(*b).any(|(x, y)| x.abs_diff(*y) > 32))
        .count();
    assert!(
        off * 200 < got.len() / 3,
        "{}: {off} pixels differ",
        path.display()
    );
}

fn save(name: &str, png: &[u8]) {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("brackets");
    std::fs::create_dir_all(&dir).expect("target dir");
    std::fs::write(dir.join(name), png).expect("write png");
}

#[test]
fn the_picture_decodes_at_the_layout_size_and_highlights_the_current_round() {
    // Given brackets of 2..=64 entrants in every configuration, some tables decided, When
    // drawn, Then each PNG decodes at the layout's size, at most 4 columns wide (so 22 px
    // names are ≥ 11 px when shown 390 px wide), and every box of the current round has the
    // highlight colour inside its top-right corner while other rounds' boxes do not.
    for (size, pairs) in [(2, false), (4, false), (4, true)] {
        for n in [2, 3, 5, 8, 13, 17, 33, 64] {
            let mut t = tournament(n, size, pairs);
            let half = t.open_tables().len() / 2;
            advance(&mut t, half);
            let png = bracket::png(&t, &labels(&t));
            save(
                &format!("{n}-{size}{}.png", if pairs { "p" } else { "" }),
                &png,
            );
            let (w, h, rgb) = decode(&png);
            let geo = layout(&t.view());
            assert_eq!((w, h), (geo.width, geo.height), "n = {n}");
            assert!(w as f32 <= bracket::layout::MAX_WIDTH);
            assert!(bracket::layout::FONT * 390.0 / w as f32 >= 11.0);
            let current = t.current_round().map(|r| r as u8);
            assert!(current.is_some(), "n = {n}: still under way");
            for b in &geo.boxes {
                let at = (b.area.x1 - 4.0, b.area.y0 + 3.0);
                let colour = pixel(&rgb, w, at);
                if Some(b.table.round) == current {
                    assert_eq!(colour, HIGHLIGHT, "n = {n}, {:?}", b.table);
                } else {
                    assert_ne!(colour, HIGHLIGHT, "n = {n}, {:?}", b.table);
                }
            }
        }
    }
}

#[test]
fn winners_are_marked_and_carried_into_the_next_column() {
    // Given 8 entrants with table 1 of round 1 decided, When drawn, Then the winner's row in
    // table 1 is filled with the winner colour, and the first row of round 2's first box
    // is not an empty place (it differs from the box of a table still waiting: it has ink).
    let mut t = tournament(8, 2, false);
    advance(&mut t, 1);
    let png = bracket::png(&t, &labels(&t));
    let (w, _, rgb) = decode(&png);
    let geo = layout(&t.view());
    let first = geo.area_of(TableId::new(0, 0)).expect("table 1");
    let row = bracket::layout::PAD + 2.0;
    assert_eq!(pixel(&rgb, w, (first.x1 - 6.0, first.y0 + row + 2.0)), WON);
    let waiting = geo.area_of(TableId::new(0, 1)).expect("table 2");
    assert_ne!(
        pixel(&rgb, w, (waiting.x1 - 6.0, waiting.y0 + row + 2.0)),
        WON
    );
}

#[test]
fn a_finished_bracket_highlights_the_champion() {
    // Given a 5-entrant tournament played to the end, When drawn, Then the champion's box
    // has the highlight colour and no round box has it.
    let mut t = tournament(5, 2, false);
    advance(&mut t, 100);
    assert!(t.champion().is_some());
    let png = bracket::png(&t, &labels(&t));
    save("5-2-finished.png", &png);
    let (w, _, rgb) = decode(&png);
    let geo = layout(&t.view());
    assert_eq!(
        pixel(&rgb, w, (geo.champion.x1 - 4.0, geo.champion.y0 + 3.0)),
        HIGHLIGHT
    );
    for b in &geo.boxes {
        assert_ne!(
            pixel(&rgb, w, (b.area.x1 - 4.0, b.area.y0 + 3.0)),
            HIGHLIGHT
        );
    }
}

#[test]
fn a_64_entrant_bracket_is_at_most_150_kb() {
    // Given 64 entrants with round 1 decided, When drawn, Then the PNG is ≤ 150 KB.
    let mut t = tournament(64, 2, false);
    advance(&mut t, 40);
    let png = bracket::png(&t, &labels(&t));
    save("64-2-round3.png", &png);
    assert!(png.len() <= 150 * 1024, "{} bytes", png.len());
}

#[test]
fn a_table_being_played_has_a_thicker_outline() {
    // Given 8 entrants with round 1 decided (one table by roll-off) and the first round-2
    // table started, When drawn, Then that box's outline is ink 3 px inside its left edge
    // (4 px stroke) where a waiting box has none. (docs/bracket.png is this picture.)
    let mut t = tournament(8, 2, false);
    advance(&mut t, 5);
    t.start_table(TableId::new(1, 1), Some(30))
        .expect("open table");
    let png = bracket::png(&t, &labels(&t));
    save("sample-8.png", &png);
    compare_or_bless(&png, "docs/bracket.png");
    let (w, _, rgb) = decode(&png);
    let geo = layout(&t.view());
    let playing = geo.area_of(TableId::new(1, 1)).expect("round 2 table 2");
    let final_box = geo.area_of(TableId::new(2, 0)).expect("final");
    let ink = |a: parxis::render::image::Area| pixel(&rgb, w, (a.x0 + 1.5, (a.y0 + a.y1) / 2.0));
    assert!(ink(playing).iter().all(|&c| c < 80), "{:?}", ink(playing));
    assert!(
        ink(final_box).iter().all(|&c| c > 200),
        "{:?}",
        ink(final_box)
    );
}

#[test]
fn names_with_emoji_are_drawn_in_the_bracket_without_a_question_mark() {
    // Given a bracket of four whose entrants' names carry emoji, and the same bracket with
    // each emoji written "?" (what the picture drew when the font lacked a glyph),
    let draw = |names: [&str; 4]| {
        let e = names
            .iter()
            .enumerate()
            .map(|(i, n)| Entrant::human(i as i64, n))
            .collect();
        let t = Tournament::draw(Preset::Solidari, false, 2, e, 2026).expect("valid draw");
        bracket::png(&t, &labels(&t))
    };
    let typed = draw(["Marta 🌸", "🤖 1", "Aina ❤️", "Biel 👨‍👩‍👧"]);
    let asked = draw(["Marta ?", "? 1", "Aina ??", "Biel ?????"]);
    // When both are drawn, Then they differ: the emoji are drawn, not "?".
    let (w, h, a) = decode(&typed);
    let (_, _, b) = decode(&asked);
    let off = a.chunks(3).zip(b.chunks(3)).filter(|(x, y)| x != y).count();
    assert!(off > 200, "{off} pixels differ of {}", w * h);
    save("emoji_names.png", &typed);
}
