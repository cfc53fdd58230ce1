//! The `parxis` command: wires the library's pieces to subcommands.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Parxís: the parxís (parchís) rules engine, a terminal game and a Telegram group bot.
#[derive(Parser)]
#[command(name = "parxis", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Answer rules questions: JSON Lines on stdin, one answer per line on stdout
    /// (docs/PROTOCOL.md).
    Rules,
    /// Play in the terminal against computer players (no token, no server).
    Play(parxis::cli::play::Args),
    /// Run the Telegram bot (configuration from the environment: TELOXIDE_TOKEN, REDIS_URL…).
    Bot,
    /// Check the running bot's health endpoint (for container health checks).
    Healthcheck,
    /// Draw a position (JSON, docs/PROTOCOL.md) as the PNG board image, or print the emoji board.
    Render(parxis::cli::render::Args),
    /// Let computer players play many seeded games and report win rates and throughput.
    Simulate(parxis::cli::simulate::Args),
    /// Check a game's record (JSON Lines, as /record sends it) step by step against the
    /// rules, print the game, and with --gif write its animation.
    Replay(parxis::cli::replay::Args),
    /// Play a seeded game through the bot's table and write its record (JSON Lines).
    Record(parxis::cli::replay::RecordArgs),
    /// Check a game's record for provably fair dice: the revealed seed against the sealed
    /// commitment and every roll against the seed (docs/FAIRNESS.md).
    Verify(parxis::cli::verify::Args),
    /// Learn the weights of the evaluation of the hard:PxR and expect:N searches from self-play games.
    Tune(parxis::cli::tune::Args),
    /// Learn the network of the net player from self-play games.
    TrainNet(parxis::cli::train_net::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Play(args) => parxis::cli::play::run(&args),
        Command::Bot => parxis::cli::bot::run(),
        Command::Healthcheck => match parxis::ops::probe::healthcheck() {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("parxis healthcheck: {e}");
                ExitCode::FAILURE
            }
        },
        Command::Simulate(args) => parxis::cli::simulate::run(&args),
        Command::Tune(args) => parxis::cli::tune::run(&args),
        Command::TrainNet(args) => parxis::cli::train_net::run(&args),
        Command::Rules => {
            let stdin = std::io::stdin().lock();
            let stdout = std::io::stdout().lock();
            match parxis::protocol::serve(stdin, stdout) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("parxis rules: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Render(args) => parxis::cli::render::run(&args),
        Command::Replay(args) => parxis::cli::replay::run(&args),
        Command::Record(args) => parxis::cli::replay::run_record(&args),
        Command::Verify(args) => parxis::cli::verify::run(&args),
    }
}
