//! What a board is drawn on: the colour type and the [`Canvas`] every drawing goes through,
//! implemented by the pixmap (paint.rs, the PNG) and by the SVG document (svg.rs, the live
//! board). Its own file so that the text rasteriser and the primitives both depend on it
//! and not on each other.

use super::layout::{Area, Point};
use parxis::engine::Colour;

/// An opaque colour.
pub type Rgb = [u8; 3];

/// A part of the picture that an SVG canvas wraps in a group of its own, so the live board
/// can find it (a piece to animate); a pixmap ignores it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Part {
    /// A piece of a colour standing at a point.
    Piece(Colour, Point),
    /// The die of the seat to act.
    Die,
}

/// What a board is drawn on: a pixmap (the PNG) or an SVG document (the live board of the
/// Mini App), so both draw the same board from the same code. Every primitive takes image
/// pixels; the pixmap's are the drawing code the PNG always had.
pub(crate) trait Canvas {
    /// Fills a rectangle.
    fn fill_area(&mut self, a: Area, rgb: Rgb, alpha: u8);
    /// Strokes a rectangle's outline.
    fn stroke_area(&mut self, a: Area, width: f32, rgb: Rgb, alpha: u8);
    /// Fills a circle.
    fn fill_circle(&mut self, at: Point, r: f32, rgb: Rgb, alpha: u8);
    /// Strokes a circle.
    fn stroke_circle(&mut self, at: Point, r: f32, width: f32, rgb: Rgb);
    /// Fills a polygon; `crisp` without anti-aliasing (see `paint::fill_polygon_crisp`).
    fn fill_polygon(&mut self, pts: &[Point], rgb: Rgb, alpha: u8, crisp: bool);
    /// Strokes a closed polygon with mitred corners, without anti-aliasing.
    fn stroke_polygon_crisp(&mut self, pts: &[Point], width: f32, rgb: Rgb);
    /// Strokes a polyline (open) or polygon (`closed`) with round caps and joins.
    fn stroke_lines(&mut self, pts: &[Point], closed: bool, width: f32, rgb: Rgb, alpha: u8);
    /// Fills a rounded rectangle.
    fn fill_rounded(&mut self, a: Area, r: f32, rgb: Rgb, alpha: u8);
    /// Draws `text` centred on `centre` (on its advance and its capital height), with a
    /// halo of `(colour, width)` around it when given.
    fn text(&mut self, text: &str, size: f32, centre: Point, rgb: Rgb, halo: Option<(Rgb, f32)>);
    /// [`Canvas::text`] turned `degrees` clockwise about its centre (a canvas that cannot
    /// turn type draws it level: the PNG never asks, its numbers fit their cells).
    fn text_turned(&mut self, text: &str, size: f32, centre: Point, rgb: Rgb, _degrees: f32) {
        self.text(text, size, centre, rgb, None);
    }
    /// The smallest type this canvas shows, in image pixels: the live board's floor for a
    /// phone (see `svg::board_svg`); none on the PNG, whose sizes are its own.
    fn min_text(&self) -> f32 {
        0.0
    }
    /// A [`Part`] begins (ended by [`Canvas::close`]).
    fn open(&mut self, _part: Part) {}
    /// The part opened last ends.
    fn close(&mut self) {}
}
