//! The board for terminals: the layout for the board and the terminal's width.
//!
//! Four arms: the real cross ([`super::cross`], 19 squares a side, 76 columns); six and
//! eight arms, or four in a terminal narrower than the cross: one row of 17 squares per
//! arm ([`super::rows`], 68 columns). The cells are [`super::ansi`]'s.

use crate::engine::Game;

use super::ansi::TermOptions;

/// Columns of the four-arm cross (19 cells of 4).
pub const CROSS_COLUMNS: usize = super::cross::SIDE * super::cross::CELL;

/// The board of `game` for a terminal (see the module header). Lines end with `\n`;
/// trailing spaces are trimmed.
#[must_use]
pub fn terminal_board(game: &Game, opts: &TermOptions<'_>) -> String {
    let lines = if game.arms().is_four() && opts.columns >= CROSS_COLUMNS {
        super::cross::lines(game, opts)
    } else {
        super::rows::lines(game, opts)
    };
    let mut out = String::new();
    for l in lines {
        out.push_str(l.trim_end());
        out.push('\n');
    }
    out
}

/// The terminal board in colour, with colour letters for names and no move marks.
#[must_use]
pub fn ansi_board(game: &Game) -> String {
    terminal_board(
        game,
        &TermOptions {
            colour: true,
            moves: &[],
            names: &[],
            columns: usize::MAX,
        },
    )
}
