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
//!
//! The board's size is a property of the game (RULES.md R8): the same code plays 4, 6 and 8
//! arms, and [`Arms`] gives each board's geometry, default seats and partners.
//!
//! ```
//! use parxis::engine::{Arms, Colour, Game, Preset};
//!
//! let seats = Arms::Six.default_seats(2).unwrap(); // R8.5: yellow and green
//! assert_eq!(seats.as_slice(), [Colour::Yellow, Colour::Green]);
//! let game = Game::new_on(Arms::Six, Preset::Jcf, Preset::Jcf.options(), &seats).unwrap();
//! assert_eq!(game.arms().goal(), 106); // R8.4: a nest piece counts 106
//! assert_eq!(Arms::Six.partner(Colour::Blue), Colour::Orange); // R8.6
//! assert_eq!(Arms::for_players(7), Some(Arms::Eight)); // R8.7
//! ```

pub mod board;
mod error;
pub mod game;
pub mod moves;
pub mod outcome;
pub mod play;
pub mod rules;
pub mod setup;
pub mod undo;

pub use board::{Arms, Colour, Loc, Seats, Square};
pub use error::SetupError;
pub use game::{Game, Pending, Phase, Winner};
pub use moves::{Move, MoveList};
pub use outcome::{Dice, Rank, RollOff, ScriptedDice, roll_off, roll_off_starter};
pub use play::{Pass, PlayError};
pub use rules::{Barriers, Options, Overrides, Preset, Spares};
pub use setup::Setup;
pub use undo::Undo;
