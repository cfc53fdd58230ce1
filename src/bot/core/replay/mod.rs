//! Replays of finished games: the record the table keeps ([`Replay`], built in
//! [`crate::bot::core::table`] as the game is played) played again through the engine
//! ([`walk`]), written as JSON Lines anyone can check ([`jsonl`]) and drawn as an animated
//! GIF ([`gif`]); and the decisions of replays in the group: which game a request names
//! ([`game_ref`], [`table_replay`]), whether the animation is already posted (then a reply
//! points at it) or must be uploaded ([`plan`]), and the animation's caption ([`caption`]).
//! The requests themselves are `effects::replay`'s. All pure: no I/O, no clock.

pub mod jsonl;
pub mod pace;
pub mod sample;
pub mod walk;

pub use pace::{CARD_CS, FIRST_CS, LAST_CS, Pace, pace};
pub use walk::{End, Note, Played, Walk, WalkError, walk};

use super::callback::GameRef;
use super::table::{Replay, Stage, Table};
use crate::engine::board::MAX_COLOURS;
use crate::i18n::{Lang, Msg, ReplayMsg, tr};
use crate::render::image::View;
use crate::render::image::anim::{Animation, Banner, Card, Marks, Still};

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

/// How many pictures [`gif`] draws for a walk: the start, one per beat of its [`pace`]
/// (every board change, or the highlights of a long game), the final board and the end
/// card. A move's picture may be written as a few GIF frames, all but the last showing for
/// [`crate::render::image::anim::SUB_FRAME_CS`] ([`crate::render::image::anim`]).
#[must_use]
pub fn frame_count(walk: &Walk) -> usize {
    pace(walk).beats.len() + 3
}

/// The seats in finishing order (R6.1: the winners first, then by the distance left),
/// and the winners.
#[must_use]
pub fn finishing_order(walk: &Walk) -> (Vec<crate::engine::Colour>, Vec<crate::engine::Colour>) {
    let last = walk.last();
    let winners: Vec<_> = walk
        .end
        .winner()
        .map(|w| w.colours().to_vec())
        .unwrap_or_default();
    let mut order: Vec<_> = last.ranking().iter().map(|r| r.colour).collect();
    // Winners first (a time limit's winner is not the game's own winner).
    order.sort_by_key(|c| !winners.contains(c));
    (order, winners)
}

/// The game as an animated GIF of at most a minute ([`pace`]): the start, a picture per
/// board change (or the highlights of a long game; the move's trail, the die or bonus that
/// made it, a star where a piece was captured), the final board (the winner's nest framed
/// and starred) and an end card with the finishing order. A band below the board names the
/// mover and shows how far the replay has come.
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
    let pace = pace(walk);
    let whole = pace.total_cs();
    // The progress bar: how much of the replay's time has passed when a picture shows.
    let mut elapsed = u32::from(FIRST_CS);
    let done = |t: u32| done_at(t, whole);
    a.push(&Still {
        game: &walk.start,
        view: &first,
        marks: Marks::default(),
        banner: Banner {
            mover: walk.start.turn(),
            done: 0,
        },
        turn: true,
        delay_cs: FIRST_CS,
    });
    let changes: Vec<&Played> = walk.steps.iter().filter(|s| s.changes_board()).collect();
    for beat in &pace.beats {
        let Some(s) = changes.get(beat.change) else {
            continue;
        };
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
        a.push(&Still {
            game: &s.after,
            view: &view,
            marks,
            banner: Banner {
                mover: seat,
                done: done(elapsed),
            },
            turn: false,
            delay_cs: beat.delay_cs,
        });
        elapsed += u32::from(beat.delay_cs);
    }
    let view = final_view(replay, walk);
    let (order, winners) = finishing_order(walk);
    a.push(&Still {
        game: walk.last(),
        view: &view,
        marks: final_marks(walk),
        banner: Banner {
            mover: winners.first().copied(),
            done: final_done(&pace),
        },
        turn: true,
        delay_cs: LAST_CS,
    });
    a.push_card(&Card {
        game: walk.last(),
        view: &view,
        order,
        winners,
        delay_cs: CARD_CS,
    });
    a.finish()
}

/// The progress bar's thousandths `t` hundredths into a replay of `whole`.
fn done_at(t: u32, whole: u32) -> u16 {
    u16::try_from(t * 1000 / whole.max(1)).unwrap_or(1000)
}

/// The progress bar on the final board: the first frame and the moves passed.
fn final_done(pace: &Pace) -> u16 {
    done_at(u32::from(FIRST_CS) + pace.moves_cs(), pace.total_cs())
}

/// The final board alone, as a one-frame GIF in the animation's palette.
#[must_use]
pub fn final_still(replay: &Replay, walk: &Walk) -> Vec<u8> {
    let view = final_view(replay, walk);
    crate::render::image::anim::still_gif(&Still {
        game: walk.last(),
        view: &view,
        marks: final_marks(walk),
        banner: Banner {
            mover: finishing_order(walk).1.first().copied(),
            done: final_done(&pace(walk)),
        },
        turn: true,
        delay_cs: LAST_CS,
    })
}

/// The Replay button's game for a finished table that has its whole record.
#[must_use]
pub fn game_ref(t: &Table) -> Option<GameRef> {
    matches!(t.stage(), Stage::Finished(_))
        .then_some(())
        .filter(|()| t.log().is_whole())
        .map(|()| GameRef {
            seq: t.tally().start_seq,
            started_ms: t.stats().started_ms,
        })
}

/// The place's own finished table's replay, when it is game `id` (a record not in the
/// store yet: its recording failed or is under way).
#[must_use]
pub fn table_replay(t: &Table, id: &str, lane: Option<u16>) -> Option<Replay> {
    let g = game_ref(t)?;
    (g.id(lane) == id)
        .then(|| t.replay())
        .flatten()
        .map(|mut r| {
            r.id = id.to_owned();
            r
        })
}

/// What to do with a request for a game's animation, when the outbox's write is made (one
/// at a time per chat, under its lease).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plan {
    /// It is posted: reply to that message.
    ReplyTo(i32),
    /// Nobody posted it: draw and upload it.
    Upload,
}

/// The plan for a request: the message already posted (if any).
#[must_use]
pub fn plan(posted: Option<i32>) -> Plan {
    posted.map_or(Plan::Upload, Plan::ReplyTo)
}

/// The animation's caption: the replay's own length, the winner (or the time limit's
/// draw), the game's moves and length.
#[must_use]
pub fn caption(lang: Lang, replay: &Replay, walk: &Walk) -> String {
    let seconds = pace(walk).seconds();
    let moves = u32::try_from(walk.moves()).unwrap_or(u32::MAX);
    let ms = replay.finished_ms.saturating_sub(replay.started_ms);
    let minutes = u32::try_from(ms.div_ceil(60_000))
        .unwrap_or(u32::MAX)
        .max(1);
    let msg = match walk.end.winner() {
        Some(w) => {
            let names: Vec<String> = w.colours().iter().map(|&c| replay.name_of(c)).collect();
            ReplayMsg::Caption {
                winner: names.join(" & "),
                moves,
                minutes,
                seconds,
            }
        }
        None => ReplayMsg::CaptionDraw {
            moves,
            minutes,
            seconds,
        },
    };
    tr(lang, &Msg::Replay(msg))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sample::Sample;

    #[test]
    fn the_caption_gives_the_replay_s_own_length_apart_from_the_game_s() {
        // Given a finished game of four that lasted 20 minutes,
        let t = sample::play(&Sample::computers(4, 2026)).expect("a game");
        let mut r = t.replay().expect("its record");
        r.finished_ms = r.started_ms + 20 * 60_000;
        let w = walk(&r).expect("it replays");
        let seconds = pace(&w).seconds();
        assert!(seconds <= 60, "{seconds}");
        // When its caption is written, then it says the replay's seconds first and the
        // game's moves and minutes as the game's, in every language.
        let en = caption(Lang::En, &r, &w);
        assert!(
            en.starts_with(&format!("🎞 Replay, {seconds} s · 🏆")),
            "{en}"
        );
        assert!(
            en.ends_with(&format!("the game: {} moves in 20 minutes", w.moves())),
            "{en}"
        );
        let es = caption(Lang::Es, &r, &w);
        assert!(es.contains(&format!("Repetición de {seconds} s")), "{es}");
        assert!(
            es.contains("la partida: ") && es.ends_with("en 20 minutos"),
            "{es}"
        );
        let ca = caption(Lang::Ca, &r, &w);
        assert!(ca.contains(&format!("Repetició de {seconds} s")), "{ca}");
        assert!(ca.ends_with("en 20 minuts"), "{ca}");
    }

    #[test]
    fn a_posted_animation_is_replied_to_and_else_uploaded() {
        assert_eq!(plan(Some(77)), Plan::ReplyTo(77));
        assert_eq!(plan(None), Plan::Upload);
    }
}
