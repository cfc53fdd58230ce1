//! Per-chat settings stored beside the table: language, board display, turn timer.

use serde::{Deserialize, Serialize};

use crate::i18n::Lang;

/// How the board is shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Display {
    /// A PNG picture with a caption.
    #[default]
    Image,
    /// The emoji board in a text message.
    Emoji,
}

/// Default turn timer, seconds.
pub const DEFAULT_TIMER_SECS: u32 = 120;

/// One chat's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatSettings {
    /// Chosen with /language; `None` until chosen or derived from the first user.
    #[serde(default)]
    pub lang: Option<Lang>,
    #[serde(default)]
    pub display: Display,
    /// Turn timer in seconds; 0 = off.
    #[serde(default = "default_timer")]
    pub timer_secs: u32,
}

fn default_timer() -> u32 {
    DEFAULT_TIMER_SECS
}

impl Default for ChatSettings {
    fn default() -> Self {
        Self {
            lang: None,
            display: Display::default(),
            timer_secs: DEFAULT_TIMER_SECS,
        }
    }
}
