//! Achievements earned in one game, decided from its record alone: the table's log replayed
//! through the engine ([`crate::bot::core::replay::walk`]). Pure. The milestones (games played), a
//! tournament won and a week's top points are decided where the stats and the tournament
//! are (`effects::achieve`).

use std::collections::HashMap;

use super::table::{PlayerKind, Replay, Table};
use crate::ai::Level;
use crate::bot::core::replay::Walk;
use crate::engine::{Colour, Game, Loc, Pass, Square};
pub use crate::stats::Achievement;

/// Captures in one game that earn [`Achievement::ThreeCaptures`].
pub const CAPTURES: usize = 3;
/// Turns of its owner a barrier must stand through for [`Achievement::IronBarrier`].
pub const BARRIER_TURNS: u32 = 3;

/// The barriers of colour `c` standing in `g`: squares with two of its pieces that block.
fn barriers(g: &Game, c: Colour) -> Vec<Square> {
    let mut out: Vec<Square> = g
        .piece_locations(c)
        .into_iter()
        .filter_map(|l| match l {
            Loc::Sq(sq) if g.is_barrier(sq) && g.pieces_on(sq).all(|p| p == c) => Some(sq),
            _ => None,
        })
        .collect();
    out.dedup();
    out
}

/// R6.1 The distance of colour `c`'s pieces to its goal.
fn distance(g: &Game, c: Colour) -> u32 {
    let goal = g.arms().goal();
    g.progress(c)
        .iter()
        .map(|&p| u32::from(goal.saturating_sub(p)))
        .sum()
}

/// The achievements of a game's moments, by the colour (seat) that earned them, each once,
/// sorted: from `replay`'s record as `walk` played it again.
#[must_use]
pub fn moments(replay: &Replay, walk: &Walk) -> Vec<(Colour, Achievement)> {
    let mut out: Vec<(Colour, Achievement)> = Vec::new();
    let winner = walk.end.winner();
    let won = |c: Colour| winner.is_some_and(|w| w.includes(c));
    let seats: Vec<Colour> = replay.seats.iter().map(|s| s.colour).collect();
    let mut captures: HashMap<Colour, usize> = HashMap::new();
    let mut captured: Vec<Colour> = Vec::new();
    let mut full_board: Vec<Colour> = Vec::new();
    // A standing barrier (its colour, square) → the turns of its owner it stood through.
    let mut standing: HashMap<(Colour, Square), u32> = HashMap::new();
    for step in &walk.steps {
        let Some(seat) = step.seat() else { continue };
        // A new turn of `seat` (not a repeat after a six): its barriers stood through one more.
        if step.roll.is_some() && step.before.sixes() == 0 {
            for sq in barriers(&step.before, seat) {
                let turns = standing.entry((seat, sq)).or_insert(0);
                *turns += 1;
                if *turns >= BARRIER_TURNS {
                    out.push((seat, Achievement::IronBarrier));
                }
            }
        }
        if let Some(mv) = step.play
            && let Some(victim) = mv.captures()
        {
            *captures.entry(seat).or_insert(0) += 1;
            captured.push(victim);
        }
        if let Some(Pass::ThirdSix { sent_home: Some(_) }) = step.pass {
            out.push((seat, Achievement::UnluckySix));
        }
        // Barriers broken by this step stop counting.
        standing.retain(|&(c, sq), _| barriers(&step.after, c).contains(&sq));
        for &c in &seats {
            if step.after.in_nest(c) == 0 && step.after.in_goal(c) == 0 {
                full_board.push(c);
            }
        }
    }
    for (&c, &n) in &captures {
        out.push((c, Achievement::FirstCapture));
        if n >= CAPTURES {
            out.push((c, Achievement::ThreeCaptures));
        }
    }
    for &c in &seats {
        if walk.last.in_goal(c) == 4 && !captured.contains(&c) {
            out.push((c, Achievement::Untouched));
        }
        if !won(c) {
            continue;
        }
        out.push((c, Achievement::FirstWin));
        if replay.options.pairs {
            out.push((c, Achievement::PairsWin));
        }
        if full_board.contains(&c) {
            out.push((c, Achievement::FullBoard));
        }
        if replay.seats.iter().any(|s| s.computer == Some(Level::Hard)) {
            out.push((c, Achievement::HardBeaten));
        }
    }
    if let Some(w) = winner
        && last_at_half_time(replay, walk).is_some_and(|c| w.includes(c))
    {
        out.extend(w.colours().into_iter().map(|c| (c, Achievement::Comeback)));
    }
    out.sort_unstable_by_key(|&(c, a)| (c.index(), a));
    out.dedup();
    out
}

/// The side last at half-time (the position halfway through the game's steps): the one
/// farthest from its goal (a pair's distance is the sum of both), when only one is.
/// Returns one colour of it.
#[must_use]
pub fn last_at_half_time(replay: &Replay, walk: &Walk) -> Option<Colour> {
    let mid = walk.steps.get(walk.steps.len() / 2)?;
    let g = &mid.before;
    let pairs = replay.options.pairs;
    let mut sides: Vec<(Colour, u32)> = Vec::new();
    for s in &replay.seats {
        let c = s.colour;
        if pairs && sides.iter().any(|&(o, _)| g.partner(o) == c) {
            continue;
        }
        let d = distance(g, c) + if pairs { distance(g, g.partner(c)) } else { 0 };
        sides.push((c, d));
    }
    let far = sides.iter().map(|&(_, d)| d).max()?;
    let mut last = sides.iter().filter(|&&(_, d)| d == far);
    let (c, _) = *last.next()?;
    last.next().is_none().then_some(c)
}

/// The achievements a finished table's people earned in its game (user id, achievement),
/// from its record replayed; `None` when it has no whole record, or it does not replay.
#[must_use]
pub fn earned(table: &Table) -> Option<Vec<(i64, Achievement)>> {
    let replay = table.replay()?;
    let walk = crate::bot::core::replay::walk(&replay).ok()?;
    Some(people(table, &moments(&replay, &walk)))
}

/// The people behind the colours of `found` (computers earn nothing).
#[must_use]
pub fn people(table: &Table, found: &[(Colour, Achievement)]) -> Vec<(i64, Achievement)> {
    let mut out: Vec<(i64, Achievement)> = found
        .iter()
        .filter_map(|&(c, a)| {
            let p = table.player_of(c)?;
            (p.kind == PlayerKind::Human && p.id > 0).then_some((p.id, a))
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

#[cfg(test)]
#[path = "achieve_tests.rs"]
mod tests;
