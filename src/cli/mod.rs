//! Subcommands of the `parxis` binary that live in the library (testable, thin `main`).

pub mod render;
