//! Styled inline buttons (Bot API 9.4, 2026-02-09: "Added the field *style* to the classes
//! KeyboardButton and InlineKeyboardButton"; the values `danger`, `success`, `primary` as
//! grammY's `AbstractInlineKeyboardButton.style` spells them). An omitted style is the app's
//! own.

use serde::Serialize;
use teloxide::types::{InlineKeyboardButton, InlineKeyboardButtonKind, InlineKeyboardMarkup};

use crate::bot::core::view::keyboard::{Tone, tone_of};

/// `InlineKeyboardButton.style` (9.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Style {
    /// Green.
    Success,
    /// Red.
    Danger,
    /// Blue.
    Primary,
}

impl From<Tone> for Style {
    fn from(t: Tone) -> Self {
        match t {
            Tone::Go => Self::Success,
            Tone::Stop => Self::Danger,
            Tone::Mine => Self::Primary,
        }
    }
}

/// teloxide's button with the 9.4 `style` beside its fields.
#[derive(Clone, Debug, Serialize)]
pub struct StyledButton {
    #[serde(flatten)]
    pub button: InlineKeyboardButton,
    /// Since 9.4.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub style: Option<Style>,
}

/// An `InlineKeyboardMarkup` of [`StyledButton`]s.
#[derive(Clone, Debug, Serialize)]
pub struct StyledKeyboard {
    pub inline_keyboard: Vec<Vec<StyledButton>>,
}

/// `kb` with each button's style taken from what it does ([`tone_of`] its callback data:
/// Roll and Join green, Leave and Cancel red, the player's moves blue; the rest plain).
#[must_use]
pub fn styled(kb: &InlineKeyboardMarkup) -> StyledKeyboard {
    StyledKeyboard {
        inline_keyboard: kb
            .inline_keyboard
            .iter()
            .map(|row| {
                row.iter()
                    .map(|b| StyledButton {
                        style: match &b.kind {
                            InlineKeyboardButtonKind::CallbackData(d) => {
                                tone_of(d).map(Style::from)
                            }
                            _ => None,
                        },
                        button: b.clone(),
                    })
                    .collect()
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::core::callback::{Button, Press};

    #[test]
    fn a_styled_keyboard_carries_each_buttons_fields_and_its_style() {
        let data = |button| Press { button, version: 4 }.encode();
        let kb = InlineKeyboardMarkup::new([
            vec![
                InlineKeyboardButton::callback("Join", data(Button::Join)),
                InlineKeyboardButton::callback("Leave", data(Button::Leave)),
            ],
            vec![
                InlineKeyboardButton::callback("Start", data(Button::Start)),
                InlineKeyboardButton::url("Live", "https://example.org/".parse().expect("url")),
            ],
        ]);
        let json = serde_json::to_value(styled(&kb)).expect("encodes");
        assert_eq!(
            json["inline_keyboard"][0][0],
            serde_json::json!({"text": "Join", "callback_data": "j:4", "style": "success"})
        );
        assert_eq!(json["inline_keyboard"][0][1]["style"], "danger");
        assert!(json["inline_keyboard"][1][0].get("style").is_none());
        assert_eq!(json["inline_keyboard"][1][1]["url"], "https://example.org/");
        assert!(json["inline_keyboard"][1][1].get("style").is_none());
    }
}
