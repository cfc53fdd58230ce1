//! Board views: the emoji text board and the PNG image.

pub mod emoji;
pub mod image;
