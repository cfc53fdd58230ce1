//! Tests of [`super`]: the settings, the play-out ends, the endgame.

use super::*;

#[test]
fn settings_parse_and_print_back() {
    assert_eq!(Config::parse("").unwrap(), HARD_V1);
    let c = Config::parse("p=2048/h=12/r=3/halve=1/threat=0.75/race=0.5").unwrap();
    assert_eq!(c.rounds, 3);
    assert_eq!(c.playouts, 2048);
    assert_eq!(c.horizon, 12);
    assert!(c.halving && c.leaf == Leaf::Evaluation);
    assert_eq!(c.weights[5], 750);
    assert_eq!(c.weights[9], 500);
    assert_eq!(Config::parse(&c.spec()).unwrap(), c);
    assert!(Config::parse("p=x").is_err());
    assert!(Config::parse("nope=1").is_err());
    assert!(Config::parse("threat").is_err());
    assert!(Config::parse("r=0").is_err());
    let q = Config::parse("p=128/safe=8/eg=60/egp=1536/quick=1").unwrap();
    assert!(q.quick_endgame == 1 && HARD.quick_endgame == 0);
    assert_eq!(Config::parse(&q.spec()).unwrap(), q);
    let q2 = Config::parse("eg=60/egp=1536/quick=2").unwrap();
    assert_eq!(Config::parse(&q2.spec()).unwrap(), q2);
    assert!(Config::parse("quick=3").is_err());
}

#[test]
fn a_turn_play_out_ends_when_the_searching_seat_is_about_to_roll() {
    use crate::engine::Preset;
    let seats = [Colour::Yellow, Colour::Blue, Colour::Red, Colour::Green];
    let start = Game::new(Preset::Jcf, Preset::Jcf.options(), &seats).unwrap();
    let w = HARD_V1.eval_weights();
    for seed in 0..50 {
        for turns in 1..=3 {
            let ctx = Ctx {
                me: Colour::Blue,
                mine: &w,
                end: End::MyTurn(turns),
                learned_leaf: false,
                net: None,
                own: None,
                soft: 0.0,
                inner: 0,
                inner_horizon: 4,
                quick: 0,
            };
            let (end, rolls) = ctx.play_on(&start, 5, seed);
            assert_eq!(
                end.phase(),
                Phase::AwaitingRoll(Colour::Blue),
                "seed {seed}"
            );
            // Yellow first, then each round Blue and the three others at least.
            assert!(
                rolls > 4 * (turns - 1),
                "seed {seed}, {turns} rounds: {rolls} rolls"
            );
        }
    }
}

#[test]
fn new_settings_parse_and_print_back() {
    let c = Config::parse("p=128/nest=24/nh=6/eg=60/egp=1536/soft=120/safe=8").unwrap();
    assert_eq!(
        (
            c.inner,
            c.inner_horizon,
            c.endgame,
            c.endgame_playouts,
            c.soft
        ),
        (24, 6, 60, 1536, 120)
    );
    assert_eq!(Config::parse(&c.spec()).unwrap(), c);
    assert_eq!(Config::parse(&HARD.spec()).unwrap(), HARD);
    assert_eq!(HARD.spec(), "/p=128/eg=60/egp=1536/safe=8");
    assert_eq!(Config::parse(&HARD_NET.spec()).unwrap(), HARD_NET);
    assert_eq!(HARD_NET.spec(), "/leaf=2/safe=8");
    let own = Config::parse("leaf=2/own=1").unwrap();
    assert!(own.leaf == Leaf::Network && own.own_net);
    assert_eq!(Config::parse(&own.spec()).unwrap(), own);
    assert!(Config::parse("nh=0").is_err());
    assert!(Config::parse("soft=x").is_err());
}

fn endgame_position() -> Game {
    // Yellow has two pieces home and two on the ring; red is far behind.
    serde_json::from_value(serde_json::json!({
        "rules": "jcf", "seats": ["yellow", "red"], "turn": "yellow",
        "board": {"30": ["red"], "40": ["red"], "60": ["yellow"], "66": ["yellow"]},
        "goal": {"yellow": 2},
        "roll": 3
    }))
    .expect("a position")
}

#[test]
fn the_endgame_is_when_some_seat_is_near_home() {
    let g = endgame_position();
    assert!(
        g.distance_of(Colour::Yellow) <= 60,
        "{}",
        g.distance_of(Colour::Yellow)
    );
    assert!(g.distance_of(Colour::Red) > 60);
    let start = Game::new(
        crate::engine::Preset::Jcf,
        crate::engine::Preset::Jcf.options(),
        &[Colour::Yellow, Colour::Red],
    )
    .unwrap();
    assert_eq!(
        start.distance_of(Colour::Yellow),
        4 * u32::from(start.arms().goal())
    );
}

#[test]
fn endgame_scores_are_shares_of_won_play_outs() {
    // In the endgame every play-out runs to the end, so each move's score is
    // WIN * (2 * won / played - 1): a whole count of won play-outs.
    let g = endgame_position();
    let moves = g.legal_moves();
    assert!(moves.len() >= 2, "{moves:?}");
    let cfg = Config {
        endgame_playouts: 120,
        ..HARD
    };
    let scores = scores(&g, &moves, 7, &cfg);
    let per = f64::from((120 / moves.len() as u32) / 6 * 6);
    for &s in &scores[..moves.len()] {
        let won = (f64::from(s) / f64::from(eval::WIN) + 1.0) / 2.0 * per;
        assert!(
            (won - won.round()).abs() < 1e-2,
            "{s} is not a share of {per}"
        );
        assert!((0.0..=per).contains(&won.round()));
    }
    // Played out with the quick policy: still whole counts of won play-outs.
    let quick = Config {
        endgame_playouts: 120,
        quick_endgame: 1,
        ..HARD
    };
    let q = super::scores(&g, &moves, 7, &quick);
    for &s in &q[..moves.len()] {
        let won = (f64::from(s) / f64::from(eval::WIN) + 1.0) / 2.0 * per;
        assert!(
            (won - won.round()).abs() < 1e-2,
            "{s} is not a share of {per}"
        );
    }
    // Outside the endgame the same position scores on the evaluation's scale.
    let cfg = Config { endgame: 0, ..HARD };
    let linear = super::scores(&g, &moves, 7, &cfg);
    assert!(
        linear[..moves.len()]
            .iter()
            .all(|s| s.abs() < eval::WIN / 2.0),
        "{linear:?}"
    );
}

#[test]
fn hard_v1_weights_round_trip() {
    let w = HARD_V1.eval_weights();
    assert_eq!(w.threat, eval::HARD.threat);
    assert_eq!(w.capture_cost, eval::HARD.capture_cost);
    assert_eq!(w.leader, eval::HARD.leader);
}

#[test]
fn the_endgame_budget_shrinks_on_large_boards_only() {
    assert_eq!(endgame_budget(1536, 2), 1536);
    assert_eq!(endgame_budget(1536, 4), 1536);
    assert_eq!(endgame_budget(1536, 6), 682);
    assert_eq!(endgame_budget(1536, 8), 384);
}

#[test]
fn the_quick_policy_plays_other_play_outs_than_the_greedy_one() {
    use crate::engine::Preset;
    let seats = [Colour::Yellow, Colour::Blue, Colour::Red, Colour::Green];
    let start = Game::new(Preset::Jcf, Preset::Jcf.options(), &seats).unwrap();
    let w = HARD.eval_weights();
    let ctx = |quick: u8| Ctx {
        me: Colour::Yellow,
        mine: &w,
        end: End::Rolls(ENDGAME_ROLLS),
        learned_leaf: false,
        net: None,
        own: None,
        soft: 0.0,
        inner: 0,
        inner_horizon: 4,
        quick,
    };
    let differ = (0..20)
        .filter(|&seed| ctx(1).play_on(&start, 5, seed).0 != ctx(0).play_on(&start, 5, seed).0)
        .count();
    assert!(differ > 10, "{differ} of 20 play-outs differ");
}

/// Endgame positions (some seat at most `HARD.endgame` squares from home, two legal moves or
/// more) from seeded random games on every board, with and without pairs.
fn endgame_positions(per_game: usize) -> Vec<Game> {
    use crate::engine::{Arms, Preset};
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5300);
    let mut out = Vec::new();
    for arms in Arms::ALL {
        for pairs in [false, true] {
            let mut opts = Preset::Jcf.options();
            opts.pairs = pairs;
            let mut g = Game::new_on(arms, Preset::Jcf, opts, arms.colours()).expect("game");
            let mut taken = 0;
            while taken < per_game && !matches!(g.phase(), Phase::Finished(_)) {
                if matches!(g.phase(), Phase::AwaitingRoll(_)) {
                    g.roll_mut(rng.random_range(1..=6)).expect("roll");
                    continue;
                }
                let moves = g.legal_moves();
                if moves.len() >= 2 && g.seats().any(|c| g.distance_of(c) <= HARD.endgame) {
                    out.push(g.clone());
                    taken += 1;
                }
                // Greedy play (random play rarely reaches an endgame).
                let seat = g.turn().expect("seat");
                match eval::greedy(&mut g, seat, &moves, &eval::NORMAL) {
                    Some(mv) => g.play_unchecked_mut(mv),
                    None => {
                        g.pass_unchecked_mut();
                    }
                }
            }
        }
    }
    out
}

#[test]
fn the_endgame_early_stop_makes_the_whole_budgets_choice() {
    use rand::SeedableRng;
    // A smaller budget than hard's, for the unoptimized test build; the same code.
    let cfg = Config {
        endgame_playouts: 144,
        ..HARD
    };
    let (mut positions, mut stopped) = (0, 0);
    for (k, g) in endgame_positions(6).iter().enumerate() {
        let moves = g.legal_moves();
        let seed = 53 + k as u64;
        let (early, full) = (
            scores_with(g, &moves, seed, &cfg, true),
            scores_with(g, &moves, seed, &cfg, false),
        );
        let mut a = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut b = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let pick = super::super::pick_best(&moves, &early, &mut a);
        assert_eq!(
            pick,
            super::super::pick_best(&moves, &full, &mut b),
            "{g:?}"
        );
        // The same random numbers drawn (no tie-break in one and not the other).
        assert_eq!(
            rand::Rng::random::<u64>(&mut a),
            rand::Rng::random::<u64>(&mut b)
        );
        positions += 1;
        stopped += usize::from(early != full);
    }
    assert!(
        positions >= 20 && stopped >= 1,
        "{positions} positions, {stopped} stopped early"
    );
}

#[test]
fn a_play_out_score_is_within_its_bound() {
    for g in endgame_positions(8) {
        let bound = score_bound(&g, &HARD.eval_weights());
        assert!(bound >= f64::from(eval::WIN));
        for w in [HARD.eval_weights(), HARD_V1.eval_weights(), eval::NORMAL] {
            for c in g.seats() {
                let v = f64::from(eval::evaluate(&g, c, &w));
                assert!(v.abs() <= score_bound(&g, &w), "{v} {g:?}");
            }
        }
    }
    // Out of reach: a lead of more than twice the bound per remaining play-out, and more.
    assert!(out_of_reach(&[30_000.0, -10_000.0], 6, 1, 10_000.0));
    assert!(!out_of_reach(&[30_000.0, 10_000.0], 6, 1, 10_000.0));
    assert!(!out_of_reach(
        &[30_000.0, -10_000.0, 29_000.0],
        6,
        1,
        10_000.0
    ));
}

#[test]
fn hard_scores_by_the_network_on_four_arms_without_pairs_only() {
    use crate::engine::{Arms, Preset};
    let four = Game::new(Preset::Jcf, Preset::Jcf.options(), Arms::Four.colours()).unwrap();
    assert_eq!(hard_for(&four), &HARD_NET);
    let mut o = Preset::Jcf.options();
    o.pairs = true;
    let pairs = Game::new(Preset::Jcf, o, Arms::Four.colours()).unwrap();
    assert_eq!(hard_for(&pairs), &HARD);
    for arms in [Arms::Six, Arms::Eight] {
        let g = Game::new_on(arms, Preset::Jcf, Preset::Jcf.options(), arms.colours()).unwrap();
        assert_eq!(hard_for(&g), &HARD_LARGE);
    }
    assert_eq!(HARD_LARGE.spec(), "/p=128/eg=40/egp=1536/quick=1/safe=8");
}
