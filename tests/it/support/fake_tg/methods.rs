//! The Bot API methods over the fake's state (photos are in `photos.rs`).

use serde_json::{Map, Value, json};

use super::{
    multipart::Upload,
    params::{
        Answer, ApiErr, EDIT_NOT_FOUND, INVALID_QUERY, NOT_MODIFIED, as_i64, bad, chat_id,
        inline_markup, lang, now, render_text, str_param,
    },
    state::{Membership, State},
};

impl State {
    /// Performs `method` (lower-cased). Unknown methods answer 404.
    pub fn call(&mut self, method: &str, p: &Value, files: &[Upload]) -> Answer {
        super::botapi::check_params(method, p)?;
        match method {
            "sendmessage" if p.get("ephemeral_message_parameters").is_some() => {
                self.send_ephemeral(p)
            }
            "getme" => Ok(self.me()),
            "getwebhookinfo" => Ok(json!({
                "url": self.webhook_url,
                "has_custom_certificate": false,
                "pending_update_count": self.updates.len(),
            })),
            "deletewebhook" => {
                self.webhook_url.clear();
                Ok(json!(true))
            }
            "setwebhook" => {
                self.note_allowed(p)?;
                self.webhook_url = str_param(p, "url").unwrap_or_default().to_owned();
                Ok(json!(true))
            }
            "answerguestquery" => self.answer_guest_query(p),
            "sendmessage" => self.send_message(p),
            "createforumtopic" => self.create_forum_topic(p),
            "sendphoto" => self.send_photo(p, files),
            "sendanimation" => self.send_file(p, files, "animation"),
            "senddocument" => self.send_file(p, files, "document"),
            "editmessagetext" => self.edit_text(p),
            "editmessagecaption" => self.edit_caption(p),
            "editmessagereplymarkup" => self.edit_markup(p),
            "editmessagemedia" => self.edit_media(p, files),
            "deletemessage" => self.delete_by_bot(p),
            "answerinlinequery" => self.answer_inline_query(p),
            "answercallbackquery" => {
                let id = str_param(p, "callback_query_id").unwrap_or_default();
                if self.pending_callbacks.remove(id) {
                    Ok(json!(true))
                } else {
                    Err(bad(INVALID_QUERY))
                }
            }
            "setmycommands" => self.set_commands(p),
            "getmycommands" => Ok(self
                .commands
                .get(lang(p))
                .cloned()
                .unwrap_or_else(|| json!([]))),
            "deletemycommands" => {
                let key = lang(p).to_owned();
                self.commands.remove(&key);
                Ok(json!(true))
            }
            "getchatmember" => {
                let chat = chat_id(p)?;
                self.writable(chat)?;
                let user = p
                    .get("user_id")
                    .and_then(as_i64)
                    .ok_or_else(|| bad("Bad Request: invalid user_id specified"))?;
                Ok(self.member_json(chat, user))
            }
            "getchat" => {
                let chat = chat_id(p)?;
                self.writable(chat)?;
                let mut full = self.chat_json(chat);
                full["accent_color_id"] = json!(0);
                full["max_reaction_count"] = json!(11);
                full["accepted_gift_types"] = json!({
                    "unlimited_gifts": false,
                    "limited_gifts": false,
                    "unique_gifts": false,
                    "premium_subscription": false,
                });
                Ok(full)
            }
            "getchatadministrators" => {
                let chat = chat_id(p)?;
                self.writable(chat)?;
                let admins: Vec<i64> = self.chat_mut(chat).admins.iter().copied().collect();
                Ok(admins
                    .into_iter()
                    .map(|u| self.member_json(chat, u))
                    .collect())
            }
            "sendchataction" => {
                self.writable(chat_id(p)?)?;
                Ok(json!(true))
            }
            "leavechat" => {
                let chat = chat_id(p)?;
                self.writable(chat)?;
                self.chat_mut(chat).membership = Membership::Left;
                Ok(json!(true))
            }
            _ => Err(ApiErr {
                status: 404,
                description: "Not Found: method not found".into(),
                parameters: None,
            }),
        }
    }

    fn me(&self) -> Value {
        let mut me = self.bot_user();
        me["can_join_groups"] = json!(true);
        me["can_read_all_group_messages"] = json!(false);
        me["supports_inline_queries"] = json!(false);
        me["can_connect_to_business"] = json!(false);
        me["has_main_web_app"] = json!(false);
        me
    }

    fn member_json(&self, chat: i64, user: i64) -> Value {
        let is_admin = self
            .chats
            .get(&chat)
            .is_some_and(|c| c.admins.contains(&user));
        let gone = self
            .chats
            .get(&chat)
            .and_then(|c| c.gone.get(&user).copied());
        let mut member = json!({"user": self.user_json(user), "status": "member"});
        if let Some(status) = gone {
            member = json!({"user": self.user_json(user), "status": status});
            if status == "kicked" {
                member["until_date"] = json!(0);
            }
        } else if is_admin {
            member = json!({
                "user": self.user_json(user),
                "status": "administrator",
                "can_be_edited": false,
                "is_anonymous": false,
                "can_manage_chat": true,
                "can_change_info": true,
                "can_delete_messages": true,
                "can_manage_video_chats": true,
                "can_invite_users": true,
                "can_restrict_members": true,
                "can_promote_members": false,
                "can_pin_messages": true,
            });
        }
        member
    }

    /// Common checks of a bot message send: the chat is writable, the reply target exists.
    pub fn prepare_send(&mut self, p: &Value) -> Result<(i64, Map<String, Value>), ApiErr> {
        let chat = chat_id(p)?;
        self.writable(chat)?;
        let thread = self.send_thread(chat, p)?;
        let mut body = Map::new();
        if let Some(topic) = thread {
            super::topics::in_topic(&mut body, topic);
        }
        let reply_to = p["reply_parameters"]["message_id"]
            .as_i64()
            .or_else(|| p.get("reply_to_message_id").and_then(as_i64));
        if let Some(reply_to) = reply_to {
            let lenient = p["reply_parameters"]["allow_sending_without_reply"] == json!(true)
                || p["allow_sending_without_reply"] == json!(true);
            match i32::try_from(reply_to)
                .ok()
                .and_then(|id| self.live_message(chat, id))
            {
                Some(target) => {
                    body.insert("reply_to_message".into(), target.json.clone());
                }
                None if lenient => {}
                None => return Err(bad("Bad Request: message to be replied not found")),
            }
        }
        if let Some(markup) = inline_markup(p)? {
            body.insert("reply_markup".into(), markup);
        }
        Ok((chat, body))
    }

    fn send_message(&mut self, p: &Value) -> Answer {
        let raw = str_param(p, "text").unwrap_or_default().to_owned();
        let text = render_text(&raw, p)?;
        let (chat, mut body) = self.prepare_send(p)?;
        body.insert("text".into(), Value::String(text));
        let entities = super::botapi::date_time_entities(&raw, p);
        if !entities.is_empty() {
            body.insert("entities".into(), json!(entities));
        }
        let from = self.bot_user();
        Ok(self.store_message(chat, from, body, Some(raw)))
    }

    /// Finds the bot message an edit targets.
    pub fn edit_target(&mut self, p: &Value) -> Result<(i64, i32), ApiErr> {
        if p.get("inline_message_id").is_some() {
            return Err(bad(
                "Bad Request: the fake does not support inline messages",
            ));
        }
        let chat = chat_id(p)?;
        self.writable(chat)?;
        let id = p
            .get("message_id")
            .and_then(as_i64)
            .and_then(|id| i32::try_from(id).ok())
            .ok_or_else(|| bad("Bad Request: message identifier is not specified"))?;
        let message = self
            .live_message(chat, id)
            .ok_or_else(|| bad(EDIT_NOT_FOUND))?;
        if !message.by_bot {
            return Err(bad("Bad Request: message can't be edited"));
        }
        Ok((chat, id))
    }

    /// Applies an edit: `changes` maps fields to their new value (`None` removes the field).
    /// Answers "not modified" when nothing (nor the raw text) changes.
    pub fn apply_edit(
        &mut self,
        chat: i64,
        id: i32,
        changes: Vec<(&str, Option<Value>)>,
        raw: Option<Option<String>>,
    ) -> Answer {
        let Some(message) = self.live_message_mut(chat, id) else {
            return Err(bad(EDIT_NOT_FOUND));
        };
        let fields_same = changes
            .iter()
            .all(|(key, new)| message.json.get(*key) == new.as_ref());
        let raw_same = raw.as_ref().is_none_or(|r| *r == message.raw);
        if fields_same && raw_same {
            return Err(bad(NOT_MODIFIED));
        }
        let Value::Object(fields) = &mut message.json else {
            return Err(bad(EDIT_NOT_FOUND));
        };
        for (key, new) in changes {
            match new {
                Some(v) => fields.insert(key.to_owned(), v),
                None => fields.remove(key),
            };
        }
        fields.insert("edit_date".into(), json!(now()));
        if let Some(raw) = raw {
            message.raw = raw;
        }
        Ok(message.json.clone())
    }

    fn edit_text(&mut self, p: &Value) -> Answer {
        if let Some(id) = self.inline_target(p)? {
            return self.edit_inline(&id, p, true);
        }
        let (chat, id) = self.edit_target(p)?;
        if self
            .live_message(chat, id)
            .is_some_and(|m| m.json.get("text").is_none())
        {
            return Err(bad("Bad Request: there is no text in the message to edit"));
        }
        let raw = str_param(p, "text").unwrap_or_default().to_owned();
        let text = render_text(&raw, p)?;
        let markup = inline_markup(p)?;
        let entities = super::botapi::date_time_entities(&raw, p);
        self.apply_edit(
            chat,
            id,
            vec![
                ("text", Some(Value::String(text))),
                ("reply_markup", markup),
                ("entities", (!entities.is_empty()).then(|| json!(entities))),
            ],
            Some(Some(raw)),
        )
    }

    fn edit_markup(&mut self, p: &Value) -> Answer {
        if let Some(id) = self.inline_target(p)? {
            return self.edit_inline(&id, p, false);
        }
        let (chat, id) = self.edit_target(p)?;
        let markup = inline_markup(p)?;
        self.apply_edit(chat, id, vec![("reply_markup", markup)], None)
    }

    fn delete_by_bot(&mut self, p: &Value) -> Answer {
        let chat = chat_id(p)?;
        self.writable(chat)?;
        let not_found = || bad("Bad Request: message to delete not found");
        let id = p
            .get("message_id")
            .and_then(as_i64)
            .and_then(|id| i32::try_from(id).ok())
            .ok_or_else(not_found)?;
        let bot_id = self.bot_id;
        let bot_is_admin = self.chat_mut(chat).admins.contains(&bot_id);
        let message = self.live_message(chat, id).ok_or_else(not_found)?;
        if !message.by_bot && !bot_is_admin {
            return Err(bad("Bad Request: message can't be deleted"));
        }
        self.delete(chat, id);
        Ok(json!(true))
    }

    fn set_commands(&mut self, p: &Value) -> Answer {
        let commands = p
            .get("commands")
            .and_then(Value::as_array)
            .ok_or_else(|| bad("Bad Request: commands must be an array"))?;
        for c in commands {
            let name = c["command"].as_str().unwrap_or_default();
            let valid_name = (1..=32).contains(&name.len())
                && name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
            if !valid_name {
                return Err(bad("Bad Request: BOT_COMMAND_INVALID"));
            }
            let description = c["description"].as_str().unwrap_or_default();
            if !(1..=256).contains(&description.chars().count()) {
                return Err(bad("Bad Request: BOT_COMMAND_DESCRIPTION_INVALID"));
            }
        }
        self.commands
            .insert(lang(p).to_owned(), Value::Array(commands.clone()));
        Ok(json!(true))
    }
}
