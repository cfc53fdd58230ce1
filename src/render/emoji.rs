//! The emoji board: the whole board in a chat message at most 15 emoji wide.

use crate::engine::Game;

/// The emoji board of `game` (language-neutral: the grid only, no words).
#[must_use]
pub fn board(game: &Game) -> String {
    let _ = game;
    String::new()
}

/// The board with coloured letters for terminals without emoji.
#[must_use]
pub fn ansi_board(game: &Game) -> String {
    board(game)
}
