//! The effects of the bot: everything that talks to Telegram or Redis, built on the pure
//! [`core`](super::core) and imported only by [`entry`](super::entry).
//!
//! - [`ctx`]: the context shared by every update and firing, with the one [`clock`];
//! - [`telegram`]: the bot type, what a Telegram error means, the admin check;
//! - [`chat`]: a place's address and its state loaded in one round trip, with its language;
//! - [`outbox`]: every write to a chat planned, then made within the chat's one budget,
//!   each write's [`outbox::Receipt`] handed back (the outbox imports none of its clients);
//! - [`receipts`]: the outbox's drain, each receipt applied to the module it concerns;
//! - [`botapi`]: every request and field newer than teloxide's Bot API 9.1 (styled buttons,
//!   `date_time` entities, ephemeral messages, Guest Mode), and unknown update kinds;
//! - [`display`]: boards rendered and the requests that show them (used by the outbox);
//! - [`drawing`]: where boards are drawn (a few at once, off the async workers);
//! - [`schedule`]: the one scheduler: due items fired under a lease;
//! - [`commit`]: load → pure step → compare-and-set save → plan what follows;
//! - [`press`]: one press (a chat button or a tap on the live board) and its refusals;
//! - [`lobby`]: new tables (a lobby, a rematch) replacing old ones;
//! - [`deadline`]: the due set kept in step with each saved table;
//! - [`driver`]: automatic, absent and timed-out turns, and time limits;
//! - [`think`]: where computer players think (a blocking pool, off the async workers);
//! - [`replay`], [`kept`]: replays planned in the outbox, and the kept record they read;
//! - [`pings`]: the mention of a player who takes long, and the warning before the timer;
//! - [`lifecycle`]: the chat itself changes (the bot is removed, the group migrates);
//! - [`active`]: game counters and the active-games gauge;
//! - [`stats`]: a finished game recorded once, its results on the board;
//! - [`seated`]: a game opened from code with its seats decided;
//! - [`tourney`]: tournaments: sign-up, draw, tables as games, results into the bracket;
//! - [`gate`]: what lets an update through (Redis up, seen once, no flood);
//! - [`notify_list`]: who a place's new lobby notifies in private;
//! - [`live`]: the live board (Mini App): its keys, viewers and limits;
//! - [`live_season`]: the chat's season, read for the live board's page;
//! - [`publish`]: every save published to the live board's viewers, and its button;
//! - [`whispers`]: the chats that refused ephemeral messages, on this replica;
//! - [`crash`]: test-only crash points (a test stops a replica exactly there).

pub mod achieve;
pub mod active;
pub mod away;
pub mod botapi;
pub mod called;
pub mod chat;
pub mod chat_record;
pub mod clock;
pub mod commit;
pub mod crash;
pub mod ctx;
pub mod deadline;
pub mod display;
pub mod drawing;
pub mod driver;
pub mod gate;
pub mod inline;
pub mod instances;
pub mod kept;
pub mod lifecycle;
pub mod live;
pub mod live_season;
pub mod lobby;
pub mod member;
pub mod notify;
pub mod notify_list;
pub mod outbox;
pub mod pings;
pub mod pool;
pub mod press;
pub mod publish;
pub mod receipts;
pub mod replay;
pub mod schedule;
pub mod season;
pub mod seated;
pub mod stats;
pub mod telegram;
pub mod think;
pub mod tourney;
pub mod whispers;
pub mod zone;

pub use ctx::{CLOSED_TABLE_TTL_SECS, COMPUTER_PAUSE, Ctx, OPEN_TABLE_TTL_SECS, Stream};
pub use telegram::TgBot;

/// Handler result.
pub type HandlerResult = Result<(), anyhow::Error>;
