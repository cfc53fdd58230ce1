//! Replays of finished games: the record the table keeps ([`Replay`], built in
//! [`crate::bot::core::table`] as the game is played) played again through the engine
//! ([`walk`]), written as JSON Lines anyone can check ([`jsonl`]) and drawn as an animated
//! GIF ([`gif`]). All pure: no I/O, no clock.

pub mod jsonl;
pub mod sample;
pub mod walk;

pub use walk::{End, Note, Played, Walk, WalkError, walk};

use crate::bot::core::table::Replay;
use crate::engine::Pass;
use crate::engine::board::MAX_COLOURS;
use crate::render::image::View;
use crate::render::image::anim::{Animation, Marks, Still};

/// How long the first frame shows (hundredths of a second).
pub const FIRST_CS: u16 = 150;
/// How long a move shows: about two moves a second, a pace a person can follow.
pub const MOVE_CS: u16 = 55;
/// How long a capture, a piece reaching its goal or a third six shows.
pub const EVENT_CS: u16 = 130;
/// How long the final board is held before the animation starts again.
pub const LAST_CS: u16 = 600;

/// The players' names by colour, for the board's nests.
#[must_use]
pub fn names(replay: &Replay) -> [Option<String>; MAX_COLOURS] {
    let mut names: [Option<String>; MAX_COLOURS] = Default::default();
    for s in &replay.seats {
        names[s.colour.index()] = Some(s.name.clone());
    }
    names
}

/// The view of the final board: the names and the last move's trail, as the bot's final
/// board draws it.
#[must_use]
pub fn final_view(replay: &Replay, walk: &Walk) -> View {
    View {
        last_move: walk.steps.iter().rev().find_map(|s| s.play).map(Into::into),
        names: names(replay),
        ..View::default()
    }
}

/// The final board's frame: the last position with [`final_view`], and the time limit's
/// winner marked when the time ended the game.
#[must_use]
pub fn final_marks(walk: &Walk) -> Marks {
    Marks {
        time_winner: match walk.end {
            End::TimeUp(w) => w,
            End::Won(_) => None,
        },
        ..Marks::default()
    }
}

/// How many pictures [`gif`] draws for a walk: the start, one per step that changes the
/// board (every move, and a third six sending a piece home), and the final board held.
/// A move's picture may be written as a few GIF frames, all but the last showing for
/// [`crate::render::image::anim::SUB_FRAME_CS`] ([`crate::render::image::anim`]).
#[must_use]
pub fn frame_count(walk: &Walk) -> usize {
    walk.board_changes() + 2
}

/// The game as an animated GIF: the start, one frame per move (the move's trail, the die
/// or bonus that made it, a star where a piece was captured), and the final board held
/// (the winner's nest framed and starred).
#[must_use]
pub fn gif(replay: &Replay, walk: &Walk) -> Vec<u8> {
    animate(replay, walk, Animation::new(replay.arms))
}

/// [`gif`] with every frame written whole: the baseline of `benches/replay.rs`.
#[must_use]
pub fn gif_whole_frames(replay: &Replay, walk: &Walk) -> Vec<u8> {
    animate(
        replay,
        walk,
        Animation::new(replay.arms).writing_whole_frames(),
    )
}

/// [`gif`] with each move's change written as one rectangle around all of it (not split
/// into a frame per place): the other baseline of `benches/replay.rs`.
#[must_use]
pub fn gif_one_rectangle(replay: &Replay, walk: &Walk) -> Vec<u8> {
    animate(replay, walk, Animation::new(replay.arms).in_one_rectangle())
}

fn animate(replay: &Replay, walk: &Walk, mut a: Animation) -> Vec<u8> {
    let names = names(replay);
    let first = View {
        names: names.clone(),
        ..View::default()
    };
    a.push(&Still {
        game: &walk.start,
        view: &first,
        marks: Marks::default(),
        turn: true,
        delay_cs: FIRST_CS,
    });
    for s in walk.steps.iter().filter(|s| s.changes_board()) {
        let seat = s.seat();
        let view = View {
            last_move: s.play.map(Into::into),
            names: names.clone(),
            ..View::default()
        };
        let bonus = match (s.roll, s.play) {
            (None, Some(_)) => s.before.bonus(),
            _ => None,
        };
        let marks = Marks {
            roll: s.roll.zip(seat).map(|(d, c)| (c, d)),
            bonus: bonus.zip(seat).map(|(b, c)| (c, b)),
            capture: s
                .play
                .and_then(|mv| mv.captures().map(|victim| (mv.to(), victim))),
            time_winner: None,
        };
        let eventful = marks.capture.is_some()
            || s.play.is_some_and(crate::engine::Move::reaches_goal)
            || matches!(s.pass, Some(Pass::ThirdSix { .. }));
        a.push(&Still {
            game: &s.after,
            view: &view,
            marks,
            turn: false,
            delay_cs: if eventful { EVENT_CS } else { MOVE_CS },
        });
    }
    let view = final_view(replay, walk);
    a.push(&Still {
        game: walk.last(),
        view: &view,
        marks: final_marks(walk),
        turn: true,
        delay_cs: LAST_CS,
    });
    a.finish()
}

/// The final board alone, as a one-frame GIF in the animation's palette.
#[must_use]
pub fn final_still(replay: &Replay, walk: &Walk) -> Vec<u8> {
    let view = final_view(replay, walk);
    crate::render::image::anim::still_gif(&Still {
        game: walk.last(),
        view: &view,
        marks: final_marks(walk),
        turn: true,
        delay_cs: LAST_CS,
    })
}
