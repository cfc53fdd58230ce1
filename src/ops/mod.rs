//! Operations: metrics, the health/metrics HTTP port, the container's health probe, and the
//! start-up calls to Telegram.

pub mod http;
pub mod metrics;
pub mod probe;
pub mod startup;
