//! The subcommands of the `parxis` binary (in the library: testable, thin `main`).

pub mod bot;
pub mod play;
pub mod render;
pub mod replay;
pub mod simulate;
pub mod train_net;
pub mod tune;
pub mod verify;
