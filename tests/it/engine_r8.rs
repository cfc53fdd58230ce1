//! RULES.md R8 on the large boards, where the conformance protocol cannot show it: R6.1
//! distances and ranking, R6.3 with three pairs, seats and pairs of a new game.

use parxis::engine::{Arms, Colour, Game, Preset, Winner};
use serde_json::json;

use Colour::{Blue, Green, Orange, Purple, Red, Yellow};

fn six(extra: serde_json::Value) -> Game {
    let mut v = json!({
        "rules": "jcf", "arms": 6, "turn": "yellow",
        "seats": ["yellow", "blue", "red", "green", "orange", "purple"]
    });
    for (k, x) in extra.as_object().expect("object") {
        v[k] = x.clone();
    }
    serde_json::from_value(v).expect("valid position")
}

#[test]
fn a_nest_piece_counts_106_on_six_arms_and_140_on_eight() {
    // R8.4 Given new games on each board, Then each colour's distance is 4 × (17·A + 4)
    for (arms, nest) in [(Arms::Four, 72), (Arms::Six, 106), (Arms::Eight, 140)] {
        let g = Game::new_on(arms, Preset::Jcf, Preset::Jcf.options(), arms.colours())
            .expect("new game");
        for &c in arms.colours() {
            assert_eq!(g.distance_of(c), 4 * nest, "{arms} arms, {c}");
        }
    }
    // And a piece on its exit square counts 17·A + 3 (Solidari starts with two there)
    let g = Game::new_on(
        Arms::Eight,
        Preset::Solidari,
        Preset::Solidari.options(),
        Arms::Eight.colours(),
    )
    .expect("new game");
    assert_eq!(g.distance_of(Colour::Pink), 2 * 140 + 2 * 139);
}

#[test]
fn ranking_on_six_arms_orders_by_distance() {
    // R6.1 Given orange won, red with two pieces home and purple with one on its corridor 7,
    let g = six(json!({
        "goal": {"orange": 4, "red": 2, "purple": 3}, "board": {"purple-7": ["purple"]},
        "winner": "orange", "turn": null
    }));
    // Then orange first, purple (1), red (2 nest pieces: 212), the others at 424
    let r: Vec<(Colour, u32)> = g.ranking().iter().map(|r| (r.colour, r.distance)).collect();
    assert_eq!(
        r,
        [
            (Orange, 0),
            (Purple, 1),
            (Red, 212),
            (Yellow, 424),
            (Blue, 424),
            (Green, 424)
        ]
    );
}

#[test]
fn time_limit_with_three_pairs_on_six_arms() {
    // R6.3 / R8.6 Given pairs yellow-green, blue-orange, red-purple and only purple with a
    // piece home, Then red-purple wins at the time limit
    let g = six(json!({"options": {"pairs": true}, "goal": {"purple": 1}}));
    assert_eq!(g.time_limit_result(), Some(Winner::Pair(Red, Purple)));
    // Given no piece home and all in the nest, Then it is a draw
    let g = six(json!({"options": {"pairs": true}}));
    assert_eq!(g.time_limit_result(), None);
    // Given green nearest to its goal (on green-7), Then yellow-green wins the tie-break
    let g = six(json!({"options": {"pairs": true}, "board": {"green-7": ["green"]}}));
    assert_eq!(g.time_limit_result(), Some(Winner::Pair(Yellow, Green)));
}

#[test]
fn a_pairs_game_needs_every_seat_of_its_board() {
    let mut opts = Preset::Jcf.options();
    opts.pairs = true;
    let four = Arms::Four.colours();
    assert!(Game::new_on(Arms::Six, Preset::Jcf, opts, four).is_err());
    assert!(Game::new_on(Arms::Six, Preset::Jcf, opts, Arms::Six.colours()).is_ok());
    // A colour of a larger board has no seat on a smaller one
    assert!(Game::new(Preset::Jcf, Preset::Jcf.options(), &[Yellow, Orange]).is_err());
}

#[test]
fn a_large_game_round_trips_through_json_with_its_arms() {
    let g = six(json!({"board": {"99": ["red"], "purple-2": ["purple"]}}));
    let text = serde_json::to_string(&g).expect("serialise");
    assert!(text.contains("\"arms\":6"), "{text}");
    let back: Game = serde_json::from_str(&text).expect("read back");
    assert_eq!(back, g);
    assert_eq!(back.arms(), Arms::Six);
}
