//! The PNG board image, checked on its pixels: pieces in squares, nests and pairs, goal
//! counts, barriers, the won and the unseated colours, the winner's star.

use crate::support;
use support::png_board;

use parxis::engine::{Colour, Square};
use parxis::render::image::{
    self, Point, View, goal_centre, nest_slots, pair_centres, piece_rgb, square_area, square_centre,
};
use png_board::*;

#[test]
fn a_yellow_piece_on_square_5_colours_its_centre_yellow() {
    // Given yellow's exit square, empty and then holding a yellow piece.
    let empty = render(&four_seats("{}", "{}", ""), &View::default());
    let held = render(
        &four_seats(r#"{"5":["yellow"]}"#, "{}", ""),
        &View::default(),
    );
    let centre = square_centre(FOUR, ring(5));
    // Then the token's ring of colour (outside its letter) is piece yellow,
    assert!(piece_share(&held, centre, 15.0, Colour::Yellow) > 0.5);
    // and the printed exit square's own tint is not.
    assert!(piece_share(&empty, centre, 15.0, Colour::Yellow) < 0.02);
}

#[test]
fn empty_squares_show_no_piece_colour() {
    let g = four_seats(r#"{"5":["yellow"],"30":["red"]}"#, "{}", "");
    let img = render(&g, &View::default());
    for sq in [
        ring(1),
        ring(22),
        ring(39),
        ring(56),
        ring(29),
        Square::corridor(Colour::Green, 4).expect("corridor"),
        Square::corridor(Colour::Yellow, 7).expect("corridor"),
    ] {
        for &c in parxis::engine::Arms::Four.colours() {
            let share = piece_share(&img, square_centre(FOUR, sq), 15.0, c);
            assert!(share < 0.02, "{sq} shows {c} ({share})");
        }
    }
    assert!(piece_share(&img, square_centre(FOUR, ring(30)), 15.0, Colour::Red) > 0.5);
}

#[test]
fn nest_pieces_fill_their_slots() {
    let g = four_seats(r#"{"5":["yellow"]}"#, "{}", "");
    let img = render(&g, &View::default());
    let slots = nest_slots(FOUR, Colour::Yellow);
    let filled = slots
        .iter()
        .filter(|&&s| piece_share(&img, s, 20.0, Colour::Yellow) > 0.5)
        .count();
    assert_eq!(filled, 3, "one yellow piece left the nest");
}

#[test]
fn two_pieces_on_a_square_give_two_tokens() {
    // Given a yellow and a blue piece sharing safe square 12, and a yellow barrier on 20.
    let g = four_seats(
        r#"{"12":["yellow","blue"],"20":["yellow","yellow"]}"#,
        "{}",
        "",
    );
    let img = render(&g, &View::default());
    let shared = square_area(FOUR, ring(12));
    assert_eq!(blobs(&img, shared, Colour::Yellow, 150), 1);
    assert_eq!(blobs(&img, shared, Colour::Blue, 150), 1);
    // Then the first arrival sits in the first place (R1.7 order is visible).
    let [first, second] = pair_centres(FOUR, ring(12));
    assert!(piece_share(&img, first, 12.0, Colour::Yellow) > 0.4);
    assert!(piece_share(&img, second, 12.0, Colour::Blue) > 0.4);
    // And the barrier's two tokens are two separate blobs of yellow, joined by a dark bar.
    let barrier = square_area(FOUR, ring(20));
    assert_eq!(blobs(&img, barrier, Colour::Yellow, 150), 2);
    let [a, b] = pair_centres(FOUR, ring(20));
    let gap = img.at(((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0));
    assert!(
        gap.iter().all(|&v| v < 80),
        "the tokens are joined by a dark bar: {gap:?}"
    );
    // A single piece is one token.
    let single = four_seats(r#"{"13":["yellow"]}"#, "{}", "");
    let img = render(&single, &View::default());
    assert_eq!(
        blobs(&img, square_area(FOUR, ring(13)), Colour::Yellow, 150),
        1
    );
}

#[test]
fn goal_counts_are_drawn() {
    let none = render(&four_seats("{}", "{}", ""), &View::default());
    let three = render(&four_seats("{}", r#"{"yellow":3}"#, ""), &View::default());
    let label = goal_centre(FOUR, Colour::Yellow);
    assert!(
        none.differing(&three, label, 14.0) > 40,
        "the count label changes"
    );
    // Other goals are untouched.
    assert_eq!(
        none.differing(&three, goal_centre(FOUR, Colour::Red), 14.0),
        0
    );
}

#[test]
fn a_won_game_renders_with_the_winners_goal_full() {
    let won = game(
        r#"{"rules":"jcf","seats":["yellow","red"],"turn":null,"goal":{"yellow":4},
            "winner":"yellow"}"#,
    );
    let img = render(&won, &View::default());
    let start = render(&four_seats("{}", "{}", ""), &View::default());
    assert!(img.differing(&start, goal_centre(FOUR, Colour::Yellow), 14.0) > 40);
}

#[test]
fn unseated_colours_are_greyed_out() {
    let two = game(r#"{"rules":"jcf","seats":["yellow","red"],"turn":"yellow"}"#);
    let img = render(&two, &View::default());
    assert!(piece_share(&img, nest_slots(FOUR, Colour::Red)[0], 20.0, Colour::Red) > 0.5);
    let blue_nest = image::nest_centre(FOUR, Colour::Blue);
    let (x, y) = (blue_nest.0 + 140.0, blue_nest.1);
    assert!(dist(img.at((x, y)), piece_rgb(Colour::Blue)) > 100.0);
}

#[test]
fn a_barrier_is_joined_by_a_bar_and_a_mixed_pair_is_not() {
    // Given green's barrier on 56 and a red-green pair on 39 (no barrier),
    let g = four_seats(r#"{"56":["green","green"],"39":["red","green"]}"#, "{}", "");
    let img = render(&g, &View::default());
    let mid = |sq: Square| {
        let [a, b] = pair_centres(FOUR, sq);
        ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)
    };
    let ink = |at: Point| {
        img.disc(at, 4.0)
            .filter(|p| dist(*p, [34, 34, 38]) < 40.0)
            .count()
    };
    // then the barrier's gap is filled with ink, wide enough to read at phone size,
    assert!(ink(mid(ring(56))) > 40, "{}", ink(mid(ring(56))));
    // and the mixed pair's gap is not.
    assert!(ink(mid(ring(39))) < 25, "{}", ink(mid(ring(39))));
}

#[test]
fn the_winner_is_starred_on_the_final_image() {
    for arms in ["4", "6"] {
        // Given a game yellow has won, and the same board with the game still on,
        let won = game(&format!(
            r#"{{"rules":"jcf","arms":{arms},"seats":["yellow","red"],"turn":null,
                "goal":{{"yellow":4,"red":3}},"winner":"yellow"}}"#
        ));
        let on = game(&format!(
            r#"{{"rules":"jcf","arms":{arms},"seats":["yellow","red"],"turn":"red",
                "goal":{{"yellow":3,"red":3}},"board":{{"yellow-7":["yellow"]}}}}"#
        ));
        let won_img = render(&won, &View::default());
        let on_img = render(&on, &View::default());
        let a = won.arms();
        let mid = image::size(a) as f32 / 2.0;
        let toward = |c: Point, k: f32| (c.0 + (mid - c.0) * k, c.1 + (mid - c.1) * k);
        // The most the final image differs from the running one on the line from colour
        // c's nest centre toward the board's centre (to a given share of the way: short of the turn frame for the loser).
        let mark = |c: Colour, steps: usize| {
            let nest = image::nest_centre(a, c);
            (1..steps)
                .map(|i| toward(nest, i as f32 * 0.05))
                .map(|p| won_img.differing(&on_img, p, 10.0))
                .max()
                .unwrap_or(0)
        };
        // then yellow's nest carries a star toward the centre of the board,
        assert!(mark(Colour::Yellow, 13) > 150, "{arms} arms");
        // and red's nest, the loser's, nothing.
        assert!(mark(Colour::Red, 6) < 20, "{arms} arms");
    }
}
