//! Parxís: the rules engine, computer players, renderers, storage and Telegram bot.

pub mod config;
pub mod engine;
pub mod ops;
pub mod telemetry;
