//! The engine plays exactly as the engine before issue 29 (frozen in `benches/engine_v1`,
//! the baseline of `cargo bench --bench engine`): random games of every board, preset and
//! seat count (pairs included) are played by both in lockstep, with the same rolls and the
//! same choices, and after every step they agree on the phase, the legal moves in their
//! order, the pieces' progress, the sixes and the last moved piece, and on every square's
//! pieces in arrival order. A third copy of each game is played with the engine's in-place
//! methods (`roll_mut`, `legal_moves_into`, `play_unchecked_mut`, `pass_unchecked_mut`) and
//! stays equal to the one played by value.

#[allow(dead_code, unreachable_pub, clippy::all)]
#[path = "../../benches/engine_v1/mod.rs"]
mod engine_v1;

use parxis::engine::{Arms, Colour, Game, Loc, Move, Phase, Preset};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

type Old = engine_v1::Game;

fn new_games(arms: Arms, preset: Preset, n: usize, pairs: bool) -> (Game, Old) {
    let seats = arms.default_seats(n).expect("2 to arms seats");
    let mut opts = preset.options();
    opts.pairs = pairs;
    let g = Game::new_on(arms, preset, opts, &seats).expect("new game");
    let old_arms = engine_v1::Arms::from_count(arms.count()).expect("board");
    let old_preset = match preset {
        Preset::Jcf => engine_v1::rules::Preset::Jcf,
        Preset::Classic => engine_v1::rules::Preset::Classic,
        Preset::Solidari => engine_v1::rules::Preset::Solidari,
    };
    let mut old_opts = old_preset.options();
    old_opts.pairs = pairs;
    let old_seats: Vec<engine_v1::Colour> = seats
        .iter()
        .map(|c| engine_v1::Colour::ALL[c.index()])
        .collect();
    let old = Old::new_on(old_arms, old_preset, old_opts, &old_seats).expect("old game");
    (g, old)
}

/// A phase as plain numbers: (kind, seat, die or bonus or winner colours).
fn phase(p: Phase) -> (u8, usize, [usize; 2]) {
    match p {
        Phase::AwaitingRoll(c) => (0, c.index(), [0, 0]),
        Phase::AwaitingMove { seat, roll } => (1, seat.index(), [usize::from(roll), 0]),
        Phase::AwaitingBonus { seat, amount } => (2, seat.index(), [usize::from(amount), 0]),
        Phase::Finished(w) => {
            let cs = w.colours();
            (3, 0, [cs[0].index(), cs.get(1).map_or(9, |c| c.index())])
        }
    }
}

fn old_phase(p: engine_v1::Phase) -> (u8, usize, [usize; 2]) {
    use engine_v1::game::Winner;
    match p {
        engine_v1::Phase::AwaitingRoll(c) => (0, c.index(), [0, 0]),
        engine_v1::Phase::AwaitingMove { seat, roll } => (1, seat.index(), [usize::from(roll), 0]),
        engine_v1::Phase::AwaitingBonus { seat, amount } => {
            (2, seat.index(), [usize::from(amount), 0])
        }
        engine_v1::Phase::Finished(Winner::Colour(c)) => (3, 0, [c.index(), 9]),
        engine_v1::Phase::Finished(Winner::Pair(a, b)) => (3, 0, [a.index(), b.index()]),
    }
}

fn moves(g: &Game) -> Vec<(usize, u8, u8, Option<usize>)> {
    g.legal_moves()
        .iter()
        .map(|m: &Move| {
            (
                m.colour().index(),
                m.from_progress(),
                m.to_progress(),
                m.captures().map(Colour::index),
            )
        })
        .collect()
}

fn old_moves(g: &Old) -> Vec<(usize, u8, u8, Option<usize>)> {
    g.legal_moves()
        .iter()
        .map(|m| {
            (
                m.colour().index(),
                m.from_progress(),
                m.to_progress(),
                m.captures().map(engine_v1::Colour::index),
            )
        })
        .collect()
}

fn loc(l: Option<Loc>) -> Option<String> {
    l.map(|l| l.name().to_string())
}

fn old_loc(l: Option<engine_v1::board::Loc>) -> Option<String> {
    l.map(|l| l.name().to_string())
}

/// Both engines hold the same position.
fn same(g: &Game, old: &Old, squares_too: bool, at: &str) {
    assert_eq!(phase(g.phase()), old_phase(old.phase()), "{at}: phase");
    assert_eq!(moves(g), old_moves(old), "{at}: legal moves");
    assert_eq!(g.sixes(), old.sixes, "{at}: sixes");
    assert_eq!(
        loc(g.last_moved()),
        old_loc(old.last_moved),
        "{at}: last moved"
    );
    for c in Colour::ALL {
        let mut p = old.prog[c.index()];
        p.sort_unstable();
        assert_eq!(g.progress(c), p, "{at}: {c}'s pieces");
    }
    if squares_too {
        for sq in g.arms().squares() {
            let here: Vec<usize> = g.pieces_on(sq).map(Colour::index).collect();
            let there: Vec<usize> = old
                .cell(sq.index())
                .into_iter()
                .filter(|&v| v != 0)
                .map(|v| usize::from(v) - 1)
                .collect();
            assert_eq!(here, there, "{at}: pieces on {sq}");
            assert_eq!(
                g.is_barrier(sq),
                old.barrier_at(sq.index()),
                "{at}: barrier on {sq}"
            );
        }
    }
}

fn lockstep(arms: Arms, preset: Preset, n: usize, pairs: bool, seed: u64) {
    let (mut g, mut old) = new_games(arms, preset, n, pairs);
    let mut inplace = g.clone();
    let mut list = parxis::engine::MoveList::new();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for step in 0..40_000u32 {
        let at =
            format!("{arms} arms, {preset}, {n} seats, pairs {pairs}, seed {seed}, step {step}");
        same(&g, &old, step % 8 == 0, &at);
        assert_eq!(inplace, g, "{at}: in place");
        inplace.legal_moves_into(&mut list);
        assert_eq!(list, g.legal_moves(), "{at}: legal_moves_into");
        match g.phase() {
            Phase::Finished(_) => {
                same(&g, &old, true, &at);
                return;
            }
            Phase::AwaitingRoll(_) => {
                let die = rng.random_range(1..=6);
                g = g.roll(die).expect("roll");
                old = old.roll(die).expect("old roll");
                inplace.roll_mut(die).expect("roll in place");
            }
            _ => {
                let legal = g.legal_moves();
                if legal.is_empty() {
                    let (x, pass) = g.pass().expect("pass");
                    let (y, old_pass) = old.pass().expect("old pass");
                    assert_eq!(format!("{pass:?}"), format!("{old_pass:?}"), "{at}: pass");
                    assert_eq!(inplace.pass_unchecked_mut(), pass, "{at}: pass in place");
                    (g, old) = (x, y);
                } else {
                    let k = rng.random_range(0..legal.len());
                    g = g.play_unchecked(legal[k]);
                    old = old.play_unchecked(old.legal_moves()[k]);
                    inplace.play_unchecked_mut(list[k]);
                }
            }
        }
    }
    panic!("{arms} arms, {preset}: no end after 40 000 steps");
}

#[test]
fn the_engine_plays_every_game_as_the_previous_engine() {
    let mut seed = 0;
    for arms in Arms::ALL {
        let a = usize::from(arms.count());
        for preset in Preset::ALL {
            for n in [2, a / 2 + 1, a] {
                for _ in 0..3 {
                    seed += 1;
                    lockstep(arms, preset, n, false, seed);
                }
            }
            for _ in 0..3 {
                seed += 1;
                lockstep(arms, preset, a, true, seed);
            }
        }
    }
}
