//! The text of the lobby and board messages.

use std::sync::LazyLock;

use super::names::name_of;
use super::recap::recap;
use crate::bot::core::seats::dot;
use crate::bot::core::table::{Event, Player, PlayerKind, Stage, Table, WinnerRec};
use crate::bot::core::table::{SeasonTag, TableTag};
use crate::engine::{Colour, Game, Phase};
use crate::i18n::{CaptionMsg, Lang, Msg, SeasonMsg, TourneyMsg, escape_html, tr, tr_plain};
use crate::stats::ChatZone;

/// The zone a board's clock times are in when the caller names none (R9.3's default).
static DEFAULT_ZONE: LazyLock<ChatZone> = LazyLock::new(ChatZone::default);

fn player_line(lang: Lang, t: &Table, p: &Player) -> String {
    let mut s = String::new();
    if let Some(c) = p.colour {
        s.push_str(dot(c));
        s.push(' ');
    } else {
        s.push_str("• ");
    }
    s.push_str(&escape_html(&p.name));
    if let PlayerKind::Computer(level) = p.kind {
        s.push_str(&format!(" ({})", tr(lang, &Msg::Level(level))));
    }
    if p.id == t.host() {
        s.push_str(" 👑");
    }
    if p.absent {
        s.push_str(" 💤");
    }
    // Invited to a rematch, not confirmed yet (⏳ is kept for time).
    if t.is_invited(p.id) {
        s.push_str(" ✉️");
    }
    s
}

/// The lobby message.
fn lobby_text(lang: Lang, t: &Table) -> String {
    let mut out = tr(
        lang,
        &Msg::LobbyTitle {
            preset: t.preset(),
            pairs: t.pairs(),
        },
    );
    // R8.7 The board is named only when a size was asked for (otherwise it is the smallest
    // that seats everyone, as the waiting line's "2 to N" already says).
    if let Some(arms) = t.board() {
        out.push('\n');
        let seats = arms.count().into();
        out.push_str(&tr(lang, &Msg::LobbyBoard { seats }));
    }
    let max = t.capacity() as u32;
    out.push_str("\n\n");
    out.push_str(&tr(
        lang,
        &Msg::LobbyPlayers {
            count: t.players().len() as u32,
            max,
        },
    ));
    for p in t.players() {
        out.push('\n');
        out.push_str(&player_line(lang, t, p));
    }
    // A lobby cancelled before its start says so instead of waiting for players.
    if matches!(t.stage(), Stage::Cancelled(_)) {
        return format!("{}\n{out}", caption(lang, CaptionMsg::Cancelled));
    }
    out.push_str("\n\n");
    out.push_str(&tr(lang, &Msg::LobbyWaiting { max }));
    for line in [
        super::fair::sealed_line(lang, t),
        super::fair::phrases_line(lang, t),
    ]
    .into_iter()
    .flatten()
    {
        out.push('\n');
        out.push_str(&line);
    }
    out
}

/// Where each player's pieces stand, one plain line per player (for screen readers and
/// for players who prefer numbers).
fn piece_lines(lang: Lang, t: &Table, g: &Game) -> Vec<String> {
    g.seats()
        .map(|c| {
            let locs = g.piece_locations(c);
            let parts: Vec<String> = locs
                .iter()
                .map(|&l| tr_plain(lang, &Msg::LocShort(l)))
                .collect();
            let away = if t.player_of(c).is_some_and(|p| p.absent) {
                " 💤"
            } else {
                ""
            };
            // Once won, the results name each player beside their dot: the dot is enough.
            let name = if matches!(t.stage(), Stage::Finished(_)) {
                String::new()
            } else {
                format!(" {}", escape_html(&name_of(t, c)))
            };
            format!("{}{name}{away}: {}", dot(c), escape_html(&parts.join(", ")))
        })
        .collect()
}

/// A short legend of the emoji board in the chat's language (`moves`: with the keycaps
/// that mark where the moves end).
#[must_use]
pub fn legend_line(lang: Lang, moves: bool) -> String {
    use crate::render::emoji::{LegendKey, legend};
    let shown = [
        LegendKey::Barrier,
        LegendKey::Pair,
        LegendKey::Safe,
        LegendKey::Nest,
        LegendKey::Goal,
        LegendKey::Turn,
    ];
    let parts: Vec<String> = legend()
        .iter()
        .filter(|(_, k)| shown.contains(k) || (moves && *k == LegendKey::Move))
        .map(|(e, k)| format!("{} {}", first_glyph(e), tr(lang, &Msg::Legend(*k))))
        .collect();
    format!("<i>{}</i>", parts.join(" · "))
}

/// The first emoji of a legend group (keycaps and variation selectors kept).
fn first_glyph(e: &str) -> String {
    let mut out = String::new();
    for (i, ch) in e.chars().enumerate() {
        let joiner = matches!(ch, '\u{fe0f}' | '\u{20e3}' | '\u{200d}');
        if i > 0 && !joiner {
            break;
        }
        out.push(ch);
    }
    out
}

fn caption(lang: Lang, m: CaptionMsg) -> String {
    tr(lang, &Msg::Caption(m))
}

/// The caption's first line, what is being waited for: "🔴 Biel 🎲 3 — choose a move · ⏳
/// until 19:42" (the roll to play, and the turn's deadline as a clock time in `zone`, when
/// a timer runs for a human), a computer's turn, or the game's end ("🏆 Anna wins").
fn first_line(lang: Lang, t: &Table, g: &Game, zone: &ChatZone) -> Option<String> {
    match &t.stage() {
        Stage::Playing(_) => {}
        Stage::Finished(_) => return end_line(lang, t, g),
        Stage::Cancelled(_) => return Some(caption(lang, CaptionMsg::Cancelled)),
        Stage::Lobby => return None,
    }
    let seat = g.turn()?;
    let name = name_of(t, seat);
    let player = t.to_move();
    let what = match g.phase() {
        _ if player.is_some_and(Player::is_automatic) => CaptionMsg::Computer {
            name,
            absent: player.is_some_and(|p| p.absent),
        },
        Phase::AwaitingRoll(_) => CaptionMsg::Roll {
            name,
            again: g.sixes() > 0,
        },
        Phase::AwaitingMove { roll, .. } => CaptionMsg::Choose {
            name,
            roll,
            counts: counted(t, seat, roll),
        },
        Phase::AwaitingBonus { amount, .. } => CaptionMsg::Bonus {
            name,
            bonus: amount,
        },
        Phase::Finished(_) => return None,
    };
    let mut line = format!("{} {}", dot(seat), caption(lang, what));
    // The turn timer (a deadline that is the game's end is not the turn's).
    if let Some(due) = t.deadline_ms()
        && t.ends_ms() != Some(due)
        && player.is_some_and(|p| !p.is_automatic())
    {
        let (hour, minute) = zone.clock_of(i64::try_from(due).unwrap_or(i64::MAX));
        let until = CaptionMsg::Until { hour, minute };
        line = format!("{line} · {}", caption(lang, until));
    }
    Some(line)
}

/// What `seat`'s pending roll of `roll` counts (R2.3: a 6 may count 7 or 12), as the newest
/// roll among the table's events says; the roll itself when none does.
fn counted(t: &Table, seat: Colour, roll: u8) -> u8 {
    t.recent()
        .iter()
        .chain(t.last())
        .rev()
        .find_map(|e| match e {
            Event::Rolled {
                seat: s,
                die,
                counts,
            } if *s == seat && *die == roll => Some(*counts),
            _ => None,
        })
        .unwrap_or(roll)
}

/// The name of a tournament's or a league's table with its emoji ("🏆 Round 1 · table 2",
/// "🏆 Final", "🏅 Week 3 · table 2"), when `t` is one.
#[must_use]
pub fn table_name(lang: Lang, t: &Table) -> Option<String> {
    if let Some(tag) = SeasonTag::of(t) {
        let name = tr(
            lang,
            &Msg::Season(SeasonMsg::TableName {
                week: tag.week,
                table: tag.table,
            }),
        );
        return Some(format!("🏅 {name}"));
    }
    let tag = TableTag::of(t)?;
    let name = tr(
        lang,
        &Msg::Tourney(TourneyMsg::TableName {
            round: tag.round,
            table: tag.table,
            last: tag.last,
        }),
    );
    Some(format!("🏆 {name}"))
}

/// What a text board says once a picture board replaced it below ("▶️ Game started — see
/// the board below"), naming a tournament's table ("▶️ Round 1 · table 2 started — …").
/// HTML (the drain edits the old message with it).
#[must_use]
pub fn board_below(lang: Lang, t: &Table) -> String {
    if let Some(tag) = SeasonTag::of(t) {
        return tr(
            lang,
            &Msg::Season(SeasonMsg::TableStartedBelow {
                week: tag.week,
                table: tag.table,
            }),
        );
    }
    match TableTag::of(t) {
        Some(tag) => tr(
            lang,
            &Msg::Tourney(TourneyMsg::TableStartedBelow {
                round: tag.round,
                table: tag.table,
                last: tag.last,
            }),
        ),
        None => tr(lang, &Msg::BoardBelow),
    }
}

/// "🏆 Anna wins" (or the pair, or a draw at the time limit).
fn end_line(lang: Lang, t: &Table, g: &Game) -> Option<String> {
    let winner = match g.phase() {
        Phase::Finished(w) => Some(WinnerRec::from(w)),
        _ => t.last().iter().find_map(|e| match e {
            Event::TimeUp { winner, .. } => Some(*winner),
            _ => None,
        })?,
    };
    Some(match winner {
        Some(WinnerRec::One(c)) => caption(
            lang,
            CaptionMsg::Won {
                name: name_of(t, c),
            },
        ),
        Some(WinnerRec::Pair(a, b)) => caption(
            lang,
            CaptionMsg::WonPair {
                first: name_of(t, a),
                second: name_of(t, b),
            },
        ),
        None => tr(lang, &Msg::Draw),
    })
}

/// The end of a finished game, one small part a line (so another line slots in): the list
/// in finishing order (R6.1) with each person's points and rating once recorded
/// ([`super::stats::finish_lines`]), the achievements it earned on one line
/// ([`super::stats::achievements_line`]), then its length on a quiet line.
fn final_lines(lang: Lang, t: &Table, g: &Game, now_ms: u64) -> Vec<String> {
    let mut out = super::stats::finish_lines(lang, t, g);
    if t.tally().recorded {
        out.extend(super::stats::achievements_line(lang, t));
    }
    out.push(length_line(lang, t, now_ms));
    out
}

/// "⏱ 23 min": how long the game took (until `now_ms` when its end was not stamped).
fn length_line(lang: Lang, t: &Table, now_ms: u64) -> String {
    let end = if t.stats().finished_ms > 0 {
        t.stats().finished_ms
    } else {
        now_ms
    };
    let minutes = u32::try_from(end.saturating_sub(t.stats().started_ms) / 60_000).unwrap_or(0);
    tr(lang, &Msg::GameLength { minutes })
}

/// R6.3 The quiet last line of a game in play with a time limit: "⏱ 23 min left".
#[must_use]
pub fn game_time_line(lang: Lang, t: &Table, now_ms: u64) -> Option<String> {
    let minutes = t.minutes_left(now_ms)?;
    Some(tr(lang, &Msg::GameTimeLeft { minutes }))
}

/// Whole seconds left before `due` (at least 1): computed at each edit, never ticked, so
/// the board is not edited more often than Telegram allows.
#[must_use]
pub fn seconds_left(due_ms: u64, now_ms: u64) -> u32 {
    let secs = due_ms.saturating_sub(now_ms).div_ceil(1000).max(1);
    u32::try_from(secs).unwrap_or(u32::MAX)
}

/// Cut `s` to at most `limit` characters, keeping whole lines where possible.
#[must_use]
pub fn fit(s: &str, limit: usize) -> String {
    if s.chars().count() <= limit {
        return s.to_string();
    }
    let mut out = String::new();
    for line in s.lines() {
        if out.chars().count() + line.chars().count() + 2 > limit {
            break;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(line);
    }
    out.push('…');
    out
}

/// The board message's parts: the board (emoji, for text mode) and the caption-like rest.
pub struct BoardText {
    /// Emoji board + legend + piece lines (text mode only; empty for a lobby).
    pub board: String,
    /// The first line (what to do now, the time left), the turns told (see
    /// [`super::recap`]), the end of a finished game, the rules: the caption in image mode.
    pub status: String,
    /// Where the turns told are in `status`: their lines, and how many lines of `status`
    /// come before them.
    story: Vec<String>,
    before_story: usize,
}

impl BoardText {
    /// [`BoardText::status`] in at most `limit` characters: when it is too long, the oldest
    /// turns' lines go first (the turns are told newest last), an ellipsis standing for
    /// them; only then is the rest cut.
    #[must_use]
    pub fn status_within(&self, limit: usize) -> String {
        let len = |s: &str| s.chars().count();
        if len(&self.status) <= limit || self.story.is_empty() {
            return fit(&self.status, limit);
        }
        let lines: Vec<&str> = self.status.split('\n').collect();
        let story_lines: usize = self.story.iter().map(|l| l.split('\n').count()).sum();
        let head = &lines[..self.before_story.min(lines.len())];
        let tail = &lines[(self.before_story + story_lines).min(lines.len())..];
        let fixed = head.iter().chain(tail).map(|l| len(l) + 1).sum::<usize>() + 2;
        let mut kept: Vec<&str> = Vec::new();
        let mut used = fixed;
        for line in self.story.iter().rev() {
            if used + len(line) + 1 > limit {
                break;
            }
            used += len(line) + 1;
            kept.push(line);
        }
        kept.reverse();
        let mut out: Vec<&str> = head.to_vec();
        out.push("…");
        out.extend(kept);
        out.extend(tail);
        fit(&out.join("\n"), limit)
    }
}

/// The text of the board or lobby message, its clock times in the default zone (see
/// [`board_text_in`]).
#[must_use]
pub fn board_text(lang: Lang, t: &Table, now_ms: u64) -> BoardText {
    board_text_in(lang, t, now_ms, &DEFAULT_ZONE)
}

/// The text of the board or lobby message at `now_ms`, the turn's deadline told as a clock
/// time in the chat's `zone`.
#[must_use]
pub fn board_text_in(lang: Lang, t: &Table, now_ms: u64, zone: &ChatZone) -> BoardText {
    let Some(g) = t.game() else {
        return BoardText {
            board: String::new(),
            status: lobby_text(lang, t),
            story: Vec::new(),
            before_story: 0,
        };
    };
    // Move n of the buttons ends on keycap n of the grid (nearest home first, as the
    // buttons and the image's labels).
    let moves = if t.playing().is_some() {
        super::ordered_moves(g)
    } else {
        Vec::new()
    };
    let mut board =
        crate::render::emoji::board_with(g, &crate::render::emoji::EmojiOptions::default(), &moves);
    board.push('\n');
    board.push_str(&legend_line(lang, !moves.is_empty()));
    board.push_str("\n\n");
    board.push_str(&piece_lines(lang, t, g).join("\n"));
    let mut lines: Vec<String> = first_line(lang, t, g, zone).into_iter().collect();
    let story = recap(lang, t);
    let before_story = lines.len();
    lines.extend(story.iter().cloned());
    if let Stage::Finished(_) = t.stage() {
        lines.extend(final_lines(lang, t, g, now_ms));
    }
    lines.extend(game_time_line(lang, t, now_ms));
    // Provably fair dice: sealed while in play, the seed revealed once over.
    lines.extend(super::fair::sealed_line(lang, t));
    lines.extend(super::fair::reveal_line(lang, t));
    // A tournament's or a league's table keeps its name on its board ("🏆 Round 1 · table
    // 2", "🏅 Week 3 · table 2").
    if let Some(name) = table_name(lang, t) {
        lines.push(format!("<i>{name}</i>"));
    }
    lines.push(caption(
        lang,
        CaptionMsg::Rules {
            preset: t.preset(),
            pairs: t.pairs(),
        },
    ));
    BoardText {
        board,
        status: lines.join("\n"),
        story,
        before_story,
    }
}

/// Each colour's player name by [`Colour::index`] (written in the nests of the image).
#[must_use]
pub fn name_of_seats(t: &Table) -> [Option<String>; crate::engine::board::MAX_COLOURS] {
    Colour::ALL.map(|c| t.player_of(c).map(|p| p.name.clone()))
}
