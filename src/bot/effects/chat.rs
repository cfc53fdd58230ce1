//! A chat's address, and its state as one update sees it: loaded once, in one round trip.

use serde::{Deserialize, Serialize};
use teloxide::types::{ChatId, User};
use tracing::warn;

use super::Ctx;
use crate::bot::core::refusal::{Alert, Refusal};
use crate::bot::core::settings::ChatSettings;
use crate::bot::core::table::Table;
use crate::i18n::Lang;
use crate::store::{ChatState, Place, StoreError, Versioned};

/// Where a chat's game lives: the chat (a forum topic can be added here later, and with it
/// to every key and request built from an address).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChatAddr {
    chat: i64,
}

impl ChatAddr {
    #[must_use]
    pub fn new(chat: i64) -> Self {
        Self { chat }
    }

    /// The chat id (the store's key for it).
    #[must_use]
    pub fn id(self) -> i64 {
        self.chat
    }

    /// Where the chat's board lives, for the store's pacing and catch-up keys.
    #[must_use]
    pub fn place(self) -> Place {
        Place::of_chat(self.chat)
    }

    /// The chat id as Telegram's type.
    #[must_use]
    pub fn chat_id(self) -> ChatId {
        ChatId(self.chat)
    }
}

/// Which message shows a chat's board: stored under its own key, beside the game record,
/// so that showing a board never changes the game's version.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DisplayState {
    /// The board message's id in the chat.
    pub message_id: i32,
    /// Is it a photo (image mode) rather than text?
    pub photo: bool,
}

/// What the store holds for a chat, when it could be read.
#[derive(Clone, Debug)]
pub struct Stored {
    pub table: Option<Versioned<Table>>,
    pub display: Option<DisplayState>,
}

/// A chat as one update sees it: its settings and language (derived once), and its table
/// and board message, read together in one round trip.
#[derive(Clone, Debug)]
pub struct Here {
    pub addr: ChatAddr,
    pub settings: ChatSettings,
    pub lang: Lang,
    /// `None` when Redis could not be read.
    pub stored: Option<Stored>,
}

impl Here {
    /// The chat's table, or why there is none to act on.
    ///
    /// # Errors
    /// [`Alert::TryAgain`] when Redis could not be read, [`Alert::NoGame`] for no table.
    pub fn table(&self) -> Result<&Versioned<Table>, Refusal> {
        let stored = self.stored.as_ref().ok_or(Alert::TryAgain)?;
        Ok(stored.table.as_ref().ok_or(Alert::NoGame)?)
    }

    /// The board message, if one is known (from its record, or from a table stored before
    /// boards had a record of their own).
    #[must_use]
    pub fn display(&self) -> Option<DisplayState> {
        let stored = self.stored.as_ref()?;
        stored.display.or_else(|| {
            let legacy = stored.table.as_ref()?.state.legacy_board?;
            Some(DisplayState {
                message_id: legacy.message_id,
                photo: legacy.photo,
            })
        })
    }
}

/// The language of `user` as Telegram says, if it is one of ours.
#[must_use]
pub fn user_lang(user: Option<&User>) -> Option<Lang> {
    user.and_then(|u| Lang::from_telegram(u.language_code.as_deref()))
}

/// Load chat `addr` for one update by `user` (if any): its table, settings and board
/// message in one round trip. A chat with no language yet takes the user's, stored once
/// (one more write, the first time only); otherwise the default. When Redis cannot be
/// read, the settings are the defaults and [`Here::stored`] is `None`.
pub async fn load(ctx: &Ctx, addr: ChatAddr, user: Option<&User>) -> Here {
    let state: Result<ChatState<Table, ChatSettings, DisplayState>, StoreError> =
        ctx.store.load_chat(addr.id()).await;
    let (mut settings, stored) = match state {
        Ok(s) => (
            s.settings,
            Some(Stored {
                table: s.game,
                display: s.display,
            }),
        ),
        Err(e) => {
            warn!(chat = addr.id(), error = %e, "chat state unavailable");
            (ChatSettings::default(), None)
        }
    };
    let lang = match (settings.lang, user_lang(user)) {
        (Some(l), _) => l,
        (None, Some(l)) if stored.is_some() => {
            settings.lang = Some(l);
            if let Err(e) = ctx.store.set_settings(addr.id(), &settings).await {
                warn!(chat = addr.id(), error = %e, "could not store the derived language");
            }
            l
        }
        (None, derived) => derived.unwrap_or(ctx.default_lang),
    };
    Here {
        addr,
        settings,
        lang,
        stored,
    }
}
