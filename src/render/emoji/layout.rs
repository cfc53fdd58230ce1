//! How the emoji board lays the ring out: rows of [`ROW`] squares, numbered like a page.
//!
//! Row `r` (0-based) holds ring squares `10r + 1 ..= 10r + 10` (the last row is shorter:
//! 61–68 on four arms, 101–102 on six, 131–136 on eight), so square 34 is the fourth cell
//! of the row labelled 31. Play runs in reading order; after the last square comes 1.

use crate::engine::Arms;

/// Ring squares in one row of the emoji board.
pub const ROW: u8 = 10;

/// The rows of the ring of `arms`: `(first, last)` ring numbers, inclusive.
pub fn rows(arms: Arms) -> impl Iterator<Item = (u8, u8)> {
    let ring = arms.ring();
    (0..ring.div_ceil(ROW)).map(move |r| (r * ROW + 1, (r * ROW + ROW).min(ring)))
}

/// Characters of a row label on `arms` (the widest first number: 61, 101, 131).
#[must_use]
pub fn label_width(arms: Arms) -> usize {
    let last_first = (arms.ring() - 1) / ROW * ROW + 1;
    last_first.to_string().len()
}

/// The label of the row that starts at `first`, padded after the number with figure
/// spaces (U+2007, as wide as a digit) to [`label_width`]. Padded after, not before, so
/// the message never starts with a space a chat could trim.
#[must_use]
pub fn label(arms: Arms, first: u8) -> String {
    let n = first.to_string();
    let pad = label_width(arms).saturating_sub(n.len());
    format!("{n}{}", "\u{2007}".repeat(pad))
}
