//! The one seat table of the bot and the terminal game: which colours play with n players,
//! and each colour's emoji.

use crate::engine::{Arms, Colour, Seats};

/// Most players at one table.
pub const MAX_PLAYERS: usize = 4;

/// R2.1 / R6.2 The colours of `n` players (2, 3 or 4), in R1.2 order.
#[must_use]
pub fn seats_for(n: usize) -> Seats {
    let four = Arms::Four;
    four.default_seats(n)
        .unwrap_or_else(|| four.colours().iter().copied().collect())
}

/// The coloured dot shown beside a colour's player.
#[must_use]
pub fn dot(c: Colour) -> &'static str {
    crate::render::emoji::piece(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_seat_count_takes_its_colours_in_order_and_each_has_its_own_dot() {
        // Given the seat table, When asking for 2, 3 and 4 players, Then the colours are
        // the first n of R1.2 order except 2 (facing colours), and the dots differ.
        assert_eq!(seats_for(2).as_slice(), [Colour::Yellow, Colour::Red]);
        assert_eq!(seats_for(3).len(), 3);
        assert_eq!(seats_for(MAX_PLAYERS).as_slice(), Arms::Four.colours());
        let dots: std::collections::HashSet<_> = Colour::ALL.map(dot).into_iter().collect();
        assert_eq!(dots.len(), Colour::ALL.len());
    }
}
