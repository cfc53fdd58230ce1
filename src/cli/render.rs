//! `parxis render`: draw a position (docs/PROTOCOL.md) as the PNG board image (or the emoji board).
//!
//! Boards of 4, 6 and 8 arms are drawn, as the PNG image or the emoji board. A position
//! with a pending `"roll"` (or bonus) gets its legal moves labelled 1.. (keycaps on the emoji
//! board), as the bot's buttons number them (the piece nearest home first).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::engine::{Game, Setup};
use crate::render::{emoji, image};

/// Arguments of `parxis render`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A position as JSON (docs/PROTOCOL.md), optionally with a pending "roll".
    #[arg(long, value_name = "FILE.json")]
    pub position: PathBuf,
    /// Where to write the PNG image (default board.png; with --emoji only when given).
    #[arg(long, value_name = "FILE.png")]
    pub out: Option<PathBuf>,
    /// Print the emoji board on standard output.
    #[arg(long)]
    pub emoji: bool,
}

/// Runs `parxis render`: exit 0 on success, 2 for an unreadable file or invalid position,
/// 1 when the image cannot be written.
#[must_use]
pub fn run(args: &Args) -> ExitCode {
    let game = match load(&args.position) {
        Ok(g) => g,
        Err(msg) => {
            eprintln!("parxis render: {msg}");
            return ExitCode::from(2);
        }
    };
    // Numbered as the bot's buttons number them (nearest home first).
    let moves = crate::bot::core::view::ordered_moves(&game);
    if args.emoji {
        println!(
            "{}",
            emoji::board_with(&game, &emoji::EmojiOptions::default(), &moves)
        );
    }
    let out = match (&args.out, args.emoji) {
        (Some(p), _) => p.clone(),
        (None, false) => PathBuf::from("board.png"),
        (None, true) => return ExitCode::SUCCESS,
    };
    let view = image::View {
        choices: moves,
        ..image::View::default()
    };
    match std::fs::write(&out, image::png(&game, &view)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("parxis render: cannot write {}: {e}", out.display());
            ExitCode::FAILURE
        }
    }
}

/// Reads and validates a position file.
///
/// # Errors
/// A message naming the file for a missing or unreadable file, bad JSON or an invalid
/// position.
pub fn load(path: &Path) -> Result<Game, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let setup: Setup = serde_json::from_str(&text)
        .map_err(|e| format!("{}: not a position: {e}", path.display()))?;
    Game::from_setup(&setup).map_err(|e| format!("{}: invalid position: {e}", path.display()))
}
