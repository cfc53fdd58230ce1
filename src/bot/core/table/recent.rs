//! The turns before the last action, kept so the board can tell each player what the others
//! did since their own last turn ([`Table::recent`]), and the split of events into turns.

use super::{Event, Table};
use crate::engine::Colour;
use crate::engine::board::MAX_COLOURS;

/// The turns [`Table::recent`] keeps: enough for the seat to move to see every other seat's
/// turn since its own, and its own turn in progress.
const KEPT_TURNS: usize = MAX_COLOURS + 1;

/// At most this many events are kept, whatever the turns (a bound on the stored record).
const KEPT_EVENTS: usize = 256;

/// One turn among a list of events: the seat whose rolls it holds (`None`: events before
/// any roll, such as the roll-off) and where its events are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnSpan {
    pub seat: Option<Colour>,
    pub start: usize,
    pub end: usize,
}

/// Said before a turn's first roll, about that turn (a timeout, a /skip, a return).
fn opens_turn(e: &Event) -> bool {
    matches!(
        e,
        Event::TimedOut { .. } | Event::Skipped { .. } | Event::Back { .. }
    )
}

/// `events` cut into turns, oldest first: a turn starts at a roll of another seat than the
/// turn before, together with the timeout, /skip or return said just before that roll.
#[must_use]
pub fn turn_spans(events: &[Event]) -> Vec<TurnSpan> {
    let mut spans: Vec<TurnSpan> = Vec::new();
    let mut current = TurnSpan {
        seat: None,
        start: 0,
        end: 0,
    };
    for (i, e) in events.iter().enumerate() {
        let Event::Rolled { seat, .. } = e else {
            continue;
        };
        if current.seat == Some(*seat) {
            continue;
        }
        let mut start = i;
        while start > current.start && opens_turn(&events[start - 1]) {
            start -= 1;
        }
        if start > current.start || current.seat.is_some() {
            current.end = start;
            spans.push(current);
        }
        current = TurnSpan {
            seat: Some(*seat),
            start,
            end: 0,
        };
    }
    current.end = events.len();
    if current.end > current.start || current.seat.is_some() {
        spans.push(current);
    }
    spans
}

impl Table {
    /// Keep the events of the action just told ([`Table::last`]) among the recent turns,
    /// as a new action begins: only whole turns (never what came before the first roll),
    /// the newest [`KEPT_TURNS`] of them.
    pub(super) fn remember_last(&mut self) {
        if self.playing().is_none() {
            self.recent.clear();
            return;
        }
        self.recent.append(&mut self.last);
        let spans = turn_spans(&self.recent);
        let first = spans
            .iter()
            .filter(|s| s.seat.is_some())
            .rev()
            .take(KEPT_TURNS)
            .last()
            .map_or(self.recent.len(), |s| s.start);
        let first = first.max(self.recent.len().saturating_sub(KEPT_EVENTS));
        self.recent.drain(..first);
    }
}
