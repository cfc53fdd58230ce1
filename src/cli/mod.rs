//! The subcommands of the `parxis` binary.

pub mod bot;
pub mod play;
