//! A table's players from the bracket, and a finished game read back as the table's result.

use crate::ai::Level;
use crate::bot::core::table::{Stage, Table};
use crate::tournament::{Member, Outcome, Side, TableId, Tournament};

/// One seat of a table's game: the person (or computer) and the side they play for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    /// A Telegram user id, or a small negative id for a computer.
    pub id: i64,
    pub name: String,
    /// `Some`: a computer plays this seat (an entrant replaced by the host).
    pub computer: Option<Level>,
    pub side: Side,
}

/// The seats of table `at`, sides in bracket order (a pair's members one after the other),
/// in the order of the game's seats: for pairs, partners sit opposite (R6.2: on a board of
/// four, seats 1 and 3 are partners, 2 and 4), so two pairs A, B sit A1, B1, A2, B2.
#[must_use]
pub fn seats_of(t: &Tournament, at: TableId) -> Vec<Seat> {
    let seats = seats_in_bracket_order(t, at);
    if !t.pairs() || !seats.len().is_multiple_of(2) {
        return seats;
    }
    // Partners 2k and 2k + 1 go to positions k and k + n/2, opposite each other.
    let half = seats.len() / 2;
    let mut order: Vec<Option<Seat>> = vec![None; seats.len()];
    for (i, s) in seats.into_iter().enumerate() {
        order[i / 2 + (i % 2) * half] = Some(s);
    }
    order.into_iter().flatten().collect()
}

fn seats_in_bracket_order(t: &Tournament, at: TableId) -> Vec<Seat> {
    let Some(slot) = t.table(at) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut computers = 0;
    for &side in &slot.sides {
        let Some(e) = t.entrant(side) else { continue };
        for m in &e.members {
            match m {
                Member::Human(id) => out.push(Seat {
                    id: *id,
                    name: e.name.clone(),
                    computer: None,
                    side,
                }),
                Member::Computer(level) => {
                    computers += 1;
                    out.push(Seat {
                        id: -computers,
                        name: format!("🤖 {}", e.name),
                        computer: Some(*level),
                        side,
                    });
                }
            }
        }
    }
    out
}

/// The seats of table `at` as (id, name, computer level).
#[must_use]
pub fn seated_players(t: &Tournament, at: TableId) -> Vec<(i64, String, Option<Level>)> {
    seats_of(t, at)
        .into_iter()
        .map(|s| (s.id, s.name, s.computer))
        .collect()
}

/// R10.3 The result of table `at` from its game, once finished: the winner's side (R6.1,
/// R6.2, or R6.3 at the time limit), or a draw of every side at the limit. Players are
/// matched by their place in the table's list, which follows [`seats_of`].
#[must_use]
pub fn outcome_of(t: &Tournament, at: TableId, table: &Table) -> Option<Outcome> {
    let Stage::Finished(g) = &table.stage() else {
        return None;
    };
    let seats = seats_of(t, at);
    let Some(winner) = g.winner().or_else(|| g.time_limit_result()) else {
        let mut sides: Vec<Side> = seats.iter().map(|s| s.side).collect();
        sides.dedup();
        return Some(Outcome::Drawn(sides));
    };
    let colour = *winner.colours().first()?;
    let index = table
        .players()
        .iter()
        .position(|p| p.colour == Some(colour))?;
    seats.get(index).map(|s| Outcome::Won(s.side))
}
