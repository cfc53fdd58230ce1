//! The languages the bot and the terminal game speak, and how to pick one.

use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;

use fluent_templates::LanguageIdentifier;
use serde::{Deserialize, Serialize};

/// A language with its own folder under `locales/`.
///
/// Serialized as its [`code`](Lang::code) (`"ca-ES-valencia"`), which is also the name of
/// its folder under `locales/`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Lang {
    /// Catalan (central standard).
    #[serde(rename = "ca")]
    Ca,
    /// Valencian, the vocabulary of the JCF rulebook.
    #[serde(rename = "ca-ES-valencia")]
    CaValencia,
    /// Spanish.
    #[serde(rename = "es")]
    Es,
    /// English, the last fallback of every language.
    #[serde(rename = "en")]
    En,
}

/// `s` is not a language this program speaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown language {0:?} (try ca, ca-ES-valencia, es or en)")]
pub struct UnknownLang(pub String);

static LANGIDS: LazyLock<[LanguageIdentifier; 4]> = LazyLock::new(|| {
    [
        fluent_templates::langid!("ca"),
        fluent_templates::langid!("ca-ES-valencia"),
        fluent_templates::langid!("es"),
        fluent_templates::langid!("en"),
    ]
});

impl Lang {
    /// Every language, in the order a language menu shows them.
    pub const ALL: [Self; 4] = [Self::Ca, Self::CaValencia, Self::Es, Self::En];

    /// The BCP 47 tag, also the folder name under `locales/`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Self::Ca => "ca",
            Self::CaValencia => "ca-ES-valencia",
            Self::Es => "es",
            Self::En => "en",
        }
    }

    /// The language's name in itself, for menus (`Valencià`).
    #[must_use]
    pub const fn native_name(self) -> &'static str {
        match self {
            Self::Ca => "Català",
            Self::CaValencia => "Valencià",
            Self::Es => "Español",
            Self::En => "English",
        }
    }

    /// Where a message missing in this language is looked up, this language first:
    /// `ca-ES-valencia → ca → en`, `ca → en`, `es → en`, `en`.
    #[must_use]
    pub const fn fallback_chain(self) -> &'static [Self] {
        match self {
            Self::CaValencia => &[Self::CaValencia, Self::Ca, Self::En],
            Self::Ca => &[Self::Ca, Self::En],
            Self::Es => &[Self::Es, Self::En],
            Self::En => &[Self::En],
        }
    }

    /// The language of a Telegram user's `language_code` (an IETF tag such as `ca`, `es-ES`,
    /// `en-GB`), or `None` when it is missing or not one of ours.
    ///
    /// Telegram sends no Valencian tag in practice, so `ca` gives Catalan; the tags
    /// `ca-ES-valencia`, `ca-valencia`, `va` and `val` give Valencian.
    #[must_use]
    pub fn from_telegram(language_code: Option<&str>) -> Option<Self> {
        let code = language_code?.trim().to_ascii_lowercase().replace('_', "-");
        let mut subtags = code.split('-');
        match subtags.next()? {
            "va" | "val" => Some(Self::CaValencia),
            "ca" if subtags.any(|s| s == "valencia") => Some(Self::CaValencia),
            "ca" => Some(Self::Ca),
            "es" => Some(Self::Es),
            "en" => Some(Self::En),
            _ => None,
        }
    }

    /// The Fluent language identifier of this language's bundle.
    #[must_use]
    pub(crate) fn langid(self) -> &'static LanguageIdentifier {
        &LANGIDS[self as usize]
    }
}

impl fmt::Display for Lang {
    /// Writes the [`code`](Lang::code).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Lang {
    type Err = UnknownLang;

    /// Parses a code or tag as [`from_telegram`](Lang::from_telegram) does, or a language's
    /// name in itself or in English (`valencià`, `Spanish`, `castellano`), ignoring case —
    /// what a user may type after `/language`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if let Some(lang) = Self::from_telegram(Some(s)) {
            return Ok(lang);
        }
        let name = s.trim().to_lowercase();
        match name.as_str() {
            "català" | "catala" | "catalan" | "catalán" => Ok(Self::Ca),
            "valencià" | "valencia" | "valencian" | "valenciano" => Ok(Self::CaValencia),
            "español" | "espanol" | "castellano" | "castellà" | "spanish" => Ok(Self::Es),
            "english" | "anglès" | "inglés" | "ingles" => Ok(Self::En),
            _ => Err(UnknownLang(s.to_owned())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_through_from_str_and_serde() {
        for lang in Lang::ALL {
            assert_eq!(lang.code().parse::<Lang>(), Ok(lang));
            let json = serde_json::to_string(&lang).unwrap_or_default();
            assert_eq!(json, format!("\"{}\"", lang.code()));
            assert_eq!(serde_json::from_str::<Lang>(&json).ok(), Some(lang));
            assert_eq!(lang.langid().to_string(), lang.code());
        }
        assert!(serde_json::from_str::<Lang>("\"fr\"").is_err());
    }

    #[test]
    fn telegram_codes_map_to_our_languages() {
        let cases = [
            (Some("ca"), Some(Lang::Ca)),
            (Some("ca-ES"), Some(Lang::Ca)),
            (Some("ca-ES-valencia"), Some(Lang::CaValencia)),
            (Some("ca_es_VALENCIA"), Some(Lang::CaValencia)),
            (Some("va"), Some(Lang::CaValencia)),
            (Some("es"), Some(Lang::Es)),
            (Some("es-419"), Some(Lang::Es)),
            (Some("en-GB"), Some(Lang::En)),
            (Some("EN"), Some(Lang::En)),
            (Some("fr"), None),
            (Some("cat"), None),
            (Some(""), None),
            (None, None),
        ];
        for (code, want) in cases {
            assert_eq!(Lang::from_telegram(code), want, "{code:?}");
        }
    }

    #[test]
    fn names_typed_after_the_language_command_parse() {
        assert_eq!("Valencià".parse::<Lang>(), Ok(Lang::CaValencia));
        assert_eq!("castellano".parse::<Lang>(), Ok(Lang::Es));
        assert_eq!(" English ".parse::<Lang>(), Ok(Lang::En));
        assert_eq!(
            "klingon".parse::<Lang>(),
            Err(UnknownLang("klingon".to_owned()))
        );
    }

    #[test]
    fn every_chain_starts_with_itself_and_ends_in_english() {
        for lang in Lang::ALL {
            let chain = lang.fallback_chain();
            assert_eq!(chain.first(), Some(&lang));
            assert_eq!(chain.last(), Some(&Lang::En));
        }
        assert_eq!(
            Lang::CaValencia.fallback_chain(),
            [Lang::CaValencia, Lang::Ca, Lang::En]
        );
    }
}
