//! The one narration of what happened, shared by the bot's board message and `parxis play`:
//! events in, lines of typed messages out. Rendering them (HTML or plain, in a language)
//! is the caller's.

use super::seats::dot;
use super::table::{Event, STRIKES_TO_ABSENT, WinnerRec};
use crate::engine::{Colour, Loc};
use crate::i18n::{Lang, Msg, tr, tr_plain};

/// One line: an optional colour dot, then messages separated by spaces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub dot: Option<Colour>,
    pub msgs: Vec<Msg>,
}

impl Line {
    fn of(msg: Msg) -> Self {
        Self {
            dot: None,
            msgs: vec![msg],
        }
    }

    fn dotted(c: Colour, msg: Msg) -> Self {
        Self {
            dot: Some(c),
            msgs: vec![msg],
        }
    }

    /// The line as Telegram HTML.
    #[must_use]
    pub fn html(&self, lang: Lang) -> String {
        self.render(|m| tr(lang, m))
    }

    /// The line as plain text (the terminal).
    #[must_use]
    pub fn plain(&self, lang: Lang) -> String {
        self.render(|m| tr_plain(lang, m))
    }

    fn render(&self, text: impl Fn(&Msg) -> String) -> String {
        let mut parts: Vec<String> = self.dot.map(|c| dot(c).to_owned()).into_iter().collect();
        parts.extend(self.msgs.iter().map(text));
        parts.join(" ")
    }
}

/// The lines telling `events`, in order. `name` gives a colour's player; `mover` is whose
/// turn the events start in (a roll among the events names it anew).
#[must_use]
pub fn narrate(
    events: &[Event],
    name: impl Fn(Colour) -> String,
    mover: Option<Colour>,
) -> Vec<Line> {
    let mut out = Vec::new();
    let mut mover = mover.map(&name).unwrap_or_default();
    for e in events {
        match e {
            // The lobby's player list shows who joined.
            Event::Joined { .. } | Event::BotAdded { .. } => {}
            Event::Left { name } => out.push(Line::of(Msg::PlayerLeft { name: name.clone() })),
            Event::Removed { name } => {
                out.push(Line::of(Msg::PlayerRemoved { name: name.clone() }));
            }
            Event::Replaced { name } | Event::Absent { name } => {
                out.push(Line::of(Msg::Absent { name: name.clone() }));
            }
            Event::RollOff { rounds, starter } => {
                out.push(Line::of(Msg::RollOffTitle));
                for (i, round) in rounds.iter().enumerate() {
                    if i > 0 {
                        out.push(Line::of(Msg::RollOffTie));
                    }
                    for &(c, roll) in round {
                        let line = Msg::RollOffLine {
                            name: name(c),
                            roll,
                        };
                        out.push(Line::dotted(c, line));
                    }
                }
                out.push(Line::of(Msg::RollOffWinner {
                    name: name(*starter),
                }));
            }
            Event::Rolled { seat, die, counts } => {
                mover = name(*seat);
                let mut line = Line::of(Msg::Rolled {
                    name: mover.clone(),
                    roll: *die,
                });
                if counts != die {
                    line.msgs.push(Msg::SixCounts { count: *counts });
                }
                out.push(line);
            }
            Event::Moved {
                colour,
                from,
                to,
                captures,
                opened_barrier,
                auto,
            } => {
                let who = if mover.is_empty() {
                    name(*colour)
                } else {
                    mover.clone()
                };
                let mut lines = vec![Line::of(if *from == Loc::Nest {
                    Msg::LeftNest { name: who.clone() }
                } else {
                    Msg::Moved {
                        name: who.clone(),
                        from: *from,
                        to: *to,
                    }
                })];
                if *opened_barrier {
                    lines[0].msgs.push(Msg::BarrierOpened { name: who.clone() });
                }
                if let Some(v) = captures {
                    lines.push(Line::of(Msg::Captured {
                        name: who.clone(),
                        victim: name(*v),
                        victim_colour: *v,
                    }));
                }
                if *to == Loc::Goal {
                    lines.push(Line::of(Msg::ReachedGoal { name: who }));
                }
                if *auto && let Some(last) = lines.last_mut() {
                    last.msgs.push(Msg::AutoPlayed);
                }
                out.extend(lines);
            }
            Event::NoMove { die } => out.push(Line::of(Msg::NoMove {
                name: mover.clone(),
                rolls_again: *die == 6,
            })),
            Event::BonusLost { amount } => out.push(Line::of(Msg::BonusLost { bonus: *amount })),
            Event::ThirdSix {
                sent_home: Some(from),
            } => out.push(Line::of(Msg::ThirdSixSentBack {
                name: mover.clone(),
                from: *from,
            })),
            Event::ThirdSix { sent_home: None } => out.push(Line::of(Msg::ThirdSixNothing)),
            Event::RollAgain { seat } => out.push(Line::of(Msg::RollsAgain { name: name(*seat) })),
            Event::Won { winner } => out.push(Line::of(winner_msg(*winner, &name))),
            Event::TimeUp { winner, minutes } => {
                // R6.3 The time limit is announced, then its result.
                out.push(Line::of(Msg::TimeUp { minutes: *minutes }));
                out.push(Line::of(winner.map_or(Msg::Draw, |w| winner_msg(w, &name))));
            }
            Event::Cancelled => out.push(Line::of(Msg::LobbyCancelled)),
            Event::TimedOut { name, strike } => out.push(Line::of(Msg::TimedOut {
                name: name.clone(),
                strike: u32::from(*strike),
                limit: u32::from(STRIKES_TO_ABSENT),
            })),
            Event::Skipped { name } => out.push(Line::of(Msg::Skipped { name: name.clone() })),
            Event::Back { name } => out.push(Line::of(Msg::Back { name: name.clone() })),
        }
    }
    out
}

fn winner_msg(w: WinnerRec, name: &impl Fn(Colour) -> String) -> Msg {
    match w {
        WinnerRec::One(c) => Msg::Winner {
            name: name(c),
            colour: c,
        },
        WinnerRec::Pair(a, b) => Msg::WinnerPair {
            first: name(a),
            second: name(b),
        },
    }
}
