//! Parxís: the rules engine, computer players, renderers, storage and Telegram bot.

pub mod engine;
pub mod store;
