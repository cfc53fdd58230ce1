//! The turns a board caption tells: one short line per turn ("🔵 Pere 🎲 4: 42 → 46 ⚔ 🟢
//! Laia · +20: 12 → 32"), the turns of the others since the seat to move last played as
//! "before:" lines, the newest turn last (the move line).

use std::collections::VecDeque;

use super::names::name_of;
use crate::bot::core::narration::narrate;
use crate::bot::core::seats::dot;
use crate::bot::core::table::{Event, Stage, Table, TurnSpan, turn_spans};
use crate::engine::{Colour, Game, Loc};
use crate::i18n::{CaptionMsg, Lang, Msg, escape_html, tr};

fn say(lang: Lang, m: CaptionMsg) -> String {
    tr(lang, &Msg::Caption(m))
}

/// The lines telling the turns the board shows, oldest first (HTML): in play, the turns
/// since the seat to move last played (each but the newest marked "before:"); once the game
/// is over, its last turn. What else happened in them (a timeout, someone leaving, the
/// roll-off of the first board) has its own line, where it happened.
#[must_use]
pub fn recap(lang: Lang, t: &Table) -> Vec<String> {
    let log: Vec<Event> = t.recent().iter().chain(t.last()).cloned().collect();
    let from_last = t.recent().len();
    // Events before any roll are told only on the board of the action that made them.
    let spans: Vec<TurnSpan> = turn_spans(&log)
        .into_iter()
        .filter(|s| s.seat.is_some() || s.start >= from_last)
        .collect();
    let first = window_start(&spans, t.playing().and_then(Game::turn));
    let shown = &spans[first.min(spans.len())..];
    // The roll the player to move is choosing for is on the first line: not told again.
    let choosing = t.playing().and_then(|g| match g.phase() {
        crate::engine::Phase::AwaitingMove { seat, .. } => Some(seat),
        _ => None,
    });
    let told: Vec<Vec<Told>> = shown
        .iter()
        .enumerate()
        .map(|(i, span)| {
            let pending = i + 1 == shown.len() && choosing.is_some() && span.seat == choosing;
            span_lines(lang, t, span.seat, &log[span.start..span.end], pending)
        })
        .collect();
    // The newest turn told is the move line; the ones before it are "before:" lines (a turn
    // whose only roll is the one being chosen for tells nothing here).
    let newest = told
        .iter()
        .rposition(|lines| lines.iter().any(|l| matches!(l, Told::Turn(_))));
    let mut out = Vec::new();
    for (i, lines) in told.into_iter().enumerate() {
        for line in lines {
            match line {
                Told::Turn(l) if Some(i) != newest => {
                    out.push(format!("{} {l}", say(lang, CaptionMsg::Before)));
                }
                Told::Turn(l) | Told::Note(l) => out.push(l),
            }
        }
    }
    out
}

/// The first turn shown: the one after `seat`'s last finished turn (its turn in progress is
/// shown, as the newest); with nobody to move (the game over), the last turn only.
fn window_start(spans: &[TurnSpan], seat: Option<Colour>) -> usize {
    let Some(seat) = seat else {
        return spans.len().saturating_sub(1);
    };
    let mut mine = spans
        .iter()
        .enumerate()
        .filter(|(_, s)| s.seat == Some(seat))
        .map(|(i, _)| i)
        .rev();
    let newest = mine.next();
    let previous = match newest {
        Some(k) if k + 1 == spans.len() => mine.next(),
        other => other,
    };
    previous.map_or(0, |k| k + 1)
}

/// A line of a turn: the turn's own line, or another event told in full.
enum Told {
    Turn(String),
    Note(String),
}

/// One turn's lines: its short line (the seat's dot and name, only the dot once the game is
/// won, then each roll with what it played, bonuses after), and the other events in full, in order around it. `pending`: the
/// turn's last roll is still to be played (the first line tells it), so it is left out.
fn span_lines(
    lang: Lang,
    t: &Table,
    seat: Option<Colour>,
    events: &[Event],
    pending: bool,
) -> Vec<Told> {
    let mut out = Vec::new();
    let mut pieces: Vec<String> = Vec::new();
    // The roll being told, and whether it moved yet (a later move is a bonus).
    let mut roll: Option<String> = None;
    let mut moved = false;
    let mut bonuses: VecDeque<u8> = VecDeque::new();
    let mut turn_at: Option<usize> = None;
    // On the final board the players are named by the headline and the results: the last
    // turn's line names them by their colour's dot alone (its rolls and moves all kept).
    let named = !matches!(t.stage(), Stage::Finished(_));
    let who = |c: Colour| {
        if named {
            format!("{} {}", dot(c), escape_html(&name_of(t, c)))
        } else {
            dot(c).to_string()
        }
    };
    for e in events {
        match e {
            Event::Rolled { die, counts, .. } => {
                pieces.extend(roll.take());
                roll = Some(say(
                    lang,
                    CaptionMsg::Die {
                        roll: *die,
                        counts: *counts,
                    },
                ));
                moved = false;
            }
            Event::Moved {
                from,
                to,
                captures,
                opened_barrier,
                auto,
                ..
            } => {
                let mut s = match roll.take() {
                    Some(r) if !moved => {
                        let mv = CaptionMsg::Move {
                            from: *from,
                            to: *to,
                        };
                        format!("{r}: {}", say(lang, mv))
                    }
                    done => {
                        pieces.extend(done);
                        let m = match bonuses.pop_front() {
                            Some(bonus) => CaptionMsg::BonusMove {
                                bonus,
                                from: *from,
                                to: *to,
                            },
                            None => CaptionMsg::Move {
                                from: *from,
                                to: *to,
                            },
                        };
                        say(lang, m)
                    }
                };
                moved = true;
                if *opened_barrier {
                    s = format!("{s} {}", say(lang, CaptionMsg::Barrier));
                }
                if let Some(v) = captures {
                    s = format!("{s} ⚔ {}", who(*v));
                    bonuses.push_back(20);
                }
                if *to == Loc::Goal {
                    // The goal's 🏁 is in its name; the 10 is told when it is played (or
                    // lost): never after the move that wins, whose bonus is never played.
                    bonuses.push_back(10);
                }
                if *auto {
                    s = format!("{s} {}", say(lang, CaptionMsg::OnlyMove));
                }
                roll = Some(s);
            }
            Event::NoMove { .. } => {
                let r = roll.take().unwrap_or_default();
                roll = Some(format!("{r}: {}", say(lang, CaptionMsg::NoMove)));
                moved = true;
            }
            Event::ThirdSix { sent_home } => {
                let r = roll.take().unwrap_or_default();
                let m = CaptionMsg::ThirdSix { from: *sent_home };
                roll = Some(format!("{r}: {}", say(lang, m)));
                moved = true;
            }
            Event::BonusLost { amount } => {
                pieces.extend(roll.take());
                bonuses.pop_front();
                pieces.push(say(lang, CaptionMsg::BonusLost { bonus: *amount }));
            }
            // R6.3 The end at the time limit is said; its result is the first line.
            Event::TimeUp { minutes, .. } => {
                out.push(Told::Note(tr(lang, &Msg::TimeUp { minutes: *minutes })));
            }
            // Told by the first line (another roll, the winner, the end).
            Event::RollAgain { .. } | Event::Won { .. } | Event::Cancelled => {}
            other => {
                let told = narrate(std::slice::from_ref(other), |c| name_of(t, c), seat);
                out.extend(told.iter().map(|l| Told::Note(l.html(lang))));
            }
        }
        if turn_at.is_none() && roll.is_some() {
            turn_at = Some(out.len());
        }
    }
    if !pending || moved {
        pieces.extend(roll);
    }
    if let Some(seat) = seat.filter(|_| !pieces.is_empty()) {
        let line = format!("{} {}", who(seat), pieces.join(" · "));
        out.insert(
            turn_at.unwrap_or(out.len()).min(out.len()),
            Told::Turn(line),
        );
    }
    out
}
