//! Operations: metrics, the health/metrics HTTP port, the container's health probe, and the
//! start-up calls to Telegram.

pub mod http;
/// The metrics live at the bottom of the crate ([`crate::metrics`]), where the store, the AI's
/// thinking pool and the bot all reach them downwards; named here too, where they always were.
pub use crate::metrics;
pub mod probe;
pub mod startup;
