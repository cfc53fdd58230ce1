//! The pure core of the bot: no Telegram requests, no Redis, no clock. Everything an update
//! means is decided here and unit-tested without a network.
//!
//! - [`table`]: one chat's table as a sum type ([`table::Stage`]) and its transitions;
//! - [`refusal`]: why something did not happen;
//! - [`callback`], [`command`], [`settings`]: what a button, a command or a setting says;
//! - [`seats`]: the seat table and the colours' emoji;
//! - [`narration`]: events → lines of messages (shared with `parxis play`);
//! - [`replay`]: which game a replay request names, reply to the posted animation or upload it;
//! - [`pings`]: when to mention the player whose turn it is (`/pings`);
//! - [`view`]: the text, the keyboards and the menus.

pub mod achieve;
pub mod callback;
pub mod command;
pub mod fair_check;
pub mod narration;
pub mod notify;
pub mod pings;
pub mod refusal;
pub mod replay;
pub mod season;
pub mod seats;
pub mod settings;
pub mod stats_command;
pub mod subcommand;
pub mod table;
pub mod tourney;
pub mod view;
