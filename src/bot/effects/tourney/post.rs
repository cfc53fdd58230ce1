//! What a tournament posts: the sign-up message, the draw, the bracket (PNG and text), the
//! results and the champion, in the chat's language, where the tournament was opened.

use teloxide::payloads::{SendMessageSetters, SendPhotoSetters};
use teloxide::prelude::Requester;
use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup, InputFile, ParseMode};
use teloxide::utils::html::escape;
use tracing::warn;

use super::super::chat::{ChatAddr, InTopic};
use super::super::telegram::TgBot;
use crate::bot::core::tourney::Tourney;
use crate::i18n::{Lang, Msg, TourneyMsg, tr, tr_plain};
use crate::render::image::bracket;
use crate::tournament::{Labels, TableResult, Tournament, bracket_text, text_name};

/// Telegram's longest photo caption, characters.
const CAPTION_MAX: usize = 1024;

fn m(t: TourneyMsg) -> Msg {
    Msg::Tourney(t)
}

/// Where the tournament of `chat` speaks: the topic it was opened in, or the group.
#[must_use]
pub fn home(chat: i64, t: &Tourney) -> ChatAddr {
    t.home_topic.map_or_else(
        || ChatAddr::new(chat),
        |topic| ChatAddr::in_topic(chat, topic),
    )
}

/// The bracket's words in `lang`.
#[must_use]
pub fn labels(lang: Lang, t: &Tournament) -> Labels {
    let rounds = t.plan().len();
    Labels {
        rounds: (0..rounds)
            .map(|r| {
                tr_plain(
                    lang,
                    &m(TourneyMsg::RoundName {
                        round: u32::try_from(r + 1).unwrap_or(u32::MAX),
                        last: r + 1 == rounds,
                    }),
                )
            })
            .collect(),
        bye: tr_plain(lang, &m(TourneyMsg::Bye)),
        champion: tr_plain(lang, &m(TourneyMsg::ChampionWord)),
    }
}

/// The sign-up message: rules, table size, limit, the entrants so far, Join / Leave.
#[must_use]
pub fn signup_text(lang: Lang, t: &Tourney) -> String {
    let mut out = vec![tr(
        lang,
        &m(TourneyMsg::SignupTitle {
            preset: t.preset,
            size: u32::from(t.table_size),
        }),
    )];
    if let Some(minutes) = t.limit_minutes {
        out.push(tr(
            lang,
            &m(TourneyMsg::TimeLimit {
                minutes: u32::from(minutes),
            }),
        ));
    }
    out.push(String::new());
    if t.pairs {
        out.extend(super::pairs::signup_lines(lang, t));
        return out.join("\n");
    }
    out.push(tr(
        lang,
        &m(TourneyMsg::SignupEntrants {
            count: u32::try_from(t.signup.len()).unwrap_or(u32::MAX),
        }),
    ));
    for (i, s) in t.signup.iter().enumerate() {
        let host = if s.id == t.host { " 👑" } else { "" };
        out.push(format!("{}. {}{host}", i + 1, escape(&s.name)));
    }
    out.push(String::new());
    out.push(tr(lang, &m(TourneyMsg::SignupHint)));
    out.join("\n")
}

/// Join / Leave under the sign-up message, and ▶️ Start for the host (or an admin).
#[must_use]
pub fn signup_keyboard(lang: Lang, t: &Tourney) -> InlineKeyboardMarkup {
    InlineKeyboardMarkup::new([
        vec![
            InlineKeyboardButton::callback(tr_plain(lang, &Msg::BtnJoin), format!("tj:{}", t.seq)),
            InlineKeyboardButton::callback(tr_plain(lang, &Msg::BtnLeave), format!("tl:{}", t.seq)),
        ],
        vec![InlineKeyboardButton::callback(
            tr_plain(lang, &Msg::BtnStart),
            format!("ts:{}", t.seq),
        )],
    ])
}

/// Say `text` (HTML) at `addr`; the message id, if sent.
pub async fn say(bot: &TgBot, addr: ChatAddr, text: String) -> Option<i32> {
    match bot
        .send_message(addr.chat_id(), text)
        .in_topic(addr)
        .parse_mode(ParseMode::Html)
        .await
    {
        Ok(msg) => Some(msg.id.0),
        Err(e) => {
            warn!(chat = addr.id(), error = %e, "tournament message not sent");
            None
        }
    }
}

/// The bracket as a PNG with its text as caption, under `head` (HTML) when given; a text too
/// long for a caption follows as a message of its own.
pub async fn bracket(
    bot: &TgBot,
    addr: ChatAddr,
    lang: Lang,
    t: &Tournament,
    head: Option<String>,
) {
    let labels = labels(lang, t);
    let text = escape(&bracket_text(t, &labels));
    // Drawn off the async workers: a large bracket takes a while to paint.
    let png = {
        let (t, labels) = (t.clone(), labels.clone());
        match tokio::task::spawn_blocking(move || bracket::png(&t, &labels)).await {
            Ok(png) => png,
            Err(e) => {
                warn!(chat = addr.id(), error = %e, "bracket picture not drawn");
                return;
            }
        }
    };
    let mut caption = head.clone().unwrap_or_default();
    let fits = caption.chars().count() + text.chars().count() + 2 <= CAPTION_MAX;
    if fits {
        if !caption.is_empty() {
            caption.push_str("\n\n");
        }
        caption.push_str(&text);
    }
    let sent = bot
        .send_photo(
            addr.chat_id(),
            InputFile::memory(png).file_name("bracket.png"),
        )
        .in_topic(addr)
        .caption(caption)
        .parse_mode(ParseMode::Html)
        .await;
    if let Err(e) = sent {
        warn!(chat = addr.id(), error = %e, "bracket picture not sent");
    }
    if !fits {
        say(bot, addr, text).await;
    }
}

/// The line that tells how table `at` was decided (`None`: it is not decided).
#[must_use]
pub fn result_line(lang: Lang, t: &Tournament, at: crate::tournament::TableId) -> Option<String> {
    let slot = t.table(at)?;
    let round = u32::from(at.round) + 1;
    let table = u32::from(at.table) + 1;
    let last = crate::bot::core::view::tourney::is_last(t, at);
    let name = |s| text_name(t, Some(s)).to_owned();
    let msg = match &slot.result {
        TableResult::Winner(w) => TourneyMsg::TableWon {
            round,
            table,
            last,
            name: name(*w),
        },
        TableResult::RollOff { winner, rolls } => TourneyMsg::TableRollOff {
            round,
            table,
            last,
            rolls: rolls
                .iter()
                .map(|r| {
                    r.iter()
                        .map(|(s, d)| format!("{} {d}", text_name(t, Some(*s))))
                        .collect::<Vec<_>>()
                        .join(", ")
                })
                .collect::<Vec<_>>()
                .join(" · "),
            name: name(*winner),
        },
        TableResult::ByHand { winner, reason } => TourneyMsg::TableByHand {
            round,
            table,
            last,
            name: name(*winner),
            reason: reason.clone(),
        },
        TableResult::Pending | TableResult::Playing | TableResult::Bye => return None,
    };
    Some(tr(lang, &m(msg)))
}

/// After table `at` was decided: its result with the updated bracket; the champion's
/// announcement with the whole bracket when it was the final.
pub async fn decided(
    bot: &TgBot,
    addr: ChatAddr,
    lang: Lang,
    t: &Tournament,
    at: crate::tournament::TableId,
) {
    let line = result_line(lang, t, at);
    match t.champion() {
        Some(c) => {
            // The Final's "goes through" would come just before "champion": only a roll-off
            // or the host's decision is told, in the champion's caption.
            let how = line.filter(|_| {
                t.table(at)
                    .is_some_and(|s| !matches!(s.result, TableResult::Winner(_)))
            });
            let champion = tr(
                lang,
                &m(TourneyMsg::Champion {
                    name: text_name(t, Some(c)).to_owned(),
                }),
            );
            let head = how.map_or_else(|| champion.clone(), |how| format!("{how}\n{champion}"));
            bracket(bot, addr, lang, t, Some(head)).await;
        }
        None => bracket(bot, addr, lang, t, line).await,
    }
}
