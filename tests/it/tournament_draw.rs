//! R10.1–R10.2, R10.4 The draw and the bracket: every entrant count 2..=64, 2- and 4-seat
//! tables, singles and pairs; byes; seeded draws reproducible; one champion at the end.

use std::collections::BTreeSet;

use parxis::engine::{Preset, ScriptedDice};
use parxis::tournament::{
    Entrant, MAX_ENTRANTS, Outcome, Side, TableId, TableResult, Tournament, TournamentError,
    shuffle,
};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn entrants(n: usize, pairs: bool) -> Vec<Entrant> {
    (0..n)
        .map(|i| {
            let id = i as i64 * 2;
            if pairs {
                Entrant::pair((id, &format!("A{i}")), (id + 1, &format!("B{i}")))
            } else {
                Entrant::human(id, &format!("P{i}"))
            }
        })
        .collect()
}

/// The three configurations: (table size, pairs).
const CONFIGS: [(u8, bool); 3] = [(2, false), (4, false), (4, true)];

/// Plays `t` to the end: each open table is won by a side chosen by `rng` (or drawn and
/// rolled off, one time in four), checking every round as it is drawn up. Returns the
/// number of rounds.
fn play_out(t: &mut Tournament, rng: &mut ChaCha8Rng) -> usize {
    let k = t.sides_per_table();
    let mut dice_rolls: Vec<u8> = (0..4000).map(|_| rng.random_range(1..=6)).collect();
    dice_rolls.push(6);
    let mut dice = ScriptedDice::new(&dice_rolls);
    let mut checked = 0;
    loop {
        // Every round drawn up so far: 2..=k sides at each played table, 1 at a bye, and
        // round r+1 holds round r's winners in bracket order (R10.4).
        while checked < t.rounds().len() {
            let round = &t.rounds()[checked];
            for table in &round.tables {
                let n = table.sides.len();
                assert!((1..=k).contains(&n), "table of {n} sides, k = {k}");
                assert_eq!(n == 1, table.result == TableResult::Bye);
            }
            if checked > 0 {
                let prev: Vec<Side> = t.rounds()[checked - 1]
                    .tables
                    .iter()
                    .map(|s| s.winner().expect("previous round decided"))
                    .collect();
                let now: Vec<Side> = round.tables.iter().flat_map(|s| s.sides.clone()).collect();
                assert_eq!(now, prev, "R10.4 winners in bracket order");
                assert!(round.tables.iter().all(|s| s.result != TableResult::Bye));
            }
            checked += 1;
        }
        let Some(&at) = t.open_tables().first() else {
            break;
        };
        let sides = t.table(at).expect("open table").sides.clone();
        let outcome = if rng.random_range(0..4) == 0 {
            Outcome::Drawn(sides.clone())
        } else {
            Outcome::Won(sides[rng.random_range(0..sides.len())])
        };
        t.table_finished(at, outcome, &mut dice)
            .expect("an open table finishes");
    }
    t.rounds().len()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn every_bracket_ends_in_one_champion_with_at_least_two_sides_per_played_table(seed: u64) {
        // Given every n in 2..=64 and every configuration, When each table is won by a random
        // side (or drawn and rolled off), Then every round is well formed and one champion,
        // an entrant, is left; each entrant has at most one bye, only in round 1.
        for (size, pairs) in CONFIGS {
            for n in 2..=MAX_ENTRANTS {
                let mut t = Tournament::draw(Preset::Solidari, pairs, size, entrants(n, pairs), seed)
                    .expect("valid draw");
                let mut rng = ChaCha8Rng::seed_from_u64(seed ^ n as u64);
                let rounds = play_out(&mut t, &mut rng);
                let champion = t.champion().expect("a champion");
                prop_assert!(usize::from(champion) < n);
                prop_assert!(!t.is_eliminated(champion));
                prop_assert_eq!(rounds, t.plan().len());
                prop_assert_eq!(t.rounds().last().map(|r| r.tables.len()), Some(1));
                let losers = (0..n as Side).filter(|&s| t.is_eliminated(s)).count();
                prop_assert_eq!(losers, n - 1, "everyone but the champion lost once");
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_draw_and_the_draw_is_a_permutation(seed: u64, n in 2usize..=64) {
        // Given a seed, When the draw is made twice, Then both are equal and hold every
        // entrant once, and the order is the documented shuffle of the seed.
        let a = Tournament::draw(Preset::Jcf, false, 2, entrants(n, false), seed).expect("draw");
        let b = Tournament::draw(Preset::Jcf, false, 2, entrants(n, false), seed).expect("draw");
        prop_assert_eq!(&a, &b);
        let order: Vec<usize> = a.draw_order().iter().map(|&s| usize::from(s)).collect();
        prop_assert_eq!(&order, &shuffle(n, seed));
        let set: BTreeSet<usize> = order.iter().copied().collect();
        prop_assert_eq!(set, (0..n).collect::<BTreeSet<_>>());
        // R10.1 Round 1 is filled in drawn order.
        let filled: Vec<Side> = a.rounds()[0].tables.iter().flat_map(|s| s.sides.clone()).collect();
        prop_assert_eq!(filled, a.draw_order().to_vec());
    }
}

#[test]
fn different_seeds_give_different_draws() {
    // Given 16 entrants, When drawn with seeds 0..50, Then the draws are not all the same
    // (a permutation of 16 repeats with probability ~1e-13 per pair).
    let draws: BTreeSet<Vec<usize>> = (0..50).map(|s| shuffle(16, s)).collect();
    assert_eq!(draws.len(), 50);
}

#[test]
fn the_shuffle_does_not_favour_a_place() {
    // Given 3 entrants drawn with 6000 seeds, When we count who is drawn first, Then each
    // entrant is first about a third of the time (within 5 standard deviations).
    let mut first = [0u32; 3];
    for s in 0..6000 {
        first[shuffle(3, s)[0]] += 1;
    }
    for c in first {
        assert!((1820..=2180).contains(&c), "{first:?}");
    }
}

#[test]
fn five_players_at_two_seat_tables_give_the_last_three_a_bye() {
    // R10.2 Given 5 entrants and 2-seat tables, When drawn, Then round 1 is one table of the
    // first two drawn and byes for the last three; round 2 pairs the winners in order.
    let t = Tournament::draw(Preset::Jcf, false, 2, entrants(5, false), 42).expect("draw");
    let d = t.draw_order();
    let r1 = &t.rounds()[0].tables;
    assert_eq!(r1.len(), 4);
    assert_eq!(r1[0].sides, vec![d[0], d[1]]);
    assert_eq!(r1[0].result, TableResult::Pending);
    for (j, table) in r1.iter().enumerate().skip(1) {
        assert_eq!(table.sides, vec![d[j + 1]]);
        assert_eq!(table.result, TableResult::Bye);
        assert_eq!(table.winner(), Some(d[j + 1]));
    }
    assert_eq!(t.plan(), vec![vec![2, 1, 1, 1], vec![2, 2], vec![2]]);
    assert_eq!(t.open_tables(), vec![TableId::new(0, 0)]);
}

#[test]
fn four_seat_tables_spread_the_entrants_without_byes() {
    // R10.2 Given 5, 9 and 17 entrants at 4-seat tables, When drawn, Then no table has fewer
    // than two sides and nobody has a bye.
    assert_eq!(
        Tournament::draw(Preset::Jcf, false, 4, entrants(5, false), 1)
            .unwrap()
            .plan(),
        vec![vec![3, 2], vec![2]]
    );
    assert_eq!(
        Tournament::draw(Preset::Jcf, false, 4, entrants(17, false), 1)
            .unwrap()
            .plan(),
        vec![vec![4, 4, 3, 3, 3], vec![3, 2], vec![2]]
    );
    let t = Tournament::draw(Preset::Jcf, false, 4, entrants(9, false), 1).unwrap();
    assert!(t.rounds()[0].tables.iter().all(|s| s.sides.len() == 3));
}

#[test]
fn pairs_tables_are_two_pairs() {
    // R10.1 Given 6 pairs at 4-seat tables, When drawn, Then tables hold two pairs, with byes
    // for the last two pairs drawn (8 places).
    let t = Tournament::draw(Preset::Solidari, true, 4, entrants(6, true), 3).unwrap();
    assert_eq!(t.plan(), vec![vec![2, 2, 1, 1], vec![2, 2], vec![2]]);
    assert!(t.entrants().iter().all(|e| e.members.len() == 2));
}

#[test]
fn a_draw_refuses_impossible_tournaments() {
    // Given wrong inputs, When drawn, Then each is refused with its own kind.
    let e = |n| entrants(n, false);
    assert_eq!(
        Tournament::draw(Preset::Jcf, false, 2, e(1), 0),
        Err(TournamentError::TooFewEntrants(1))
    );
    assert_eq!(
        Tournament::draw(Preset::Jcf, false, 2, e(65), 0),
        Err(TournamentError::TooManyEntrants { got: 65, max: 64 })
    );
    assert_eq!(
        Tournament::draw(Preset::Jcf, false, 3, e(4), 0),
        Err(TournamentError::TableSize(3))
    );
    assert_eq!(
        Tournament::draw(Preset::Solidari, true, 2, entrants(4, true), 0),
        Err(TournamentError::PairsNeedFourSeats)
    );
    assert_eq!(
        Tournament::draw(Preset::Solidari, true, 4, e(4), 0),
        Err(TournamentError::Members(0))
    );
}
