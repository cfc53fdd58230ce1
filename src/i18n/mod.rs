//! Languages and messages: every user-visible text is a typed [`Msg`] rendered through the
//! Fluent files under `locales/<code>/*.ftl`, compiled into the binary.
//!
//! Two renderings:
//! - [`tr`] gives **Telegram HTML** (for `parse_mode=HTML` messages and captions): the locale
//!   text may carry `<b>`, `<i>`, `<code>`, and every text argument (a user's name) is escaped
//!   by `tr` itself. Callers pass names as they are and must not escape them first.
//! - [`tr_plain`] gives **plain text** (button labels, callback alerts, command descriptions,
//!   the terminal game): the same text with tags removed and entities decoded.
//!
//! A message missing in a language is taken from the next one in
//! [`Lang::fallback_chain`]; the tests check that no locale misses any.
//!
//! ```
//! use parxis::engine::Colour;
//! use parxis::i18n::{tr, tr_plain, Lang, Msg};
//!
//! let turn = Msg::Turn { name: "<Pep>".into(), colour: Colour::Red };
//! assert_eq!(tr(Lang::CaValencia, &turn), "Torn: <b>&lt;Pep&gt;</b> (roig)");
//! assert_eq!(tr_plain(Lang::Ca, &turn), "Torn: <Pep> (vermell)");
//! ```
//!
//! The `.ftl` files are embedded by `static_loader!` at compile time and parsed on first use:
//! edits to existing files trigger a rebuild, but after *adding* a file `touch` this module.
//! A syntax error in a file would panic on first use; `cargo test` catches it.

pub mod achieve_msg;
mod arg;
pub mod caption_msg;
pub mod ext_msg;
pub mod fair_msg;
mod lang;
pub mod live_msg;
mod msg;
pub mod pairs_msg;
pub mod replay_msg;
mod samples;
pub mod season_msg;
pub mod stats_msg;
pub mod tourney_msg;
mod vocab;

#[cfg(test)]
mod tests;

use std::borrow::Cow;
use std::collections::HashMap;

use fluent_templates::fluent_bundle::FluentValue;

use crate::engine::{Colour, Loc};

pub use achieve_msg::{AchieveMsg, Opened};
pub use arg::{Arg, Word};
pub use caption_msg::CaptionMsg;
pub use ext_msg::ExtMsg;
pub use fair_msg::FairMsg;
pub use lang::{Lang, UnknownLang};
pub use live_msg::LiveMsg;
pub use msg::Msg;
pub use pairs_msg::PairsMsg;
pub use replay_msg::ReplayMsg;
pub use season_msg::SeasonMsg;
pub use stats_msg::StatsMsg;
pub use tourney_msg::TourneyMsg;
pub use vocab::{Cmd, Level, Preset};

fluent_templates::static_loader! {
    static LOCALES = {
        locales: "./locales",
        fallback_language: "en",
        // Unicode isolation marks (U+2068, U+2069) around arguments would show up in
        // Telegram and in terminals as stray characters.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

type Args = HashMap<Cow<'static, str>, FluentValue<'static>>;

/// Renders `msg` in `lang` as Telegram HTML; names and other text arguments are escaped here.
#[must_use]
pub fn tr(lang: Lang, msg: &Msg) -> String {
    let args = html_args(lang, msg);
    lookup(lang, msg.id(), &args)
}

/// Renders `msg` in `lang` as plain text (no tags, no entities), for button labels, callback
/// alerts, command descriptions and the terminal.
#[must_use]
pub fn tr_plain(lang: Lang, msg: &Msg) -> String {
    html_to_plain(&tr(lang, msg))
}

/// A colour's name in `lang`, plain text ("roig").
#[must_use]
pub fn colour(lang: Lang, c: Colour) -> String {
    tr_plain(lang, &Msg::Colour(c))
}

/// A location in `lang`, plain text ("casella 12", "corredor groc 3").
#[must_use]
pub fn loc(lang: Lang, l: Loc) -> String {
    tr_plain(lang, &Msg::Loc(l))
}

/// Escapes `&`, `<` and `>` for Telegram HTML. [`tr`] already does this for message
/// arguments; use it for text you put into HTML yourself (a player list line).
#[must_use]
pub fn escape_html(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            _ => out.push(ch),
        }
    }
    out
}

/// A mention of Telegram user `id` (HTML): a `tg://user` link named `name` (escaped), which
/// notifies them as a ping does.
#[must_use]
pub fn mention(id: i64, name: &str) -> String {
    format!("<a href=\"tg://user?id={id}\">{}</a>", escape_html(name))
}

/// The Fluent arguments of `msg`, ready for HTML: text escaped, sub-messages rendered.
fn html_args(lang: Lang, msg: &Msg) -> Args {
    msg.args()
        .into_iter()
        .map(|(key, arg)| {
            let value = match arg {
                Arg::Text(s) => FluentValue::from(escape_html(&s)),
                Arg::Num(n) => FluentValue::from(n),
                Arg::Flag(b) => FluentValue::from(if b { "true" } else { "false" }),
                Arg::Msg(m) => FluentValue::from(tr(lang, &m)),
                Arg::Word(w) => FluentValue::from(tr(lang, &Msg::from(w))),
                Arg::Mention { id, name } => FluentValue::from(mention(id, &name)),
            };
            (Cow::Borrowed(key), value)
        })
        .collect()
}

/// Formats message `id` in the first language of `lang`'s fallback chain that has it and
/// formats it without errors; the id itself when none does (never panics).
fn lookup(lang: Lang, id: &str, args: &Args) -> String {
    for &l in lang.fallback_chain() {
        match LOCALES.lookup_single_language(l.langid(), id, Some(args)) {
            Ok(text) => return text,
            Err(e) => tracing::warn!(lang = l.code(), id, error = %e, "message not rendered"),
        }
    }
    id.to_owned()
}

/// Formats `id` in `lang`'s own bundle only (no fallback), for the locale tests.
#[cfg(test)]
fn lookup_exact(lang: Lang, msg: &Msg) -> Result<String, String> {
    LOCALES
        .lookup_single_language(lang.langid(), msg.id(), Some(&html_args(lang, msg)))
        .map_err(|e| e.to_string())
}

/// Removes tags and decodes the entities `tr` output can hold (`&amp;`, `&lt;`, `&gt;`,
/// `&quot;`, `&#NN;`). Text outside tags is already escaped, so this is exact.
#[must_use]
pub fn html_to_plain(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(i) = rest.find(['<', '&']) {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        if rest.starts_with('<') {
            match rest.find('>') {
                Some(end) => rest = &rest[end + 1..],
                None => {
                    out.push_str(rest);
                    return out;
                }
            }
            continue;
        }
        let decoded = rest.find(';').and_then(|end| {
            let ch = match &rest[1..end] {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                e => e
                    .strip_prefix('#')
                    .and_then(|n| n.parse::<u32>().ok())
                    .and_then(char::from_u32),
            }?;
            Some((ch, end + 1))
        });
        match decoded {
            Some((ch, len)) => {
                out.push(ch);
                rest = &rest[len..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}
