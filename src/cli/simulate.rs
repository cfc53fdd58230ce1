//! `parxis simulate`: computer players play many seeded games against each other.
//!
//! Board: `--arms 4|6|8`, by default the smallest board that seats the players (R8.7).
//!
//! Seats: the players take the board's default seats for their number (R8.5: four players on
//! four arms get yellow, blue, red, green; two get yellow and red; two on six arms get yellow
//! and green). So that no player keeps a seat advantage, game `i` rotates the seats: player
//! `j` plays colour `seats[(i + j) % n]`. The colour reported for a player is the one it has
//! in game 0.
//!
//! Rules: `--rules` picks the preset; games are individual (`pairs: false`, also for
//! `solidari`) unless `--pairs`, which needs every seat of the board; partners are then
//! players `j` and `j + n/2` (opposite seats stay opposite under the rotation, R8.6), and both
//! partners of the winning pair score a win.
//!
//! Each game starts with the R2.2 roll-off and is played to the end, capped at
//! [`MAX_ROLLS`] rolls (a capped game counts as unfinished and has no winner). Game `i` uses
//! its own random streams derived from `--seed` and `i` alone, so the results (all but the
//! timing figures) depend on neither the scheduling nor `--threads`.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use clap::Parser;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};

use crate::ai::{Level, Player, choose_player_among, easy_among};
use crate::dice::RngDice;
use crate::engine::{
    Arms, Colour, Game, MoveList, Pending, Phase, Preset, Seats, roll_off_starter,
};

/// A game that has not ended after this many rolls counts as unfinished.
pub const MAX_ROLLS: u64 = 10_000;

/// Command-line arguments of `parxis simulate`.
#[derive(Clone, Debug, Parser)]
pub struct Args {
    /// Number of games to play.
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// The players, comma-separated, 2 to 8 of easy, normal, hard (e.g. hard,normal,normal,normal);
    /// for measurements also hard-v1 (hard as it was before), hard:PLAYOUTSxROUNDS, expect:N
    /// and mc/KEY=VALUE/… (see `parxis::ai::mc`).
    #[arg(long, value_delimiter = ',', required = true)]
    pub players: Vec<Player>,
    /// The board: 4, 6 or 8 arms (default: the smallest that seats the players).
    #[arg(long)]
    pub arms: Option<u8>,
    /// The rule set: jcf, classic or solidari.
    #[arg(long, default_value = "jcf")]
    pub rules: Preset,
    /// Play pairs games (R6.2; every seat of the board).
    #[arg(long)]
    pub pairs: bool,
    /// Base seed of the dice and of the players' tie-breaks.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
    /// A network made by `parxis train-net` for hard and the other players that use one, in
    /// place of the embedded network (for measurements).
    #[arg(long)]
    pub net: Option<std::path::PathBuf>,
}

/// What to simulate (the checked form of [`Args`]).
#[derive(Clone, Debug)]
pub struct Config {
    pub games: u64,
    pub players: Vec<Player>,
    pub arms: Arms,
    pub rules: Preset,
    pub pairs: bool,
    pub seed: u64,
    pub threads: usize,
}

impl Config {
    /// Check the arguments.
    ///
    /// # Errors
    /// A message for a board other than 4, 6 or 8 arms, a player count outside 2 ..= arms,
    /// pairs without every seat, zero games or zero threads.
    pub fn from_args(a: &Args) -> Result<Self, String> {
        let n = a.players.len();
        let arms = match a.arms {
            Some(k) => Arms::from_count(k).ok_or(format!("--arms is 4, 6 or 8, not {k}"))?,
            None => Arms::for_players(n).ok_or(format!("2 to 8 players are needed, not {n}"))?,
        };
        if !(2..=usize::from(arms.count())).contains(&n) {
            return Err(format!(
                "2 to {} players are needed on {arms} arms, not {n}",
                arms.count()
            ));
        }
        if a.pairs && n != usize::from(arms.count()) {
            return Err(format!(
                "--pairs needs every seat: {} players on {arms} arms",
                arms.count()
            ));
        }
        if a.games == 0 {
            return Err("--games must be at least 1".into());
        }
        if a.threads == 0 {
            return Err("--threads must be at least 1".into());
        }
        Ok(Self {
            games: a.games,
            players: a.players.clone(),
            arms,
            rules: a.rules,
            pairs: a.pairs,
            seed: a.seed,
            threads: a.threads,
        })
    }
}

/// The colours seated for `n` players on a board of `arms` (R8.5), in turn order.
#[must_use]
pub fn seat_colours(arms: Arms, n: usize) -> Seats {
    arms.default_seats(n)
        .unwrap_or_else(|| arms.colours().iter().copied().collect())
}

/// The colour player `player` (index in the players list) plays in game `game` of a
/// simulation with `n` players on `arms`: `seat_colours(arms, n)[(game + player) % n]`.
#[must_use]
pub fn colour_of(arms: Arms, n: usize, game: u64, player: usize) -> Colour {
    let seats = seat_colours(arms, n);
    seats[((game % n as u64) as usize + player) % seats.len()]
}

/// Most players of a simulation (the largest board).
pub const MAX_PLAYERS: usize = crate::engine::board::MAX_COLOURS;

/// The result of one game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameResult {
    /// Whether each player (by index in the players list) won.
    pub won: [bool; MAX_PLAYERS],
    pub finished: bool,
    pub rolls: u64,
    pub moves: u64,
    pub captures: u64,
}

/// Play game number `index` of a simulation to its end (or [`MAX_ROLLS`]).
#[must_use]
pub fn play_game(cfg: &Config, index: u64) -> GameResult {
    play_game_seen(cfg, index, |_| {})
}

/// [`play_game`], showing `seen` the game after its first turn is drawn and after every
/// step (a roll, a move or a pass), so that a test can compare the games step by step.
///
/// The game is stepped in place ([`Game::roll_mut`], [`Game::legal_moves_into_on`],
/// [`Game::play_unchecked_mut_on`] with a move of that very list, [`Game::pass_unchecked_mut`]
/// when the list is empty): no copy of the game per step, and the legal moves generated once
/// per decision. The loop is written once per board ([`Arms`] a constant in each copy), the
/// move generation and easy's draw inline in it, and a roll goes straight on to its move.
pub fn play_game_seen(cfg: &Config, index: u64, mut seen: impl FnMut(&Game)) -> GameResult {
    let n = cfg.players.len();
    let seats = seat_colours(cfg.arms, n);
    // Player j plays seats[(index + j) % n]; player_of[colour] is that player.
    // (`colour_of` for each player, with the seats found once.)
    let mut player_of = [usize::MAX; MAX_PLAYERS];
    let first = (index % n as u64) as usize;
    for j in 0..n {
        player_of[seats[(first + j) % seats.len()].index()] = j;
    }
    let mut opts = cfg.rules.options();
    opts.pairs = cfg.pairs;
    let result = GameResult::default();
    let Ok(game) = Game::new_on(cfg.arms, cfg.rules, opts, &seats) else {
        return result;
    };
    let mut dice_rng = ChaCha8Rng::seed_from_u64(cfg.seed);
    dice_rng.set_stream(2 * index);
    let mut ai_rng = ChaCha8Rng::seed_from_u64(cfg.seed);
    ai_rng.set_stream(2 * index + 1);
    let mut dice = RngDice::new(dice_rng);
    let starter = roll_off_starter(&seats, &mut dice);
    let Ok(game) = game.with_first_turn(starter) else {
        return result;
    };
    seen(&game);
    // The game's loop written once per board, the board a constant in each copy: one copy
    // of the move generation and of the moves' effects in each, not three.
    let (dice, ai_rng) = (&mut dice, &mut ai_rng);
    match cfg.arms {
        Arms::Four => play_out(Arms::Four, cfg, &player_of, game, dice, ai_rng, seen),
        Arms::Six => play_out(Arms::Six, cfg, &player_of, game, dice, ai_rng, seen),
        Arms::Eight => play_out(Arms::Eight, cfg, &player_of, game, dice, ai_rng, seen),
    }
}

/// Play `game` to its end (or [`MAX_ROLLS`]) on the board `arms` (the game's), as
/// [`play_game_seen`] says; `player_of[colour]` is the colour's player.
#[inline(always)]
fn play_out(
    arms: Arms,
    cfg: &Config,
    player_of: &[usize; MAX_PLAYERS],
    mut game: Game,
    dice: &mut RngDice<ChaCha8Rng>,
    ai_rng: &mut ChaCha8Rng,
    mut seen: impl FnMut(&Game),
) -> GameResult {
    let mut result = GameResult::default();
    let mut moves = MoveList::new();
    // Bit `c` set when colour `c`'s player is easy: its draw is made here, inline, with no
    // copy of the player.
    let easy = (0..MAX_PLAYERS).fold(0u8, |mask, c| {
        let is_easy = cfg.players.get(player_of[c]) == Some(&Player::Level(Level::Easy));
        mask | u8::from(is_easy) << c
    });
    loop {
        // The game waits for a roll, or is over (or, at the start, for a move: then straight
        // on to it).
        match game.phase() {
            Phase::Finished(w) => {
                result.finished = true;
                for c in w.colours() {
                    if let Some(won) = result.won.get_mut(player_of[c.index()]) {
                        *won = true;
                    }
                }
                return result;
            }
            Phase::AwaitingRoll(_) => {
                if result.rolls >= MAX_ROLLS {
                    return result;
                }
                result.rolls += 1;
                if game.roll_mut(crate::engine::Dice::roll(dice)).is_err() {
                    return result;
                }
                seen(&game);
            }
            Phase::AwaitingMove { .. } | Phase::AwaitingBonus { .. } => {}
        }
        // The roll's move (or pass), then its bonuses, until the game waits for a roll again
        // or is over: a roll is always followed by a move, so no question is asked first.
        while let Some(seat) = game.turn() {
            game.legal_moves_into_on(arms, &mut moves);
            // Every player plays the only legal move and passes without one, drawing no
            // random number (as `choose_player` does): only a choice is asked for.
            let mv = match moves.len() {
                0 => None,
                1 => Some(moves[0]),
                _ if easy >> seat.index() & 1 != 0 => easy_among(&moves, ai_rng),
                _ => {
                    let player = cfg.players[player_of[seat.index()]];
                    choose_player_among(&game, &moves, player, ai_rng)
                }
            };
            match mv {
                Some(mv) => {
                    result.moves += 1;
                    result.captures += u64::from(mv.captures().is_some());
                    game.play_unchecked_mut_on(arms, mv);
                }
                None => {
                    game.pass_unchecked_mut();
                }
            }
            seen(&game);
            if game.pending() == Pending::Roll {
                break;
            }
        }
    }
}

/// Totals over many games: sums only, so the merge order does not matter.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    pub games: u64,
    pub wins: [u64; MAX_PLAYERS],
    pub unfinished: u64,
    pub rolls: u64,
    pub moves: u64,
    pub captures: u64,
}

impl Totals {
    fn add(&mut self, r: &GameResult) {
        self.games += 1;
        for (w, &won) in self.wins.iter_mut().zip(&r.won) {
            *w += u64::from(won);
        }
        self.unfinished += u64::from(!r.finished);
        self.rolls += r.rolls;
        self.moves += r.moves;
        self.captures += r.captures;
    }

    fn merge(&mut self, o: &Self) {
        self.games += o.games;
        for (w, x) in self.wins.iter_mut().zip(o.wins) {
            *w += x;
        }
        self.unfinished += o.unfinished;
        self.rolls += o.rolls;
        self.moves += o.moves;
        self.captures += o.captures;
    }
}

/// Play all the games of `cfg` on `cfg.threads` threads; `progress` is called now and then
/// with the number of games done.
pub fn run_games(cfg: &Config, progress: &mut dyn FnMut(u64)) -> Totals {
    run_games_timed(cfg, progress).0
}

/// [`run_games`], and the time from the start of the workers to the moment the last of them
/// finished its last game: each worker reads the clock when it is done, and the workers are
/// joined, so the time is exact whatever the progress reports and the polling do.
pub fn run_games_timed(cfg: &Config, progress: &mut dyn FnMut(u64)) -> (Totals, Duration) {
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let finished = AtomicUsize::new(0);
    let mut totals = Totals::default();
    let main = std::thread::current();
    let start = Instant::now();
    let mut last = start;
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..cfg.threads)
            .map(|_| {
                let main = main.clone();
                let (next, done, finished) = (&next, &done, &finished);
                s.spawn(move || {
                    let mut t = Totals::default();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= cfg.games {
                            let end = Instant::now();
                            finished.fetch_add(1, Ordering::Release);
                            main.unpark();
                            return (t, end);
                        }
                        t.add(&play_game(cfg, i));
                        done.fetch_add(1, Ordering::Relaxed);
                    }
                })
            })
            .collect();
        // Progress reports until every worker is done; a finishing worker wakes this thread.
        while finished.load(Ordering::Acquire) < workers.len() {
            progress(done.load(Ordering::Relaxed));
            std::thread::park_timeout(Duration::from_millis(200));
        }
        for w in workers {
            if let Ok((t, end)) = w.join() {
                totals.merge(&t);
                last = last.max(end);
            }
        }
    });
    progress(done.load(Ordering::Relaxed));
    (totals, last.duration_since(start))
}

/// The 95 % Wilson score interval of `wins` successes in `n` trials.
#[must_use]
pub fn wilson95(wins: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.96f64;
    let n = n as f64;
    let p = wins as f64 / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The report as one JSON object (the `--json` output).
#[must_use]
pub fn report_json(cfg: &Config, t: &Totals, elapsed: Duration) -> Value {
    let seats = seat_colours(cfg.arms, cfg.players.len());
    let games = t.games.max(1) as f64;
    let secs = elapsed.as_secs_f64().max(1e-9);
    let players: Vec<Value> = cfg
        .players
        .iter()
        .enumerate()
        .map(|(j, level)| {
            let (lo, hi) = wilson95(t.wins[j], t.games);
            json!({
                "level": level.name(),
                "colour": seats[j].name(),
                "wins": t.wins[j],
                "win_rate": t.wins[j] as f64 / games,
                "ci95": [lo, hi],
            })
        })
        .collect();
    json!({
        "rules": cfg.rules.name(),
        "arms": cfg.arms.count(),
        "pairs": cfg.pairs,
        "seed": cfg.seed,
        "seats_rotate": true,
        "players": players,
        "games": t.games,
        "unfinished": t.unfinished,
        "avg_rolls_per_game": t.rolls as f64 / games,
        "avg_moves_per_game": t.moves as f64 / games,
        "captures_per_game": t.captures as f64 / games,
        "seconds": secs,
        "games_per_second": t.games as f64 / secs,
        "moves_per_second": t.moves as f64 / secs,
    })
}

fn report_text(cfg: &Config, t: &Totals, elapsed: Duration) -> String {
    use std::fmt::Write as _;
    let seats = seat_colours(cfg.arms, cfg.players.len());
    let games = t.games.max(1) as f64;
    let secs = elapsed.as_secs_f64().max(1e-9);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{} games, {} arms, rules {}{}, seed {}, {} thread(s); seats rotate every game (colour = game 0's)",
        t.games,
        cfg.arms,
        cfg.rules,
        if cfg.pairs { " (pairs)" } else { "" },
        cfg.seed,
        cfg.threads
    );
    let _ = writeln!(s, "player  level   colour  wins    win rate  95% CI");
    for (j, level) in cfg.players.iter().enumerate() {
        let (lo, hi) = wilson95(t.wins[j], t.games);
        let _ = writeln!(
            s,
            "{:<7} {:<7} {:<7} {:<7} {:>7.1}%  [{:.1}%, {:.1}%]",
            j + 1,
            level.name(),
            seats[j].name(),
            t.wins[j],
            100.0 * t.wins[j] as f64 / games,
            100.0 * lo,
            100.0 * hi
        );
    }
    let _ = writeln!(
        s,
        "per game: {:.1} rolls, {:.1} moves, {:.2} captures; unfinished: {}",
        t.rolls as f64 / games,
        t.moves as f64 / games,
        t.captures as f64 / games,
        t.unfinished
    );
    let _ = writeln!(
        s,
        "throughput: {:.1} games/s, {:.0} moves/s ({:.2} s)",
        t.games as f64 / secs,
        t.moves as f64 / secs,
        secs
    );
    s
}

/// Run `parxis simulate`.
pub fn run(args: &Args) -> ExitCode {
    let cfg = match Config::from_args(args) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("parxis simulate: {e}");
            return ExitCode::from(2);
        }
    };
    if let Some(path) = &args.net {
        match super::train_net::read_net(path) {
            Ok(n) => {
                crate::ai::net::use_candidate(n);
            }
            Err(e) => {
                eprintln!("parxis simulate: {}: {e}", path.display());
                return ExitCode::from(2);
            }
        }
    }
    let tty = std::io::stderr().is_terminal();
    let total = cfg.games;
    let mut progress = |done: u64| {
        if tty {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r{done}/{total} games");
            let _ = err.flush();
        }
    };
    let (totals, elapsed) = run_games_timed(&cfg, &mut progress);
    if tty {
        eprintln!();
    }
    if args.json {
        println!("{}", report_json(&cfg, &totals, elapsed));
    } else {
        print!("{}", report_text(&cfg, &totals, elapsed));
    }
    if totals.unfinished > 0 {
        eprintln!(
            "parxis simulate: {} game(s) unfinished after {MAX_ROLLS} rolls",
            totals.unfinished
        );
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_brackets_the_rate() {
        let (lo, hi) = wilson95(50, 100);
        assert!(
            (lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3,
            "{lo} {hi}"
        );
        assert_eq!(wilson95(0, 0), (0.0, 1.0));
        let (lo, hi) = wilson95(0, 10);
        assert!(lo == 0.0 && hi > 0.2);
    }

    #[test]
    fn a_game_is_a_function_of_seed_and_index_and_has_one_winner() {
        let cfg = Config {
            games: 4,
            players: vec![Player::Level(crate::ai::Level::Easy); 4],
            arms: Arms::Four,
            rules: Preset::Jcf,
            pairs: false,
            seed: 3,
            threads: 1,
        };
        let a = play_game(&cfg, 0);
        let b = play_game(&cfg, 0);
        assert_eq!(a, b, "a game is a function of the seed and its index");
        assert!(a.finished);
        assert_eq!(a.won.iter().filter(|&&w| w).count(), 1);
    }
}
