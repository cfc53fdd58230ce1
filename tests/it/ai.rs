//! Computer players: legality, reproducibility, strength, and the `parxis simulate` command.

use std::process::Command;

use parxis::ai::{Level, Player, choose};
use parxis::cli::simulate::{Config, colour_of, play_game, run_games};
use parxis::engine::{Arms, Colour, Game, Phase, Preset};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};

fn position(v: Value) -> Game {
    serde_json::from_value(v).expect("a valid test position")
}

fn seats_of(config: usize) -> (&'static [Colour], bool) {
    use Colour::{Blue, Green, Red, Yellow};
    match config {
        0 => (&[Yellow, Red], false),
        1 => (&[Yellow, Blue, Red], false),
        2 => (&[Yellow, Blue, Red, Green], false),
        _ => (&[Yellow, Blue, Red, Green], true),
    }
}

/// Plays a seeded game where seat k uses `levels[k % len]`, checking every AI move with the
/// checked `play` and that `choose` is `None` exactly when there is no legal move. The first
/// `warmup` decisions are `normal`'s (to reach the middle game quickly); it stops after
/// `max_decisions` choices (to bound the test's time in debug builds).
fn checked_game(
    preset: Preset,
    config: usize,
    levels: &[Level],
    seed: u64,
    warmup: u32,
    max_decisions: u32,
) {
    let (seats, pairs) = seats_of(config);
    let mut opts = preset.options();
    opts.pairs = pairs;
    let mut g = Game::new(preset, opts, seats).expect("new game");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut decisions = 0;
    loop {
        match g.phase() {
            Phase::Finished(_) => return,
            Phase::AwaitingRoll(_) => {
                g = g.roll(rng.random_range(1..=6)).expect("roll");
            }
            Phase::AwaitingMove { seat, .. } | Phase::AwaitingBonus { seat, .. } => {
                let k = seats.iter().position(|&c| c == seat).expect("seated");
                let level = if decisions < warmup {
                    Level::Normal
                } else {
                    levels[k % levels.len()]
                };
                let legal = g.legal_moves();
                match choose(&g, level, &mut rng) {
                    Some(mv) => {
                        assert!(legal.contains(&mv), "{level} chose an unlisted move");
                        g = g
                            .play(mv)
                            .unwrap_or_else(|e| panic!("{level}: {mv:?}: {e}"));
                    }
                    None => {
                        assert!(legal.is_empty(), "{level} returned None with legal moves");
                        g = g.pass().expect("pass without legal moves").0;
                    }
                }
                decisions += 1;
                if decisions >= max_decisions {
                    return;
                }
            }
        }
    }
}

/// 1008 seeded games: 3 presets × (2, 3, 4 seats and pairs) × 84 seeds.
#[test]
fn every_easy_and_normal_move_is_legal_in_every_preset_and_seat_count() {
    for preset in Preset::ALL {
        for config in 0..4 {
            for seed in 0..84 {
                checked_game(
                    preset,
                    config,
                    &[Level::Normal, Level::Easy],
                    seed,
                    0,
                    u32::MAX,
                );
            }
        }
    }
}

/// Hard for every seat of `preset`'s games of 2, 3 and 4 seats and pairs, in the opening and
/// in the middle game (one test per preset: hard's play-outs are slow in a debug build, so
/// the presets run side by side).
fn every_hard_move_is_legal_in_every_seat_count(preset: Preset) {
    for config in 0..4 {
        checked_game(preset, config, &[Level::Hard], 77 + config as u64, 0, 12);
        checked_game(preset, config, &[Level::Hard], 88 + config as u64, 150, 165);
    }
}

#[test]
fn every_hard_move_is_legal_in_every_seat_count_jcf() {
    every_hard_move_is_legal_in_every_seat_count(Preset::Jcf);
}

#[test]
fn every_hard_move_is_legal_in_every_seat_count_classic() {
    every_hard_move_is_legal_in_every_seat_count(Preset::Classic);
}

#[test]
fn every_hard_move_is_legal_in_every_seat_count_solidari() {
    every_hard_move_is_legal_in_every_seat_count(Preset::Solidari);
}

#[test]
fn choose_is_none_exactly_when_there_is_no_legal_move() {
    // Given yellow-6 with a 3 (past the goal, R4.1) and nothing else in play
    let stuck = position(json!({
        "rules": "jcf", "seats": ["yellow", "red"], "turn": "yellow",
        "board": {"yellow-6": ["yellow"], "40": ["red"]}, "goal": {"yellow": 3}, "roll": 3
    }));
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    for level in Level::ALL {
        assert!(stuck.legal_moves().is_empty());
        assert_eq!(choose(&stuck, level, &mut rng), None, "{level}");
        // A game waiting for a roll has nothing to choose either.
        let waiting = stuck.pass().expect("pass").0;
        assert_eq!(choose(&waiting, level, &mut rng), None, "{level}");
    }
}

#[test]
fn normal_and_hard_take_a_free_capture() {
    // Given yellow on 10 and 30, a lone blue piece on 13 (not safe) and a roll of 3
    let g = position(json!({
        "rules": "jcf", "seats": ["yellow", "blue"], "turn": "yellow",
        "board": {"10": ["yellow"], "30": ["yellow"], "13": ["blue"]}, "roll": 3
    }));
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for level in [Level::Normal, Level::Hard] {
        // When the computer chooses, Then it captures (R4.3)
        let mv = choose(&g, level, &mut rng).expect("a move");
        assert_eq!(mv.captures(), Some(Colour::Blue), "{level}");
    }
}

#[test]
fn normal_does_not_capture_its_partner_for_nothing() {
    // Given a pairs game: yellow on 10 and 40, partner red on 13 (red has come a long way)
    let g = position(json!({
        "rules": "jcf", "options": {"pairs": true},
        "seats": ["yellow", "blue", "red", "green"], "turn": "yellow",
        "board": {"10": ["yellow"], "40": ["yellow"], "13": ["red"]}, "roll": 3
    }));
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    for level in [Level::Normal, Level::Hard] {
        let mv = choose(&g, level, &mut rng).expect("a move");
        assert_eq!(mv.captures(), None, "{level} captured its partner");
    }
}

#[test]
fn normal_prefers_a_safe_square_to_standing_in_front_of_an_opponent() {
    // Given yellow on 8 and on 20, a red piece on 21, and a roll of 4: 8 > 12 lands on a
    // safe square, 20 > 24 would stand 3 squares in front of the red piece.
    let g = position(json!({
        "rules": "jcf", "seats": ["yellow", "red"], "turn": "yellow",
        "board": {"8": ["yellow"], "20": ["yellow"], "21": ["red"]}, "roll": 4
    }));
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mv = choose(&g, Level::Normal, &mut rng).expect("a move");
    assert_eq!(mv.to().to_string(), "12");
}

#[test]
fn levels_parse_print_and_serialise_in_lowercase() {
    for level in Level::ALL {
        assert_eq!(level.to_string().parse::<Level>(), Ok(level));
        assert_eq!(
            serde_json::to_value(level).expect("serialise"),
            json!(level.name())
        );
    }
    assert!("Hard".parse::<Level>().is_err());
}

fn config(players: &[Level], games: u64, seed: u64, threads: usize) -> Config {
    Config {
        games,
        players: players.iter().map(|&l| Player::Level(l)).collect(),
        arms: Arms::Four,
        rules: Preset::Jcf,
        pairs: false,
        seed,
        threads,
    }
}

#[test]
fn seeded_simulations_are_reproducible_whatever_the_threads() {
    let players = [Level::Normal, Level::Easy, Level::Easy];
    let a = run_games(&config(&players, 24, 9, 1), &mut |_| {});
    let b = run_games(&config(&players, 24, 9, 2), &mut |_| {});
    assert_eq!(a, b);
    let c = run_games(&config(&players, 24, 10, 1), &mut |_| {});
    assert_ne!(a, c, "another seed gives other games");
    assert_eq!(a.unfinished, 0);
    assert_eq!(a.wins.iter().sum::<u64>(), 24, "one winner per game");
}

#[test]
fn normal_beats_three_easy_players() {
    let players = [Level::Normal, Level::Easy, Level::Easy, Level::Easy];
    let t = run_games(&config(&players, 200, 2024, 2), &mut |_| {});
    let rate = t.wins[0] as f64 / 200.0;
    assert!(
        rate >= 0.40,
        "normal won {rate} of 200 games against three easy"
    );
}

#[test]
fn seats_rotate_between_games_and_partners_stay_opposite() {
    for arms in Arms::ALL {
        let a = usize::from(arms.count());
        for n in 2..=a {
            for player in 0..n {
                let colours: std::collections::BTreeSet<Colour> = (0..n as u64)
                    .map(|game| colour_of(arms, n, game, player))
                    .collect();
                assert_eq!(colours.len(), n, "player {player} of {n} gets every seat");
            }
        }
        // A full table: player j's partner is player j + a/2 in every game (R8.6).
        for game in 0..8 {
            for j in 0..a / 2 {
                assert_eq!(
                    arms.partner(colour_of(arms, a, game, j)),
                    colour_of(arms, a, game, j + a / 2),
                    "{arms} arms, game {game}, player {j}"
                );
            }
        }
    }
    assert_eq!(colour_of(Arms::Four, 2, 0, 1), Colour::Red);
    assert_eq!(colour_of(Arms::Four, 3, 0, 2), Colour::Red);
    assert_eq!(colour_of(Arms::Six, 2, 0, 1), Colour::Green);
    assert_eq!(colour_of(Arms::Eight, 2, 0, 1), Colour::Orange);
}

/// Plays a seeded game on `arms` with every seat taken, each seat's level `levels[k % len]`,
/// checking every choice with the checked `play`; stops after `max_decisions`.
fn checked_large_game(arms: Arms, pairs: bool, levels: &[Level], seed: u64, max_decisions: u32) {
    let seats = arms.colours();
    let mut opts = Preset::Jcf.options();
    opts.pairs = pairs;
    let mut g = Game::new_on(arms, Preset::Jcf, opts, seats).expect("new game");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..max_decisions {
        loop {
            match g.phase() {
                Phase::Finished(_) => return,
                Phase::AwaitingRoll(_) => g = g.roll(rng.random_range(1..=6)).expect("roll"),
                _ => break,
            }
        }
        let Some(k) = seats.iter().position(|&c| Some(c) == g.turn()) else {
            return;
        };
        let level = levels[k % levels.len()];
        let legal = g.legal_moves();
        match choose(&g, level, &mut rng) {
            Some(mv) => {
                assert!(legal.contains(&mv), "{level} chose an unlisted move");
                g = g
                    .play(mv)
                    .unwrap_or_else(|e| panic!("{level}: {mv:?}: {e}"));
            }
            None => {
                assert!(legal.is_empty(), "{level} returned None with legal moves");
                g = g.pass().expect("pass").0;
            }
        }
    }
}

#[test]
fn every_level_plays_legal_moves_on_six_and_eight_arms() {
    for arms in [Arms::Six, Arms::Eight] {
        for pairs in [false, true] {
            for seed in 0..6 {
                checked_large_game(arms, pairs, &[Level::Normal, Level::Easy], seed, u32::MAX);
            }
            checked_large_game(arms, pairs, &[Level::Hard], 40 + u64::from(pairs), 10);
        }
    }
}

#[test]
fn normal_beats_easy_players_on_six_arms() {
    let mut cfg = config(&[Level::Normal, Level::Easy, Level::Easy], 60, 2026, 2);
    cfg.arms = Arms::Six;
    let t = run_games(&cfg, &mut |_| {});
    assert_eq!(t.unfinished, 0);
    assert_eq!(t.wins.iter().sum::<u64>(), 60, "one winner per game");
    let rate = t.wins[0] as f64 / 60.0;
    assert!(
        rate >= 0.5,
        "normal won {rate} of 60 games against two easy"
    );
}

#[test]
fn a_simulated_game_depends_on_its_index() {
    let cfg = config(&[Level::Easy; 2], 2, 5, 1);
    let (a, b) = (play_game(&cfg, 0), play_game(&cfg, 1));
    assert!(a.finished && b.finished);
    assert_eq!(a, play_game(&cfg, 0));
    assert_ne!(a, b);
}

fn run_cli(args: &[&str]) -> (bool, String, String) {
    run_parxis(&[&["simulate"], args].concat())
}

/// The `parxis` binary run with `args`: did it succeed, its output and its errors.
pub(crate) fn run_parxis(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_parxis"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn simulate_json_has_every_field_and_is_reproducible() {
    let args = [
        "--games",
        "6",
        "--players",
        "normal,easy,easy,easy",
        "--rules",
        "classic",
        "--seed",
        "42",
        "--json",
    ];
    let (ok, out, err) = run_cli(&args);
    assert!(ok, "{err}");
    let v: Value = serde_json::from_str(out.trim()).expect("one JSON object");
    for field in [
        "games",
        "games_per_second",
        "moves_per_second",
        "avg_rolls_per_game",
        "avg_moves_per_game",
        "captures_per_game",
        "unfinished",
    ] {
        assert!(v.get(field).is_some_and(Value::is_number), "{field} in {v}");
    }
    assert_eq!(v["games"], 6);
    assert_eq!(v["unfinished"], 0);
    let players = v["players"].as_array().expect("players");
    assert_eq!(players.len(), 4);
    let colours = ["yellow", "blue", "red", "green"];
    for (p, colour) in players.iter().zip(colours) {
        assert!(p["level"].is_string() && p["wins"].is_u64() && p["win_rate"].is_number());
        assert_eq!(p["colour"], colour);
        let ci = p["ci95"].as_array().expect("ci95");
        assert_eq!(ci.len(), 2);
        let (lo, hi) = (
            ci[0].as_f64().unwrap_or(-1.0),
            ci[1].as_f64().unwrap_or(-1.0),
        );
        let rate = p["win_rate"].as_f64().unwrap_or(-1.0);
        assert!(0.0 <= lo && lo <= rate && rate <= hi && hi <= 1.0, "{p}");
    }
    let wins: u64 = players.iter().filter_map(|p| p["wins"].as_u64()).sum();
    assert_eq!(wins, 6);

    // Same seed, other thread count: identical apart from timing.
    let mut again = args.to_vec();
    again.extend(["--threads", "2"]);
    let (ok, out2, err) = run_cli(&again);
    assert!(ok, "{err}");
    let w: Value = serde_json::from_str(out2.trim()).expect("JSON");
    let strip = |mut v: Value| {
        for k in ["games_per_second", "moves_per_second", "seconds"] {
            v.as_object_mut().map(|o| o.remove(k));
        }
        v
    };
    assert_eq!(strip(v), strip(w));
}

#[test]
fn simulate_rejects_bad_player_lists() {
    let (ok, _, err) = run_cli(&["--games", "1", "--players", "hard"]);
    assert!(!ok && err.contains("2 to 8 players"), "{err}");
    let (ok, _, err) = run_cli(&["--games", "1", "--players", "easy,easy", "--pairs"]);
    assert!(!ok && err.contains("every seat"), "{err}");
    let five = ["--games", "1", "--players", "easy,easy,easy,easy,easy"];
    let (ok, _, err) = run_cli(&[&five[..], &["--arms", "4"]].concat());
    assert!(!ok && err.contains("2 to 4 players"), "{err}");
    let (ok, _, err) = run_cli(&[&five[..], &["--arms", "5"]].concat());
    assert!(!ok && err.contains("4, 6 or 8"), "{err}");
    let (ok, _, _) = run_cli(&["--games", "1", "--players", "easy,expert"]);
    assert!(!ok);
}

#[test]
fn simulate_picks_the_smallest_board_and_takes_arms() {
    // Given five players and no --arms, Then the six-arm board (R8.7) and its default seats
    let (ok, out, err) = run_cli(&[
        "--games",
        "2",
        "--players",
        "easy,easy,easy,easy,normal",
        "--json",
    ]);
    assert!(ok, "{err}");
    let v: Value = serde_json::from_str(out.trim()).expect("JSON");
    assert_eq!(v["arms"], 6);
    let colours: Vec<&str> = v["players"]
        .as_array()
        .expect("players")
        .iter()
        .filter_map(|p| p["colour"].as_str())
        .collect();
    assert_eq!(colours, ["yellow", "blue", "red", "green", "orange"]);
    // Given two players on eight arms (R8.5: yellow and orange), Then both games finish
    let (ok, out, err) = run_cli(&[
        "--games",
        "2",
        "--players",
        "easy,easy",
        "--arms",
        "8",
        "--json",
    ]);
    assert!(ok, "{err}");
    let v: Value = serde_json::from_str(out.trim()).expect("JSON");
    assert_eq!(
        (v["arms"].as_u64(), v["unfinished"].as_u64()),
        (Some(8), Some(0))
    );
    assert_eq!(v["players"][1]["colour"], "orange");
}

/// Middle-game decision positions (two or more legal moves) of a seeded `normal` game on
/// `arms`, every seat taken.
fn decision_positions(arms: Arms, seed: u64, n: usize) -> Vec<Game> {
    let mut g =
        Game::new_on(arms, Preset::Jcf, Preset::Jcf.options(), arms.colours()).expect("new game");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    let mut decisions = 0;
    while out.len() < n {
        match g.phase() {
            Phase::Finished(_) => break,
            Phase::AwaitingRoll(_) => g = g.roll(rng.random_range(1..=6)).expect("roll"),
            _ => {
                decisions += 1;
                if decisions > 30 && g.legal_moves().len() >= 2 && decisions % 5 == 0 {
                    out.push(g.clone());
                }
                g = match choose(&g, Level::Normal, &mut rng) {
                    Some(mv) => g.play_unchecked(mv),
                    None => g.pass().expect("pass").0,
                };
            }
        }
    }
    out
}

#[test]
fn hard_decides_the_same_for_the_same_seed_on_every_board() {
    for arms in Arms::ALL {
        for (k, g) in decision_positions(arms, 17, 4).iter().enumerate() {
            let pick = |seed: u64| {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                choose(g, Level::Hard, &mut rng).expect("a move")
            };
            let first = pick(k as u64);
            assert!(g.legal_moves().contains(&first));
            assert_eq!(pick(k as u64), first, "{arms:?} position {k}");
        }
    }
}

#[test]
fn hard_takes_a_free_capture_whatever_the_seed() {
    // Given yellow on 10 and 30, a lone blue piece on 13 (not safe) and a roll of 3: the
    // capture also earns a bonus of 20 (R5).
    let g = position(json!({
        "rules": "jcf", "seats": ["yellow", "blue", "red", "green"], "turn": "yellow",
        "board": {"10": ["yellow"], "30": ["yellow"], "13": ["blue"], "50": ["red"]}, "roll": 3
    }));
    for seed in 0..4 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mv = choose(&g, Level::Hard, &mut rng).expect("a move");
        assert_eq!(mv.captures(), Some(Colour::Blue), "seed {seed}");
    }
}

#[test]
fn hard_does_not_stand_in_front_of_an_opponent_when_a_safe_square_is_at_hand() {
    // As for normal: 8 > 12 lands on a safe square, 20 > 24 would stand 3 squares in front
    // of the red piece on 21.
    let g = position(json!({
        "rules": "jcf", "seats": ["yellow", "red"], "turn": "yellow",
        "board": {"8": ["yellow"], "20": ["yellow"], "21": ["red"]}, "roll": 4
    }));
    for seed in 0..4 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mv = choose(&g, Level::Hard, &mut rng).expect("a move");
        assert_eq!(mv.to().to_string(), "12", "seed {seed}");
    }
}
