//! The replay GIF of a seeded game, decoded with the `gif` crate: one frame per move (and
//! per third six sending a piece home), the start and the final board held; the last
//! frame is the final board the PNG renderer draws; captures are marked; drawing each
//! frame only where it changed gives the same pixels as drawing it whole.
//!
//! `PARXIS_FRAMES_DIR=/some/dir cargo test --test replay_gif` also writes a few frames
//! there as PNG files, to look at.

#[path = "support/gif_frames.rs"]
mod gif_frames;

use parxis::bot::core::table::Replay;
use parxis::engine::{Loc, Pass};
use parxis::render::image::{self, anim};
use parxis::replay::sample::{self, Sample};
use parxis::replay::{self, Walk};

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
    let d = gif_frames::decode(&bytes, &[0, 1, 2, n / 2, k + 1, k + 2]);
    // Then it is the board's size, loops, and has the start, one frame per move (and per
    // third six sending a piece home), and the final board;
    assert_eq!((d.width, d.height), (720, 720));
    assert!(d.repeat_forever);
    let homes = w
        .steps
        .iter()
        .filter(|s| matches!(s.pass, Some(Pass::ThirdSix { sent_home: Some(_) })))
        .count();
    assert_eq!(d.frames.len(), 1 + w.moves() + homes + 1);
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
    for f in &d.frames[1..d.frames.len() - 1] {
        let (last, before) = f.delays.split_last().expect("a frame");
        assert!(
            before.iter().all(|&c| c == anim::SUB_FRAME_CS),
            "{:?}",
            f.delays
        );
        assert!(*last > anim::SUB_FRAME_CS, "{:?}", f.delays);
        assert!(f.rects.len() <= 6, "{:?}", f.rects);
        assert!(
            [replay::MOVE_CS, replay::EVENT_CS].contains(&f.delay_cs),
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
    // the last one is held longest,
    let last = d.frames.last().expect("frames");
    assert!(d.frames.iter().all(|f| f.delay_cs <= last.delay_cs));
    assert_eq!(last.delay_cs, replay::LAST_CS);
    // and it is the final board: the same pixels as the final board alone in the GIF's
    // palette, which is the PNG renderer's final board within the palette's rounding.
    let still = gif_frames::decode(&replay::final_still(&r, &w), &[]);
    assert_eq!(still.frames.len(), 1);
    assert!(
        last.rgb == still.frames[0].rgb,
        "the last frame is not the final board"
    );
    let png = png_rgb(&image::png_at_frame_scale(
        w.last(),
        &replay::final_view(&r, &w),
    ));
    assert_eq!(png.len(), last.rgb.len());
    let far = png
        .iter()
        .zip(&last.rgb)
        .filter(|(a, b)| a.abs_diff(**b) > 24)
        .count();
    assert!(
        far * 1000 < png.len(),
        "{far} of {} channels far from the PNG",
        png.len()
    );
    dump("four", &d, &[0, 1, 2, n / 2, k + 1, k + 2, n - 1]);
    // A capture is marked: the star beside the square has the captured colour's fill,
    let mv = step.play.expect("a move");
    let Loc::Sq(sq) = mv.to() else {
        panic!("a capture on a square")
    };
    let victim = image::piece_rgb(mv.captures().expect("captured"));
    let arms = w.last().arms();
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
