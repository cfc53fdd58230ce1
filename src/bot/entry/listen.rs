//! The update listener the dispatcher runs on (long polling or the webhook), with what
//! teloxide 0.17 cannot do by itself:
//!
//! - the update kinds the bot asks for ([`allowed_updates`]) include 10.0's
//!   `guest_message`, which teloxide's `AllowedUpdate` cannot name: they are stated by the
//!   bot's own requests ([`botapi::updates`]), so the dispatcher's hint (the schema's kinds,
//!   without it) is not passed on to teloxide's polling;
//! - an update of a kind teloxide does not know arrives as `UpdateKind::Error` with its raw
//!   JSON, which the dispatcher drops as a parse error: [`Listener`] takes it out of the
//!   stream first. A guest message goes to [`super::guest::on_mention`] (a task of its own:
//!   it concerns no chat the dispatcher orders), anything else is logged once per kind.
//!
//! ```text
//! Telegram ─▶ Polling / webhook ─▶ Listener ─┬─ known kinds ─▶ dispatcher ─▶ schema()
//!                                            ├─ guest_message ─▶ guest::on_mention
//!                                            └─ other unknown kinds: logged once, dropped
//! ```

use std::future::ready;
use std::sync::Arc;
use std::time::Instant;

use futures_util::StreamExt;
use futures_util::stream::BoxStream;
use teloxide::stop::StopToken;
use teloxide::types::{AllowedUpdate, Update, UpdateKind};
use teloxide::update_listeners::{AsUpdateStream, UpdateListener};
use tracing::warn;

use super::guest;
use super::started::Started;
use crate::bot::effects::Ctx;
use crate::bot::effects::botapi::{self, guest::GUEST_MESSAGE, guest::GuestMessage};
use crate::bot::effects::telegram::TgBot;

/// The update kinds [`super::schema`] has branches for. teloxide keeps the schema's own list
/// to itself (it hints it to the listener when dispatching starts), so it is written here,
/// and [`Listener`] warns if the hint ever names a kind this list lacks.
pub const SCHEMA_KINDS: [AllowedUpdate; 5] = [
    AllowedUpdate::Message,
    AllowedUpdate::CallbackQuery,
    AllowedUpdate::InlineQuery,
    AllowedUpdate::ChosenInlineResult,
    AllowedUpdate::MyChatMember,
];

/// Telegram's names of the update kinds the bot asks for: the schema's and
/// `guest_message` (10.0).
#[must_use]
pub fn allowed_updates() -> Vec<String> {
    botapi::updates::names(&SCHEMA_KINDS, &[GUEST_MESSAGE])
}

/// Before long polling: states [`allowed_updates`] to Telegram (one `getUpdates` that takes
/// nothing; see [`botapi::updates::AskForUpdates`]).
///
/// # Errors
/// The request's error.
pub async fn ask_for_updates(bot: &TgBot) -> Result<(), teloxide::RequestError> {
    botapi::updates::AskForUpdates::request(bot, allowed_updates())
        .await
        .map(drop)
}

/// An update listener (teloxide's polling or webhook) with the updates teloxide cannot parse
/// taken out before the dispatcher (see the module docs).
pub struct Listener<L> {
    inner: L,
    bot: TgBot,
    ctx: Arc<Ctx>,
}

impl<L> Listener<L> {
    /// `inner`'s updates, a guest message handled with `bot` and `ctx`.
    pub fn new(inner: L, bot: TgBot, ctx: Arc<Ctx>) -> Self {
        Self { inner, bot, ctx }
    }
}

/// `upd` if the dispatcher is to have it; else `None`, once handled (a guest message) or
/// noted (an unknown kind).
fn take(bot: &TgBot, ctx: &Arc<Ctx>, upd: Update) -> Option<Update> {
    let UpdateKind::Error(raw) = &upd.kind else {
        return Some(upd);
    };
    match GuestMessage::of_update(raw) {
        Some(g) => {
            let started = Started(Instant::now());
            tokio::spawn(guest::on_mention(bot.clone(), Arc::clone(ctx), g, started));
        }
        None => {
            let kind = botapi::updates::kind_of(raw).unwrap_or(botapi::updates::UNNAMED);
            botapi::updates::ignored(kind);
            ctx.metrics.update("ignored", std::time::Duration::ZERO);
        }
    }
    None
}

impl<'a, L> AsUpdateStream<'a> for Listener<L>
where
    L: AsUpdateStream<'a>,
    L::Stream: Send + 'a,
    L::StreamErr: Send + 'a,
{
    type StreamErr = L::StreamErr;
    type Stream = BoxStream<'a, Result<Update, L::StreamErr>>;

    fn as_stream(&'a mut self) -> Self::Stream {
        let (bot, ctx) = (self.bot.clone(), Arc::clone(&self.ctx));
        self.inner
            .as_stream()
            .filter_map(move |item| {
                ready(match item {
                    Ok(upd) => take(&bot, &ctx, upd).map(Ok),
                    Err(e) => Some(Err(e)),
                })
            })
            .boxed()
    }
}

impl<L> UpdateListener for Listener<L>
where
    L: UpdateListener,
    Self: for<'a> AsUpdateStream<'a, StreamErr = L::Err>,
{
    type Err = L::Err;

    fn stop_token(&mut self) -> StopToken {
        self.inner.stop_token()
    }

    /// The kinds were stated by the bot's own request (with `guest_message`); passing the
    /// hint on would make teloxide's first `getUpdates` state them again without it.
    fn hint_allowed_updates(&mut self, hint: &mut dyn Iterator<Item = AllowedUpdate>) {
        let missing: Vec<AllowedUpdate> = hint.filter(|k| !SCHEMA_KINDS.contains(k)).collect();
        if !missing.is_empty() {
            warn!(
                ?missing,
                "the schema handles update kinds the bot does not ask Telegram for"
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bot_asks_for_the_schemas_kinds_and_guest_messages() {
        // teloxide keeps the schema's kinds to itself but for its description's debug form:
        // `… observed: {Kind(Message), …}, filtered: {…} …`.
        let description = format!("{:?}", super::super::schema().description());
        let observed = description
            .split_once("observed: {")
            .and_then(|(_, rest)| rest.split_once('}'))
            .map(|(set, _)| set)
            .unwrap_or_else(|| panic!("no observed set: {description}"));
        assert_eq!(
            observed.matches("Kind(").count(),
            SCHEMA_KINDS.len(),
            "{observed}"
        );
        for kind in SCHEMA_KINDS {
            assert!(
                observed.contains(&format!("Kind({kind:?})")),
                "{kind:?}: {observed}"
            );
        }
        let asked = allowed_updates();
        assert_eq!(asked.len(), SCHEMA_KINDS.len() + 1);
        assert_eq!(asked.last().map(String::as_str), Some("guest_message"));
        assert!(asked.contains(&"callback_query".to_owned()));
    }
}
