//! R10.1, R10.2, R10.4 The shape of a bracket: how many tables each round has and how many
//! sides sit at each, from the number of entrants and the sides per table alone.
//!
//! The rules do not give the numbers; this module chooses them (docs/RULES.md,
//! Interpretations):
//! - A table seats `k` sides: 2 with 2-seat tables and with pairs (a table is two pairs),
//!   4 with 4-seat tables of single players.
//! - Round 1 has the fewest tables that leave every later round without byes: with `k = 2`
//!   the smallest power of two ≥ n/2, with `k = 4` ⌈n/4⌉.
//! - Every round spreads its sides over its tables in bracket order as evenly as possible,
//!   the earlier tables taking the extra side. A table left with one side is a **bye**; with
//!   `k = 2` these are the last entrants of the draw, and only round 1 has any. With `k = 4`
//!   every table has 2 to 4 sides and nobody gets a bye.
//! - Later rounds have ⌈S/k⌉ tables for the S winners, filled the same way (R10.4); the
//!   round with one table is the final.

/// Sides at one table: 2 for pairs or 2-seat tables, 4 for 4-seat tables of single players.
#[must_use]
pub fn sides_per_table(table_size: u8, pairs: bool) -> usize {
    if pairs || table_size <= 2 { 2 } else { 4 }
}

/// Tables of round 1 for `n` entrants and `k` sides per table.
#[must_use]
pub fn first_round_tables(n: usize, k: usize) -> usize {
    if n <= k {
        1
    } else if k == 2 {
        n.div_ceil(2).next_power_of_two()
    } else {
        n.div_ceil(k)
    }
}

/// `sides` spread over `tables` in order: sizes differing by at most one, larger first.
#[must_use]
pub fn spread(sides: usize, tables: usize) -> Vec<usize> {
    let tables = tables.max(1);
    let (base, extra) = (sides / tables, sides % tables);
    (0..tables).map(|i| base + usize::from(i < extra)).collect()
}

/// The number of sides at each table of each round, round 1 first, for `n ≥ 2` entrants.
/// The last round has a single table (the final). Empty for `n < 2`.
#[must_use]
pub fn plan(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut rounds = Vec::new();
    if n < 2 || k < 2 {
        return rounds;
    }
    let mut sizes = spread(n, first_round_tables(n, k));
    loop {
        let winners = sizes.len();
        rounds.push(sizes);
        if winners == 1 {
            return rounds;
        }
        sizes = spread(winners, winners.div_ceil(k));
    }
}

/// The first index of each table's sides in a round with table sizes `sizes`.
#[must_use]
pub fn starts(sizes: &[usize]) -> Vec<usize> {
    sizes
        .iter()
        .scan(0, |acc, &s| {
            let at = *acc;
            *acc += s;
            Some(at)
        })
        .collect()
}
