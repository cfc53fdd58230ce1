//! The measurement players of `parxis simulate` (`hard-v1`, `hard:PxR`, `expect:N`) and the
//! `parxis tune` command that learns their evaluation's weights; the `net` player, the
//! network's leaves of `mc/…/leaf=2` and `parxis train-net`, which learns the network.

use crate::ai::run_parxis;

use parxis::ai::{Player, choose_player};
use parxis::engine::{Arms, Game, Phase, Preset};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[test]
fn players_parse_print_and_reject_bad_budgets() {
    for name in [
        "easy",
        "normal",
        "hard",
        "hard-v1",
        "hard:512x2",
        "expect:3",
        "mc",
        "mc/p=1024/r=3/halve=1",
        "mc/p=0/threat=0.75",
        "mc/p=1024/halve=1/turn=1",
        "net",
        "mc/leaf=2/safe=8",
        "mc/p=24/leaf=2/own=1",
    ] {
        let p: Player = name.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(p.to_string(), name);
    }
    for bad in [
        "hard:512",
        "hard:0x2",
        "hard:512x0",
        "hardx",
        "expect:0",
        "expect:9",
        "x",
        "mc/p=x",
        "mc/r=0",
        "mc/nope=1",
    ] {
        assert!(bad.parse::<Player>().is_err(), "{bad} was accepted");
    }
}

/// A seeded game on `arms` with every seat played by `player` for `max_decisions`
/// decisions: each chosen move is among the legal ones and plays (checked), `None` exactly
/// when there is none.
fn checked_game(arms: Arms, player: Player, seed: u64, max_decisions: u32) {
    let preset = Preset::Jcf;
    let mut g = Game::new_on(arms, preset, preset.options(), arms.colours()).expect("new game");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..max_decisions {
        loop {
            match g.phase() {
                Phase::Finished(_) => return,
                Phase::AwaitingRoll(_) => g = g.roll(rng.random_range(1..=6)).expect("roll"),
                _ => break,
            }
        }
        let legal = g.legal_moves();
        match choose_player(&g, player, &mut rng) {
            Some(mv) => {
                assert!(legal.contains(&mv), "{player} chose an unlisted move");
                g = g
                    .play(mv)
                    .unwrap_or_else(|e| panic!("{player}: {mv:?}: {e}"));
            }
            None => {
                assert!(legal.is_empty(), "{player} returned None with legal moves");
                g = g.pass().expect("pass without legal moves").0;
            }
        }
    }
}

#[test]
fn candidate_players_play_legal_moves_on_every_board() {
    for (k, arms) in Arms::ALL.into_iter().enumerate() {
        for player in [
            "hard:24x1",
            "expect:1",
            "hard-v1",
            "mc/p=24/r=1/halve=1",
            "mc/p=24/leaf=1",
            "mc/p=24/r=1/turn=1",
            "mc/p=24/soft=120",
            "mc/p=24/nest=12/nh=4",
            "mc/p=24/eg=400/egp=24",
            "mc/p=0",
            "net",
            "mc/p=24/leaf=2",
            "mc/p=24/leaf=2/own=1",
        ] {
            let p: Player = player.parse().expect("a player");
            checked_game(arms, p, 40 + k as u64, 60);
        }
    }
}

fn tune(args: &[&str]) -> (bool, String, String) {
    run_parxis(&[&["tune"], args].concat())
}

/// The output without its timing line.
fn untimed(out: &str) -> String {
    out.lines()
        .filter(|l| !l.contains(" s ("))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn tune_prints_learned_weights_that_fit_better_and_do_not_depend_on_the_threads() {
    let base = [
        "--games", "24", "--tables", "4,2", "--steps", "60", "--seed", "5",
    ];
    let (ok, one, err) = tune(&[&base[..], &["--threads", "1"]].concat());
    assert!(ok, "{err}");
    let (ok, two, err) = tune(&[&base[..], &["--threads", "2"]].concat());
    assert!(ok, "{err}");
    assert_eq!(untimed(&one), untimed(&two));
    assert!(one.contains("pub const WEIGHTS: Weights = ["), "{one}");
    assert_eq!(
        one.matches("// ").count(),
        parxis::ai::value::FEATURES,
        "{one}"
    );
    // The fit beats the zero weights' log-loss.
    let line = one
        .lines()
        .find(|l| l.starts_with("log-loss"))
        .expect("a log-loss line");
    let nums: Vec<f64> = line
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .filter_map(|t| t.parse().ok())
        .collect();
    assert!(nums[0] < nums[1], "{line}");
    let (ok, _, err) = tune(&["--games", "2", "--tables", "9"]);
    assert!(!ok && err.contains("2 to 8"), "{err}");
}

#[test]
fn train_net_writes_the_same_network_on_any_threads_and_simulate_plays_it() {
    let dir = std::env::temp_dir().join(format!("parxis-train-net-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let (one, two) = (file("one.bin"), file("two.bin"));
    let base = [
        "train-net",
        "--games",
        "30",
        "--holdout",
        "6",
        "--hidden",
        "8",
        "--epochs",
        "2",
        "--seed",
        "5",
    ];
    let (ok, out, err) = run_parxis(&[&base[..], &["--threads", "1", "--out", &one]].concat());
    assert!(ok, "{err}");
    assert!(out.contains("held-out"), "{out}");
    let (ok, _, err) = run_parxis(&[&base[..], &["--threads", "2", "--out", &two]].concat());
    assert!(ok, "{err}");
    let a = std::fs::read(&one).expect("network written");
    assert_eq!(a, std::fs::read(&two).expect("network written"));
    let net = parxis::ai::net::Net::from_bytes(&a).expect("a network");
    assert_eq!(net.hidden, 8);
    // simulate plays hard with it, and refuses a file that is not a network
    let (ok, out, err) = run_parxis(&[
        "simulate",
        "--games",
        "2",
        "--players",
        "hard,normal,normal,normal",
        "--net",
        &one,
        "--json",
    ]);
    assert!(ok && out.contains("\"games\":2"), "{out} {err}");
    let text = file("text.bin");
    std::fs::write(&text, "not weights").expect("write");
    let (ok, _, err) = run_parxis(&[
        "simulate",
        "--games",
        "1",
        "--players",
        "hard,normal",
        "--net",
        &text,
    ]);
    assert!(!ok && err.contains("not a parxis network"), "{err}");
    let (ok, _, err) = run_parxis(&["train-net", "--games", "5", "--holdout", "5", "--out", &two]);
    assert!(!ok && err.contains("--holdout"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn mc_with_hard_v1_settings_decides_exactly_as_hard_v1() {
    // The same search played in place: the same sampled dice and the same choices give the
    // same moves for the same seed.
    let mc: Player = "mc".parse().expect("a player");
    for arms in Arms::ALL {
        let preset = Preset::Jcf;
        let mut g = Game::new_on(arms, preset, preset.options(), arms.colours()).expect("game");
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut compared = 0;
        for step in 0..400 {
            match g.phase() {
                Phase::Finished(_) => break,
                Phase::AwaitingRoll(_) => g = g.roll(rng.random_range(1..=6)).expect("roll"),
                _ => {
                    if step > 60 && step % 9 == 0 && g.legal_moves().len() >= 2 {
                        let a = choose_player(&g, mc, &mut ChaCha8Rng::seed_from_u64(step));
                        let b = choose_player(
                            &g,
                            Player::PreviousHard,
                            &mut ChaCha8Rng::seed_from_u64(step),
                        );
                        assert_eq!(a, b, "{arms:?} step {step}");
                        compared += 1;
                        if compared == 3 {
                            break;
                        }
                    }
                    g = match choose_player(&g, Player::Level(parxis::ai::Level::Normal), &mut rng)
                    {
                        Some(mv) => g.play_unchecked(mv),
                        None => g.pass().expect("pass").0,
                    };
                }
            }
        }
        assert_eq!(compared, 3, "{arms:?}: not enough decisions compared");
    }
}
