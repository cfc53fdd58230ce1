//! A recorded game played again through the engine: every step with the position before
//! it, the roll or bonus, the move (or pass) and the position after it.

use crate::bot::core::table::{By, Event, Replay, Step, WinnerRec, log_order};
use crate::engine::{Colour, Game, Move, Pass, Phase, RollOff, ScriptedDice, Winner, roll_off};

/// Something said about the players before a step (or at the end).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Note {
    /// The turn timer played the turn of this seat (strike k).
    TimedOut { seat: Colour, strike: u8 },
    /// `/skip`: the bot played the turn of this seat at once (strike k).
    Skipped { seat: Colour, strike: u8 },
    /// Three strikes: the computer plays for this seat until its player is back.
    Absent(Colour),
    /// This seat's player is back.
    Back(Colour),
    /// This seat's player left; a computer plays on.
    Left(Colour),
    /// This seat's player was removed; a computer plays on.
    Removed(Colour),
}

impl Note {
    /// The seat the note is about.
    #[must_use]
    pub fn seat(self) -> Colour {
        match self {
            Self::TimedOut { seat, .. } | Self::Skipped { seat, .. } => seat,
            Self::Absent(c) | Self::Back(c) | Self::Left(c) | Self::Removed(c) => c,
        }
    }

    /// The step of the game's log that says it.
    #[must_use]
    pub fn step(self) -> Step {
        match self {
            Self::TimedOut { strike, .. } => Step::TimedOut { strike },
            Self::Skipped { strike, .. } => Step::Skipped { strike },
            Self::Absent(_) => Step::Absent,
            Self::Back(c) => Step::Back(c),
            Self::Left(c) => Step::Left(c),
            Self::Removed(c) => Step::Removed(c),
        }
    }
}

/// One step: a roll and its move or pass, or a pending bonus and its move or loss.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The position before: waiting for a roll, or for a bonus to be played.
    pub before: Game,
    /// The roll (`None`: a bonus step).
    pub roll: Option<u8>,
    /// The move played (`None`: a pass, a lost bonus or a third six).
    pub play: Option<Move>,
    /// What the pass did, when nothing moved.
    pub pass: Option<Pass>,
    /// Who chose the move.
    pub by: Option<By>,
    pub after: Game,
    /// What was said before this step.
    pub notes: Vec<Note>,
}

impl Played {
    /// The seat that acted.
    #[must_use]
    pub fn seat(&self) -> Option<Colour> {
        self.before.turn()
    }

    /// The position the move was chosen in (the roll made; for a bonus, `before`).
    #[must_use]
    pub fn choosing(&self) -> Game {
        match self.roll {
            Some(d) => self.before.roll(d).unwrap_or_else(|_| self.before.clone()),
            None => self.before.clone(),
        }
    }

    /// Does this step change the board (a move, or a third six sending a piece home)?
    #[must_use]
    pub fn changes_board(&self) -> bool {
        self.play.is_some() || matches!(self.pass, Some(Pass::ThirdSix { sent_home: Some(_) }))
    }

    /// The step told as the table's events (`name` gives a seat's player).
    #[must_use]
    pub fn events(&self, name: &impl Fn(Colour) -> String) -> Vec<Event> {
        let mut out: Vec<Event> = self.notes.iter().map(|n| note_event(*n, name)).collect();
        let choosing = self.choosing();
        if let (Some(die), Some(seat)) = (self.roll, self.seat()) {
            let counts = choosing.count_of(choosing.moving_colour(seat), die);
            out.push(Event::Rolled { seat, die, counts });
        }
        match (self.play, self.pass) {
            (Some(mv), _) => out.push(Event::moved(&choosing, mv, self.by == Some(By::Forced))),
            (None, Some(pass)) => out.push(Event::passed(pass)),
            (None, None) => {}
        }
        if let Phase::AwaitingRoll(seat) = self.after.phase()
            && self.after.sixes() > 0
            && (self.play.is_some() || self.pass == Some(Pass::NoMove { die: 6 }))
        {
            out.push(Event::RollAgain { seat });
        }
        out
    }
}

/// A note told as the table's event.
#[must_use]
pub fn note_event(n: Note, name: &impl Fn(Colour) -> String) -> Event {
    let name = name(n.seat());
    match n {
        Note::TimedOut { strike, .. } => Event::TimedOut { name, strike },
        Note::Skipped { .. } => Event::Skipped { name },
        Note::Absent(_) => Event::Absent { name },
        Note::Back(_) => Event::Back { name },
        Note::Left(_) => Event::Replaced { name },
        Note::Removed(_) => Event::Removed { name },
    }
}

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// R6 A colour (or a pair) finished.
    Won(Winner),
    /// R6.3 The time limit ran out: the leader by R6.3 (`None`: a draw).
    TimeUp(Option<Winner>),
}

impl End {
    /// The winner, if any.
    #[must_use]
    pub fn winner(self) -> Option<Winner> {
        match self {
            Self::Won(w) => Some(w),
            Self::TimeUp(w) => w,
        }
    }

    /// The table's event that tells it (`minutes`: the time limit's).
    #[must_use]
    pub fn event(self, minutes: u32) -> Event {
        match self {
            Self::Won(w) => Event::Won { winner: w.into() },
            Self::TimeUp(w) => Event::TimeUp {
                winner: w.map(WinnerRec::from),
                minutes,
            },
        }
    }
}

/// A recorded game played again.
#[derive(Clone, Debug)]
pub struct Walk {
    /// R2.2 The roll-off's rounds and who started.
    pub roll_off: RollOff,
    /// The first position: the starter to roll.
    pub start: Game,
    pub steps: Vec<Played>,
    /// What was said after the last step.
    pub last_notes: Vec<Note>,
    pub end: End,
    /// The final position (with the roll still to play when the time limit ended the game
    /// after a roll).
    pub last: Game,
}

impl Walk {
    /// The final position.
    #[must_use]
    pub fn last(&self) -> &Game {
        &self.last
    }

    /// How many steps change the board (moves, and third sixes that send a piece home):
    /// the frames of the animation after the first.
    #[must_use]
    pub fn board_changes(&self) -> usize {
        self.steps.iter().filter(|s| s.changes_board()).count()
    }

    /// How many moves were played.
    #[must_use]
    pub fn moves(&self) -> usize {
        self.steps.iter().filter(|s| s.play.is_some()).count()
    }
}

/// Why a record does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("step {step} of the game's log: {what}")]
pub struct WalkError {
    /// 0-based index among the log's steps.
    pub step: usize,
    pub what: String,
}

/// R2.2 The roll-off that `rolls` make for `seats`, checked to use every roll.
///
/// # Errors
/// A message when the rolls are too few, too many, or not 1 to 6.
pub fn roll_off_of(seats: &[Colour], rolls: &[u8]) -> Result<RollOff, String> {
    if rolls.iter().any(|r| !(1..=6).contains(r)) {
        return Err("a roll-off roll is not 1 to 6".into());
    }
    let ro = roll_off(seats, &mut ScriptedDice::new(rolls));
    let used: Vec<u8> = ro.rounds.iter().flatten().map(|&(_, r)| r).collect();
    if used != rolls {
        return Err(format!(
            "the roll-off of {} seats uses {} rolls, not {}",
            seats.len(),
            used.len(),
            rolls.len()
        ));
    }
    let last = ro.rounds.last().map(Vec::as_slice).unwrap_or_default();
    let top = last.iter().map(|&(_, r)| r).max().unwrap_or(0);
    if last.iter().filter(|&&(_, r)| r == top).count() != 1 {
        return Err("the roll-off ends in a tie".into());
    }
    Ok(ro)
}

/// Play `replay` again through the engine.
///
/// # Errors
/// [`WalkError`] where the log is not a game of these settings: an unreadable log, a roll
/// when a move is awaited, a move index that is not legal, a game that does not end.
pub fn walk(replay: &Replay) -> Result<Walk, WalkError> {
    let fail = |step: usize, what: String| WalkError { step, what };
    let steps = replay.log.steps().map_err(|e| fail(0, e.to_string()))?;
    let Some(Step::RollOff(rolls)) = steps.first() else {
        return Err(fail(0, "the log does not start with the roll-off".into()));
    };
    let seats: Vec<Colour> = replay.seats.iter().map(|s| s.colour).collect();
    let ro = roll_off_of(&seats, rolls).map_err(|e| fail(0, e))?;
    let start = replay
        .new_game()
        .and_then(|g| g.with_first_turn(ro.starter))
        .map_err(|e| fail(0, e.to_string()))?;
    let mut g = start.clone();
    let mut out: Vec<Played> = Vec::with_capacity(steps.len());
    let mut notes: Vec<Note> = Vec::new();
    let mut rolled_from: Option<(Game, u8)> = None;
    let mut timed_out: Option<Colour> = None;
    let mut time_up = false;
    let mut k = 1;
    loop {
        // A roll or bonus with no legal move passes by itself.
        if matches!(
            g.phase(),
            Phase::AwaitingMove { .. } | Phase::AwaitingBonus { .. }
        ) && g.legal_moves().is_empty()
        {
            let (after, pass) = g.pass().map_err(|e| fail(k, e.to_string()))?;
            let (before, roll) = match rolled_from.take() {
                Some((b, d)) => (b, Some(d)),
                None => (g.clone(), None),
            };
            out.push(Played {
                before,
                roll,
                play: None,
                pass: Some(pass),
                by: None,
                after: after.clone(),
                notes: std::mem::take(&mut notes),
            });
            g = after;
            continue;
        }
        let Some(step) = steps.get(k) else { break };
        if time_up {
            return Err(fail(k, "a step after the time limit's end".into()));
        }
        let seat = g.turn();
        match *step {
            Step::Roll(d) => {
                if !matches!(g.phase(), Phase::AwaitingRoll(_)) {
                    let what = match g.phase() {
                        Phase::Finished(_) => "a roll after the game was won",
                        _ => "a roll while a move is awaited",
                    };
                    return Err(fail(k, what.into()));
                }
                rolled_from = Some((g.clone(), d));
                g = g.roll(d).map_err(|e| fail(k, e.to_string()))?;
            }
            Step::Move { index, by } => {
                if !matches!(
                    g.phase(),
                    Phase::AwaitingMove { .. } | Phase::AwaitingBonus { .. }
                ) {
                    return Err(fail(k, "a move with no roll or bonus to play".into()));
                }
                let moves = log_order(&g);
                let mv = *moves.get(usize::from(index)).ok_or_else(|| {
                    fail(
                        k,
                        format!("move {} of {} legal moves", index + 1, moves.len()),
                    )
                })?;
                if by == By::Forced && moves.len() != 1 {
                    return Err(fail(
                        k,
                        format!("a move played as the only one among {}", moves.len()),
                    ));
                }
                let after = g.play(mv).map_err(|e| fail(k, e.to_string()))?;
                let (before, roll) = match rolled_from.take() {
                    Some((b, d)) => (b, Some(d)),
                    None => (g.clone(), None),
                };
                out.push(Played {
                    before,
                    roll,
                    play: Some(mv),
                    pass: None,
                    by: Some(by),
                    after: after.clone(),
                    notes: std::mem::take(&mut notes),
                });
                g = after;
            }
            Step::TimedOut { strike } | Step::Skipped { strike } => {
                let seat = seat.ok_or_else(|| fail(k, "a timeout after the game's end".into()))?;
                timed_out = Some(seat);
                notes.push(if matches!(step, Step::Skipped { .. }) {
                    Note::Skipped { seat, strike }
                } else {
                    Note::TimedOut { seat, strike }
                });
            }
            Step::Absent => {
                let seat = timed_out
                    .or(seat)
                    .ok_or_else(|| fail(k, "an absence with nobody to act".into()))?;
                notes.push(Note::Absent(seat));
            }
            Step::Back(c) => notes.push(Note::Back(c)),
            Step::Left(c) => notes.push(Note::Left(c)),
            Step::Removed(c) => notes.push(Note::Removed(c)),
            Step::TimeUp => {
                if g.winner().is_some() {
                    return Err(fail(
                        k,
                        "the time limit's end after the game was won".into(),
                    ));
                }
                time_up = true;
            }
            Step::RollOff(_) => return Err(fail(k, "a second roll-off".into())),
        }
        k += 1;
    }
    let end = match (g.winner(), time_up) {
        (Some(w), _) => End::Won(w),
        (None, true) => End::TimeUp(g.time_limit_result()),
        (None, false) => return Err(fail(k, "the log ends before the game does".into())),
    };
    Ok(Walk {
        roll_off: ro,
        start,
        steps: out,
        last_notes: notes,
        end,
        last: g,
    })
}
