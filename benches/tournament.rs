//! Tournaments: a 64-entrant tournament of computer players simulated to the end, and the
//! bracket picture's render time and size.
//!
//! `cargo bench --bench tournament` runs criterion on both, then prints medians and p99s of
//! repeated timed runs, with the PNG board render of a new game measured in the same run as
//! the baseline of the picture's ratio. Each table is a real game: the engine and
//! `ai::choose` (level normal), seeded dice, the R2.2 roll-off for who starts; a game still
//! going after 10 000 rolls is stopped and judged as at a time limit (R6.3), and a drawn
//! table goes to the tournament's roll-off (R10.3).

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use parxis::ai::{Level, choose};
use parxis::dice::RngDice;
use parxis::engine::{Colour, Dice, Game, Phase, Preset, Winner, roll_off};
use parxis::render::image::{View, bracket, png};
use parxis::tournament::{Entrant, Labels, Outcome, Side, TableId, Tournament};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const MAX_ROLLS: u32 = 10_000;

/// Seats for the sides of a table: each side's colours.
fn seats(sides: usize, pairs: bool) -> Vec<Vec<Colour>> {
    use Colour::{Blue, Green, Red, Yellow};
    match (pairs, sides) {
        (true, _) => vec![vec![Yellow, Red], vec![Blue, Green]],
        (false, 2) => vec![vec![Yellow], vec![Red]],
        (false, 3) => vec![vec![Yellow], vec![Blue], vec![Red]],
        _ => vec![vec![Yellow], vec![Blue], vec![Red], vec![Green]],
    }
}

/// Plays the game at table `at` with computer players; its outcome in sides, and the
/// number of rolls.
fn play_table(t: &Tournament, at: TableId, rng: &mut ChaCha8Rng) -> (Outcome, u32) {
    let sides: Vec<Side> = t.table(at).expect("open table").sides.clone();
    let colours = seats(sides.len(), t.pairs());
    let mut all: Vec<Colour> = colours.iter().flatten().copied().collect();
    all.sort_by_key(|c| c.index());
    let mut opts = t.preset().options();
    opts.pairs = t.pairs();
    let side_of = |c: Colour| {
        colours
            .iter()
            .position(|cs| cs.contains(&c))
            .map_or(sides[0], |i| sides[i])
    };
    let mut dice = RngDice::new(ChaCha8Rng::from_rng(rng));
    let mut ai_rng = ChaCha8Rng::from_rng(rng);
    let game = Game::new(t.preset(), opts, &all).expect("valid game");
    let starter = roll_off(&all, &mut dice).starter;
    let mut game = game.with_first_turn(starter).expect("seated starter");
    let mut rolls = 0;
    loop {
        match game.phase() {
            Phase::Finished(w) => return (Outcome::Won(side_of(w.colours()[0])), rolls),
            Phase::AwaitingRoll(_) if rolls >= MAX_ROLLS => {
                return match game.time_limit_result() {
                    Some(Winner::Colour(c) | Winner::Pair(c, _)) => {
                        (Outcome::Won(side_of(c)), rolls)
                    }
                    None => (Outcome::Drawn(sides), rolls),
                };
            }
            Phase::AwaitingRoll(_) => {
                rolls += 1;
                game = game.roll(dice.roll()).expect("a roll is legal");
            }
            Phase::AwaitingMove { .. } | Phase::AwaitingBonus { .. } => {
                game = match choose(&game, Level::Normal, &mut ai_rng) {
                    Some(mv) => game.play(mv).expect("the computer plays a legal move"),
                    None => game.pass().expect("no move: pass").0,
                };
            }
        }
    }
}

fn entrants(n: usize, pairs: bool) -> Vec<Entrant> {
    (0..n)
        .map(|i| {
            if pairs {
                let mut e = Entrant::computer(Level::Normal, &format!("Pair {}", i + 1));
                e.members.push(e.members[0].clone());
                e
            } else {
                Entrant::computer(Level::Normal, &format!("Computer {}", i + 1))
            }
        })
        .collect()
}

/// A whole tournament of `n` computer entrants; the number of games and rolls played.
fn simulate(n: usize, size: u8, pairs: bool, seed: u64) -> (Tournament, u32, u32) {
    let mut t = Tournament::draw(Preset::Jcf, pairs, size, entrants(n, pairs), seed).expect("draw");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut roll_dice = RngDice::new(ChaCha8Rng::seed_from_u64(seed ^ 1));
    let (mut games, mut rolls) = (0, 0);
    while let Some(&at) = t.open_tables().first() {
        t.start_table(at, None).expect("open table");
        let (outcome, r) = play_table(&t, at, &mut rng);
        t.table_finished(at, outcome, &mut roll_dice)
            .expect("finished table");
        games += 1;
        rolls += r;
    }
    assert!(t.champion().is_some());
    (t, games, rolls)
}

fn labels(t: &Tournament) -> Labels {
    let n = t.plan().len();
    Labels {
        rounds: (0..n).map(|r| format!("Round {}", r + 1)).collect(),
        bye: "bye".into(),
        champion: "Champion".into(),
    }
}

/// A 64-entrant bracket half-way: round 1 and half of round 2 decided.
fn half_way() -> Tournament {
    let e = (0..64)
        .map(|i| Entrant::human(i, &format!("Player number {}", i + 1)))
        .collect();
    let mut t = Tournament::draw(Preset::Jcf, false, 2, e, 9).expect("draw");
    let mut dice = parxis::engine::ScriptedDice::new(&[]);
    for _ in 0..48 {
        let at = t.open_tables()[0];
        let w = t.table(at).expect("open").sides[0];
        t.table_finished(at, Outcome::Won(w), &mut dice)
            .expect("open table");
    }
    t
}

fn benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("tournament");
    g.sample_size(10);
    g.bench_function("64 computers, 2-seat tables, to the end", |b| {
        b.iter(|| simulate(64, 2, false, black_box(1)));
    });
    g.finish();
    let t = half_way();
    let l = labels(&t);
    c.bench_function("bracket png, 64 entrants", |b| {
        b.iter(|| bracket::png(black_box(&t), &l))
    });
}

fn median_p99(mut v: Vec<Duration>) -> (f64, f64) {
    v.sort_unstable();
    let at = |q: f64| v[((v.len() - 1) as f64 * q).round() as usize].as_secs_f64() * 1e3;
    (at(0.5), at(0.99))
}

fn figures(_: &mut Criterion) {
    for (size, pairs, label) in [
        (2, false, "2-seat"),
        (4, false, "4-seat"),
        (4, true, "pairs"),
    ] {
        let mut times = Vec::new();
        let (mut games, mut rolls, mut stored) = (0, 0, 0);
        for seed in 0..10 {
            let t0 = Instant::now();
            let (t, g, r) = simulate(64, size, pairs, seed);
            times.push(t0.elapsed());
            (games, rolls) = (games + g, rolls + r);
            stored = stored.max(serde_json::to_vec(&t).map_or(0, |v| v.len()));
        }
        let (med, p99) = median_p99(times);
        println!(
            "64 computer entrants, {label} tables, 10 tournaments: median {med:.1} ms, p99 {p99:.1} ms; {:.1} games and {:.0} rolls per tournament; stored JSON of a finished one ≤ {stored} bytes",
            f64::from(games) / 10.0,
            f64::from(rolls) / 10.0
        );
    }
    let t = half_way();
    let l = labels(&t);
    let bytes = bracket::png(&t, &l);
    let time = |f: &dyn Fn() -> usize| {
        median_p99(
            (0..50)
                .map(|_| {
                    let t0 = Instant::now();
                    black_box(f());
                    t0.elapsed()
                })
                .collect(),
        )
    };
    let (bmed, bp99) = time(&|| bracket::png(&t, &l).len());
    let board = Game::new(
        Preset::Jcf,
        Preset::Jcf.options(),
        &[Colour::Yellow, Colour::Red],
    )
    .expect("game");
    let (gmed, gp99) = time(&|| png(&board, &View::default()).len());
    let geo = bracket::layout(&t.view());
    println!(
        "bracket png, 64 entrants ({}×{} px): median {bmed:.1} ms, p99 {bp99:.1} ms, {} bytes ({:.1} KB); board png baseline median {gmed:.1} ms, p99 {gp99:.1} ms; ratio {:.1}×",
        geo.width,
        geo.height,
        bytes.len(),
        bytes.len() as f64 / 1024.0,
        bmed / gmed
    );
    assert!(
        bytes.len() <= 150 * 1024,
        "bracket PNG of {} bytes exceeds 150 KB",
        bytes.len()
    );
}

criterion_group!(tournament, benches, figures);
criterion_main!(tournament);
