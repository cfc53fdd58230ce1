//! Subcommands of the `parxis` binary that live in the library (so tests can reach them).

pub mod simulate;
