//! Parxís: the rules engine, computer players, renderers, storage and Telegram bot.

pub mod ai;
pub mod cli;
pub mod engine;
pub mod i18n;
pub mod protocol;
pub mod render;
pub mod store;
