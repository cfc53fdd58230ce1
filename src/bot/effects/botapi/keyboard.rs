//! Styled inline buttons (Bot API 9.4, 2026-02-09: "Added the field *style* to the classes
//! KeyboardButton and InlineKeyboardButton"; the values `danger`, `success`, `primary` as
//! grammY's `AbstractInlineKeyboardButton.style` spells them). An omitted style is the app's
//! own.
//!
//! Disabled buttons (Bot API 10.3: `InlineKeyboardButton.disabled`, a `DisabledButton`,
//! "If set, then the button is disabled and does nothing", an object that "currently holds
//! no information"; as televerse's `InlineKeyboardButton.disabled` ("Since: Bot API 10.3")
//! and grammY's `DisabledButton` name them). It is one of the button's kinds: a disabled
//! button has its `text` and `disabled: {}`, no `callback_data`.

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

impl Style {
    /// The style of a tone; none for a disabled button.
    #[must_use]
    pub fn of(t: Tone) -> Option<Self> {
        match t {
            Tone::Go => Some(Self::Success),
            Tone::Stop => Some(Self::Danger),
            Tone::Mine => Some(Self::Primary),
            Tone::Off => None,
        }
    }
}

/// `DisabledButton` (10.3): no fields yet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct DisabledButton {}

/// What a button is: teloxide's (text and kind), or a disabled one (10.3).
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum Face {
    Button(InlineKeyboardButton),
    Disabled {
        text: String,
        disabled: DisabledButton,
    },
}

/// A button with the 9.4 `style` beside its fields.
#[derive(Clone, Debug, Serialize)]
pub struct StyledButton {
    #[serde(flatten)]
    pub face: Face,
    /// Since 9.4.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub style: Option<Style>,
}

/// An `InlineKeyboardMarkup` of [`StyledButton`]s.
#[derive(Clone, Debug, Serialize)]
pub struct StyledKeyboard {
    pub inline_keyboard: Vec<Vec<StyledButton>>,
}

/// `b` as sent: its style from what it does ([`tone_of`] its callback data: Roll and Join
/// green, Leave and Cancel red, the player's moves blue; the rest plain), or disabled when
/// drawn off ([`Tone::Off`]: its data is not sent).
fn styled_button(b: &InlineKeyboardButton) -> StyledButton {
    let tone = match &b.kind {
        InlineKeyboardButtonKind::CallbackData(d) => tone_of(d),
        _ => None,
    };
    match tone {
        Some(Tone::Off) => StyledButton {
            face: Face::Disabled {
                text: b.text.clone(),
                disabled: DisabledButton {},
            },
            style: None,
        },
        tone => StyledButton {
            face: Face::Button(b.clone()),
            style: tone.and_then(Style::of),
        },
    }
}

/// `kb` as sent, each button styled or disabled by what it does ([`styled_button`]).
#[must_use]
pub fn styled(kb: &InlineKeyboardMarkup) -> StyledKeyboard {
    StyledKeyboard {
        inline_keyboard: kb
            .inline_keyboard
            .iter()
            .map(|row| row.iter().map(styled_button).collect())
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

    #[test]
    fn a_button_drawn_off_is_sent_disabled_without_its_data() {
        let start = Press {
            button: Button::Start,
            version: 4,
        }
        .encode();
        let kb = InlineKeyboardMarkup::new([[crate::bot::core::view::keyboard::off(
            InlineKeyboardButton::callback("Start", start),
        )]]);
        let json = serde_json::to_value(styled(&kb)).expect("encodes");
        assert_eq!(
            json["inline_keyboard"][0][0],
            serde_json::json!({"text": "Start", "disabled": {}})
        );
    }
}
