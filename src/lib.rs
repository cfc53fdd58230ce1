//! Parxís: the rules engine, computer players, renderers, storage and Telegram bot.

pub mod ai;
pub mod bot;
pub mod cli;
pub mod config;
pub mod dice;
pub mod engine;
pub mod i18n;
pub mod metrics;
pub mod ops;
pub mod protocol;
pub mod render;
pub mod season;
pub mod stats;
pub mod store;
pub mod telemetry;
pub mod tournament;
