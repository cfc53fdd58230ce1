//! Six and eight arms in a terminal (and four in one narrower than the cross): one row of
//! 17 squares per arm (68 columns), then one line per seated colour.
//!
//! Row `k` holds ring squares `17k+1 ..= 17k+17`: every row reads the same, colour `k`'s
//! exit at its fifth cell, a safe square at its twelfth and the next colour's entry square
//! at its last; play runs in reading order and from the last square back to 1. A colour's
//! line: its name, its pieces in the nest, its entry square, its corridor and its goal:
//!
//! ```text
//! ▶ You          Y Y     68 >  ::  ::  Y   ::  ::  ::  ::  > YY
//! ```

use crate::engine::{Arms, Game};

use super::ansi::{Paint, TermOptions, goal_cell, name_text, nest_text, pad, square_cell};
use super::grid::{self, Marks};

/// Columns of the name in a colour's line.
const NAME: usize = 16;

/// The rows and colour lines (trailing spaces not trimmed).
pub(crate) fn lines(game: &Game, opts: &TermOptions<'_>) -> Vec<String> {
    let marks = Marks(opts.moves);
    let paint = Paint(opts.colour);
    let arms: Arms = game.arms();
    let mut out = Vec::new();
    for k in 0..arms.count() {
        let (first, last) = (17 * k + 1, 17 * k + 17);
        let line: String = grid::ring_squares(first, last)
            .map(|sq| square_cell(game, sq, &marks, paint))
            .collect();
        out.push(line);
    }
    out.push(String::new());
    for c in game.seats() {
        let mut line = pad(&name_text(game, c, opts), NAME);
        line.push_str(&pad(&nest_text(game, c, paint), 8));
        line.push_str(&format!("{:>3} > ", arms.entry_square(c)));
        for sq in grid::corridor(c) {
            line.push_str(&square_cell(game, sq, &marks, paint));
        }
        line.push_str("> ");
        line.push_str(&goal_cell(game, c, opts.moves, paint));
        out.push(line);
    }
    out
}
