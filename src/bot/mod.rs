//! `parxis bot`: parxís games in Telegram group chats, one per chat, stored in Redis and
//! played with inline buttons under one board message edited in place.
//!
//! Three layers, each importing only the ones below it:
//!
//! ```text
//! entry    schema(): one branch per update kind, command and button; the chat loaded once
//!   │
//! effects  Telegram helpers, chat state in one round trip, display, commit, driver, lifecycle
//!   │
//! core     pure: Table (Lobby | Playing | Finished | Cancelled), refusals, callback data,
//!          commands, settings, seats, narration, view (text / keyboard / menus)
//! ```
//!
//! A press: decode → load (table + settings + board record, 1 round trip) → `Table::step`
//! → compare-and-set save (1) → `answerCallbackQuery` → gauge, due set, board edit. With
//! the update's dedup mark that is 3 Redis round trips before the answer.
//! `docs/ARCHITECTURE.md` has the whole picture.

pub mod core;
pub mod effects;
pub mod entry;

pub use effects::{Ctx, TgBot, active, driver};
pub use entry::{dispatcher, register_commands, schema, webhook};
