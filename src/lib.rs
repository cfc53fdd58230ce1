//! Parxís: the rules engine, computer players, renderers, storage and Telegram bot.

pub mod ai;
pub mod cli;
pub mod dice;
pub mod engine;
pub mod protocol;
pub mod render;
