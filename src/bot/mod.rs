//! `parxis bot`: parxís games in Telegram group chats, one per chat, stored in Redis and
//! played with inline buttons under one board message edited in place.
//!
//! ```text
//! update ─▶ schema() ─▶ handlers ─▶ table.act() (pure) ─▶ store.save (Lua CAS) ─▶ display::show
//!                                     ▲                                              │
//!           driver (due set in Redis) ┘ computer / absent / timed-out turns          ▼
//!                                                                     editMessageText / Media
//! ```

pub mod active;
pub mod callback;
pub mod chat_events;
pub mod commands;
pub mod commit;
pub mod display;
pub mod driver;
pub mod fallback;
pub mod handlers;
pub mod settings;
pub mod settings_cmd;
pub mod table;
pub mod view;
pub mod webhook;

use std::sync::Arc;
use std::time::Duration;

use teloxide::dispatching::{DpHandlerDescription, UpdateHandler};
use teloxide::dptree::HandlerDescription;
use teloxide::prelude::*;

use crate::i18n::Lang;
use crate::ops::metrics::Metrics;
use crate::store::Store;
use commands::Command;
use table::{Status, Table};

/// Everything the handlers need, shared by all updates.
pub struct Ctx {
    pub store: Store,
    /// Language when the chat chose none and the user's is unknown.
    pub default_lang: Lang,
    /// This replica's name, for leases.
    pub owner: String,
    /// Pause before a computer player's turn (visible to the chat; keeps edits ≤ 20/min).
    pub pause: Duration,
    /// Milliseconds in one second of the turn timer (1000; tests shorten it so a "30 s"
    /// timer runs out in a fraction of a second).
    pub timer_unit_ms: u64,
    /// Seed for dice and computer choices (tests); `None` = OS randomness.
    pub seed: Option<u64>,
    /// Time-to-live of an open table, seconds (refreshed on every save).
    pub open_ttl_secs: u64,
    /// Time-to-live of a finished or cancelled table, seconds.
    pub closed_ttl_secs: u64,
    pub metrics: Metrics,
}

impl Ctx {
    /// A context with default timings.
    #[must_use]
    pub fn new(store: Store, default_lang: Lang, metrics: Metrics) -> Self {
        Self {
            store,
            default_lang,
            owner: format!("{}-{}", std::process::id(), rand::random::<u32>()),
            pause: Duration::from_millis(3000),
            timer_unit_ms: 1000,
            seed: None,
            open_ttl_secs: 30 * 24 * 3600,
            closed_ttl_secs: 24 * 3600,
            metrics,
        }
    }

    /// Milliseconds since the Unix epoch.
    #[must_use]
    pub fn now_ms(&self) -> u64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64)
    }

    /// The TTL a table gets when saved.
    #[must_use]
    pub fn ttl_for(&self, t: &Table) -> u64 {
        match t.status {
            Status::Lobby | Status::Playing => self.open_ttl_secs,
            Status::Finished | Status::Cancelled => self.closed_ttl_secs,
        }
    }
}

/// How long an update id is remembered, to drop re-deliveries of the same update: Telegram
/// keeps an undelivered update for 24 hours, so a retry can come no later.
pub const UPDATE_DEDUP_TTL_SECS: u64 = 24 * 3600;

/// The handler tree. Its first step lets an update through only the first time any replica
/// sees its `update_id` ([`first_delivery`]).
#[must_use]
pub fn schema() -> UpdateHandler<anyhow::Error> {
    let commands = teloxide::filter_command::<Command, _>().endpoint(handlers::on_command);
    let migrate = dptree::filter(|m: Message| m.migrate_to_chat_id().is_some())
        .endpoint(chat_events::on_migrate);
    let unknown = dptree::filter(|m: Message| fallback::looks_like_command(&m))
        .endpoint(fallback::on_unknown_command);
    // Described as an entry (it observes no update kind of its own), so that the update
    // kinds the branches ask for stay what polling requests from Telegram.
    dptree::filter_async_with_description(DpHandlerDescription::entry(), first_delivery)
        .branch(
            Update::filter_message()
                .branch(migrate)
                .branch(commands)
                .branch(unknown),
        )
        .branch(Update::filter_callback_query().endpoint(handlers::on_callback))
        .branch(Update::filter_my_chat_member().endpoint(chat_events::on_my_chat_member))
}

/// True the first time any replica sees this update's id (within [`UPDATE_DEDUP_TTL_SECS`]).
///
/// Telegram delivers an update again when it got no 200 for it (a webhook request that timed
/// out at the load balancer, a dropped connection), possibly to another replica; a restart in
/// polling mode can also fetch an update that was handled but not yet confirmed. The mark is
/// a `SET NX` in the shared Redis, so exactly one delivery passes. When Redis cannot answer,
/// the update passes: the game's compare-and-set still keeps it consistent.
pub async fn first_delivery(upd: Update, ctx: Arc<Ctx>) -> bool {
    let id = i64::from(upd.id.0);
    match ctx.store.first_time_update(id, UPDATE_DEDUP_TTL_SECS).await {
        Ok(true) => true,
        Ok(false) => {
            let chat = upd.chat().map_or(0, |c| c.id.0);
            tracing::info!(
                chat,
                kind = "duplicate",
                update_id = id,
                "duplicate update dropped"
            );
            false
        }
        Err(e) => {
            tracing::warn!(update_id = id, error = %e, "update dedup unavailable; handling it");
            true
        }
    }
}

/// The Telegram `language_code` whose users get `lang`'s menu (Valencian has none: its
/// speakers send `ca` or `es`, so they get the chat's choice through /language instead).
#[must_use]
pub fn telegram_code(lang: Lang) -> Option<&'static str> {
    match lang {
        Lang::Ca => Some("ca"),
        Lang::Es => Some("es"),
        Lang::En => Some("en"),
        Lang::CaValencia => None,
    }
}

/// Register the localized `/` menus (one per language, plus the default).
pub async fn register_commands(bot: &handlers::TgBot, default: Lang) {
    use teloxide::requests::Requester;
    for lang in Lang::ALL {
        let Some(code) = telegram_code(lang) else {
            continue;
        };
        if let Err(e) = bot
            .set_my_commands(view::command_list(lang))
            .language_code(code)
            .await
        {
            tracing::warn!(error = %e, code, "setMyCommands failed");
        }
    }
    if let Err(e) = bot.set_my_commands(view::command_list(default)).await {
        tracing::warn!(error = %e, "setMyCommands failed");
    }
}

/// The dispatcher over [`schema`] with the context as its dependency. Updates of one
/// chat are handled in order; different chats run concurrently.
#[must_use]
pub fn dispatcher(
    bot: handlers::TgBot,
    ctx: Arc<Ctx>,
) -> Dispatcher<handlers::TgBot, anyhow::Error, teloxide::dispatching::DefaultKey> {
    Dispatcher::builder(bot, schema())
        .dependencies(dptree::deps![ctx])
        .default_handler(|_| async {})
        .build()
}
