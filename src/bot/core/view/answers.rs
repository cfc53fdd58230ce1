//! The short texts that answer a press (`answerCallbackQuery`: plain text, at most
//! [`ANSWER_LIMIT`] characters): the roll just made, or what happened since an old board.

use super::names::name_of;
use crate::bot::core::narration::narrate;
use crate::bot::core::table::{Event, Table};
use crate::i18n::{Lang, Msg, tr_plain};

/// Telegram's limit on a callback answer's text, in characters.
pub const ANSWER_LIMIT: usize = 200;

/// The answer to a Roll press that went through: "🎲 4", the die it rolled (the first roll
/// among the events; `None` if there is none).
#[must_use]
pub fn press_answer(lang: Lang, t: &Table) -> Option<String> {
    let roll = t.last().iter().find_map(|e| match e {
        Event::Rolled { die, .. } => Some(*die),
        _ => None,
    })?;
    Some(tr_plain(lang, &Msg::RolledShort { roll }))
}

/// The answer to a press on a board that is behind the stored game: the newest thing that
/// happened, and that the board is updating ("🎲 Anna rolled a 4. — board updating…").
#[must_use]
pub fn behind_answer(lang: Lang, t: &Table) -> String {
    behind_answer_in(lang, t, None)
}

/// As [`behind_answer`], saying roughly when the board will catch up when the caller knows
/// (`catch_up_secs`: the expected wait, from the chat's write budget): "🎲 Anna rolled a 4.
/// — the board catches up in about 6 s". Under a second it is "board updating…".
#[must_use]
pub fn behind_answer_in(lang: Lang, t: &Table, catch_up_secs: Option<u32>) -> String {
    let lines = narrate(t.last(), |c| name_of(t, c), None);
    let what = lines.last().map(|l| l.plain(lang)).unwrap_or_default();
    let m = match catch_up_secs.filter(|&s| s >= 1) {
        Some(secs) => Msg::BoardUpdatingIn { what, secs },
        None => Msg::BoardUpdating { what },
    };
    let text = tr_plain(lang, &m);
    cut(
        text.trim_start_matches([' ', '—']).trim_start(),
        ANSWER_LIMIT,
    )
}

/// `s` cut to at most `limit` characters (with an ellipsis when cut).
fn cut(s: &str, limit: usize) -> String {
    if s.chars().count() <= limit {
        return s.to_owned();
    }
    let mut out: String = s.chars().take(limit - 1).collect();
    out.push('…');
    out
}
