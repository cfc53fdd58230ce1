//! Operations: metrics, the health/metrics HTTP port, and the container's health probe.

pub mod http;
pub mod metrics;
pub mod probe;
