//! What the group reads (issue 28), as the chat sees it: the real bot against the fake Bot
//! API and a real Redis. The language row under a chat's first lobby, the short `/help` and
//! `/rules` of a group with a button to the full text in the private chat (and the private
//! `/start` answering it), `/board` with nothing in play, short move buttons, and the
//! `/stats` card's rank.

use crate::support;
use support::stats_fixture;

use std::time::Duration;

use parxis::bot::core::settings::{ChatSettings, DiceMode, Display};
use parxis::bot::core::table::Status;
use parxis::i18n::{AchieveMsg, Lang, Msg, tr};
use serde_json::Value;
use stats_fixture::ranked;
use support::bot_harness::{CHAT, Harness, four_users, mover_of, refused, text_of};
use support::fake_tg::{Recorded, TestUser, buttons, msg_id};

/// The texts of the messages the bot sent among `sent` (a refused ephemeral form of a reply
/// sent nothing: its plain fallback follows).
fn sent_texts(sent: &[Recorded]) -> Vec<String> {
    sent.iter()
        .filter(|r| r.method == "sendmessage" && r.ok())
        .filter_map(|r| r.str_param("text").map(str::to_owned))
        .collect()
}

/// The one message the bot sent among `sent`.
fn the_reply(sent: &[Recorded]) -> &Recorded {
    let replies: Vec<&Recorded> = sent
        .iter()
        .filter(|r| r.method == "sendmessage" && r.ok())
        .collect();
    assert_eq!(replies.len(), 1, "{replies:?}");
    replies[0]
}

/// The URL of the first URL button under a sent message.
fn url_button(r: &Recorded) -> Option<(String, String)> {
    let b = &r.params["reply_markup"]["inline_keyboard"][0][0];
    Some((
        b["text"].as_str()?.to_owned(),
        b["url"].as_str()?.to_owned(),
    ))
}

fn settings(lang: Lang, dice: DiceMode, timer_secs: u32) -> ChatSettings {
    ChatSettings {
        lang: Some(lang),
        display: Display::Emoji,
        timer_secs,
        dice,
        lang_offered: true,
        ..ChatSettings::default()
    }
}

/// A private chat's command by `user`, and what the bot sent there.
async fn in_private(h: &Harness, user: &TestUser, text: &str) -> Vec<Recorded> {
    let mark = h.fake.mark();
    h.fake.push_update(h.fake.command(user.id, user, text));
    h.settle(mark).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_first_lobby_of_a_chat_offers_the_four_languages_and_a_press_redraws_it_in_that_one() {
    // Given a chat whose language nobody chose (Ana's Telegram says `ca`)
    let mut h = Harness::start(81).await;
    let users = four_users();
    // When Ana opens its first game
    h.command(&users[0], "/newgame").await;
    let lobby = h.board().await;
    // Then the lobby, in Catalan, carries one row: Català · Valencià · Español · English
    assert!(
        text_of(&lobby).contains("Nova partida de parxís"),
        "{lobby}"
    );
    let rows = lobby["reply_markup"]["inline_keyboard"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let last: Vec<&str> = rows
        .last()
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(|b| b["text"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(last, ["Català", "Valencià", "Español", "English"]);
    // When Biel presses Valencià
    let valencian = buttons(&lobby)
        .into_iter()
        .find(|(t, _)| t == "Valencià")
        .map(|(_, d)| d)
        .expect("the Valencià button");
    let ans = h.press(&users[1], msg_id(&lobby), &valencian).await;
    assert!(!refused(&ans), "{:?}", ans.params);
    // Then the chat speaks Valencian from now on, and the same lobby message says so in
    // Valencian (it is still the lobby, not a "language set" note)
    let s: ChatSettings = h.store.settings(CHAT).await.expect("settings");
    assert_eq!(s.lang, Some(Lang::CaValencia));
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    loop {
        let again = h.board().await;
        assert_eq!(msg_id(&again), msg_id(&lobby), "the same lobby message");
        if text_of(&again).contains("M'apunte") {
            assert!(text_of(&again).contains("Nova partida"), "{again}");
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "{again}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // When the lobby is cancelled and another opened, Then no language row any more
    h.command(&users[0], "/cancel").await;
    h.command(&users[0], "/newgame").await;
    let old = msg_id(&lobby);
    h.wait_board_id(Duration::from_secs(5), "the second lobby", |id| {
        id.is_some_and(|id| id != old)
    })
    .await;
    let second = h.board().await;
    assert!(
        buttons(&second).iter().all(|(t, _)| t != "Valencià"),
        "{second}"
    );
    assert!(text_of(&second).contains("M'apunte"), "{second}");
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn help_in_a_group_is_short_follows_the_dice_mode_and_its_button_opens_the_full_text() {
    // Given an English group with the Roll button
    let mut h = Harness::start(82).await;
    h.settings(settings(Lang::En, DiceMode::Button, 0)).await;
    let users = four_users();
    // When /help is sent in the group
    let sent = h.command(&users[2], "/help").await;
    let reply = the_reply(&sent);
    let text = reply.str_param("text").unwrap_or_default();
    // Then it is short, says to press Roll, names the few commands that matter,
    assert!(
        text.chars().count() < 600,
        "{} chars: {text}",
        text.chars().count()
    );
    assert!(text.contains("press 🎲 Roll"), "{text}");
    for cmd in [
        "/newgame",
        "/board",
        "/rules",
        "/top",
        "/language",
        "/stats",
        "/notify",
    ] {
        assert!(text.contains(cmd), "{cmd}: {text}");
    }
    assert!(text.contains("achievements"), "{text}");
    assert!(!text.contains("/forgetme"), "{text}");
    // and a button opens the private chat on the full help (a deep link)
    let (label, url) = url_button(reply).expect("a URL button");
    assert_eq!(label, "📖 Full help");
    assert_eq!(url, "https://t.me/parxis_test_bot?start=help");
    // When the dice are rolled for the players, Then /help says so and never says Roll
    h.settings(settings(Lang::En, DiceMode::Auto, 0)).await;
    let sent = h.command(&users[2], "/help").await;
    let text = the_reply(&sent)
        .str_param("text")
        .unwrap_or_default()
        .to_owned();
    assert!(text.contains("the die is rolled for you"), "{text}");
    assert!(!text.contains("🎲 Roll"), "{text}");
    // When the deep link's /start help reaches the private chat, Then the full help there,
    // every command listed, and no button
    let sent = in_private(&h, &users[2], "/start help").await;
    let reply = the_reply(&sent);
    assert_eq!(reply.chat_id(), Some(users[2].id));
    let full = reply.str_param("text").unwrap_or_default();
    for cmd in [
        "/newgame",
        "/tournament",
        "/forgetme",
        "/timezone",
        "/kick",
        "/notify",
    ] {
        assert!(full.contains(cmd), "{cmd}: {full}");
    }
    // with what achievements are and what /notify does, in a few words each
    assert!(full.contains("<b>Achievements</b>"), "{full}");
    assert!(full.contains("every time a game opens"), "{full}");
    assert!(full.chars().count() > 3 * text.chars().count(), "{full}");
    assert!(reply.params["reply_markup"].is_null());
    // And a plain /start in the private chat (someone who just found the bot) gets a
    // greeting, then the same full help
    let sent = in_private(&h, &users[2], "/start").await;
    let texts = sent_texts(&sent);
    assert_eq!(texts.len(), 1, "{texts:?}");
    let greeting = tr(Lang::En, &Msg::Achieve(AchieveMsg::NotifyWelcome));
    assert_eq!(texts[0], format!("{greeting}\n\n{full}"));
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_in_a_group_are_short_tell_the_turn_timer_and_board_with_nothing_in_play_is_a_line() {
    // Given a Spanish group with a 2-minute turn timer
    let mut h = Harness::start(83).await;
    h.settings(settings(Lang::Es, DiceMode::Auto, 120)).await;
    let users = four_users();
    // When /rules is sent in the group
    let sent = h.command(&users[0], "/rules").await;
    let reply = the_reply(&sent);
    let text = reply.str_param("text").unwrap_or_default();
    // Then it is short, says the turn timer and never "no time limit",
    assert!(
        text.chars().count() < 900,
        "{} chars: {text}",
        text.chars().count()
    );
    assert!(text.contains("Tiempo por turno: 2 minutos"), "{text}");
    assert!(!text.contains("Sin límite de tiempo"), "{text}");
    // and its button opens the private chat on all the rules of this game
    let (label, url) = url_button(reply).expect("a URL button");
    assert_eq!(label, "📖 Todas las reglas");
    assert_eq!(url, "https://t.me/parxis_test_bot?start=rules_jcf");
    // which the private /start answers with the whole text (the large boards too)
    // (Biel's Telegram speaks Spanish: his private chat does)
    let sent = in_private(&h, &users[1], "/start rules_classic").await;
    let full = sent_texts(&sent).concat();
    assert!(full.contains("Reglas clásicas"), "{full}");
    assert!(full.contains("105") && full.contains("139"), "{full}");
    // When /board is sent with no game, and after a cancelled one, Then one line each time
    // and no board posted
    let sent = h.command(&users[0], "/board").await;
    assert_eq!(sent_texts(&sent).len(), 1);
    h.command(&users[0], "/newgame").await;
    h.command(&users[0], "/cancel").await;
    assert_eq!(h.table().await.1.status(), Status::Cancelled);
    let board = h.board_id().await;
    let sent = h.command(&users[0], "/board").await;
    let said = sent_texts(&sent);
    assert_eq!(said.len(), 1, "{sent:?}");
    assert_eq!(said[0].lines().count(), 1, "{}", said[0]);
    assert!(
        said[0].contains("no hay ninguna partida en juego"),
        "{}",
        said[0]
    );
    assert!(sent.iter().all(|r| r.method != "sendphoto"), "{sent:?}");
    assert_eq!(h.board_id().await, board, "no board re-posted");
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn move_buttons_keep_their_destination_in_short_labels() {
    // Given a two-player game with the Roll button, emoji boards, in Catalan
    let mut h = Harness::start(84).await;
    h.settings(settings(Lang::Ca, DiceMode::Button, 0)).await;
    h.start_game(2).await;
    let users = four_users();
    // When the players press the first button until a board offers moves to choose from
    let mut seen = 0;
    for _ in 0..300 {
        let (t, board) = h.fresh_board().await;
        if t.playing().is_none() {
            break;
        }
        let b = buttons(&board);
        if b.len() >= 2 {
            // Then every label is "n. FROM → TO" (a capture marked ⚔) and short: the
            // destination never cut
            for (i, (label, data)) in b.iter().enumerate() {
                assert!(data.starts_with("m:"), "{data}");
                assert!(label.starts_with(&format!("{}. ", i + 1)), "{label}");
                assert!(label.contains(" → "), "{label}");
                assert!(label.chars().count() <= 15, "{label}");
                assert!(!label.contains("passadís"), "{label}");
            }
            seen += 1;
            if seen >= 3 {
                break;
            }
        }
        let mover = mover_of(&users, &t);
        let ans = h.press(&mover, msg_id(&board), &b[0].1).await;
        assert!(!refused(&ans), "{:?}", ans.params);
    }
    assert!(seen >= 1, "no board with a choice of moves");
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_stats_card_says_the_rank_and_whose_captures_and_top_names_the_week_in_words() {
    // Given three recorded games between Ana, Biel and Carme in the chat, Ana winning two
    let mut h = Harness::start(85).await;
    h.settings(settings(Lang::Ca, DiceMode::Auto, 0)).await;
    let zone = parxis::stats::ChatZone::default();
    let now = i64::try_from(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .expect("a clock")
            .as_millis(),
    )
    .expect("ms");
    let (ana, biel, carme) = ((11, "Ana"), (12, "Biel <b>&"), (13, "Carme"));
    for (i, order) in [[ana, biel, carme], [ana, carme, biel], [biel, ana, carme]]
        .iter()
        .enumerate()
    {
        let rec = ranked(&format!("g{i}"), CHAT, now - 60_000, order);
        let out = h.store.record_game(&rec, &zone).await.expect("recorded");
        // (the store says how many rated games each has after it: 1, 2, 3)
        let games: Vec<u64> = out.seats.iter().map(|s| s.chat_rated_games).collect();
        assert_eq!(games, vec![i as u64 + 1; 3]);
    }
    let users = four_users();
    // When Ana asks for her /stats card
    let sent = h.command(&users[0], "/stats").await;
    let card = sent_texts(&sent).concat();
    // Then it says her place in the all-time table and her captures in the second person
    assert!(card.contains("Classificació de sempre: 1r de 3"), "{card}");
    assert!(card.contains("Has menjat"), "{card}");
    assert!(card.contains("Millor ratxa de victòries: 2"), "{card}");
    // When Carme asks for Biel's card (a reply), Then his captures are said of him
    let mark = h.fake.mark();
    let original = h.fake.text(CHAT, &users[1], "ben jugat");
    let mut upd = h.fake.command(CHAT, &users[2], "/stats");
    upd["message"]["reply_to_message"] = original["message"].clone();
    h.fake.push_update(upd);
    let card = sent_texts(&h.settle(mark).await).concat();
    assert!(card.contains("Ha menjat"), "{card}");
    assert!(
        !card.contains("Millor ratxa"),
        "a streak of 1 is not shown: {card}"
    );
    // When /top is asked, Then the week is named in words
    let sent = h.command(&users[2], "/top").await;
    let top = sent_texts(&sent).concat();
    let week = zone.week_of(now);
    let (_, month, day) = week.monday();
    let months = [
        "gener", "febrer", "març", "abril", "maig", "juny", "juliol", "agost", "setembre",
        "octubre", "novembre", "desembre",
    ];
    let month = months[usize::try_from(month - 1).expect("a month")];
    assert!(top.contains(&format!("setmana del {day} ")), "{top}");
    assert!(top.contains(month), "{top}");
    assert!(!top.contains(&week.to_string()), "{top}");
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn language_with_a_code_or_a_name_sets_it_at_once_and_alone_shows_the_buttons() {
    // Given a Catalan group,
    let mut h = Harness::start(86).await;
    h.settings(settings(Lang::Ca, DiceMode::Button, 0)).await;
    let users = four_users();
    // When /language es is sent, Then the chat speaks Spanish, said in Spanish, no buttons;
    let sent = h.command(&users[2], "/language es").await;
    let reply = the_reply(&sent);
    let s: ChatSettings = h.store.settings(CHAT).await.expect("settings");
    assert_eq!(s.lang, Some(Lang::Es));
    assert_eq!(
        reply.str_param("text"),
        Some(tr(Lang::Es, &Msg::LanguageSet { lang: Lang::Es }).as_str())
    );
    assert!(reply.params["reply_markup"].is_null(), "{:?}", reply.params);
    // a language's name works too, in any case,
    h.command(&users[2], "/language VALENCIÀ").await;
    let s: ChatSettings = h.store.settings(CHAT).await.expect("settings");
    assert_eq!(s.lang, Some(Lang::CaValencia));
    // a word that names none changes nothing and says how the command is used,
    let sent = h.command(&users[2], "/language klingon").await;
    let text = the_reply(&sent)
        .str_param("text")
        .unwrap_or_default()
        .to_owned();
    assert!(text.contains("/language va"), "{text}");
    let s: ChatSettings = h.store.settings(CHAT).await.expect("settings");
    assert_eq!(s.lang, Some(Lang::CaValencia));
    // and /language alone shows the four buttons.
    let sent = h.command(&users[2], "/language").await;
    let reply = the_reply(&sent);
    let labels: Vec<String> = buttons(&serde_json::json!({
        "reply_markup": reply.params["reply_markup"].clone()
    }))
    .into_iter()
    .map(|(t, _)| t)
    .collect();
    assert_eq!(labels, ["Català", "Valencià", "Español", "English"]);
    h.stop_bots().await;
}
