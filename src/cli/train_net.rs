//! `parxis train-net`: learn the weights of the `net` player's network ([`crate::ai::net`])
//! from self-play games ([`crate::ai::net_train`]) and write them to a file.
//!
//! Game `i` is played by four `--player`s on four arms with its own random streams of `--seed`
//! and `i`, so the data and the network depend on neither the scheduling nor `--threads`.
//! The last `--holdout` games are kept out of the fit and measure it.

use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;

use super::tune::in_game_order;
use crate::ai::Player;
use crate::ai::net_train::{FitConfig, Sample, fit, measure, sample_game};
use crate::engine::Preset;

/// Command-line arguments of `parxis train-net`.
#[derive(Clone, Debug, Parser)]
pub struct Args {
    /// Number of self-play games (the held-out ones included).
    #[arg(long, default_value_t = 40_000)]
    pub games: u64,
    /// Of which this many, the last, are held out to measure the fit.
    #[arg(long, default_value_t = 2_000)]
    pub holdout: u64,
    /// The four players of the self-play games (seats rotating); the first one's points of
    /// view are learned (every seat's when all four are alike).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "normal,normal,normal,normal"
    )]
    pub players: Vec<Player>,
    /// Start the fit from this network (else from random weights).
    #[arg(long)]
    pub init: Option<std::path::PathBuf>,
    /// The rule set.
    #[arg(long, default_value = "jcf")]
    pub rules: Preset,
    /// Base seed of the games and of the fit.
    #[arg(long, default_value_t = 53)]
    pub seed: u64,
    /// Chance to keep each position waiting for a roll.
    #[arg(long, default_value_t = 0.125)]
    pub keep: f64,
    /// Hidden units.
    #[arg(long, default_value_t = 64)]
    pub hidden: usize,
    /// Passes over the data.
    #[arg(long, default_value_t = 4)]
    pub epochs: u32,
    /// Positions per step.
    #[arg(long, default_value_t = 256)]
    pub batch: usize,
    /// Step size (Adam).
    #[arg(long, default_value_t = 0.001)]
    pub rate: f32,
    /// Worker threads for the games.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Where to write the network.
    #[arg(long)]
    pub out: std::path::PathBuf,
}

/// The positions of games `from..to`, in game order.
fn samples(a: &Args, from: u64, to: u64) -> Vec<Sample> {
    let players = [a.players[0], a.players[1], a.players[2], a.players[3]];
    in_game_order(from..to, a.threads, |i| {
        sample_game(&players, a.rules, a.seed, i, a.keep)
    })
}

/// The network in file `path` (as `parxis train-net` writes it).
///
/// # Errors
/// The file cannot be read or holds no network.
pub(crate) fn read_net(path: &std::path::Path) -> Result<crate::ai::net::Net, String> {
    std::fs::read(path)
        .map_err(|e| e.to_string())
        .and_then(|b| crate::ai::net::Net::from_bytes(&b))
}

/// Run `parxis train-net`.
pub fn run(a: &Args) -> ExitCode {
    if a.players.len() != 4 {
        eprintln!("parxis train-net: --players names four players");
        return ExitCode::from(2);
    }
    let init = match &a.init {
        None => None,
        Some(p) => match read_net(p) {
            Ok(n) => Some(n),
            Err(e) => {
                eprintln!("parxis train-net: {}: {e}", p.display());
                return ExitCode::from(2);
            }
        },
    };
    if a.games <= a.holdout || a.threads == 0 || !(0.0..=1.0).contains(&a.keep) {
        eprintln!(
            "parxis train-net: --games must exceed --holdout, --threads at least 1, --keep within 0..1"
        );
        return ExitCode::from(2);
    }
    let start = Instant::now();
    let train = samples(a, 0, a.games - a.holdout);
    let test = samples(a, a.games - a.holdout, a.games);
    let played = start.elapsed();
    eprintln!(
        "parxis train-net: {} + {} positions in {:.1} s",
        train.len(),
        test.len(),
        played.as_secs_f64()
    );
    let cfg = FitConfig {
        hidden: a.hidden,
        epochs: a.epochs,
        batch: a.batch,
        rate: a.rate,
        seed: a.seed,
    };
    let net = fit(&train, &cfg, init.as_ref());
    let fitted = start.elapsed() - played;
    let (tl, ta) = measure(&net, &train[..train.len().min(200_000)]);
    let (hl, ha) = measure(&net, &test);
    println!(
        "parxis train-net --games {} --holdout {} --players {} --rules {} --seed {} --keep {} --hidden {} --epochs {} --batch {} --rate {}",
        a.games,
        a.holdout,
        a.players
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(","),
        a.rules,
        a.seed,
        a.keep,
        a.hidden,
        a.epochs,
        a.batch,
        a.rate
    );
    println!(
        "{} positions from {} games in {:.1} s ({} thread(s)); fit in {:.1} s",
        train.len(),
        a.games - a.holdout,
        played.as_secs_f64(),
        a.threads,
        fitted.as_secs_f64()
    );
    println!(
        "log-loss per position: trained-on {tl:.4}, held-out {hl:.4} (fair share {:.4}); favourite won: {:.1} %, held-out {:.1} %",
        4f64.ln(),
        100.0 * ta,
        100.0 * ha
    );
    if let Err(e) = std::fs::write(&a.out, net.to_bytes()) {
        eprintln!("parxis train-net: {}: {e}", a.out.display());
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
