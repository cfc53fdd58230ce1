//! The pure decisions of replays in the group: which game a request names, whether the
//! animation is already posted (then a reply points at it) or must be uploaded, and the
//! animation's caption. The requests themselves are `effects::replay`'s.

use super::callback::GameRef;
use super::table::{Replay, Stage, Table};
use crate::i18n::{Lang, Msg, ReplayMsg, tr};
use crate::replay::Walk;

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
    let seconds = crate::replay::pace(walk).seconds();
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
    use crate::bot::core::callback::replied_game;
    use crate::replay::sample::{self, Sample};

    #[test]
    fn a_finished_board_names_its_game_and_a_reply_to_it_finds_it() {
        // Given a finished game with its record,
        let t = sample::play(&Sample::computers(2, 4)).expect("a game");
        let g = game_ref(&t).expect("a replayable game");
        assert_eq!(g.id(None), t.game_id());
        // When its board's buttons are read (in a lane too),
        let kb = crate::bot::core::view::keyboard(Lang::En, &t);
        let data: Vec<String> = kb
            .inline_keyboard
            .iter()
            .flatten()
            .filter_map(|b| match &b.kind {
                teloxide::types::InlineKeyboardButtonKind::CallbackData(d) => Some(d.clone()),
                _ => None,
            })
            .collect();
        // Then the Replay button names the game,
        assert_eq!(
            replied_game(data.iter().map(String::as_str)),
            Some(t.game_id())
        );
        let laned: Vec<String> = data.iter().map(|d| format!("3@{d}")).collect();
        assert_eq!(
            replied_game(laned.iter().map(String::as_str)),
            Some(format!("{}-l3", t.game_id()))
        );
        // and a game without its whole record (stored before logs were kept) has no button.
        let mut old = t.clone();
        *old.log_mut() = crate::bot::core::table::GameLog::default();
        assert_eq!(game_ref(&old), None);
        let kb = crate::bot::core::view::keyboard(Lang::En, &old);
        assert_eq!(kb.inline_keyboard.iter().flatten().count(), 2);
        // A board in play names none.
        assert_eq!(replied_game(["r:3", "m:3:0"]), None);
    }

    #[test]
    fn the_caption_gives_the_replay_s_own_length_apart_from_the_game_s() {
        // Given a finished game of four that lasted 20 minutes,
        let t = sample::play(&Sample::computers(4, 2026)).expect("a game");
        let mut r = t.replay().expect("its record");
        r.finished_ms = r.started_ms + 20 * 60_000;
        let w = crate::replay::walk(&r).expect("it replays");
        let seconds = crate::replay::pace(&w).seconds();
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
