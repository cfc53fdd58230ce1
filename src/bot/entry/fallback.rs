//! Messages that look like commands but are not ours to run: unknown commands and known
//! commands with arguments they do not take. Never a state change.
//!
//! In a group a bare `/foo` may be meant for another bot, so it gets silence; `/foo@ourbot`
//! and anything in a private chat get a short localized answer.

use std::sync::Arc;

use teloxide::types::Me;
use tracing::debug;

use crate::bot::core::command::word as command_word;
use crate::bot::effects::chat::{self, ChatAddr};
use crate::bot::effects::telegram::is_group;
use crate::bot::effects::{Ctx, HandlerResult};
use crate::i18n::{Cmd, Msg, tr};

/// Does this message start like a command (`/word`)?
#[must_use]
pub fn looks_like_command(msg: &teloxide::types::Message) -> bool {
    msg.text().is_some_and(|t| t.starts_with('/'))
}

/// What to answer to a command text that did not parse: `None` = stay silent.
#[must_use]
pub fn answer_for(text: &str, bot_username: &str, private: bool) -> Option<Msg> {
    let first = text.split_whitespace().next().unwrap_or_default();
    let word = first.strip_prefix('/').unwrap_or(first);
    let (word, addressee) = match word.split_once('@') {
        Some((w, to)) => (w, Some(to)),
        None => (word, None),
    };
    let to_us = match addressee {
        Some(to) if !to.eq_ignore_ascii_case(bot_username) => return None,
        Some(_) => true,
        None => private,
    };
    let word = word.to_lowercase();
    if let Some(&cmd) = Cmd::ALL.iter().find(|&&c| command_word(c) == word) {
        // One of ours with arguments it does not take.
        return Some(Msg::BadArgs { cmd });
    }
    to_us.then_some(Msg::UnknownCommand)
}

/// A `/command` that did not parse as one of ours.
pub async fn on_unknown_command(
    msg: teloxide::types::Message,
    me: Me,
    ctx: Arc<Ctx>,
) -> HandlerResult {
    let chat = msg.chat.id.0;
    let text = msg.text().unwrap_or_default();
    let private = !is_group(&msg.chat);
    let username = me.username.as_deref().unwrap_or_default();
    let Some(answer) = answer_for(text, username, private) else {
        debug!(chat, "a command for someone else");
        return Ok(());
    };
    let addr = ChatAddr::of_message(&msg);
    let here = chat::load(&ctx, addr, msg.from.as_ref()).await;
    super::reply::reply(&ctx, &here, &msg, "unknown", tr(here.lang, &answer)).await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_commands_get_an_answer_only_when_meant_for_us() {
        let bot = "parxis_bot";
        assert_eq!(answer_for("/foo", bot, false), None);
        assert_eq!(answer_for("/foo", bot, true), Some(Msg::UnknownCommand));
        assert_eq!(
            answer_for("/foo@Parxis_Bot x", bot, false),
            Some(Msg::UnknownCommand)
        );
        assert_eq!(answer_for("/foo@other_bot", bot, true), None);
        assert_eq!(answer_for("/join@other_bot now", bot, false), None);
        assert_eq!(
            answer_for("/JOIN now please", bot, false),
            Some(Msg::BadArgs { cmd: Cmd::Join })
        );
        assert_eq!(answer_for("/", bot, false), None);
        assert_eq!(
            answer_for(&"/x".repeat(3000), bot, true),
            Some(Msg::UnknownCommand)
        );
    }
}
