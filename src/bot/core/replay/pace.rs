//! The replay's pace: which board changes become pictures and how long each shows, so that
//! any game plays in at most [`BUDGET_CS`] (a minute: a chat plays a GIF as a silent loop
//! with no seek bar, and nobody watches a game of eight for half an hour).
//!
//! Every board change is a picture while the game fits at a readable pace: captures, pieces
//! reaching their goal and third sixes (the *events*) and the last round held longer than
//! routine moves, the pace quickening in steps as the game grows. A game too long for
//! that is cut to its highlights: the last round always, the events (an even selection of
//! them when even they would take more than half the time left), and routine moves evenly
//! spread over what time is left; the board jumps over the changes left out.

use super::Walk;
use crate::engine::{Move, Pass};

/// The whole replay's length at most: a minute (hundredths of a second).
pub const BUDGET_CS: u32 = 6_000;
/// How long the first frame shows.
pub const FIRST_CS: u16 = 120;
/// How long the final board shows (before the end card).
pub const LAST_CS: u16 = 250;
/// How long the end card (the finishing order) shows before the loop starts again.
pub const CARD_CS: u16 = 450;
/// What the moves may take: the minute less the first frame, the final board and the card.
pub const MOVES_CS: u32 = BUDGET_CS - FIRST_CS as u32 - LAST_CS as u32 - CARD_CS as u32;

/// The paces tried, slowest first: (event, last round, routine move) hundredths. The first
/// is the bot's old pace: about two moves a second, an event held over a second.
pub const PACES: [(u16, u16, u16); 4] = [(130, 80, 55), (100, 60, 35), (80, 50, 25), (60, 40, 20)];

/// The highlights cut's pace: (event, last round, routine move) hundredths: the game's
/// course as a time lapse, a picture every fifth of a second (about 170 in all, which keeps
/// a game of eight under 2 MB), an event held a little longer.
pub const HIGHLIGHTS: (u16, u16, u16) = (50, 40, 20);

/// What kind of board change a picture shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Routine,
    /// R4.3 a capture, R4.6 a piece reaching its goal, R3.4 a third six.
    Event,
    /// One of the last round's changes (as many as there are seats).
    LastRound,
}

/// One picture: the position after board change `change` (an index among the walk's
/// board-changing steps, [`super::Played::changes_board`]) and how long it shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Beat {
    pub change: usize,
    pub kind: Kind,
    pub delay_cs: u16,
}

/// The pictures of a replay, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pace {
    pub beats: Vec<Beat>,
    /// How many board changes the game has (the progress bar's whole).
    pub changes: usize,
    /// Cut to its highlights (some changes have no picture).
    pub highlights: bool,
}

impl Pace {
    /// The whole replay's length: the first frame, the pictures, the final board and the
    /// end card (hundredths of a second).
    #[must_use]
    pub fn total_cs(&self) -> u32 {
        u32::from(FIRST_CS) + self.moves_cs() + u32::from(LAST_CS) + u32::from(CARD_CS)
    }

    /// What the pictures of the moves take.
    #[must_use]
    pub fn moves_cs(&self) -> u32 {
        self.beats.iter().map(|b| u32::from(b.delay_cs)).sum()
    }

    /// The replay's length in whole seconds, rounded up.
    #[must_use]
    pub fn seconds(&self) -> u32 {
        self.total_cs().div_ceil(100)
    }
}

/// Is `mv` (or the pass) an event: a capture, a piece reaching its goal, a third six?
fn eventful(play: Option<Move>, pass: Option<Pass>) -> bool {
    play.is_some_and(|m| m.captures().is_some() || m.reaches_goal())
        || matches!(pass, Some(Pass::ThirdSix { .. }))
}

/// The kinds of a walk's board changes, in order.
#[must_use]
pub fn kinds(walk: &Walk) -> Vec<Kind> {
    let seats = walk.start.seats().count().max(1);
    let changes: Vec<_> = walk.steps.iter().filter(|s| s.changes_board()).collect();
    let n = changes.len();
    changes
        .iter()
        .enumerate()
        .map(|(i, s)| {
            if i + seats >= n {
                Kind::LastRound
            } else if eventful(s.play, s.pass) {
                Kind::Event
            } else {
                Kind::Routine
            }
        })
        .collect()
}

/// The pace of `walk`'s replay.
#[must_use]
pub fn pace(walk: &Walk) -> Pace {
    of_kinds(&kinds(walk))
}

/// The pace of a game whose board changes are `kinds`.
#[must_use]
pub fn of_kinds(kinds: &[Kind]) -> Pace {
    let delay = |k: Kind, (e, l, r): (u16, u16, u16)| match k {
        Kind::Event => e,
        Kind::LastRound => l,
        Kind::Routine => r,
    };
    for p in PACES {
        let total: u32 = kinds.iter().map(|&k| u32::from(delay(k, p))).sum();
        if total <= MOVES_CS {
            let beats = kinds
                .iter()
                .enumerate()
                .map(|(change, &kind)| Beat {
                    change,
                    kind,
                    delay_cs: delay(kind, p),
                })
                .collect();
            return Pace {
                beats,
                changes: kinds.len(),
                highlights: false,
            };
        }
    }
    highlights(kinds, HIGHLIGHTS)
}

/// `want` of the indices `from` spread evenly (all of them if there are no more).
fn spread(from: &[usize], want: usize) -> Vec<usize> {
    if want >= from.len() {
        return from.to_vec();
    }
    // The last of each of `want` equal slices: the board shows where each slice ends.
    (1..=want)
        .map(|i| from[i * from.len() / want - 1])
        .collect()
}

/// The highlights cut at pace `(e, l, r)`: the last round, the events (evenly chosen when
/// they would take more than half the time left), routine moves evenly spread over the
/// rest.
fn highlights(kinds: &[Kind], (e, l, r): (u16, u16, u16)) -> Pace {
    let of = |k: Kind| -> Vec<usize> {
        kinds
            .iter()
            .enumerate()
            .filter(|&(_, &x)| x == k)
            .map(|(i, _)| i)
            .collect()
    };
    let (last, events, routine) = (of(Kind::LastRound), of(Kind::Event), of(Kind::Routine));
    let mut left = MOVES_CS.saturating_sub(last.len() as u32 * u32::from(l));
    let events = spread(&events, (left / 2 / u32::from(e)) as usize);
    left = left.saturating_sub(events.len() as u32 * u32::from(e));
    let routine = spread(&routine, (left / u32::from(r)) as usize);
    let mut beats: Vec<Beat> = last
        .iter()
        .map(|&c| (c, Kind::LastRound, l))
        .chain(events.iter().map(|&c| (c, Kind::Event, e)))
        .chain(routine.iter().map(|&c| (c, Kind::Routine, r)))
        .map(|(change, kind, delay_cs)| Beat {
            change,
            kind,
            delay_cs,
        })
        .collect();
    beats.sort_unstable_by_key(|b| b.change);
    Pace {
        beats,
        changes: kinds.len(),
        highlights: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(routine: usize, events_every: usize, seats: usize) -> Vec<Kind> {
        let mut k: Vec<Kind> = (0..routine)
            .map(|i| {
                if events_every > 0 && i % events_every == 0 {
                    Kind::Event
                } else {
                    Kind::Routine
                }
            })
            .collect();
        k.extend(std::iter::repeat_n(Kind::LastRound, seats));
        k
    }

    #[test]
    fn a_short_game_keeps_every_change_at_the_old_pace() {
        let p = of_kinds(&game(40, 10, 4));
        assert!(!p.highlights);
        assert_eq!(p.beats.len(), 44);
        assert_eq!(p.beats[0].delay_cs, 130);
        assert_eq!(p.beats[1].delay_cs, 55);
        assert_eq!(p.beats[43].delay_cs, 80);
    }

    #[test]
    fn a_longer_game_plays_faster_and_a_long_one_is_cut_within_the_minute() {
        // 150 changes do not fit at 55 hundredths, they do at a faster pace.
        let p = of_kinds(&game(150, 12, 4));
        assert!(!p.highlights && p.beats.len() == 154);
        assert!(p.beats[1].delay_cs < 55 && p.total_cs() <= BUDGET_CS);
        // 3000 changes with 400 events: cut, within the minute, the last round kept,
        // events held longer than routine moves.
        for (n, every, seats) in [(3000, 7, 8), (600, 3, 6), (20_000, 2, 8), (400, 0, 2)] {
            let k = game(n, every, seats);
            let p = of_kinds(&k);
            assert!(p.total_cs() <= BUDGET_CS, "{n}: {}", p.total_cs());
            assert!(p.highlights, "{n}");
            assert!(p.beats.windows(2).all(|w| w[0].change < w[1].change));
            assert_eq!(p.beats.last().map(|b| b.change), Some(k.len() - 1));
            let last: Vec<_> = p
                .beats
                .iter()
                .filter(|b| b.kind == Kind::LastRound)
                .collect();
            assert_eq!(last.len(), seats);
            let ev = p.beats.iter().find(|b| b.kind == Kind::Event);
            let ro = p.beats.iter().find(|b| b.kind == Kind::Routine);
            if let (Some(ev), Some(ro)) = (ev, ro) {
                assert!(ev.delay_cs > ro.delay_cs);
            }
            // and even 20 000 changes leave a picture about every fifth of a second.
            assert!(p.beats.len() >= 170, "{n}: {}", p.beats.len());
        }
    }

    #[test]
    fn even_spreads_end_on_the_last_one() {
        assert_eq!(spread(&[1, 2, 3, 4, 5, 6], 3), vec![2, 4, 6]);
        assert_eq!(spread(&[1, 2], 5), vec![1, 2]);
        assert!(spread(&[1, 2], 0).is_empty());
    }
}
