//! `parxis bot`: parxís games in Telegram group chats, one per chat, stored in Redis and
//! played with inline buttons under one board message edited in place.
//!
//! Three layers, each importing only the ones below it:
//!
//! ```text
//! entry    schema(): one branch per update kind, command and button; the chat loaded once
//!   │
//! effects  chat state in one round trip, commit, the outbox and the one scheduler, driver,
//!          pings, stats, tournaments, lifecycle
//!   │
//! core     pure: Table (Lobby | Playing | Finished | Cancelled), refusals, callback data,
//!          commands, settings, seats, narration, view (text / keyboard / menus)
//! ```
//!
//! A press: decode → load (table + settings + board record, 1 round trip) → `Table::step`
//! → compare-and-set save (1) → `answerCallbackQuery` → the board planned in the chat's
//! outbox, the due set, the gauge. With the update's dedup mark that is 3 Redis round trips
//! before the answer; no handler waits for a write to the chat.
//! `docs/ARCHITECTURE.md` has the whole picture.

pub mod core;
pub mod effects;
pub mod entry;

pub use effects::{Ctx, TgBot, active, driver, schedule};
pub use entry::{dispatcher, listen, register_commands, schema, webhook};
