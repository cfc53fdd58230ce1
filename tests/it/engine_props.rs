//! Property tests of the engine over random play-outs of every board size (4, 6 and 8 arms),
//! preset and seat count (pairs included), and a fuzz test of the `parxis rules` JSON
//! protocol.

use std::path::PathBuf;
use std::sync::OnceLock;

use parxis::engine::board::NEST;
use parxis::engine::{Arms, Colour, Game, Move, Phase, PlayError, Preset};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

/// Seat configurations of a board of `arms`: config `k` below `arms - 1` is `k + 2`
/// individual players in the default seats (R8.5), config `arms - 1` is a pairs game
/// (every seat, R8.6).
fn new_game(arms: Arms, preset: Preset, config: usize) -> Game {
    let a = usize::from(arms.count());
    let pairs = config % a == a - 1;
    let n = if pairs { a } else { config % a + 2 };
    let seats = arms.default_seats(n).expect("2 to arms seats");
    let mut opts = preset.options();
    opts.pairs = pairs;
    Game::new_on(arms, preset, opts, &seats).expect("a valid new game")
}

/// Every seated colour has four pieces across nest, board and goal; no square holds more than
/// two (R1.6); no corridor holds a foreign piece (R1.8); unseated colours have no pieces.
fn check_board(g: &Game) {
    let mut on_board = [0usize; Colour::ALL.len()];
    for sq in g.arms().squares() {
        let here: Vec<Colour> = g.pieces_on(sq).collect();
        assert!(here.len() <= 2, "R1.6: {} pieces on {sq}", here.len());
        if let Some((owner, _)) = sq.corridor_of() {
            assert!(
                here.iter().all(|&c| c == owner),
                "R1.8: {here:?} in {owner}'s corridor at {sq}"
            );
        }
        for c in here {
            on_board[c.index()] += 1;
        }
    }
    for c in Colour::ALL {
        if !g.is_seated(c) {
            assert_eq!(on_board[c.index()], 0, "unseated {c} on the board");
            continue;
        }
        let progress = g.progress(c);
        let goal = g.arms().goal();
        let in_play = progress.iter().filter(|&&p| p != NEST && p != goal).count();
        assert_eq!(
            in_play,
            on_board[c.index()],
            "{c}: board and progress disagree"
        );
        assert_eq!(
            usize::from(g.in_nest(c)) + on_board[c.index()] + usize::from(g.in_goal(c)),
            4,
            "{c} does not have four pieces"
        );
    }
}

/// The JSON form round-trips to the same position, and the protocol's byte writer gives the
/// same text as serde.
fn check_json(g: &Game) {
    let text = serde_json::to_string(g).expect("a game serialises");
    let mut direct = Vec::new();
    g.write_json(&mut direct);
    assert_eq!(
        String::from_utf8_lossy(&direct),
        text,
        "write_json differs from serde"
    );
    let back: Game = serde_json::from_str(&text).expect("its JSON reads back");
    assert_eq!(&back, g, "JSON round trip changed the game: {text}");
}

/// Play one random game to its end; `foreign` collects moves seen so far, to try illegal ones.
fn random_playout(arms: Arms, preset: Preset, config: usize, seed: u64) -> u64 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut g = new_game(arms, preset, config);
    let mut foreign: Vec<Move> = Vec::new();
    let mut rolls = 0u64;
    loop {
        check_board(&g);
        check_json(&g);
        match g.phase() {
            Phase::Finished(w) => {
                assert!(w.colours().iter().all(|&c| g.in_goal(c) == 4));
                assert!(g.legal_moves().is_empty());
                return rolls;
            }
            Phase::AwaitingRoll(_) => {
                if let Some(&m) = foreign.last() {
                    assert_eq!(g.play(m), Err(PlayError::NothingToPlay));
                }
                assert!(rolls < 20_000, "no end after 20 000 rolls");
                rolls += 1;
                g = g.roll(rng.random_range(1..=6)).expect("a roll is accepted");
            }
            Phase::AwaitingMove { .. } | Phase::AwaitingBonus { .. } => {
                let moves = g.legal_moves();
                assert_eq!(g.pass().is_ok(), moves.is_empty(), "pass iff no legal move");
                for &m in &moves {
                    let after = g.play(m).expect("every listed move plays");
                    assert_eq!(after, g.play_unchecked(m));
                }
                // A move listed in another position but not here is refused.
                if let Some(&bad) = foreign.iter().rev().find(|m| !moves.contains(m)) {
                    assert_eq!(g.play(bad), Err(PlayError::IllegalMove), "{bad:?}");
                }
                if moves.is_empty() {
                    g = g.pass().expect("pass").0;
                } else {
                    let m = moves[rng.random_range(0..moves.len())];
                    foreign.push(m);
                    if foreign.len() > 64 {
                        foreign.remove(0);
                    }
                    g = g.play_unchecked(m);
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn random_playouts_keep_every_invariant(
        seed: u64,
        arms in 0..3usize,
        preset in 0..3usize,
        config in 0..8usize,
    ) {
        random_playout(Arms::ALL[arms], Preset::ALL[preset], config, seed);
    }
}

#[test]
fn every_board_preset_and_seat_count_plays_out() {
    for arms in Arms::ALL {
        for (k, preset) in Preset::ALL.into_iter().enumerate() {
            for config in 0..usize::from(arms.count()) {
                let seed = 1000 + u64::from(arms.count()) * 100 + k as u64 * 10 + config as u64;
                let rolls = random_playout(arms, preset, config, seed);
                assert!(
                    rolls > 20,
                    "{arms} arms, {preset} {config}: a game takes more than 20 rolls"
                );
            }
        }
    }
}

// ---- The JSON protocol never panics and answers each non-blank line once. ----

fn case_requests() -> &'static [Value] {
    static CASES: OnceLock<Vec<Value>> = OnceLock::new();
    CASES.get_or_init(read_case_requests)
}

fn read_case_requests() -> Vec<Value> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/conformance");
    let mut out = Vec::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/conformance holds the case files")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    for f in files {
        let text = std::fs::read_to_string(&f).expect("readable case file");
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let case: Value = serde_json::from_str(line).expect("a case is JSON");
            out.push(case["request"].clone());
        }
    }
    assert!(out.len() >= 76, "expected the conformance cases");
    out
}

/// Answers of `serve` for `input`: one line per non-blank input line, each a JSON object.
fn serve_lines(input: &[u8]) -> Vec<Value> {
    let mut out = Vec::new();
    parxis::protocol::serve(input, &mut out).expect("serve never fails on memory streams");
    let text = String::from_utf8(out).expect("answers are UTF-8");
    text.lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("each answer is one JSON line"))
        .collect()
}

fn non_blank_lines(input: &[u8]) -> usize {
    input
        .split(|&b| b == b'\n')
        .filter(|l| match std::str::from_utf8(l) {
            Ok(s) => !s.trim().is_empty(),
            Err(_) => true,
        })
        .count()
}

/// Delete the object key number `k` (counting depth-first) of `v`, if it has that many.
fn delete_field(v: &mut Value, k: &mut usize) -> bool {
    match v {
        Value::Object(map) => {
            let keys: Vec<String> = map.keys().cloned().collect();
            for key in keys {
                if *k == 0 {
                    map.remove(&key);
                    return true;
                }
                *k -= 1;
                if let Some(child) = map.get_mut(&key)
                    && delete_field(child, k)
                {
                    return true;
                }
            }
            false
        }
        Value::Array(items) => items.iter_mut().any(|c| delete_field(c, k)),
        _ => false,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn garbage_lines_get_one_answer_each(input in proptest::collection::vec(any::<u8>(), 0..200)) {
        let answers = serve_lines(&input);
        prop_assert_eq!(answers.len(), non_blank_lines(&input));
    }

    #[test]
    fn garbage_strings_never_panic(line in ".{0,120}") {
        let answer = parxis::protocol::answer_line(&line);
        prop_assert_eq!(answer.is_some(), !line.trim().is_empty());
    }

    #[test]
    fn mutated_cases_get_one_answer_each(
        case in any::<prop::sample::Index>(),
        cut in any::<prop::sample::Index>(),
        flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..4),
        field in 0usize..40,
        kind in 0..3u8,
    ) {
        let requests = case_requests();
        let mut req = case.get(requests).clone();
        let mut bytes = match kind {
            // Field deletion: still JSON, maybe not a valid request.
            0 => {
                let mut k = field;
                delete_field(&mut req, &mut k);
                serde_json::to_vec(&req).expect("JSON")
            }
            // Truncation.
            1 => {
                let full = serde_json::to_vec(&req).expect("JSON");
                full[..cut.index(full.len() + 1)].to_vec()
            }
            // Byte flips (possibly invalid UTF-8 or a new line break).
            _ => serde_json::to_vec(&req).expect("JSON"),
        };
        if !bytes.is_empty() {
            for (at, b) in &flips {
                let i = at.index(bytes.len());
                bytes[i] ^= b;
            }
        }
        let answers = serve_lines(&bytes);
        prop_assert_eq!(answers.len(), non_blank_lines(&bytes));
        for a in &answers {
            prop_assert!(a.is_object());
            prop_assert!(a.get("error").is_some() || a.get("moves").is_some() || a.get("position").is_some());
        }
        if let Ok(text) = std::str::from_utf8(&bytes)
            && !text.contains('\n')
        {
            let direct = parxis::protocol::answer_line(text);
            prop_assert_eq!(direct.is_some(), !text.trim().is_empty());
        }
    }
}
