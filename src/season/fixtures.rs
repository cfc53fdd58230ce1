//! A league's weekly draw: the members split into tables so that, over the season, each
//! meets as many different opponents as possible, and the byes (when some must sit out) go
//! round evenly.
//!
//! **The tables.** With `n` members and the chosen size `t` (2–8): `k = ⌈n / t⌉` tables,
//! their sizes as even as possible (they differ by at most one seat, none above `t`). Only
//! `t = 2` with an odd `n` leaves one member out, a bye: a table needs two players.
//!
//! **Who sits where.** Two members who met `m` times before add `4^m − 1` to the week's cost
//! when they share a table again: a first meeting is free, and one pair meeting a third time
//! costs more than four pairs meeting a second time, so meetings spread out. The draw keeps
//! the cheapest of [`TRIES`] seatings, each built from a seeded shuffle by seating the members
//! one by one at the open table that costs least, then improved by swapping two members of
//! different tables while a swap lowers the cost. The bye goes to the member with the fewest byes so
//! far (ties: the shuffle's order).
//!
//! Everything comes from the seed and the history: anyone can repeat a week's draw.

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Seatings tried per week; the cheapest is kept.
pub const TRIES: usize = 64;
/// The most members a league takes.
pub const MAX_MEMBERS: usize = 64;
/// Table sizes a league may choose.
pub const TABLE_SIZES: std::ops::RangeInclusive<usize> = 2..=8;

/// How often each pair of members has met, and how many byes each has had.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History {
    n: usize,
    met: Vec<u32>,
    byes: Vec<u32>,
}

impl History {
    /// A season's start: `n` members, nobody has met.
    #[must_use]
    pub fn new(n: usize) -> Self {
        Self {
            n,
            met: vec![0; n * n],
            byes: vec![0; n],
        }
    }

    /// How many times `a` and `b` sat at one table.
    #[must_use]
    pub fn met(&self, a: usize, b: usize) -> u32 {
        self.met[a * self.n + b]
    }

    /// How many byes `a` has had.
    #[must_use]
    pub fn byes(&self, a: usize) -> u32 {
        self.byes[a]
    }

    /// Adds a drawn week.
    pub fn record(&mut self, week: &Week) {
        for table in &week.tables {
            for (i, &a) in table.iter().enumerate() {
                for &b in &table[i + 1..] {
                    self.met[a * self.n + b] += 1;
                    self.met[b * self.n + a] += 1;
                }
            }
        }
        for &a in &week.byes {
            self.byes[a] += 1;
        }
    }
}

/// One week's draw: tables of member indices, and who sits out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Week {
    /// Each table's members, in seat order.
    pub tables: Vec<Vec<usize>>,
    /// Members without a table this week.
    pub byes: Vec<usize>,
}

/// Why a week cannot be drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawError {
    /// Fewer than two members, or more than [`MAX_MEMBERS`].
    Members(usize),
    /// A table size outside [`TABLE_SIZES`].
    TableSize(usize),
    /// The history is of another number of members.
    History,
}

/// The table sizes for `n` members at tables of at most `t`, and how many sit out.
#[must_use]
pub fn sizes(n: usize, t: usize) -> (Vec<usize>, usize) {
    let (playing, out) = if t == 2 && n % 2 == 1 {
        (n - 1, 1)
    } else {
        (n, 0)
    };
    let k = playing.div_ceil(t).max(1);
    let (base, extra) = (playing / k, playing % k);
    ((0..k).map(|i| base + usize::from(i < extra)).collect(), out)
}

/// A uniform number in `0..n` (`n ≥ 1`) by rejection.
fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    let n = n as u64;
    let zone = u64::MAX - u64::MAX % n;
    loop {
        let v = rng.next_u64();
        if v < zone {
            #[allow(clippy::cast_possible_truncation)]
            return (v % n) as usize;
        }
    }
}

fn shuffled(n: usize, rng: &mut ChaCha8Rng) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    for j in (1..n).rev() {
        order.swap(below(rng, j + 1), j);
    }
    order
}

/// What seating two members who met `m` times costs: `4^m − 1`.
fn weight(m: u32) -> u64 {
    (1u64 << (2 * m.min(31))) - 1
}

/// The week's cost: the sum over pairs at one table of [`weight`] of their earlier meetings.
#[must_use]
pub fn cost(history: &History, week: &Week) -> u64 {
    week.tables
        .iter()
        .map(|t| {
            t.iter()
                .enumerate()
                .flat_map(|(i, &a)| t[i + 1..].iter().map(move |&b| (a, b)))
                .map(|(a, b)| weight(history.met(a, b)))
                .sum::<u64>()
        })
        .sum()
}

/// What `a` adds to `table` (without `skip`): the weight of their meetings with its members.
fn joining(history: &History, a: usize, table: &[usize], skip: usize) -> u64 {
    table
        .iter()
        .filter(|&&b| b != skip)
        .map(|&b| weight(history.met(a, b)))
        .sum()
}

/// One seating from `order`: greedy, then improved by swaps.
fn seat(history: &History, order: &[usize], sizes: &[usize]) -> Vec<Vec<usize>> {
    let mut tables: Vec<Vec<usize>> = sizes.iter().map(|&s| Vec::with_capacity(s)).collect();
    for &a in order {
        let best = (0..tables.len())
            .filter(|&i| tables[i].len() < sizes[i])
            .min_by_key(|&i| (joining(history, a, &tables[i], usize::MAX), tables[i].len()))
            .expect("the sizes hold every member");
        tables[best].push(a);
    }
    // Swaps between tables while one lowers the cost (each strictly lowers it: this ends).
    loop {
        let mut improved = false;
        for x in 0..tables.len() {
            for y in x + 1..tables.len() {
                for i in 0..tables[x].len() {
                    for j in 0..tables[y].len() {
                        let (a, b) = (tables[x][i], tables[y][j]);
                        let before =
                            joining(history, a, &tables[x], a) + joining(history, b, &tables[y], b);
                        let after =
                            joining(history, b, &tables[x], a) + joining(history, a, &tables[y], b);
                        if after < before {
                            tables[x][i] = b;
                            tables[y][j] = a;
                            improved = true;
                        }
                    }
                }
            }
        }
        if !improved {
            return tables;
        }
    }
}

/// Draws the week after `history` for its members at tables of at most `table_size`.
///
/// # Errors
/// [`DrawError`] for a number of members or a table size out of range.
pub fn draw(history: &History, table_size: usize, seed: u64) -> Result<Week, DrawError> {
    let n = history.n;
    if !(2..=MAX_MEMBERS).contains(&n) {
        return Err(DrawError::Members(n));
    }
    if !TABLE_SIZES.contains(&table_size) {
        return Err(DrawError::TableSize(table_size));
    }
    if history.met.len() != n * n || history.byes.len() != n {
        return Err(DrawError::History);
    }
    let (sizes, out) = sizes(n, table_size);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut best: Option<(u64, Week)> = None;
    for _ in 0..TRIES {
        let mut order = shuffled(n, &mut rng);
        // The bye: the fewest byes so far, the shuffle breaking ties (a stable sort).
        let mut byes = Vec::new();
        if out > 0 {
            let mut by_byes = order.clone();
            by_byes.sort_by_key(|&a| history.byes(a));
            byes = by_byes[..out].to_vec();
            order.retain(|a| !byes.contains(a));
        }
        let week = Week {
            tables: seat(history, &order, &sizes),
            byes,
        };
        let c = cost(history, &week);
        if best.as_ref().is_none_or(|(b, _)| c < *b) {
            best = Some((c, week));
        }
        if c == 0 {
            break;
        }
    }
    Ok(best.map(|(_, w)| w).expect("at least one try"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_differ_by_at_most_one_and_only_pairs_of_an_odd_group_leave_one_out() {
        assert_eq!(sizes(10, 4), (vec![4, 3, 3], 0));
        assert_eq!(sizes(8, 4), (vec![4, 4], 0));
        assert_eq!(sizes(5, 4), (vec![3, 2], 0));
        assert_eq!(sizes(9, 8), (vec![5, 4], 0));
        assert_eq!(sizes(7, 2), (vec![2, 2, 2], 1));
        assert_eq!(sizes(2, 8), (vec![2], 0));
    }

    #[test]
    fn out_of_range_is_refused() {
        assert_eq!(draw(&History::new(1), 4, 1), Err(DrawError::Members(1)));
        assert_eq!(draw(&History::new(6), 9, 1), Err(DrawError::TableSize(9)));
        assert_eq!(draw(&History::new(6), 1, 1), Err(DrawError::TableSize(1)));
    }
}
