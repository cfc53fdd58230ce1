//! The replay GIF of a seeded game, decoded with the `gif` crate: one frame per move (and
//! per third six sending a piece home), the start and the final board held; the last
//! frame is the final board the PNG renderer draws; captures are marked; drawing each
//! frame only where it changed gives the same pixels as drawing it whole.
//!
//! `PARXIS_FRAMES_DIR=/some/dir cargo test --test replay_gif` also writes a few frames
//! there as PNG files, to look at.

use crate::support;
use support::gif_frames;

use parxis::bot::core::replay::sample::{self, Sample};
use parxis::bot::core::replay::{self, Walk};
use parxis::bot::core::table::Replay;
use parxis::engine::{Loc, Pass};
use parxis::render::image::{self, anim};

fn game(players: usize, seed: u64) -> (Replay, Walk) {
    let mut s = Sample::computers(players, seed);
    s.people = true;
    let table = sample::play(&s).expect("a game");
    let r = table.replay().expect("a finished game with its record");
    let w = replay::walk(&r).expect("the record replays");
    (r, w)
}

/// The end of `w` as a walk of its own: from a few steps before its last capture (if any;
/// and at least `changes` board changes before the end) to its true end, the start being the position
/// before that step. The GIF of it is drawn by the same rules as the whole game's (the
/// first frame whole, a frame per board change, the final board held), in a fraction of
/// the frames.
fn tail(w: &Walk, changes: usize) -> Walk {
    let capture = w
        .steps
        .iter()
        .rposition(|s| s.play.is_some_and(|m| m.captures().is_some()))
        .unwrap_or(w.steps.len());
    let mut from = capture.saturating_sub(3);
    while from > 0 && w.steps[from..].iter().filter(|s| s.changes_board()).count() < changes {
        from -= 1;
    }
    let mut t = w.clone();
    t.start = w.steps[from].before.clone();
    t.steps.drain(..from);
    t
}

/// RGB pixels of a PNG.
fn png_rgb(bytes: &[u8]) -> Vec<u8> {
    let mut d = png::Decoder::new(bytes);
    d.set_transformations(png::Transformations::EXPAND);
    let mut r = d.read_info().expect("a PNG");
    let mut buf = vec![0; r.output_buffer_size()];
    let info = r.next_frame(&mut buf).expect("a frame");
    buf.truncate(info.buffer_size());
    match info.color_type {
        png::ColorType::Rgb => buf,
        png::ColorType::Rgba => buf
            .chunks_exact(4)
            .flat_map(|p| [p[0], p[1], p[2]])
            .collect(),
        other => panic!("unexpected PNG colour type {other:?}"),
    }
}

fn dump(name: &str, d: &gif_frames::Decoded, pick: &[usize]) {
    let Some(dir) = std::env::var_os("PARXIS_FRAMES_DIR") else {
        return;
    };
    let dir = std::path::PathBuf::from(dir);
    std::fs::create_dir_all(&dir).expect("the frames folder");
    for &i in pick {
        if let Some(f) = d.frames.get(i) {
            let path = dir.join(format!("{name}_{i:03}.png"));
            gif_frames::write_png(&path, d.width, d.height, &f.rgb);
        }
    }
}

#[test]
fn a_game_s_gif_has_a_frame_per_move_and_ends_on_the_final_board() {
    // Given a seeded game of four, two people among them (a timeout, an absence), and its
    // end from a few steps before its last capture,
    let (r, whole_game) = game(4, 7);
    assert!(whole_game.moves() > 100, "{} moves", whole_game.moves());
    let w = tail(&whole_game, 40);
    assert!(w.moves() < whole_game.moves() / 3, "{} moves", w.moves());
    // When it is drawn as a GIF and decoded,
    let bytes = replay::gif(&r, &w);
    let n = replay::frame_count(&w);
    // (the first capture's frame: the start, then one per board change)
    let changes: Vec<_> = w.steps.iter().filter(|s| s.changes_board()).collect();
    let (k, step) = changes
        .iter()
        .enumerate()
        .find(|(_, s)| s.play.is_some_and(|m| m.captures().is_some()))
        .expect("a capture");
    let d = gif_frames::decode(&bytes, &[0, 1, 2, n / 2, k + 1, k + 2, n - 2]);
    // Then it is the board's size with the band below, loops, and has the start, one frame
    // per move (and per third six sending a piece home), the final board and the end card;
    let arms = w.last().arms();
    assert_eq!(
        (d.width, d.height),
        (720, anim::height(arms) as usize),
        "{}",
        anim::band(arms)
    );
    assert!(d.repeat_forever);
    let homes = w
        .steps
        .iter()
        .filter(|s| matches!(s.pass, Some(Pass::ThirdSix { sent_home: Some(_) })))
        .count();
    assert_eq!(d.frames.len(), 1 + w.moves() + homes + 2);
    assert_eq!(d.frames.len(), replay::frame_count(&w));
    // every picture after the first covers only a part of the board,
    let whole = d.width * d.height;
    let part = d.frames[1..]
        .iter()
        .map(gif_frames::Shown::area)
        .sum::<usize>()
        / (d.frames.len() - 1);
    assert!(part < whole / 4, "mean picture area {part} of {whole}");
    // a move changing places far apart is written as a few frames, each but the last
    // showing for the least delay, the move as long as its pace says,
    assert!(
        d.gif_frames > d.frames.len() + d.frames.len() / 4,
        "{} frames for {} pictures",
        d.gif_frames,
        d.frames.len()
    );
    for f in &d.frames[1..d.frames.len() - 2] {
        let (last, before) = f.delays.split_last().expect("a frame");
        assert!(
            before.iter().all(|&c| c == anim::SUB_FRAME_CS),
            "{:?}",
            f.delays
        );
        assert!(*last > anim::SUB_FRAME_CS, "{:?}", f.delays);
        assert!(f.rects.len() <= 6, "{:?}", f.rects);
        let (event, last_round, routine) = replay::pace::PACES[0];
        assert!(
            [event, last_round, routine].contains(&f.delay_cs),
            "{:?}",
            f.delays
        );
    }
    // and splitting covers less than one rectangle around each move's change would.
    let one = gif_frames::decode(&replay::gif_one_rectangle(&r, &w), &[]);
    assert_eq!(one.gif_frames, one.frames.len());
    assert_eq!(one.frames.len(), d.frames.len());
    let one_area = one.frames[1..]
        .iter()
        .map(gif_frames::Shown::area)
        .sum::<usize>()
        / (d.frames.len() - 1);
    assert!(
        part * 2 < one_area,
        "split {part} px, one rectangle {one_area} px"
    );
    // the end card is held longest, then the final board,
    let card = d.frames.last().expect("frames");
    assert!(d.frames.iter().all(|f| f.delay_cs <= card.delay_cs));
    assert_eq!(card.delay_cs, replay::CARD_CS);
    let last = &d.frames[n - 2];
    assert_eq!(last.delay_cs, replay::LAST_CS);
    // and the final board has the same pixels as the final board alone in the GIF's
    // palette, which is the PNG renderer's final board within the palette's rounding.
    let still = gif_frames::decode(&replay::final_still(&r, &w), &[]);
    assert_eq!(still.frames.len(), 1);
    assert!(
        last.rgb == still.frames[0].rgb,
        "the final board's frame is not the final board"
    );
    let board_px = 3 * d.width * d.width;
    let last_board = &last.rgb[..board_px];
    let png = png_rgb(&image::png_at_frame_scale(
        w.last(),
        &replay::final_view(&r, &w),
    ));
    assert_eq!(png.len(), last_board.len());
    let far = png
        .iter()
        .zip(last_board)
        .filter(|(a, b)| a.abs_diff(**b) > 24)
        .count();
    assert!(
        far * 1000 < png.len(),
        "{far} of {} channels far from the PNG",
        png.len()
    );
    dump("four", &d, &[0, 1, 2, n / 2, k + 1, k + 2, n - 2, n - 1]);
    // A capture is marked: the star beside the square has the captured colour's fill,
    let mv = step.play.expect("a move");
    let Loc::Sq(sq) = mv.to() else {
        panic!("a capture on a square")
    };
    let victim = image::piece_rgb(mv.captures().expect("captured"));
    let (x, y) = anim::capture_point(arms, sq);
    let scale = anim::scale_of(arms);
    let i = 3 * (((y * scale).round() as usize) * d.width + (x * scale).round() as usize);
    let px = &d.frames[k + 1].rgb[i..i + 3];
    let near = px.iter().zip(victim).all(|(a, b)| a.abs_diff(b) <= 12);
    assert!(near, "{px:?} is not {victim:?}");
    // and the frame after it no longer shows the star there.
    assert_ne!(
        &d.frames[k + 2].rgb[i..i + 3],
        px,
        "the star stays after its move"
    );
}

#[test]
fn every_frame_drawn_in_part_equals_the_frame_drawn_whole() {
    // Given the end of a seeded game of two on the six-arm star board (60 board changes and
    // the final board), drawn as the bot draws it (each frame only where it changed) and
    // drawn whole frame by frame,
    let mut s = Sample::computers(2, 12);
    s.arms = Some(parxis::engine::Arms::Six);
    let table = sample::play(&s).expect("a game");
    let r = table.replay().expect("a record");
    let w = tail(&replay::walk(&r).expect("replays"), 60);
    let part = replay::gif(&r, &w);
    let whole = replay::gif_whole_frames(&r, &w);
    // Then after every picture (a move's change split into a few frames: drawing in part
    // writes only the places that changed, each in a frame of its own) the screen is the
    // same, pixel for pixel,
    let (mut a, mut b) = (
        gif_frames::Player::new(&part),
        gif_frames::Player::new(&whole),
    );
    let mut n = 0;
    loop {
        let (more_a, more_b) = (a.step(), b.step());
        assert_eq!(more_a, more_b, "frame counts differ after {n}");
        if !more_a {
            break;
        }
        assert!(a.canvas == b.canvas, "picture {n} differs");
        n += 1;
    }
    assert_eq!(n, replay::frame_count(&w));
    // (moves were split: more GIF frames than pictures)
    let frames = gif_frames::decode(&part, &[]).gif_frames;
    assert!(frames > n, "{frames} frames for {n} pictures");
    // and the drawing in part is much smaller.
    assert!(
        part.len() * 3 < whole.len(),
        "{} vs {}",
        part.len(),
        whole.len()
    );
}

/// How many pixels of `rgb` (a decoded picture `width` wide) within `r` of `at` are within
/// 40 of colour `c` in every channel.
fn near_colour(rgb: &[u8], width: usize, at: (f32, f32), r: f32, c: [u8; 3]) -> usize {
    let (cx, cy) = (at.0.round() as i64, at.1.round() as i64);
    let r = r as i64;
    let mut n = 0;
    for y in cy - r..=cy + r {
        for x in cx - r..=cx + r {
            if (x - cx).pow(2) + (y - cy).pow(2) > r * r || x < 0 || y < 0 {
                continue;
            }
            let i = 3 * (y as usize * width + x as usize);
            if rgb
                .get(i..i + 3)
                .is_some_and(|p| p.iter().zip(c).all(|(a, b)| a.abs_diff(b) <= 40))
            {
                n += 1;
            }
        }
    }
    n
}

#[test]
fn a_whole_game_of_2_4_6_or_8_plays_within_a_minute_naming_each_mover_and_ends_on_its_order() {
    for (players, seed) in [(2, 5), (4, 2026), (6, 2026), (8, 2026)] {
        // Given a whole seeded game of that many players,
        let (r, w) = game(players, seed);
        let pace = replay::pace(&w);
        let changes: Vec<_> = w.steps.iter().filter(|s| s.changes_board()).collect();
        // When its GIF is drawn and decoded (a dozen pictures kept to look at),
        let bytes = replay::gif(&r, &w);
        let n = replay::frame_count(&w);
        let keep: Vec<usize> = (1..n - 2).step_by((n / 12).max(1)).collect();
        let mut keep_all = keep.clone();
        keep_all.extend([0, n - 2]);
        let d = gif_frames::decode(&bytes, &keep_all);
        assert_eq!(d.frames.len(), n);
        // Then it plays in at most a minute in all (its own length, as the caption says),
        let total: u32 = d.frames.iter().map(|f| u32::from(f.delay_cs)).sum();
        assert!(total <= 6_000, "{players} players: {total} hundredths");
        assert_eq!(total, pace.total_cs(), "{players} players");
        assert!(bytes.len() < 2 * 1024 * 1024, "{} bytes", bytes.len());
        // every move's picture shows its mover's piece in the band below the board,
        let arms = w.last().arms();
        let (at, radius) = anim::chip(arms);
        for &i in &keep {
            let seat = changes[pace.beats[i - 1].change].seat().expect("a mover");
            let own = near_colour(
                &d.frames[i].rgb,
                d.width,
                at,
                radius,
                image::piece_rgb(seat),
            );
            assert!(
                own as f32 > radius * radius,
                "{players} players, picture {i}: {own} pixels of {seat:?}"
            );
            // (and not another seat's)
            for &other in arms.colours().iter().filter(|&&c| c != seat) {
                let theirs = near_colour(
                    &d.frames[i].rgb,
                    d.width,
                    at,
                    radius,
                    image::piece_rgb(other),
                );
                assert!(
                    theirs < own / 4,
                    "{players} players, picture {i}: {other:?}"
                );
            }
            // beside its name written in light ink,
            let rgb = &d.frames[i].rgb;
            let name_ink = (at.1 as usize - 4..at.1 as usize + 4)
                .flat_map(|y| {
                    let x0 = (at.0 + 2.0 * radius) as usize;
                    (x0..x0 + d.width / 3).map(move |x| 3 * (y * d.width + x))
                })
                .filter(|&k| rgb[k..k + 3].iter().all(|&c| c > 200))
                .count();
            assert!(name_ink > 20, "{players} players, picture {i}: no name");
        }
        // and a progress bar along its bottom edge that grows,
        let bar_y = d.height - 1;
        let filled = |rgb: &[u8]| {
            (0..d.width)
                .filter(|&x| rgb[3 * (bar_y * d.width + x)] > 200)
                .count()
        };
        let fills: Vec<usize> = keep.iter().map(|&i| filled(&d.frames[i].rgb)).collect();
        assert!(fills.windows(2).all(|f| f[0] <= f[1]), "{fills:?}");
        assert!(fills[0] < d.width / 4 && fills[fills.len() - 1] > d.width / 2);
        // and the end card, held longest, draws the finishing order: the winner's row in
        // its colour, much of the card.
        let card = d.frames.last().expect("frames");
        assert_eq!(card.delay_cs, replay::CARD_CS);
        let (order, winners) = replay::finishing_order(&w);
        assert_eq!(order.len(), players);
        assert!(winners.contains(&order[0]));
        let side = d.width;
        let winner_px = card.rgb[..3 * side * side]
            .chunks_exact(3)
            .filter(|p| {
                p.iter()
                    .zip(image::piece_rgb(order[0]))
                    .all(|(a, b)| a.abs_diff(b) <= 8)
            })
            .count();
        assert!(
            winner_px * 30 > side * side,
            "{players} players: {winner_px} pixels in the winner's colour"
        );
        assert_ne!(
            card.rgb,
            d.frames[n - 2].rgb,
            "the card is not the final board"
        );
        dump(
            &format!("whole{players}"),
            &d,
            &[0, keep[1], keep[keep.len() / 2], n - 2, n - 1],
        );
    }
}
