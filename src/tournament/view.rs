//! The whole bracket as the renderers draw it: the rounds played so far and the rounds to
//! come (their shape is known from the start), winners carried forward as soon as known.

use std::ops::Range;

use super::{Side, TableResult, Tournament};

/// One line of a table: a side, or an empty place still to be filled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowView {
    pub side: Option<Side>,
    /// This side went through.
    pub won: bool,
    /// This side lost.
    pub lost: bool,
}

/// One table of the bracket.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableView {
    pub rows: Vec<RowView>,
    /// R10.2 A single side going through without playing.
    pub bye: bool,
    /// The game is being played now.
    pub playing: bool,
    /// Decided by a roll-off (R10.3).
    pub roll_off: bool,
    /// Advanced by the host.
    pub by_hand: bool,
    /// The tables of the previous round whose winners sit here (empty in round 1).
    pub feeders: Range<usize>,
    /// The side that went through, once known.
    pub winner: Option<Side>,
}

/// The bracket: every round, played or not, and where the tournament stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    pub rounds: Vec<Vec<TableView>>,
    /// The round being played (highlighted), `None` once finished.
    pub current: Option<usize>,
    pub champion: Option<Side>,
}

impl Tournament {
    /// The whole bracket, see [`View`].
    #[must_use]
    pub fn view(&self) -> View {
        let plan = self.plan();
        let mut rounds: Vec<Vec<TableView>> = Vec::with_capacity(plan.len());
        for (r, sizes) in plan.iter().enumerate() {
            let starts = super::shape::starts(sizes);
            let built = self.rounds.get(r);
            let tables = sizes
                .iter()
                .zip(starts)
                .enumerate()
                .map(|(j, (&len, at))| {
                    let feeders = if r == 0 { 0..0 } else { at..at + len };
                    match built.and_then(|b| b.tables.get(j)) {
                        Some(slot) => {
                            let winner = slot.winner();
                            let decided = winner.is_some();
                            TableView {
                                rows: slot
                                    .sides
                                    .iter()
                                    .map(|&s| RowView {
                                        side: Some(s),
                                        won: winner == Some(s),
                                        lost: decided && winner != Some(s),
                                    })
                                    .collect(),
                                bye: slot.result == TableResult::Bye,
                                playing: slot.result == TableResult::Playing,
                                roll_off: matches!(slot.result, TableResult::RollOff { .. }),
                                by_hand: matches!(slot.result, TableResult::ByHand { .. }),
                                feeders,
                                winner,
                            }
                        }
                        None => {
                            let prev = r.checked_sub(1).and_then(|p| rounds.get(p));
                            let rows = feeders
                                .clone()
                                .map(|f| RowView {
                                    side: prev.and_then(|p| p.get(f)).and_then(|t| t.winner),
                                    won: false,
                                    lost: false,
                                })
                                .collect();
                            TableView {
                                rows,
                                bye: len == 1,
                                playing: false,
                                roll_off: false,
                                by_hand: false,
                                feeders,
                                winner: None,
                            }
                        }
                    }
                })
                .collect();
            rounds.push(tables);
        }
        View {
            rounds,
            current: self.current_round(),
            champion: self.champion(),
        }
    }
}
