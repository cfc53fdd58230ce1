//! The PNG board image, checked on its pixels: pieces, pairs, goal counts, move labels,
//! the last move's trail, names in any language, and a golden image of the start board.
//!
//! `PARXIS_BLESS=1 cargo test --test render_png` rewrites `tests/golden/empty_board.png`
//! and `docs/board.png` after an intended change of the drawing.

use std::collections::VecDeque;
use std::path::PathBuf;

use parxis::engine::{Arms, Colour, Game, Loc, Move, Preset, Setup, Square};

const FOUR: Arms = Arms::Four;
use parxis::bot::core::view::ordered_moves;
use parxis::render::image::{
    self, Area, Point, SIZE, View, goal_centre, nest_slots, pair_centres, piece_rgb, square_area,
    square_centre,
};

/// A decoded RGB image.
struct Image {
    width: usize,
    rgb: Vec<u8>,
}

impl Image {
    fn decode(bytes: &[u8]) -> Self {
        let mut decoder = png::Decoder::new(bytes);
        decoder.set_transformations(png::Transformations::EXPAND);
        let mut reader = decoder.read_info().expect("a PNG header");
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).expect("PNG data");
        assert_eq!(info.width, info.height);
        assert!([SIZE, 1000].contains(&info.width), "{}", info.width);
        assert_eq!(info.color_type, png::ColorType::Rgb);
        buf.truncate(info.buffer_size());
        Self {
            width: info.width as usize,
            rgb: buf,
        }
    }

    fn at(&self, (x, y): Point) -> [u8; 3] {
        let i = (y as usize * self.width + x as usize) * 3;
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }

    /// Pixels within `r` of `centre`.
    fn disc(&self, (cx, cy): Point, r: f32) -> impl Iterator<Item = [u8; 3]> + '_ {
        let r2 = r * r;
        let (x0, x1) = ((cx - r).floor() as i32, (cx + r).ceil() as i32);
        let (y0, y1) = ((cy - r).floor() as i32, (cy + r).ceil() as i32);
        (y0..=y1)
            .flat_map(move |y| (x0..=x1).map(move |x| (x as f32, y as f32)))
            .filter(move |&(x, y)| (x + 0.5 - cx).powi(2) + (y + 0.5 - cy).powi(2) <= r2)
            .map(|p| self.at(p))
    }

    /// How many pixels within `r` of `centre` differ between two images.
    fn differing(&self, other: &Self, centre: Point, r: f32) -> usize {
        self.disc(centre, r)
            .zip(other.disc(centre, r))
            .filter(|(a, b)| dist(*a, *b) > 40.0)
            .count()
    }
}

fn dist(a: [u8; 3], b: [u8; 3]) -> f32 {
    a.iter()
        .zip(b)
        .map(|(&x, y)| (f32::from(x) - f32::from(y)).powi(2))
        .sum::<f32>()
        .sqrt()
}

fn is_piece(p: [u8; 3], c: Colour) -> bool {
    dist(p, piece_rgb(c)) < 45.0
}

/// Fraction of the pixels within `r` of `centre` that have colour `c`'s piece colour.
fn piece_share(img: &Image, centre: Point, r: f32, c: Colour) -> f32 {
    let (n, hits) = img
        .disc(centre, r)
        .fold((0, 0), |(n, h), p| (n + 1, h + usize::from(is_piece(p, c))));
    hits as f32 / n as f32
}

/// Connected blobs of `c`'s piece colour inside `area`, counting those of at least `min` px.
fn blobs(img: &Image, area: Area, c: Colour, min: usize) -> usize {
    let (x0, y0) = (area.x0 as i32, area.y0 as i32);
    let (w, h) = ((area.x1 - area.x0) as i32, (area.y1 - area.y0) as i32);
    let inside = |x: i32, y: i32| x >= 0 && y >= 0 && x < w && y < h;
    let mut seen = vec![false; (w * h) as usize];
    let mut count = 0;
    for sy in 0..h {
        for sx in 0..w {
            let hit = |x: i32, y: i32| is_piece(img.at(((x0 + x) as f32, (y0 + y) as f32)), c);
            if seen[(sy * w + sx) as usize] || !hit(sx, sy) {
                continue;
            }
            let mut size = 0;
            let mut queue = VecDeque::from([(sx, sy)]);
            seen[(sy * w + sx) as usize] = true;
            while let Some((x, y)) = queue.pop_front() {
                size += 1;
                for (nx, ny) in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] {
                    if inside(nx, ny) && !seen[(ny * w + nx) as usize] && hit(nx, ny) {
                        seen[(ny * w + nx) as usize] = true;
                        queue.push_back((nx, ny));
                    }
                }
            }
            if size >= min {
                count += 1;
            }
        }
    }
    count
}

fn game(json: &str) -> Game {
    let setup: Setup = serde_json::from_str(json).expect("test position JSON");
    Game::from_setup(&setup).expect("a valid test position")
}

fn render(g: &Game, view: &View) -> Image {
    Image::decode(&image::png(g, view))
}

/// Player names for the first colours, by colour index.
fn names(list: &[&str]) -> [Option<String>; 8] {
    std::array::from_fn(|i| list.get(i).map(|s| (*s).to_owned()))
}

fn ring(n: u8) -> Square {
    Square::ring(n).expect("a ring square")
}

fn four_seats(board: &str, goal: &str, extra: &str) -> Game {
    game(&format!(
        r#"{{"rules":"jcf","seats":["yellow","blue","red","green"],"turn":"yellow",
            "board":{board},"goal":{goal}{extra}}}"#
    ))
}

#[test]
fn a_yellow_piece_on_square_5_colours_its_centre_yellow() {
    // Given yellow's exit square, empty and then holding a yellow piece.
    let empty = render(&four_seats("{}", "{}", ""), &View::default());
    let held = render(
        &four_seats(r#"{"5":["yellow"]}"#, "{}", ""),
        &View::default(),
    );
    let centre = square_centre(FOUR, ring(5));
    // Then the token's ring of colour (outside its letter) is piece yellow,
    assert!(piece_share(&held, centre, 15.0, Colour::Yellow) > 0.5);
    // and the printed exit square's own tint is not.
    assert!(piece_share(&empty, centre, 15.0, Colour::Yellow) < 0.02);
}

#[test]
fn empty_squares_show_no_piece_colour() {
    let g = four_seats(r#"{"5":["yellow"],"30":["red"]}"#, "{}", "");
    let img = render(&g, &View::default());
    for sq in [
        ring(1),
        ring(22),
        ring(39),
        ring(56),
        ring(29),
        Square::corridor(Colour::Green, 4).expect("corridor"),
        Square::corridor(Colour::Yellow, 7).expect("corridor"),
    ] {
        for &c in parxis::engine::Arms::Four.colours() {
            let share = piece_share(&img, square_centre(FOUR, sq), 15.0, c);
            assert!(share < 0.02, "{sq} shows {c} ({share})");
        }
    }
    assert!(piece_share(&img, square_centre(FOUR, ring(30)), 15.0, Colour::Red) > 0.5);
}

#[test]
fn nest_pieces_fill_their_slots() {
    let g = four_seats(r#"{"5":["yellow"]}"#, "{}", "");
    let img = render(&g, &View::default());
    let slots = nest_slots(FOUR, Colour::Yellow);
    let filled = slots
        .iter()
        .filter(|&&s| piece_share(&img, s, 20.0, Colour::Yellow) > 0.5)
        .count();
    assert_eq!(filled, 3, "one yellow piece left the nest");
}

#[test]
fn two_pieces_on_a_square_give_two_tokens() {
    // Given a yellow and a blue piece sharing safe square 12, and a yellow barrier on 20.
    let g = four_seats(
        r#"{"12":["yellow","blue"],"20":["yellow","yellow"]}"#,
        "{}",
        "",
    );
    let img = render(&g, &View::default());
    let shared = square_area(FOUR, ring(12));
    assert_eq!(blobs(&img, shared, Colour::Yellow, 150), 1);
    assert_eq!(blobs(&img, shared, Colour::Blue, 150), 1);
    // Then the first arrival sits in the first place (R1.7 order is visible).
    let [first, second] = pair_centres(FOUR, ring(12));
    assert!(piece_share(&img, first, 12.0, Colour::Yellow) > 0.4);
    assert!(piece_share(&img, second, 12.0, Colour::Blue) > 0.4);
    // And the barrier's two tokens are two separate blobs of yellow, joined by a dark bar.
    let barrier = square_area(FOUR, ring(20));
    assert_eq!(blobs(&img, barrier, Colour::Yellow, 150), 2);
    let [a, b] = pair_centres(FOUR, ring(20));
    let gap = img.at(((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0));
    assert!(
        gap.iter().all(|&v| v < 80),
        "the tokens are joined by a dark bar: {gap:?}"
    );
    // A single piece is one token.
    let single = four_seats(r#"{"13":["yellow"]}"#, "{}", "");
    let img = render(&single, &View::default());
    assert_eq!(
        blobs(&img, square_area(FOUR, ring(13)), Colour::Yellow, 150),
        1
    );
}

#[test]
fn goal_counts_are_drawn() {
    let none = render(&four_seats("{}", "{}", ""), &View::default());
    let three = render(&four_seats("{}", r#"{"yellow":3}"#, ""), &View::default());
    let label = goal_centre(FOUR, Colour::Yellow);
    assert!(
        none.differing(&three, label, 14.0) > 40,
        "the count label changes"
    );
    // Other goals are untouched.
    assert_eq!(
        none.differing(&three, goal_centre(FOUR, Colour::Red), 14.0),
        0
    );
}

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
fn a_won_game_renders_with_the_winners_goal_full() {
    let won = game(
        r#"{"rules":"jcf","seats":["yellow","red"],"turn":null,"goal":{"yellow":4},
            "winner":"yellow"}"#,
    );
    let img = render(&won, &View::default());
    let start = render(&four_seats("{}", "{}", ""), &View::default());
    assert!(img.differing(&start, goal_centre(FOUR, Colour::Yellow), 14.0) > 40);
}

#[test]
fn unseated_colours_are_greyed_out() {
    let two = game(r#"{"rules":"jcf","seats":["yellow","red"],"turn":"yellow"}"#);
    let img = render(&two, &View::default());
    assert!(piece_share(&img, nest_slots(FOUR, Colour::Red)[0], 20.0, Colour::Red) > 0.5);
    let blue_nest = image::nest_centre(FOUR, Colour::Blue);
    let (x, y) = (blue_nest.0 + 140.0, blue_nest.1);
    assert!(dist(img.at((x, y)), piece_rgb(Colour::Blue)) > 100.0);
}

fn golden(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(name)
}

fn bless() -> bool {
    std::env::var_os("PARXIS_BLESS").is_some_and(|v| v == "1")
}

/// Compares an image with a committed one: mean absolute difference below 1.0 and fewer
/// than 0.5 % of the pixels off by more than 32 in some channel. Rewrites it when blessing.
fn compare_or_bless(bytes: &[u8], path: &str) {
    let path = golden(path);
    if bless() {
        std::fs::create_dir_all(path.parent().expect("a parent directory")).expect("mkdir");
        std::fs::write(&path, bytes).expect("write the golden image");
        return;
    }
    let want = std::fs::read(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (run with PARXIS_BLESS=1 to create it)",
            path.display()
        )
    });
    let (got, want) = (Image::decode(bytes), Image::decode(&want));
    let diffs: Vec<u8> = got
        .rgb
        .iter()
        .zip(&want.rgb)
        .map(|(a, b)| a.abs_diff(*b))
        .collect();
    let mean = diffs.iter().map(|&d| f64::from(d)).sum::<f64>() / diffs.len() as f64;
    let off = diffs
        .chunks(3)
        .filter(|p| p.iter().any(|&d| d > 32))
        .count();
    let share = off as f64 / (diffs.len() / 3) as f64;
    assert!(
        mean < 1.0 && share < 0.005,
        "{} differs: mean {mean:.3}, {:.3} % pixels off (PARXIS_BLESS=1 rewrites it)",
        path.display(),
        share * 100.0
    );
}

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
    let before = game(include_str!("data/render/busy.json"));
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

/// The busy position of `file` once yellow played 17 → 20 and blue rolled a 4, and the
/// view the bot draws for it.
fn busy(file: &str) -> (Game, View) {
    let before = game(&std::fs::read_to_string(golden(file)).expect("the position file"));
    let last = before
        .legal_moves()
        .into_iter()
        .find(|m| m.from() == Loc::Sq(ring(17)))
        .expect("yellow can play 17 → 20");
    let g = before.play(last).and_then(|g| g.roll(4)).expect("legal");
    let view = View {
        last_move: Some(last.into()),
        choices: ordered_moves(&g),
        names: names(&[
            "Núria",
            "Pau·la",
            "Iñaki",
            "François",
            "Joan",
            "Mª Àngels",
            "Lluís",
            "Ona",
        ]),
        letters: None,
    };
    (g, view)
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

fn dist_pt(a: Point, b: Point) -> f32 {
    (a.0 - b.0).hypot(a.1 - b.1)
}

#[test]
fn a_barrier_is_joined_by_a_bar_and_a_mixed_pair_is_not() {
    // Given green's barrier on 56 and a red-green pair on 39 (no barrier),
    let g = four_seats(r#"{"56":["green","green"],"39":["red","green"]}"#, "{}", "");
    let img = render(&g, &View::default());
    let mid = |sq: Square| {
        let [a, b] = pair_centres(FOUR, sq);
        ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)
    };
    let ink = |at: Point| {
        img.disc(at, 4.0)
            .filter(|p| dist(*p, [34, 34, 38]) < 40.0)
            .count()
    };
    // then the barrier's gap is filled with ink, wide enough to read at phone size,
    assert!(ink(mid(ring(56))) > 40, "{}", ink(mid(ring(56))));
    // and the mixed pair's gap is not.
    assert!(ink(mid(ring(39))) < 25, "{}", ink(mid(ring(39))));
}

#[test]
fn the_winner_is_starred_on_the_final_image() {
    for arms in ["4", "6"] {
        // Given a game yellow has won, and the same board with the game still on,
        let won = game(&format!(
            r#"{{"rules":"jcf","arms":{arms},"seats":["yellow","red"],"turn":null,
                "goal":{{"yellow":4,"red":3}},"winner":"yellow"}}"#
        ));
        let on = game(&format!(
            r#"{{"rules":"jcf","arms":{arms},"seats":["yellow","red"],"turn":"red",
                "goal":{{"yellow":3,"red":3}},"board":{{"yellow-7":["yellow"]}}}}"#
        ));
        let won_img = render(&won, &View::default());
        let on_img = render(&on, &View::default());
        let a = won.arms();
        let mid = image::size(a) as f32 / 2.0;
        let toward = |c: Point, k: f32| (c.0 + (mid - c.0) * k, c.1 + (mid - c.1) * k);
        // The most the final image differs from the running one on the line from colour
        // c's nest centre toward the board's centre (to a given share of the way: short of the turn frame for the loser).
        let mark = |c: Colour, steps: usize| {
            let nest = image::nest_centre(a, c);
            (1..steps)
                .map(|i| toward(nest, i as f32 * 0.05))
                .map(|p| won_img.differing(&on_img, p, 10.0))
                .max()
                .unwrap_or(0)
        };
        // then yellow's nest carries a star toward the centre of the board,
        assert!(mark(Colour::Yellow, 13) > 150, "{arms} arms");
        // and red's nest, the loser's, nothing.
        assert!(mark(Colour::Red, 6) < 20, "{arms} arms");
    }
}

/// sRGB byte to linear light.
fn linear(v: u8) -> f32 {
    let c = f32::from(v) / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// Linear light to an sRGB byte.
fn srgb(l: f32) -> u8 {
    let c = l.clamp(0.0, 1.0);
    let v = if c <= 0.003_130_8 {
        c * 12.92
    } else {
        1.055 * c.powf(1.0 / 2.4) - 0.055
    };
    (v * 255.0).round() as u8
}

/// How a deuteranope (no green cones) sees an RGB image: Machado, Oliveira and Fernandes
/// (2009), severity 1.0, applied in linear light.
fn deuteranopia(rgb: &[u8]) -> Vec<u8> {
    const M: [[f32; 3]; 3] = [
        [0.367_322, 0.860_646, -0.227_968],
        [0.280_085, 0.672_501, 0.047_413],
        [-0.011_820, 0.042_940, 0.968_881],
    ];
    rgb.chunks_exact(3)
        .flat_map(|p| {
            let l = [linear(p[0]), linear(p[1]), linear(p[2])];
            M.map(|row| srgb(row[0] * l[0] + row[1] * l[1] + row[2] * l[2]))
        })
        .collect()
}

fn encode_rgb(width: usize, rgb: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let height = rgb.len() / 3 / width;
    let mut enc = png::Encoder::new(&mut out, width as u32, height as u32);
    enc.set_color(png::ColorType::Rgb);
    enc.set_compression(png::Compression::Best);
    let mut w = enc.write_header().expect("a PNG header");
    w.write_image_data(rgb).expect("PNG data");
    drop(w);
    out
}

#[test]
fn under_a_red_green_simulation_red_and_green_pieces_keep_distinct_shapes() {
    // Given the docs board seen by a deuteranope,
    let (g, view) = busy("tests/data/render/busy.json");
    let img = render(&g, &view);
    let seen = Image {
        width: img.width,
        rgb: deuteranopia(&img.rgb),
    };
    // red and green pieces come out as near the same colour (why colour alone fails),
    let [red_at, green_at] = pair_centres(FOUR, ring(39));
    let (red, green) = (
        seen.at((red_at.0 - 11.0, red_at.1)),
        seen.at((green_at.0 - 11.0, green_at.1)),
    );
    assert!(dist(red, green) < 70.0, "{red:?} vs {green:?}");
    // yet their marks differ: the light pixels of one token's middle do not match the
    // other's (triangle against diamond).
    let light = |at: Point| -> Vec<bool> {
        seen.disc(at, 10.0)
            .map(|p| p.iter().map(|&v| u32::from(v)).sum::<u32>() > 600)
            .collect()
    };
    let (a, b) = (light(red_at), light(green_at));
    let mismatched = a.iter().zip(&b).filter(|(x, y)| x != y).count();
    assert!(mismatched > 40, "{mismatched}");
    // The simulated board is kept in docs/ for people to look at.
    let bytes = encode_rgb(seen.width, &seen.rgb);
    assert!(bytes.len() < 150 * 1024, "{} bytes", bytes.len());
    compare_or_bless(&bytes, "docs/board_deutan.png");
}
