//! The order in which the moves to choose from are offered: the same numbers on the
//! buttons and on the image's labels.

use crate::engine::{Game, Move};

/// The legal moves of `game` with the piece nearest home first: greatest progress along
/// its colour's path first (a nest piece last), ties in legal-move order.
#[must_use]
pub fn ordered_moves(game: &Game) -> Vec<Move> {
    let mut moves = game.legal_moves().to_vec();
    // A stable sort keeps the legal-move order among equal progress.
    moves.sort_by_key(|m| std::cmp::Reverse(m.from_progress()));
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Setup;

    fn game(json: &str) -> Game {
        let setup: Setup = serde_json::from_str(json).expect("position JSON");
        Game::from_setup(&setup).expect("a valid position")
    }

    #[test]
    fn the_piece_nearest_home_is_offered_first() {
        // Given blue (exit 22) with a 4: pieces on 25 (progress 4), 60 (progress 39) and
        // blue-2 (in its corridor), so it may move 25 → 29, 60 → 64 or blue-2 → blue-6.
        let g = game(
            r#"{"rules":"jcf","seats":["yellow","blue"],"turn":"blue",
                "board":{"25":["blue"],"60":["blue"],"blue-2":["blue"]},"roll":4}"#,
        );
        // When the moves are ordered,
        let moves = ordered_moves(&g);
        // then they are the legal moves, each once,
        let mut legal = g.legal_moves().to_vec();
        assert_eq!(moves.len(), legal.len());
        legal.retain(|m| !moves.contains(m));
        assert!(legal.is_empty());
        // and progress before the move never grows along the list: the corridor piece
        // first, then 60, then 25.
        let from: Vec<u8> = moves.iter().map(|m| m.from_progress()).collect();
        assert!(from.windows(2).all(|w| w[0] >= w[1]), "{from:?}");
        let names: Vec<String> = moves.iter().map(|m| m.from().to_string()).collect();
        assert_eq!(names, ["blue-2", "60", "25"]);
    }

    #[test]
    fn equal_progress_keeps_the_legal_order() {
        // Given two blue pieces on one square (a barrier on 30) and a 3: both moves start
        // at the same progress.
        let g = game(
            r#"{"rules":"jcf","seats":["yellow","blue"],"turn":"blue",
                "board":{"30":["blue","blue"],"40":["blue"]},"roll":3}"#,
        );
        let legal = g.legal_moves().to_vec();
        let moves = ordered_moves(&g);
        // Then among equal progress the legal-move order is kept.
        let tied: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| m.from().to_string() == "30")
            .collect();
        let tied_ordered: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| m.from().to_string() == "30")
            .collect();
        assert_eq!(tied, tied_ordered);
        assert_eq!(moves[0].from().to_string(), "40");
    }
}
