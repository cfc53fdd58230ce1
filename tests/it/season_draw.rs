//! A league's weekly draw over whole seasons and 1,000 seeds: every member seated once a
//! week at tables of the sizes promised, the same seed giving the same weeks, pairs meeting
//! as evenly as the tables allow (against seatings drawn at random), and byes going round.

use parxis::season::fixtures::{History, Week, draw, sizes};

const SEEDS: u64 = 1_000;

/// A season of `weeks` weeks for `n` members at tables of `t`, from `seed`.
fn season(n: usize, t: usize, weeks: u64, seed: u64) -> (History, Vec<Week>) {
    let mut history = History::new(n);
    let mut drawn = Vec::new();
    for w in 0..weeks {
        let week = draw(&history, t, seed.wrapping_mul(1_000).wrapping_add(w)).expect("a draw");
        history.record(&week);
        drawn.push(week);
    }
    (history, drawn)
}

/// Meetings of every pair: (fewest, most, pairs that never met).
fn spread(h: &History, n: usize) -> (u32, u32, usize) {
    let pairs: Vec<u32> = (0..n)
        .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
        .map(|(a, b)| h.met(a, b))
        .collect();
    (
        *pairs.iter().min().unwrap(),
        *pairs.iter().max().unwrap(),
        pairs.iter().filter(|&&m| m == 0).count(),
    )
}

#[test]
fn every_member_sits_once_a_week_at_tables_of_the_promised_sizes() {
    for (n, t) in [(10, 4), (7, 2), (9, 8), (5, 3), (16, 4), (13, 6)] {
        for seed in 0..SEEDS / 10 {
            let (_, weeks) = season(n, t, 8, seed);
            let (want, out) = sizes(n, t);
            for week in &weeks {
                let mut seen: Vec<usize> = week.tables.iter().flatten().copied().collect();
                seen.extend(&week.byes);
                seen.sort_unstable();
                assert_eq!(seen, (0..n).collect::<Vec<_>>(), "{n}/{t} seed {seed}");
                let mut got: Vec<usize> = week.tables.iter().map(Vec::len).collect();
                got.sort_unstable_by(|a, b| b.cmp(a));
                assert_eq!(got, want, "{n}/{t} seed {seed}");
                assert_eq!(week.byes.len(), out);
            }
        }
    }
}

#[test]
fn the_same_seed_draws_the_same_season_and_another_seed_another() {
    let (_, a) = season(10, 4, 8, 7);
    let (_, b) = season(10, 4, 8, 7);
    let (_, c) = season(10, 4, 8, 8);
    assert_eq!(a, b);
    assert_ne!(a, c);
}

#[test]
fn ten_members_at_tables_of_four_for_eight_weeks_meet_as_evenly_as_the_tables_allow() {
    // Each week a member meets 2 or 3 others (tables of 4, 3, 3); over 8 weeks that is about
    // 21 meetings spread over 9 rivals, 2.3 each: the best possible is every pair meeting 2
    // or 3 times. Seatings drawn at random are the baseline.
    let (n, t, weeks) = (10, 4, 8);
    let mut worst = (u32::MAX, 0, 0);
    let mut random_never = 0;
    let mut random_most = 0;
    for seed in 0..SEEDS {
        let (h, _) = season(n, t, weeks, seed);
        let (min, max, never) = spread(&h, n);
        worst = (worst.0.min(min), worst.1.max(max), worst.2.max(never));
        // A random seating: a history with no memory at each week (TRIES of nothing to avoid).
        let mut random = History::new(n);
        for w in 0..weeks {
            let week = draw(&History::new(n), t, seed * 1_000 + w + 500_000).unwrap();
            random.record(&week);
        }
        let (_, rmax, rnever) = spread(&random, n);
        random_never += rnever;
        random_most = random_most.max(rmax);
    }
    eprintln!(
        "10 members, tables of 4, 8 weeks, {SEEDS} seeds: pairs met {}..={} times, at most {} \
         pairs never met; at random: at most {random_most} meetings, {random_never} pairs never met in all",
        worst.0, worst.1, worst.2
    );
    assert_eq!(worst.2, 0, "a pair never met in some season");
    assert!(worst.0 >= 1 && worst.1 <= 3, "{worst:?}");
    assert!(random_never > 0 && random_most > worst.1);
}

#[test]
fn byes_go_round_evenly_at_every_week() {
    // Seven members at tables of two: one sits out each week.
    for seed in 0..SEEDS {
        let (h, weeks) = season(7, 2, 14, seed);
        let mut byes = [0u32; 7];
        for week in &weeks {
            for &b in &week.byes {
                byes[b] += 1;
            }
            let (lo, hi) = (byes.iter().min().unwrap(), byes.iter().max().unwrap());
            assert!(hi - lo <= 1, "seed {seed}: byes {byes:?}");
        }
        assert_eq!(byes, [2; 7], "seed {seed}");
        assert!((0..7).all(|a| h.byes(a) == 2));
    }
}
