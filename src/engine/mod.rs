//! The pure rules engine (RULES.md): no I/O, no clock, no randomness. Dice are inputs.

pub mod board;

pub use board::{Colour, Loc, Square};
