//! What the terminal game says: the player is "you", computers are "🤖 Red"; the roll-off
//! with its title and its ties; the human's own moves in the second person.

use crate::bot::core::narration::narrate;
use crate::bot::core::seats::dot;
use crate::bot::core::table::Event;
use crate::engine::{Colour, Game, Loc, RollOff};
use crate::i18n::{Lang, Msg, tr_plain};

/// Who is who at the table: the human's colour (if any) and the language.
#[derive(Clone, Copy)]
pub struct Voice {
    pub lang: Lang,
    pub human: Option<Colour>,
}

/// `s` with its first letter in upper case.
fn capitalized(s: &str) -> String {
    let mut cs = s.chars();
    cs.next()
        .map(|f| f.to_uppercase().chain(cs).collect())
        .unwrap_or_default()
}

impl Voice {
    fn say(self, m: &Msg) -> String {
        tr_plain(self.lang, m)
    }

    /// "You" for the human, "🤖 Red" for a computer.
    pub fn name(self, c: Colour) -> String {
        if Some(c) == self.human {
            self.say(&Msg::TermYou)
        } else {
            format!("🤖 {}", capitalized(&self.say(&Msg::Colour(c))))
        }
    }

    /// Every seat's name, for the board.
    pub fn names(self, game: &Game) -> Vec<(Colour, String)> {
        game.seats().map(|c| (c, self.name(c))).collect()
    }

    /// The roll-off: its title, each round's rolls, who tied on what and rolls again, who
    /// starts.
    pub fn roll_off(self, ro: &RollOff) -> Vec<String> {
        let mut out = vec![self.say(&Msg::RollOffTitle)];
        for (i, round) in ro.rounds.iter().enumerate() {
            for &(c, roll) in round {
                let line = Msg::RollOffLine {
                    name: self.name(c),
                    roll,
                };
                out.push(format!("  {} {}", dot(c), self.say(&line)));
            }
            let top = round.iter().map(|&(_, r)| r).max().unwrap_or(0);
            let tied: Vec<String> = round
                .iter()
                .filter(|&&(_, r)| r == top)
                .map(|&(c, _)| self.name(c))
                .collect();
            if i + 1 < ro.rounds.len() && tied.len() > 1 {
                out.push(self.say(&Msg::TermRollOffTie {
                    names: tied.join(", "),
                    roll: top,
                }));
            }
        }
        out.push(if Some(ro.starter) == self.human {
            self.say(&Msg::TermYouStart)
        } else {
            self.say(&Msg::RollOffWinner {
                name: self.name(ro.starter),
            })
        });
        out
    }

    /// "Your pieces: nest, nest, 12, corridor 3." for the colour the human moves.
    pub fn your_pieces(self, game: &Game, c: Colour) -> String {
        let list: Vec<String> = game
            .piece_locations(c)
            .iter()
            .map(|&l| self.say(&Msg::LocShort(l)))
            .collect();
        self.say(&Msg::TermYourPieces {
            list: list.join(", "),
        })
    }

    /// The lines telling `events` of seat `seat`: in the second person for the human,
    /// as the bot tells them for a computer. `wins`: the events end the game (the move that
    /// brings the last piece home), so the goal earns no 10 (R4.5) and none is told.
    pub fn events(self, events: &[Event], seat: Colour, wins: bool) -> Vec<String> {
        let mut out = Vec::new();
        for e in events {
            match (Some(seat) == self.human, e) {
                (
                    true,
                    Event::Moved {
                        from, to, captures, ..
                    },
                ) => {
                    out.push(if *from == Loc::Nest {
                        self.say(&Msg::TermYouLeftNest)
                    } else {
                        self.say(&Msg::TermYouMoved {
                            from: *from,
                            to: *to,
                        })
                    });
                    if let Some(v) = captures {
                        out.push(self.say(&Msg::TermYouCaptured {
                            victim: self.name(*v),
                            victim_colour: *v,
                        }));
                    }
                    if *to == Loc::Goal && !wins {
                        out.push(self.say(&Msg::TermYouReachedGoal));
                    }
                }
                (true, Event::NoMove { die }) => out.push(self.say(&Msg::TermYouCannotMove {
                    rolls_again: *die == 6,
                })),
                _ => {
                    let name = |c: Colour| self.name(c);
                    let lines = narrate(std::slice::from_ref(e), name, Some(seat));
                    // R4.5 The winning move's goal counts no 10: its "counts 10" line goes.
                    let told_ten = |l: &&crate::bot::core::narration::Line| {
                        wins && l.msgs.iter().any(|m| matches!(m, Msg::ReachedGoal { .. }))
                    };
                    out.extend(
                        lines
                            .iter()
                            .filter(|l| !told_ten(l))
                            .map(|l| l.plain(self.lang)),
                    );
                }
            }
        }
        out
    }
}
