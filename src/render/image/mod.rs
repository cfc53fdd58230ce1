//! The PNG board image: the printed parxís board with the pieces, the last move's trail
//! and numbered labels on the destinations of the moves to choose from.
//!
//! The empty board is drawn once per process and kept in copies; each image takes one,
//! draws the position and overlays on it, remembering where, and encodes a PNG with a
//! palette and fast compression, reading only what was drawn from the copy (the rest is
//! the empty board's, indexed once); then the copy is made the empty board again.
//!
//! ```
//! use parxis::engine::{Colour, Game, Preset};
//! use parxis::render::image::{View, png};
//!
//! let game = Game::new(Preset::Jcf, Preset::Jcf.options(), &[Colour::Yellow, Colour::Red]).unwrap();
//! let bytes = png(&game, &View::default());
//! assert_eq!(&bytes[1..4], b"PNG");
//! ```

pub mod anim;
mod board;
pub mod bracket;
mod canvas;
mod dirty;
mod drawn;
mod encode;
mod flat;
mod layout;
mod paint;
mod scene;
mod scratch;
mod sprite;
pub mod standings;
mod svg;
mod text;
pub mod trophy;

use serde::{Deserialize, Serialize};

use crate::engine::board::{Arms, MAX_COLOURS, Progress};
use crate::engine::{Colour, Game, Loc, Move};

pub use layout::{
    Area, Point, SIZE, goal_centre, goal_triangle, loc_point, nest_area, nest_centre, nest_shape,
    nest_slots, pair_centres, scale, size, square_area, square_centre, square_quad,
};
pub use paint::{Rgb, piece_rgb};
pub use svg::{board_dark_css, board_svg, scene_svg};
pub use text::{drawable, glyphs_of};

/// The trail of a move already played: a piece of `colour` went from one point of its
/// colour's path to another. Plain data (it is stored with a chat's table), made from the
/// [`Move`] when it is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trail {
    /// The moved piece's colour.
    pub colour: Colour,
    /// Progress along the colour's path before the move (0 = nest).
    pub from: Progress,
    /// Progress along the colour's path after the move (the goal is the path's end).
    pub to: Progress,
}

impl Trail {
    /// Where the piece ended on a board of `arms`.
    #[must_use]
    pub fn to_loc(self, arms: Arms) -> Loc {
        arms.loc_at(self.colour, self.to)
    }

    /// Did the piece reach the goal of a board of `arms`?
    #[must_use]
    pub fn reaches_goal(self, arms: Arms) -> bool {
        self.to == arms.goal()
    }
}

impl From<Move> for Trail {
    fn from(mv: Move) -> Self {
        Self {
            colour: mv.colour(),
            from: mv.from_progress(),
            to: mv.to_progress(),
        }
    }
}

/// What to draw besides the position.
#[derive(Clone, Debug, Default)]
pub struct View {
    /// The last move, drawn as a trail from its start to its end.
    pub last_move: Option<Trail>,
    /// Legal moves, labelled 1.. at their destinations (same numbers as the buttons).
    pub choices: Vec<Move>,
    /// Player names by [`Colour::index`], written in their nests (any language).
    pub names: [Option<String>; MAX_COLOURS],
    /// A letter on each colour's pieces by [`Colour::index`]; `None` draws each colour's
    /// shape instead (dot, square, triangle, diamond, cross, star, hexagon, inverted
    /// triangle), the same in every language.
    pub letters: Option<[char; MAX_COLOURS]>,
}

/// Where the labels of `choices` are drawn on the image of `game`, in order: label n of
/// the image is at point n - 1 (a move's destination, beside a piece already there).
#[must_use]
pub fn label_points(game: &Game, choices: &[Move]) -> Vec<Point> {
    choices
        .iter()
        .map(|&m| scene::label_point(game, m))
        .collect()
}

/// Where the piece each of `choices` would take stands on the image of `game` (`None`
/// for a piece in its nest), as the image marks it with the move's number.
#[must_use]
pub fn start_points(game: &Game, choices: &[Move]) -> Vec<Option<Point>> {
    choices
        .iter()
        .map(|&m| scene::start_point(game, m))
        .collect()
}

/// The points the piece of `trail` passed, from where it stood to where the image of
/// `game` (the position after the move) shows it now: the path a page animates it along.
#[must_use]
pub fn trail_points(game: &Game, trail: Trail) -> Vec<Point> {
    let mut pts = layout::path_points(game.arms(), trail.colour, trail.from, trail.to);
    if let (Some(end), Some(last)) = (scene::arrival_point(game, trail), pts.last_mut()) {
        *last = end.0;
    }
    pts
}

/// The PNG image of `game`: [`size`] × [`size`] pixels of its board, with a palette.
#[must_use]
pub fn png(game: &Game, view: &View) -> Vec<u8> {
    let arms = game.arms();
    let mut pm = scratch::take(arms);
    let mut canvas = dirty::Tracking::new(&mut pm);
    scene::draw(&mut canvas, game, view);
    let drawn = canvas.into_rects();
    let bytes = drawn::png(&pm, arms, &drawn);
    scratch::give_back(arms, pm, &drawn);
    bytes
}

/// [`png`] drawn at a replay animation's scale ([`anim::side`] pixels wide): the picture a
/// replay's final frame shows, before the animation's palette.
#[must_use]
pub fn png_at_frame_scale(game: &Game, view: &View) -> Vec<u8> {
    let arms = game.arms();
    let mut pm = board::empty_at(arms, anim::side(arms)).clone();
    let k = anim::scale_of(arms);
    scene::draw(&mut paint::Scaled::new(&mut pm, k), game, view);
    encode::png(&pm, arms)
}
