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
    /// (shared/conformance/FORMAT.md).
    Rules,
    /// Let computer players play many seeded games and report win rates and throughput.
    Simulate(parxis::cli::simulate::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Simulate(args) => parxis::cli::simulate::run(&args),
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
    }
}
