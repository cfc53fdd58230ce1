//! The PNG board's drawing and encoding as they were before issue 52 (6d18785), frozen so
//! `benches/render.rs` measures today's code against them in the same run (and checks that
//! both draw the same pictures, within the golden images' tolerance). Only the PNG path:
//! the empty board copied whole, the position drawn on it with tiny-skia, the whole pixmap
//! encoded (RGB on 4 arms, a palette on 6 and 8). Not to be changed.

mod board;
mod canvas;
mod encode;
mod layout;
mod paint;
mod scene;
mod text;

use parxis::engine::Game;
pub use parxis::render::image::{Trail, View};
use tiny_skia::Pixmap;

/// The PNG image of `game`, as `parxis::render::image::png` drew it before issue 52.
#[must_use]
pub fn png(game: &Game, view: &View) -> Vec<u8> {
    encode::png(&render(game, view), game.arms())
}

/// The image of `game` as a pixmap (premultiplied RGBA, opaque).
fn render(game: &Game, view: &View) -> Pixmap {
    let mut pm = board::empty(game.arms()).clone();
    scene::draw(&mut pm, game, view);
    pm
}
