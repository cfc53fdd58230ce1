//! The pure rules engine (RULES.md): no I/O, no clock, no randomness. Dice are inputs.
//!
//! ```
//! use parxis::engine::{Colour, Game, Preset};
//!
//! let game = Game::new(Preset::Jcf, Preset::Jcf.options(), &[Colour::Yellow, Colour::Red]).unwrap();
//! let rolled = game.roll(5).unwrap();
//! let moves = rolled.legal_moves();
//! assert_eq!(moves.len(), 1); // R4.4.1: leaving the nest is obligatory
//! let after = rolled.play(moves[0]).unwrap();
//! assert_eq!(after.turn(), Some(Colour::Red));
//! ```

pub mod board;
pub mod game;
pub mod moves;
pub mod outcome;
pub mod play;
pub mod rules;
pub mod setup;

pub use board::{Arms, Colour, Loc, Seats, Square};
pub use game::{Game, Pending, Phase, Winner};
pub use moves::{Move, MoveList};
pub use outcome::{Dice, Rank, RollOff, ScriptedDice, roll_off};
pub use play::{Pass, PlayError};
pub use rules::{Barriers, Options, Overrides, Preset, Spares};
pub use setup::{Setup, SetupError};
