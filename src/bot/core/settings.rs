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

impl ChatSettings {
    /// The turn timer in milliseconds, with `unit_ms` milliseconds per second (1000; tests
    /// shorten it); 0 = off.
    #[must_use]
    pub fn turn_ms(&self, unit_ms: u64) -> u64 {
        u64::from(self.timer_secs) * unit_ms
    }
}

/// Timer values offered (seconds); 0 is off.
pub const TIMER_CHOICES: [u32; 5] = [0, 30, 60, 120, 300];

/// Parse `/timer` arguments: `off` or seconds among [`TIMER_CHOICES`].
#[must_use]
pub fn parse_timer(args: &str) -> Option<u32> {
    let a = args.trim().to_lowercase();
    if matches!(a.as_str(), "off" | "0" | "no") {
        return Some(0);
    }
    let n: u32 = a.trim_end_matches('s').parse().ok()?;
    TIMER_CHOICES.contains(&n).then_some(n)
}

/// Parse `/display` arguments: `image` or `emoji`, in any of the chat's languages.
#[must_use]
pub fn parse_display(args: &str) -> Option<Display> {
    match args.trim().to_lowercase().as_str() {
        "image" | "imatge" | "imagen" | "png" => Some(Display::Image),
        "emoji" | "text" | "texto" => Some(Display::Emoji),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timer_takes_off_or_one_of_the_offered_values() {
        // Given /timer arguments, When parsed, Then only off and the offered values pass.
        assert_eq!(parse_timer("off"), Some(0));
        assert_eq!(parse_timer("60"), Some(60));
        assert_eq!(parse_timer(" 300s "), Some(300));
        assert_eq!(parse_timer("45"), None);
        assert_eq!(parse_timer("lots"), None);
    }

    #[test]
    fn display_takes_image_or_emoji_in_any_language() {
        // Given /display arguments, When parsed, Then each language's word is understood.
        assert_eq!(parse_display("Imatge"), Some(Display::Image));
        assert_eq!(parse_display(" texto "), Some(Display::Emoji));
        assert_eq!(parse_display("3d"), None);
    }

    #[test]
    fn a_timer_of_n_seconds_lasts_n_units() {
        // Given a 30 s timer, When units are 1000 ms or 10 ms, Then it lasts 30 of them.
        let s = ChatSettings {
            timer_secs: 30,
            ..ChatSettings::default()
        };
        assert_eq!(s.turn_ms(1000), 30_000);
        assert_eq!(s.turn_ms(10), 300);
    }
}
