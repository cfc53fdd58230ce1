//! What changes from image to image: pieces, barriers, goal counts, names, turn, die,
//! the last move's trail and the labels of the moves to choose from.

use tiny_skia::Pixmap;

use super::Trail;
use super::View;
use super::layout::{self, Area, Point};
use super::paint::{self, INK, PAPER, piece_rgb, shade, tint};
use super::text;
use crate::engine::board::MAX_COLOURS;
use crate::engine::{Arms, Colour, Game, Loc, Move, Phase, Square};

/// Radius of a piece on a square.
const PIECE: f32 = 16.5;
/// Radius of a piece in a nest.
const NEST_PIECE: f32 = 25.0;
/// Radius of a piece in a goal.
const GOAL_PIECE: f32 = 12.5;
/// Radius of a move label.
const LABEL: f32 = 16.0;

const DEFAULT_LETTERS: [char; MAX_COLOURS] = ['Y', 'B', 'R', 'G', 'O', 'P', 'C', 'K'];

pub(super) fn draw(pm: &mut Pixmap, game: &Game, view: &View) {
    let letters = view.letters.unwrap_or(DEFAULT_LETTERS);
    let letter = |c: Colour| letters[c.index()];
    let arms = game.arms();
    if let Some(mv) = view.last_move {
        trail(pm, game, mv);
    }
    for &c in arms.colours() {
        nest(pm, game, c, letter(c), view.names[c.index()].as_deref());
        goal(pm, game, c, letter(c));
    }
    let labelled = |sq: Square| view.choices.iter().any(|m| m.to() == Loc::Sq(sq));
    for sq in arms.squares() {
        square(pm, game, sq, labelled(sq), &letter);
    }
    if let Some(mv) = view.last_move {
        arrival(pm, game, mv);
    }
    turn(pm, game);
    for (i, &mv) in view.choices.iter().enumerate() {
        label(pm, game, mv, &(i + 1).to_string());
    }
}

/// The sizes of one board: radii and type scale with its cells.
fn sizes(arms: Arms) -> (f32, f32, f32, f32) {
    let s = layout::scale(arms);
    (PIECE * s, NEST_PIECE * s, GOAL_PIECE * s, LABEL * s)
}

fn nest(pm: &mut Pixmap, game: &Game, c: Colour, letter: char, name: Option<&str>) {
    let arms = game.arms();
    if !game.is_seated(c) {
        if arms.is_four() {
            paint::fill_area(pm, layout::nest_area(arms, c), PAPER, 170);
        } else {
            paint::fill_polygon_alpha(pm, &layout::nest_shape(arms, c), PAPER, 170);
        }
        return;
    }
    let (_, nest_piece, _, _) = sizes(arms);
    let n = usize::from(game.in_nest(c));
    for slot in layout::nest_slots(arms, c).into_iter().take(n) {
        paint::token(pm, slot, nest_piece, c, letter);
    }
    if let Some(name) = name.map(str::trim).filter(|s| !s.is_empty()) {
        let s = layout::scale(arms);
        let (text, size) = text::fit(name, layout::name_width(arms, c), 26.0 * s, 15.0);
        text::draw_outlined(
            pm,
            &text,
            size,
            layout::name_point(arms, c),
            PAPER,
            INK,
            2.0,
        );
    }
}

fn goal(pm: &mut Pixmap, game: &Game, c: Colour, letter: char) {
    if !game.is_seated(c) {
        return;
    }
    let arms = game.arms();
    let (_, _, goal_piece, _) = sizes(arms);
    let n = game.in_goal(c);
    for slot in layout::goal_slots(arms, c).into_iter().take(usize::from(n)) {
        paint::token(pm, slot, goal_piece, c, letter);
    }
    let centre = layout::goal_centre(arms, c);
    let size = 30.0 * layout::scale(arms);
    text::draw_outlined(pm, &n.to_string(), size, centre, PAPER, INK, 2.5);
}

/// The pieces on a square: one in the middle (or in the first place when a move label
/// takes the second), two side by side in arrival order, a barrier joined by a bar.
fn square(
    pm: &mut Pixmap,
    game: &Game,
    sq: Square,
    labelled: bool,
    letter: &impl Fn(Colour) -> char,
) {
    let arms = game.arms();
    let (piece, ..) = sizes(arms);
    let mut pieces = game.pieces_on(sq);
    let Some(first) = pieces.next() else {
        return;
    };
    let [a, b] = layout::pair_centres(arms, sq);
    let Some(second) = pieces.next() else {
        let at = if labelled {
            a
        } else {
            layout::square_centre(arms, sq)
        };
        paint::token(pm, at, piece, first, letter(first));
        return;
    };
    if game.is_barrier(sq) {
        // R4.2 A barrier: the two tokens joined by a dark bar.
        let r = piece + 3.5;
        paint::stroke_lines(pm, &[a, b], false, 2.0 * r, INK, 255);
    }
    paint::token(pm, a, piece, first, letter(first));
    paint::token(pm, b, piece, second, letter(second));
}

/// Where the piece a move ended with stands, and its radius: the last arrival on its
/// square, or the last piece in its goal.
fn arrival_point(game: &Game, mv: Trail) -> Option<(Point, f32)> {
    let arms = game.arms();
    let (piece, _, goal_piece, _) = sizes(arms);
    match mv.to_loc(arms) {
        Loc::Sq(sq) => match game.pieces_on(sq).count() {
            0 => None,
            1 => Some((layout::square_centre(arms, sq), piece)),
            _ => Some((layout::pair_centres(arms, sq)[1], piece)),
        },
        Loc::Goal => {
            let n = usize::from(game.in_goal(mv.colour));
            let slot = layout::goal_slots(arms, mv.colour)
                .get(n.checked_sub(1)?)
                .copied()?;
            Some((slot, goal_piece))
        }
        Loc::Nest => None,
    }
}

/// The last move: a translucent trail through the squares it passed, under the pieces.
fn trail(pm: &mut Pixmap, game: &Game, mv: Trail) {
    let arms = game.arms();
    let s = layout::scale(arms);
    let c = mv.colour;
    let mut pts = layout::path_points(arms, c, mv.from, mv.to);
    if let (true, Some((end, _)), Some(last)) = (
        mv.reaches_goal(arms),
        arrival_point(game, mv),
        pts.last_mut(),
    ) {
        *last = end;
    }
    let line = shade(piece_rgb(c), 0.25);
    paint::stroke_lines(pm, &pts, false, 15.0 * s, PAPER, 150);
    paint::stroke_lines(pm, &pts, false, 9.0 * s, line, 200);
    if let Some(&start) = pts.first() {
        paint::fill_circle(pm, start, 9.0 * s, line, 230);
        paint::stroke_circle(pm, start, 9.0 * s, 2.0, INK);
    }
}

/// The piece that just moved: a dark ring around it.
fn arrival(pm: &mut Pixmap, game: &Game, mv: Trail) {
    if let Some((at, r)) = arrival_point(game, mv) {
        paint::stroke_circle(pm, at, r + 3.5, 3.0, INK);
    }
}

/// The seat to act: its nest framed; its pending roll as a die, or its bonus.
fn turn(pm: &mut Pixmap, game: &Game) {
    let arms = game.arms();
    let s = layout::scale(arms);
    let (seat, roll, bonus) = match game.phase() {
        Phase::AwaitingRoll(seat) => (seat, None, None),
        Phase::AwaitingMove { seat, roll } => (seat, Some(roll), None),
        Phase::AwaitingBonus { seat, amount } => (seat, None, Some(amount)),
        Phase::Finished(_) => return,
    };
    if arms.is_four() {
        paint::stroke_area(pm, layout::nest_area(arms, seat).inset(5.5), 7.0, INK, 255);
    } else {
        let frame = layout::nest_frame(arms, seat, 5.5);
        paint::stroke_lines(pm, &frame, true, 7.0, INK, 255);
    }
    let at = layout::die_point(arms, seat);
    if let Some(face) = roll {
        paint::die(pm, at, 44.0 * s, face, seat);
    }
    if let Some(amount) = bonus {
        let area = Area::around(at, 30.0 * s, 19.0 * s);
        paint::fill_rounded(pm, area, 12.0 * s, INK, 255);
        text::draw_centred(
            pm,
            &format!("+{amount}"),
            24.0 * s,
            at,
            tint(piece_rgb(seat), 0.2),
        );
    }
}

/// A move to choose from: its number at its destination.
fn label(pm: &mut Pixmap, game: &Game, mv: Move, number: &str) {
    let arms = game.arms();
    let (.., radius) = sizes(arms);
    paint::badge(pm, label_point(game, mv), radius, number);
}

/// Where a move's label is drawn: at its destination.
pub(super) fn label_point(game: &Game, mv: Move) -> Point {
    let arms = game.arms();
    match mv.to() {
        Loc::Goal => layout::goal_label_point(arms, mv.colour()),
        Loc::Nest => layout::nest_centre(arms, mv.colour()),
        // Beside a piece already there (see `square`), else in the middle.
        Loc::Sq(sq) if game.pieces_on(sq).next().is_some() => layout::pair_centres(arms, sq)[1],
        Loc::Sq(sq) => layout::square_centre(arms, sq),
    }
}
