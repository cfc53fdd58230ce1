//! The one seat table of the bot and the terminal game: which board and which colours play
//! with n players, and each colour's emoji.

use crate::bot::core::refusal::Reject;
use crate::engine::{Arms, Colour, Seats};

/// Most players at one table: every seat of the largest board (R8).
pub const MAX_PLAYERS: usize = 8;

/// R8.5 / R8.7 The colours of `n` players on the smallest board that seats them, spread round
/// the board (2, 3 or 4 players: the four-arm seats of R2.1 / R6.2); every colour of the
/// largest board for any other count.
#[must_use]
pub fn seats_for(n: usize) -> Seats {
    let arms = Arms::for_players(n).unwrap_or(Arms::Eight);
    seats_on(arms, n)
}

/// R8.5 The default colours of `n` players on `arms` (every colour of the board when `n` is
/// not a count it seats).
#[must_use]
pub fn seats_on(arms: Arms, n: usize) -> Seats {
    arms.default_seats(n)
        .unwrap_or_else(|| arms.colours().iter().copied().collect())
}

/// The most players a lobby takes: every seat of the board asked for, else of the largest.
#[must_use]
pub fn capacity(board: Option<Arms>) -> usize {
    board.map_or(MAX_PLAYERS, |a| usize::from(a.count()))
}

/// R8.6 / R8.7 The board a table of `n` players (at least 2) plays on: the one asked for,
/// else the smallest that seats them. A pairs game fills every seat of its board, so
/// without a size asked for it needs 4, 6 or 8 players.
///
/// # Errors
/// [`Reject::NeedTwo`] under 2 players, [`Reject::Full`] over the board's seats,
/// [`Reject::PairsFillBoard`] (a size asked for) or [`Reject::PairsNeedEven`] (none) for a
/// pairs game that does not fill its board.
pub fn board_for(board: Option<Arms>, n: usize, pairs: bool) -> Result<Arms, Reject> {
    if n < 2 {
        return Err(Reject::NeedTwo);
    }
    let max = capacity(board);
    if n > max {
        return Err(Reject::Full(u8::try_from(max).unwrap_or(u8::MAX)));
    }
    let arms = match board {
        Some(a) => a,
        None => Arms::for_players(n).ok_or(Reject::Full(MAX_PLAYERS as u8))?,
    };
    if pairs && n != usize::from(arms.count()) {
        return Err(match board {
            Some(a) => Reject::PairsFillBoard(a),
            None => Reject::PairsNeedEven,
        });
    }
    Ok(arms)
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
        assert_eq!(seats_for(4).as_slice(), Arms::Four.colours());
        let dots: std::collections::HashSet<_> = Colour::ALL.map(dot).into_iter().collect();
        assert_eq!(dots.len(), Colour::ALL.len());
    }

    #[test]
    fn r8_5_five_to_eight_players_sit_spread_round_the_smallest_board() {
        // Given 5 to 8 players and no board asked for, When seated, Then R8.5's table on the
        // R8.7 board: 5 → all six but purple, 6 → all six, 7 → all eight but pink, 8 → all.
        use Colour::{Blue, Cyan, Green, Orange, Purple, Red, Yellow};
        assert_eq!(seats_for(5).as_slice(), [Yellow, Blue, Red, Green, Orange]);
        assert_eq!(seats_for(6).as_slice(), Arms::Six.colours());
        assert_eq!(
            seats_for(7).as_slice(),
            [Yellow, Blue, Red, Green, Orange, Purple, Cyan]
        );
        assert_eq!(seats_for(MAX_PLAYERS).as_slice(), Arms::Eight.colours());
        // On a board asked for, the seats spread over it: 2 on eight arms face each other.
        assert_eq!(seats_on(Arms::Eight, 2).as_slice(), [Yellow, Orange]);
    }

    #[test]
    fn r8_7_the_board_is_the_one_asked_for_else_the_smallest_that_seats_everyone() {
        // Given each player count, When no board is asked for, Then 2–4 → 4 arms, 5–6 → 6,
        // 7–8 → 8; When a board is asked for, Then that board, up to its seats.
        for (n, arms) in [(2, Arms::Four), (4, Arms::Four), (5, Arms::Six)] {
            assert_eq!(board_for(None, n, false), Ok(arms), "{n}");
        }
        assert_eq!(board_for(None, 6, false), Ok(Arms::Six));
        assert_eq!(board_for(None, 7, false), Ok(Arms::Eight));
        assert_eq!(board_for(None, 8, false), Ok(Arms::Eight));
        assert_eq!(board_for(None, 9, false), Err(Reject::Full(8)));
        assert_eq!(board_for(None, 1, false), Err(Reject::NeedTwo));
        assert_eq!(board_for(Some(Arms::Eight), 3, false), Ok(Arms::Eight));
        assert_eq!(board_for(Some(Arms::Six), 7, false), Err(Reject::Full(6)));
        assert_eq!(capacity(Some(Arms::Four)), 4);
        assert_eq!(capacity(None), MAX_PLAYERS);
    }

    #[test]
    fn r8_6_pairs_fill_every_seat_of_their_board() {
        // Given a pairs table, When it starts, Then only a full board is accepted: without a
        // size 4, 6 or 8 players (the board each fills); with a size, exactly its seats.
        for n in [4, 6, 8] {
            let arms = board_for(None, n, true).expect("a full board");
            assert_eq!(usize::from(arms.count()), n);
        }
        for n in [2, 3, 5, 7] {
            assert_eq!(board_for(None, n, true), Err(Reject::PairsNeedEven), "{n}");
        }
        assert_eq!(board_for(Some(Arms::Six), 6, true), Ok(Arms::Six));
        assert_eq!(
            board_for(Some(Arms::Eight), 6, true),
            Err(Reject::PairsFillBoard(Arms::Eight))
        );
        assert_eq!(
            board_for(Some(Arms::Four), 2, true),
            Err(Reject::PairsFillBoard(Arms::Four))
        );
    }
}
