//! What changes from image to image: pieces, barriers, goal counts, names, turn, die,
//! the last move's trail and the labels of the moves to choose from.

use super::Trail;
use super::View;
use super::layout::{self, Area, Point};
use super::paint::{self, Canvas, INK, PAPER, piece_rgb, shade, tint};
use super::text;
use parxis::engine::{Arms, Colour, Game, Loc, Move, Phase, Square};

/// Radius of a piece on a square.
const PIECE: f32 = 16.5;
/// Radius of a piece in a nest.
const NEST_PIECE: f32 = 25.0;
/// Radius of a piece in a goal.
const GOAL_PIECE: f32 = 12.5;
/// Radius of a move label.
const LABEL: f32 = 16.0;

pub(super) fn draw(pm: &mut impl Canvas, game: &Game, view: &View) {
    draw_with(pm, game, view, true);
}

/// [`draw`], with or without the seat to act's frame and pending die or bonus (`turn`): an
/// animation's move frames leave them out, showing the roll that made the move instead.
pub(super) fn draw_with(pm: &mut impl Canvas, game: &Game, view: &View, with_turn: bool) {
    let letter = |c: Colour| view.letters.map(|l| l[c.index()]);
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
    if with_turn {
        turn(pm, game);
    }
    winner(pm, game);
    for &mv in &view.choices {
        for loc in [mv.from(), mv.to()] {
            named_number(pm, game, loc);
        }
    }
    for (i, &mv) in view.choices.iter().enumerate() {
        let number = (i + 1).to_string();
        start_mark(pm, game, mv, &number);
        label(pm, game, mv, &number);
    }
}

/// A ring square named by a button: its number large, haloed over whatever is there.
fn named_number(pm: &mut impl Canvas, game: &Game, loc: Loc) {
    let arms = game.arms();
    let Some(n) = (match loc {
        Loc::Sq(sq) => sq.ring_number().map(|n| (sq, n)),
        _ => None,
    }) else {
        return;
    };
    let (sq, n) = n;
    let at = layout::number_point(arms, sq);
    let size = super::board::number_size(arms, n);
    text::draw_outlined(pm, &n.to_string(), size, at, INK, PAPER, 2.5);
}

/// The piece a move would take: a small badge with the move's number on its top-right.
/// A piece with several moves shows the first; a nest piece gets none (the nest is the
/// only place it can leave from).
fn start_mark(pm: &mut impl Canvas, game: &Game, mv: Move, number: &str) {
    let arms = game.arms();
    let (piece, ..) = sizes(arms);
    let Some(at) = start_point(game, mv) else {
        return;
    };
    let d = piece * 0.78;
    paint::badge(pm, (at.0 + d, at.1 - d), piece * 0.55, number);
}

/// Where the piece a move takes stands (`None` for a nest piece).
pub(super) fn start_point(game: &Game, mv: Move) -> Option<Point> {
    let arms = game.arms();
    let Loc::Sq(sq) = mv.from() else {
        return None;
    };
    let mut on = game.pieces_on(sq);
    let first = on.next()?;
    Some(match on.next() {
        // The moving colour's piece of a pair: the second place when only it matches.
        Some(second) if second == mv.colour() && first != mv.colour() => {
            layout::pair_centres(arms, sq)[1]
        }
        Some(_) => layout::pair_centres(arms, sq)[0],
        None => layout::square_centre(arms, sq),
    })
}

/// The final image: the winners' nests framed and starred (a white star outlined in ink,
/// seen on every nest colour).
fn winner(pm: &mut impl Canvas, game: &Game) {
    let Phase::Finished(w) = game.phase() else {
        return;
    };
    mark_winner(pm, game.arms(), w);
}

/// The winner's nests framed and starred (also an R6.3 time limit's winner).
pub(super) fn mark_winner(pm: &mut impl Canvas, arms: Arms, w: parxis::engine::Winner) {
    let s = layout::scale(arms);
    for c in w.colours() {
        frame(pm, arms, c);
        let at = layout::die_point(arms, c);
        paint::star(pm, at, 34.0 * s, PAPER);
    }
}

/// A thick frame inside colour `c`'s nest (the seat to act, or a winner).
fn frame(pm: &mut impl Canvas, arms: Arms, c: Colour) {
    if arms.is_four() {
        paint::stroke_area(pm, layout::nest_area(arms, c).inset(5.5), 7.0, INK, 255);
    } else {
        let frame = layout::nest_frame(arms, c, 5.5);
        paint::stroke_lines(pm, &frame, true, 7.0, INK, 255);
    }
}

/// The sizes of one board: radii and type scale with its cells.
fn sizes(arms: Arms) -> (f32, f32, f32, f32) {
    let s = layout::scale(arms);
    (PIECE * s, NEST_PIECE * s, GOAL_PIECE * s, LABEL * s)
}

fn nest(pm: &mut impl Canvas, game: &Game, c: Colour, letter: Option<char>, name: Option<&str>) {
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
        let name = name_or_colour(name, c);
        let (text, size) = text::fit(&name, layout::name_width(arms, c), 26.0 * s, 15.0);
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

/// The name shown for seat `c`: its player's name as drawable ([`text::drawable`]), or the
/// colour's name when nothing of it can be drawn.
pub(super) fn shown_name(view: &View, c: Colour) -> String {
    name_or_colour(view.names[c.index()].as_deref().unwrap_or_default(), c)
}

/// `name` as drawable, or the colour's name when nothing of it can be drawn.
pub(super) fn name_or_colour(name: &str, c: Colour) -> String {
    let drawn = text::drawable(name);
    if drawn.is_empty() {
        colour_name(c)
    } else {
        drawn
    }
}

/// A colour's name, capitalised ("Yellow"), for a name with nothing drawable left.
fn colour_name(c: Colour) -> String {
    let n = c.name();
    let mut chars = n.chars();
    chars
        .next()
        .map(|f| f.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

fn goal(pm: &mut impl Canvas, game: &Game, c: Colour, letter: Option<char>) {
    if !game.is_seated(c) {
        return;
    }
    let arms = game.arms();
    let (_, _, goal_piece, _) = sizes(arms);
    let n = game.in_goal(c);
    for slot in layout::goal_slots(arms, c).into_iter().take(usize::from(n)) {
        paint::token(pm, slot, goal_piece, c, letter);
    }
    // "n/4": a count that cannot merge with a move label's number.
    let centre = layout::goal_centre(arms, c);
    let size = 26.0 * layout::scale(arms);
    text::draw_outlined(pm, &format!("{n}/4"), size, centre, PAPER, INK, 2.5);
}

/// The pieces on a square: one in the middle (or in the first place when a move label
/// takes the second), two side by side in arrival order, a barrier joined by a bar.
fn square(
    pm: &mut impl Canvas,
    game: &Game,
    sq: Square,
    labelled: bool,
    letter: &impl Fn(Colour) -> Option<char>,
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
    let barrier = game.is_barrier(sq);
    if barrier {
        // R4.2 A barrier: the two tokens inside one dark capsule, joined by a bar.
        let r = piece + 5.0;
        paint::stroke_lines(pm, &[a, b], false, 2.0 * r, INK, 255);
    }
    paint::token(pm, a, piece, first, letter(first));
    paint::token(pm, b, piece, second, letter(second));
    if barrier {
        // The bar across the gap, wide enough to read at phone size.
        let t = 0.45;
        let (p, q) = (
            (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t),
            (b.0 + (a.0 - b.0) * t, b.1 + (a.1 - b.1) * t),
        );
        paint::stroke_lines(pm, &[p, q], false, piece * 0.7, INK, 255);
    }
}

/// Where the piece a move ended with stands, and its radius: the last arrival on its
/// square, or the last piece in its goal.
pub(super) fn arrival_point(game: &Game, mv: Trail) -> Option<(Point, f32)> {
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
fn trail(pm: &mut impl Canvas, game: &Game, mv: Trail) {
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
fn arrival(pm: &mut impl Canvas, game: &Game, mv: Trail) {
    if let Some((at, r)) = arrival_point(game, mv) {
        paint::stroke_circle(pm, at, r + 3.5, 3.0, INK);
    }
}

/// The seat to act: its nest framed; its pending roll as a die, or its bonus.
fn turn(pm: &mut impl Canvas, game: &Game) {
    let arms = game.arms();
    let s = layout::scale(arms);
    let (seat, roll, bonus) = match game.phase() {
        Phase::AwaitingRoll(seat) => (seat, None, None),
        Phase::AwaitingMove { seat, roll } => (seat, Some(roll), None),
        Phase::AwaitingBonus { seat, amount } => (seat, None, Some(amount)),
        Phase::Finished(_) => return,
    };
    frame(pm, arms, seat);
    let at = layout::die_point(arms, seat);
    if let Some(face) = roll {
        paint::die(pm, at, 44.0 * s, face, seat);
    }
    if let Some(amount) = bonus {
        bonus_label(pm, arms, seat, amount);
    }
}

/// R5 A bonus of `amount` for `seat`, where its die is drawn.
pub(super) fn bonus_label(pm: &mut impl Canvas, arms: Arms, seat: Colour, amount: u8) {
    let s = layout::scale(arms);
    let at = layout::die_point(arms, seat);
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

/// A move to choose from: its number at its destination.
fn label(pm: &mut impl Canvas, game: &Game, mv: Move, number: &str) {
    let arms = game.arms();
    let (.., radius) = sizes(arms);
    paint::badge(pm, label_point(game, mv), radius, number);
}

/// Where a move's label is drawn: at its destination.
pub(super) fn label_point(game: &Game, mv: Move) -> Point {
    let arms = game.arms();
    match mv.to() {
        // On the goal place the piece would take, apart from the count.
        Loc::Goal => {
            let slots = layout::goal_slots(arms, mv.colour());
            slots[usize::from(game.in_goal(mv.colour())).min(slots.len() - 1)]
        }
        Loc::Nest => layout::nest_centre(arms, mv.colour()),
        // Beside a piece already there (see `square`), else in the middle.
        Loc::Sq(sq) if game.pieces_on(sq).next().is_some() => layout::pair_centres(arms, sq)[1],
        Loc::Sq(sq) => layout::square_centre(arms, sq),
    }
}

/// Do two rectangles overlap?
pub(super) fn overlaps(a: Area, b: Area) -> bool {
    a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1
}

/// Where a ring or corridor square's drawing can reach (its cell, a barrier's capsule and
/// the arrival ring spill a few pixels over the edge).
pub(super) fn square_bounds(arms: Arms, sq: Square) -> Area {
    Area::bounding(&layout::square_quad(arms, sq)).inset(-8.0)
}

/// Where a nest's drawing can reach (its pieces, its name, the turn's frame).
pub(super) fn nest_bounds(arms: Arms, c: Colour) -> Area {
    let a = if arms.is_four() {
        layout::nest_area(arms, c)
    } else {
        Area::bounding(&layout::nest_shape(arms, c))
    };
    a.inset(-4.0)
}

/// Where a goal's drawing can reach (its pieces and its count).
pub(super) fn goal_bounds(arms: Arms, c: Colour) -> Area {
    let mut pts = layout::goal_triangle(arms, c).to_vec();
    let (x, y) = layout::goal_centre(arms, c);
    let s = layout::scale(arms);
    pts.push((x - 32.0 * s, y - 20.0 * s));
    pts.push((x + 32.0 * s, y + 20.0 * s));
    pts.extend(layout::goal_slots(arms, c));
    Area::bounding(&pts).inset(-16.0 * s)
}

/// Where a move's trail and the ring around the piece that arrived can reach.
pub(super) fn trail_bounds(game: &Game, mv: Trail) -> Area {
    let arms = game.arms();
    let s = layout::scale(arms);
    let mut pts = layout::path_points(arms, mv.colour, mv.from, mv.to);
    if let Some((at, r)) = arrival_point(game, mv) {
        pts.push((at.0 - r - 6.0, at.1 - r - 6.0));
        pts.push((at.0 + r + 6.0, at.1 + r + 6.0));
    }
    Area::bounding(&pts).inset(-(12.0 * s + 4.0))
}

/// [`draw_with`] without the turn, limited to the elements whose drawing reaches one of
/// `regions`, each drawn once: within every region the pixels are those of the whole
/// drawing over the empty board (the caller restores the regions from the empty board
/// first, and keeps only them).
pub(super) fn draw_in(pm: &mut impl Canvas, game: &Game, view: &View, regions: &[Area]) {
    let reaches = |b: Area| regions.iter().any(|&r| overlaps(b, r));
    let letter = |c: Colour| view.letters.map(|l| l[c.index()]);
    let arms = game.arms();
    let trail_hits = view
        .last_move
        .is_some_and(|mv| reaches(trail_bounds(game, mv)));
    if let (Some(mv), true) = (view.last_move, trail_hits) {
        trail(pm, game, mv);
    }
    for &c in arms.colours() {
        if reaches(nest_bounds(arms, c)) {
            nest(pm, game, c, letter(c), view.names[c.index()].as_deref());
        }
        if reaches(goal_bounds(arms, c)) {
            goal(pm, game, c, letter(c));
        }
    }
    for sq in arms.squares() {
        if reaches(square_bounds(arms, sq)) {
            square(pm, game, sq, false, &letter);
        }
    }
    if let (Some(mv), true) = (view.last_move, trail_hits) {
        arrival(pm, game, mv);
    }
    winner(pm, game);
}
