//! The season's table as a picture: it decodes at the width a phone shows well and one line
//! per member, tints the top three, mutes the unranked, draws names with emoji without a
//! "?", and says who climbed and who fell; the four languages' pictures are written to the
//! target folder to be looked at.

use std::path::PathBuf;

use parxis::render::image::standings::{Headings, Line, Sheet, WIDTH, png};

use crate::support::png_board::decode_rgb;

fn line(rank: Option<u32>, moved: i64, name: &str, games: u32, points: &str) -> Line {
    Line {
        rank,
        moved,
        name: name.into(),
        games,
        points: points.into(),
        rating: rank.map(|r| 1600 - 30 * i32::try_from(r).unwrap()),
    }
}

/// A table in `lang`'s words (what the bot will pass in).
fn sheet(lang: &str) -> Sheet {
    let (title, name, games, points, rating) = match lang {
        "ca" => (
            "Lliga de la falla · jornada 3 de 8",
            "Jugador",
            "Partides",
            "Punts",
            "Elo",
        ),
        "va" => (
            "Lliga de la falla · jornada 3 de 8",
            "Jugador",
            "Partides",
            "Punts",
            "Elo",
        ),
        "es" => (
            "Liga de la falla · jornada 3 de 8",
            "Jugador",
            "Partidas",
            "Puntos",
            "Elo",
        ),
        _ => (
            "Falla league · week 3 of 8",
            "Player",
            "Games",
            "Points",
            "Rating",
        ),
    };
    Sheet {
        title: title.into(),
        headings: Headings {
            name: name.into(),
            games: games.into(),
            points: points.into(),
            rating: rating.into(),
        },
        lines: vec![
            line(Some(1), 2, "Amparo 🎆🔥", 3, "+4,5"),
            line(
                Some(2),
                0,
                "Vicent Andrés i Estellés de la Falla Na Jordana",
                3,
                "+3",
            ),
            line(Some(2), -1, "Núria 👑", 3, "+3"),
            line(Some(4), 1, "Pau·la", 2, "+0,7"),
            line(Some(5), -2, "Iñaki 🐉", 3, "−2"),
            line(None, 0, "Xavi (1 partida)", 1, "+2"),
        ],
    }
}

fn pixel(rgb: &[u8], width: u32, (x, y): (u32, u32)) -> [u8; 3] {
    let i = (y as usize * width as usize + x as usize) * 3;
    [rgb[i], rgb[i + 1], rgb[i + 2]]
}

#[test]
fn the_table_decodes_phone_wide_with_a_line_per_member_and_the_top_three_tinted() {
    let s = sheet("en");
    let (w, h, rgb) = decode_rgb(&png(&s));
    assert_eq!(w, WIDTH);
    // Title 84, headings 46, 58 a line, 12 below.
    assert_eq!(h, 84 + 46 + 58 * 6 + 12);
    // The first line's background is gold, the second and third silver (a shared 2nd place
    // is a medal too), the fourth plain paper or stripe, never a medal.
    let at_line = |i: u32| pixel(&rgb, w, (20, 84 + 46 + 58 * i + 29));
    assert_eq!(at_line(0), [255, 226, 140]);
    assert_eq!(at_line(1), [226, 228, 234]);
    assert_eq!(at_line(2), [226, 228, 234]);
    assert!(![[255, 226, 140], [226, 228, 234], [240, 208, 176]].contains(&at_line(3)));
    // A longer table is taller by exactly its lines.
    let mut longer = s.clone();
    longer.lines.extend(s.lines.iter().cloned());
    let (_, h2, _) = decode_rgb(&png(&longer));
    assert_eq!(h2, h + 58 * 6);
}

/// How many pixels of `rgb` in the rectangle are near `colour` (within 40 per channel).
fn near(rgb: &[u8], w: u32, (x0, y0, x1, y1): (u32, u32, u32, u32), colour: [u8; 3]) -> usize {
    (y0..y1)
        .flat_map(|y| (x0..x1).map(move |x| (x, y)))
        .filter(|&p| {
            let c = pixel(rgb, w, p);
            c.iter().zip(colour).all(|(a, b)| a.abs_diff(b) <= 40)
        })
        .count()
}

#[test]
fn climbers_are_green_fallers_red_and_the_unranked_line_is_muted() {
    let (w, _, rgb) = decode_rgb(&png(&sheet("ca")));
    let line = |i: u32| (64, 84 + 46 + 58 * i, 124, 84 + 46 + 58 * (i + 1));
    let (green, red) = ([30, 140, 60], [200, 50, 40]);
    assert!(near(&rgb, w, line(0), green) > 20, "▲2 on the first line");
    assert_eq!(near(&rgb, w, line(0), red), 0);
    assert!(near(&rgb, w, line(2), red) > 20, "▼1 on the third line");
    assert_eq!(
        near(&rgb, w, line(1), green) + near(&rgb, w, line(1), red),
        0
    );
    // The unranked line's name is drawn in the muted grey, not in ink.
    let name = (130, 84 + 46 + 58 * 5, 450, 84 + 46 + 58 * 6);
    assert!(near(&rgb, w, name, [140, 140, 146]) > 50);
    assert_eq!(near(&rgb, w, name, [34, 34, 38]), 0);
}

#[test]
fn the_four_languages_are_written_to_look_at() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("standings");
    std::fs::create_dir_all(&dir).expect("target dir");
    for lang in ["ca", "va", "es", "en"] {
        let bytes = png(&sheet(lang));
        assert!(bytes.len() < 60_000, "{lang}: {} bytes", bytes.len());
        std::fs::write(dir.join(format!("standings_{lang}.png")), bytes).expect("write");
    }
}
