//! Per-chat settings stored beside the table: language, board display, turn timer, dice,
//! pings.

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

/// Who rolls a human's die (`/dice`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DiceMode {
    /// The bot rolls at the start of a human's turn; the board asks straight for the move.
    #[default]
    Auto,
    /// The board shows a Roll button.
    Button,
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
    /// Who rolls a human's die (`/dice auto|button`).
    #[serde(default)]
    pub dice: DiceMode,
    /// Seconds a human's turn waits before the bot mentions them (`/pings`); 0 = off.
    #[serde(default = "default_pings")]
    pub pings_secs: u32,
    /// The chat's languages were offered (under its first lobby) or chosen (`/language`):
    /// lobbies no longer carry the language row.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub lang_offered: bool,
}

/// Default wait before a ping (`/pings`), seconds.
pub const DEFAULT_PINGS_SECS: u32 = 30;

/// The waits `/pings` accepts, seconds (0 is off).
pub const PINGS_CHOICES: [u32; 3] = [30, 60, 120];

fn default_pings() -> u32 {
    DEFAULT_PINGS_SECS
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
            dice: DiceMode::default(),
            pings_secs: DEFAULT_PINGS_SECS,
            lang_offered: false,
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

/// The shortest and longest turn timer `/timer` accepts, in seconds (0 is off).
pub const TIMER_RANGE: std::ops::RangeInclusive<u32> = 10..=3600;

/// Parse `/timer` arguments: off (`off`, `no`, `0`, or the word in any of the chat's
/// languages), or a duration: plain seconds (`90`), seconds or minutes with a unit (`90s`,
/// `2m`, `2 min`, `1m30s`, `1 min 30 s`, `1.5 min`), within [`TIMER_RANGE`].
#[must_use]
pub fn parse_timer(args: &str) -> Option<u32> {
    let a = args.trim().to_lowercase();
    if matches!(
        a.as_str(),
        "off" | "no" | "0" | "none" | "cap" | "sense" | "sin" | "desactivat" | "desactivado"
    ) {
        return Some(0);
    }
    let secs = duration_secs(&a)?;
    TIMER_RANGE.contains(&secs).then_some(secs)
}

/// Seconds in a duration like `90`, `90s`, `2m`, `2 min`, `1m 30s`, `1.5min` (None otherwise).
fn duration_secs(a: &str) -> Option<u32> {
    let mut total: f64 = 0.0;
    let mut rest = a.trim();
    let mut parts = 0;
    while !rest.is_empty() {
        let num_len = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
            .unwrap_or(rest.len());
        if num_len == 0 || num_len > 7 {
            return None;
        }
        let n: f64 = rest[..num_len].replace(',', ".").parse().ok()?;
        rest = rest[num_len..].trim_start();
        let unit_len = rest
            .find(|c: char| !c.is_alphabetic())
            .unwrap_or(rest.len());
        let unit = &rest[..unit_len];
        rest = rest[unit_len..].trim_start();
        let scale = match unit {
            "" | "s" | "sec" | "secs" | "seg" | "segs" | "second" | "seconds" | "segon"
            | "segons" | "segundo" | "segundos" => 1.0,
            "m" | "min" | "mins" | "minute" | "minutes" | "minut" | "minuts" | "minuto"
            | "minutos" => 60.0,
            _ => return None,
        };
        total += n * scale;
        parts += 1;
        if parts > 2 {
            return None;
        }
    }
    (parts > 0 && total.fract() == 0.0 && total <= f64::from(u32::MAX)).then_some(total as u32)
}

/// Parse `/pings` arguments: off (as [`parse_timer`] says it), or one of [`PINGS_CHOICES`]
/// written as `/timer` takes durations (`30`, `30s`, `1m`, `2 min`).
#[must_use]
pub fn parse_pings(args: &str) -> Option<u32> {
    match parse_timer(args)? {
        0 => Some(0),
        secs => PINGS_CHOICES.contains(&secs).then_some(secs),
    }
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

/// Parse `/dice` arguments: `auto` or `button`, in any of the chat's languages.
#[must_use]
pub fn parse_dice(args: &str) -> Option<DiceMode> {
    match args.trim().to_lowercase().as_str() {
        "auto" | "automatic" | "automàtic" | "automàtica" | "automático" | "automatico" => {
            Some(DiceMode::Auto)
        }
        "button" | "botó" | "boto" | "botón" | "boton" | "manual" => Some(DiceMode::Button),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timer_takes_off_seconds_or_minutes_as_people_write_them() {
        // Given /timer arguments as the help offers them, When parsed, Then they are seconds.
        assert_eq!(parse_timer("off"), Some(0));
        assert_eq!(parse_timer("Sense"), Some(0));
        assert_eq!(parse_timer("60"), Some(60));
        assert_eq!(parse_timer("45"), Some(45));
        assert_eq!(parse_timer(" 300s "), Some(300));
        assert_eq!(parse_timer("90s"), Some(90));
        assert_eq!(parse_timer("2m"), Some(120));
        assert_eq!(parse_timer("2 min"), Some(120));
        assert_eq!(parse_timer("2 minuts"), Some(120));
        assert_eq!(parse_timer("1m30s"), Some(90));
        assert_eq!(parse_timer("1 min 30 s"), Some(90));
        assert_eq!(parse_timer("1,5 min"), Some(90));
        // And nothing else: out of range, negative, fractions of a second, other words.
        assert_eq!(parse_timer("5"), None);
        assert_eq!(parse_timer("61m"), None);
        assert_eq!(parse_timer("-1"), None);
        assert_eq!(parse_timer("0.5"), None);
        assert_eq!(parse_timer("99999999999999999999"), None);
        assert_eq!(parse_timer("2 hours"), None);
        assert_eq!(parse_timer("1m 2m 3m"), None);
        assert_eq!(parse_timer("lots"), None);
        assert_eq!(parse_timer(""), None);
    }

    #[test]
    fn pings_take_off_or_thirty_sixty_or_a_hundred_and_twenty_seconds() {
        // Given /pings arguments as people write them, When parsed, Then they are seconds.
        assert_eq!(parse_pings("off"), Some(0));
        assert_eq!(parse_pings("30"), Some(30));
        assert_eq!(parse_pings("30s"), Some(30));
        assert_eq!(parse_pings("1m"), Some(60));
        assert_eq!(parse_pings("2 min"), Some(120));
        assert_eq!(parse_pings("120"), Some(120));
        // And no other duration.
        assert_eq!(parse_pings("45"), None);
        assert_eq!(parse_pings("10m"), None);
        assert_eq!(parse_pings("soon"), None);
        // And settings stored before /pings existed read as the default.
        let old: ChatSettings =
            serde_json::from_str(r#"{"lang":"en","display":"emoji","timer_secs":0}"#)
                .expect("old settings");
        assert_eq!(old.pings_secs, DEFAULT_PINGS_SECS);
    }

    #[test]
    fn display_takes_image_or_emoji_in_any_language() {
        // Given /display arguments, When parsed, Then each language's word is understood.
        assert_eq!(parse_display("Imatge"), Some(Display::Image));
        assert_eq!(parse_display(" texto "), Some(Display::Emoji));
        assert_eq!(parse_display("3d"), None);
    }

    #[test]
    fn dice_takes_auto_or_button_in_any_language_and_defaults_to_auto() {
        // Given /dice arguments, When parsed, Then each language's word is understood.
        assert_eq!(parse_dice(" Auto "), Some(DiceMode::Auto));
        assert_eq!(parse_dice("automàtic"), Some(DiceMode::Auto));
        assert_eq!(parse_dice("botó"), Some(DiceMode::Button));
        assert_eq!(parse_dice("Botón"), Some(DiceMode::Button));
        assert_eq!(parse_dice("button"), Some(DiceMode::Button));
        assert_eq!(parse_dice("sometimes"), None);
        // And settings stored before /dice existed read as auto.
        let old: ChatSettings =
            serde_json::from_str(r#"{"lang":"en","display":"emoji","timer_secs":0}"#)
                .expect("old settings");
        assert_eq!(old.dice, DiceMode::Auto);
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
