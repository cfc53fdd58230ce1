//! Guest Mode (Bot API 10.0, 2026-05-08): a user mentions the bot in a chat it is not a
//! member of; the bot gets a `guest_message` update (only when `allowed_updates` lists it:
//! [`super::updates`]) and answers it once with `answerGuestQuery`, which posts an inline
//! message the bot can keep editing by its `inline_message_id` (`SentGuestMessage`).
//!
//! Names checked against grammY's types (`Update.guest_message`, `Message.guest_query_id`,
//! `ApiMethods.answerGuestQuery(guest_query_id, result: InlineQueryResult)`,
//! `SentGuestMessage.inline_message_id`, "Identifier of the sent inline message", not
//! optional), the official changelog of 10.0, and televerse's and aiogram's
//! `answerGuestQuery`. `Message.guest_bot_caller_user` / `guest_bot_caller_chat` are set on
//! the messages a guest bot *sends* (who summoned it), so the bot reads the mention's own
//! `from`.
//!
//! The bot answers with the inline offer an inline query gets (its "New game" placeholder),
//! then opens the lobby on the posted inline message: from there it is an inline game
//! ([`crate::bot::effects::inline`]).

use serde::{Deserialize, Serialize};
use teloxide::requests::{JsonRequest, Payload};
use teloxide::types::{InlineQueryResult, User};

use crate::bot::effects::telegram::TgBot;

/// The update field that carries a guest message (10.0).
pub const GUEST_MESSAGE: &str = "guest_message";

/// The chat of a guest message: only what the bot reads.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct GuestChat {
    pub id: i64,
    #[serde(rename = "type")]
    pub kind: String,
}

/// A `guest_message` update's `Message`, the fields the bot reads: who mentioned it (`from`),
/// where (`chat`) and the query to answer.
#[derive(Clone, Debug, Deserialize)]
pub struct GuestMessage {
    pub message_id: i32,
    pub chat: GuestChat,
    #[serde(default)]
    pub from: Option<User>,
    #[serde(default)]
    pub text: Option<String>,
    /// 10.0: the query to answer with [`AnswerGuestQuery`], once.
    pub guest_query_id: String,
}

impl GuestMessage {
    /// The guest message of a raw update, if it is one the bot can read (an unreadable one,
    /// e.g. without `guest_query_id`, is `None`).
    #[must_use]
    pub fn of_update(update: &serde_json::Value) -> Option<Self> {
        serde_json::from_value(update.get(GUEST_MESSAGE)?.clone()).ok()
    }
}

/// `answerGuestQuery` (10.0).
#[derive(Clone, Debug, Serialize)]
pub struct AnswerGuestQuery {
    pub guest_query_id: String,
    /// The message to post, as an inline query's result.
    pub result: InlineQueryResult,
}

/// `SentGuestMessage` (10.0): the inline message posted.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct SentGuestMessage {
    pub inline_message_id: String,
}

impl Payload for AnswerGuestQuery {
    type Output = SentGuestMessage;
    const NAME: &'static str = "AnswerGuestQuery";
}

impl AnswerGuestQuery {
    /// The request, to send with `.await`.
    pub fn request(self, bot: &TgBot) -> JsonRequest<Self> {
        JsonRequest::new(bot.clone(), self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use teloxide::types::{InlineQueryResultArticle, InputMessageContent, InputMessageContentText};

    #[test]
    fn a_guest_message_reads_from_its_update_and_its_answer_names_the_query() {
        let update = serde_json::json!({
            "update_id": 5,
            "guest_message": {
                "message_id": 1, "date": 0, "text": "@parxis_bot",
                "chat": {"id": 42, "type": "private"},
                "from": {"id": 42, "is_bot": false, "first_name": "Anna"},
                "guest_query_id": "gq-1",
            }
        });
        let g = GuestMessage::of_update(&update).expect("a guest message");
        assert_eq!(g.guest_query_id, "gq-1");
        assert_eq!(
            g.chat,
            GuestChat {
                id: 42,
                kind: "private".into()
            }
        );
        assert!(GuestMessage::of_update(&serde_json::json!({"update_id": 6})).is_none());

        let answer = AnswerGuestQuery {
            guest_query_id: g.guest_query_id,
            result: InlineQueryResult::Article(InlineQueryResultArticle::new(
                "new",
                "New game",
                InputMessageContent::Text(InputMessageContentText::new("lobby")),
            )),
        };
        let json = serde_json::to_value(&answer).expect("encodes");
        assert_eq!(json["guest_query_id"], "gq-1");
        assert_eq!(json["result"]["type"], "article");
        let sent: SentGuestMessage =
            serde_json::from_value(serde_json::json!({"inline_message_id": "AQ"}))
                .expect("decodes");
        assert_eq!(sent.inline_message_id, "AQ");
    }
}
