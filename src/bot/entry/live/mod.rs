//! The live board's entry: a Telegram Mini App where a group's game is drawn as it is played
//! (every roll and move as it happens, the moving piece animated) and the player to move
//! plays by tapping. Served by the bot's own HTTP port (the router [`routes::router`] is
//! handed to [`crate::ops::http::router_with_apps`]), beside the webhook; its state, hub and
//! publishing are [`crate::bot::effects::live`]'s, its frames
//! [`crate::bot::core::view::live`]'s.
//!
//! ```text
//! board in a group ── 📱 Live board (URL button) ──▶ https://t.me/<bot>/<app>?startapp=<id>
//!   Telegram opens <PARXIS_MINIAPP_URL>#tgWebAppData=<initData signed with the bot token>
//!   page ── GET  <path>/api/live  (Authorization: tma <initData>) ──▶ Server-Sent Events:
//!           the stored game first, then a frame per saved version (hub, Redis pub/sub)
//!   page ── POST <path>/api/act   (a tap: roll, or a move) ──▶ press::press (the chat
//!           button's own path: Table::step, compare-and-set, the same refusals) ──▶
//!           commit::follow_with (publish_saved ──▶ every replica's viewers; the board
//!           planned coalesced)
//! ```
//!
//! - [`routes`]: the page, its assets and its requests (the stream, a tap, the replays, the
//!   group's season), limited per user;
//! - [`page`]: the page and its assets, built into the binary;
//! - [`picture`]: inline games' picture boards, for Telegram to fetch.

mod page;
mod picture;
pub mod routes;
