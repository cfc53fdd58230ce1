//! What a tournament posts (issue 28), through the fake Bot API and a real Redis: the host
//! 👑 and a ▶️ Start button on the sign-up (disabled below two entrants, issue 41), the draw in the bracket's caption (its seed in
//! `/bracket`), tables called with mentions of their players and named ("Final"), no
//! "goes through" before "champion", no Rematch at a tournament's table, and the
//! sub-commands in the words of each language.

use crate::support;

use std::time::Duration;

use parxis::bot::core::settings::{ChatSettings, Display};
use parxis::bot::core::table::{Status, Table};
use parxis::bot::core::tourney::Stage;
use parxis::i18n::Lang;
use parxis::store::Place;
use serde_json::Value;
use support::bot_harness::{CHAT, Harness, text_of};
use support::fake_tg::{TestUser, buttons};
use support::tourney::{press, record, wait_for, wait_record};

/// The sign-up message opened by `/tournament <args>` in `chat`.
async fn open_signup(h: &Harness, chat: i64, host: &TestUser, args: &str) -> Value {
    let mark = h.fake.mark();
    h.fake
        .push_update(h.fake.command(chat, host, &format!("/tournament {args}")));
    wait_for(h, mark, "the sign-up", |r| {
        r.method == "sendmessage"
            && r.ok()
            && r.chat_id() == Some(chat)
            && buttons(r.result())
                .iter()
                .any(|(_, d)| d.starts_with("tj:"))
    })
    .await
    .result()
    .clone()
}

/// The button labelled `label` in a `reply_markup` as sent (a request's payload), if any.
fn find_button(markup: &Value, label: &str) -> Option<Value> {
    markup["inline_keyboard"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_array)
        .flatten()
        .find(|b| b["text"].as_str().is_some_and(|t| t.contains(label)))
        .cloned()
}

/// The button labelled `label` in a `reply_markup` as sent (there must be one).
fn button_in(markup: &Value, label: &str) -> Value {
    find_button(markup, label).unwrap_or_else(|| panic!("no {label:?} button in {markup}"))
}

/// Wait for the bot to edit the sign-up message `signup` in `chat` since `mark` with its
/// ▶️ Start enabled (`true`) or disabled; that edit's Start button as sent.
async fn signup_edited(
    h: &Harness,
    chat: i64,
    signup: &Value,
    mark: usize,
    enabled: bool,
) -> Value {
    let id = i64::from(support::fake_tg::msg_id(signup));
    let what = if enabled {
        "Start enabled"
    } else {
        "Start disabled"
    };
    let edit = wait_for(h, mark, what, |r| {
        r.method == "editmessagetext"
            && r.ok()
            && r.chat_id() == Some(chat)
            && r.params["message_id"].as_i64() == Some(id)
            && find_button(&r.params["reply_markup"], "Start")
                .is_some_and(|b| b.get("disabled").is_none() == enabled)
    })
    .await;
    button_in(&edit.params["reply_markup"], "Start")
}

/// `chat` speaks `lang` (its language chosen), with emoji boards.
async fn speaks(h: &Harness, chat: i64, lang: Lang) {
    h.store
        .set_settings(
            chat,
            &ChatSettings {
                lang: Some(lang),
                display: Display::Emoji,
                lang_offered: true,
                ..ChatSettings::default()
            },
        )
        .await
        .expect("settings");
}

fn data_of(message: &Value, prefix: &str) -> String {
    buttons(message)
        .into_iter()
        .map(|(_, d)| d)
        .find(|d| d.starts_with(prefix))
        .unwrap_or_else(|| panic!("no {prefix} button on {message}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_final_is_called_with_mentions_named_the_final_and_ends_with_one_champion_post() {
    // Given a group without topics (Ready's 90 s and the 1-minute limit run on the test
    // clock, moved by the test), slow computer turns, and two people, one with a name that
    // needs escaping
    let mut h = Harness::start(91).await;
    h.stop_bots().await;
    h.pause = Duration::from_millis(300);
    h.spawn_bot().await;
    h.settings(ChatSettings {
        lang: Some(Lang::En),
        display: Display::Emoji,
        lang_offered: true,
        ..ChatSettings::default()
    })
    .await;
    let host = TestUser::new(101, "P1");
    let biel = TestUser::new(102, "<Biel> & co");
    // When the host opens a tournament of 2-seat tables with a 1-minute limit
    let signup = open_signup(&h, CHAT, &host, "2 1m").await;
    // Then the sign-up shows the host with 👑, and a ▶️ Start button beside Join / Leave
    // (disabled while the host is alone: see the next test)
    assert!(text_of(&signup).contains("1. P1 👑"), "{signup}");
    assert!(
        buttons(&signup).iter().any(|(t, _)| t == "▶️ Start"),
        "{signup}"
    );
    let mark = h.fake.mark();
    assert_eq!(
        press(&h, CHAT, &biel, &signup, &data_of(&signup, "tj:")).await,
        "You are in the tournament."
    );
    let shown = signup_edited(&h, CHAT, &signup, mark, true).await;
    let start = shown["callback_data"]
        .as_str()
        .expect("an enabled Start carries its data")
        .to_owned();
    assert!(start.starts_with("ts:"), "{shown}");
    // When Biel presses Start, Then refused: only the host (or an admin) starts it
    let answer = press(&h, CHAT, &biel, &signup, &start).await;
    assert!(answer.starts_with("Only the player who opened"), "{answer}");
    assert_eq!(
        record(&h, CHAT).await.expect("a record").stage,
        Stage::SignUp
    );
    // When the host presses Start
    let mark = h.fake.mark();
    press(&h, CHAT, &host, &signup, &start).await;
    // Then the bracket is posted with the draw in its caption, not its seed, and no
    // separate draw message
    let bracket = wait_for(&h, mark, "the bracket", |r| {
        r.method == "sendphoto" && r.ok()
    })
    .await;
    let caption = bracket.str_param("caption").unwrap_or_default().to_owned();
    assert!(
        caption.contains("The draw is made</b>: 2 entrants."),
        "{caption}"
    );
    let t = record(&h, CHAT).await.expect("a record");
    let seed = t.tournament.as_ref().expect("drawn").seed().to_string();
    assert!(!caption.contains(&seed), "{caption}");
    // And the table is called in its lane with both players mentioned, named the Final
    let call = wait_for(&h, mark, "the call", |r| {
        r.method == "sendmessage"
            && r.ok()
            && buttons(r.result())
                .iter()
                .any(|(_, d)| d.starts_with("tr:"))
    })
    .await;
    let text = call.str_param("text").unwrap_or_default();
    assert!(text.starts_with("🏆 <b>Final</b>"), "{text}");
    assert!(
        text.contains("<a href=\"tg://user?id=101\">P1</a>"),
        "{text}"
    );
    assert!(
        text.contains("<a href=\"tg://user?id=102\">&lt;Biel&gt; &amp; co</a>"),
        "{text}"
    );
    // When nobody presses Ready and the table plays to its limit (the clock moved to the
    // next thing due whenever the bots are idle, to the game's end once it plays)
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    let t = loop {
        let t = record(&h, CHAT).await.expect("a record");
        if t.stage == Stage::Finished {
            break t;
        }
        let mut ends = Vec::new();
        for p in &t.tables {
            let place = Place {
                chat: CHAT,
                topic: p.topic,
            };
            let game = h.store.load::<Table>(place).await.ok().flatten();
            if let Some(g) = game.filter(|g| g.state.status() == Status::Playing) {
                ends.extend(g.state.ends_ms());
            }
        }
        match ends.iter().max() {
            Some(&end) if end > h.now_ms() => {
                if h.is_idle().await {
                    h.advance_to(end);
                }
            }
            _ => {
                h.step_clock(1000).await;
            }
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "not finished\n{}",
            h.fake.log_tail(10)
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    // Then the champion is posted once with the bracket, and no "goes through" before it
    let champion = wait_for(&h, mark, "the champion", |r| {
        r.method == "sendphoto"
            && r.str_param("caption")
                .is_some_and(|c| c.contains("is the champion"))
    })
    .await;
    let posts: Vec<String> = h
        .fake
        .requests_since(mark)
        .iter()
        .filter(|r| matches!(r.method.as_str(), "sendmessage" | "sendphoto"))
        .filter_map(|r| {
            r.str_param("text")
                .or(r.str_param("caption"))
                .map(str::to_owned)
        })
        .collect();
    assert!(
        posts.iter().all(|p| !p.contains("goes through")),
        "{posts:#?}"
    );
    assert!(
        !champion
            .str_param("caption")
            .unwrap_or_default()
            .contains("goes through")
    );
    // and the champion (and only the champion) earned 🏆 in the chat and overall
    let caption = champion.str_param("caption").unwrap_or_default();
    let said = caption
        .lines()
        .find(|l| l.contains("is the champion"))
        .unwrap_or_default()
        .to_owned();
    let (won, lost) = if said.contains("&lt;Biel&gt;") {
        (&biel, &host)
    } else {
        (&host, &biel)
    };
    let code = parxis::stats::Achievement::Champion.code().to_owned();
    let earned = h.store.achievements(CHAT, won.id).await.expect("redis");
    assert!(earned.here.contains(&code), "{said}: {earned:?}");
    assert!(earned.anywhere.contains(&code), "{earned:?}");
    let other = h.store.achievements(CHAT, lost.id).await.expect("redis");
    assert!(!other.here.contains(&code), "{other:?}");
    // and the table's finished board names it and offers no Rematch (nor anything else)
    let lane = t.tables[0].topic;
    let place = Place {
        chat: CHAT,
        topic: lane,
    };
    let shown: Option<parxis::bot::effects::chat::DisplayState> =
        h.store.display(place).await.expect("redis");
    let board = h
        .fake
        .message(CHAT, shown.expect("a board").message_id)
        .expect("the table's board");
    assert!(text_of(&board).contains("🏆 Final"), "{board}");
    assert!(
        buttons(&board).iter().all(|(_, d)| !d.contains("x:")),
        "{board}"
    );
    // When /bracket is asked, Then its caption gives the draw's seed
    let mark = h.fake.mark();
    h.fake.push_update(h.fake.command(CHAT, &host, "/bracket"));
    let again = wait_for(&h, mark, "/bracket", |r| r.method == "sendphoto" && r.ok()).await;
    assert!(
        again
            .str_param("caption")
            .is_some_and(|c| c.contains("Seed of the draw") && c.contains(&seed)),
        "{:?}",
        again.params
    );
    h.stop_bots().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sign_ups_start_is_disabled_below_two_entrants_and_a_press_sent_anyway_is_refused() {
    // Given a group speaking English and one speaking Spanish
    let mut h = Harness::start(93).await;
    let es = -1_001_000_000_005;
    speaks(&h, CHAT, Lang::En).await;
    speaks(&h, es, Lang::Es).await;
    let host = TestUser::new(301, "Host");
    let biel = TestUser::new(302, "Biel");
    // When the host opens a sign-up, alone in it
    let mark = h.fake.mark();
    let signup = open_signup(&h, CHAT, &host, "2").await;
    let posted = wait_for(&h, mark, "the sign-up's request", |r| {
        r.method == "sendmessage" && r.ok() && r.result()["message_id"] == signup["message_id"]
    })
    .await;
    // Then its payload has ▶️ Start disabled (Bot API 10.3: no data, no style), beside a
    // green Join and a red Leave
    let markup = &posted.params["reply_markup"];
    assert_eq!(
        button_in(markup, "Start"),
        serde_json::json!({"text": "▶️ Start", "disabled": {}}),
        "{markup}"
    );
    assert_eq!(button_in(markup, "Join")["style"], "success", "{markup}");
    assert_eq!(button_in(markup, "Leave")["style"], "danger", "{markup}");
    // When the host presses Start anyway (an app that ignores disabled buttons sends the
    // data an enabled Start carries), once the sign-up's message is on record
    let before = wait_record(&h, CHAT, "the sign-up's message recorded", |t| {
        t.signup_msg.is_some()
    })
    .await;
    let forced = format!("ts:{}", before.seq);
    let mark = h.fake.mark();
    let answer = press(&h, CHAT, &host, &signup, &forced).await;
    // Then it is refused as before, and nothing changed
    assert_eq!(answer, "At least 2 entrants are needed.");
    assert_eq!(record(&h, CHAT).await, Some(before.clone()));
    // When Biel joins, Then the sign-up is edited with Start enabled, plain as the lobby's
    // Start, carrying its data
    press(&h, CHAT, &biel, &signup, &data_of(&signup, "tj:")).await;
    let shown = signup_edited(&h, CHAT, &signup, mark, true).await;
    assert!(
        shown["callback_data"]
            .as_str()
            .is_some_and(|d| d.starts_with("ts:")),
        "{shown}"
    );
    assert!(shown.get("style").is_none(), "{shown}");
    // and the refused press had drawn nothing
    assert!(
        !h.fake
            .requests_since(mark)
            .iter()
            .any(|r| r.method == "sendphoto"),
        "{}",
        h.fake.log_tail(8)
    );
    // When Biel leaves again, Then Start is disabled again
    let mark = h.fake.mark();
    let leave = data_of(&signup, "tl:");
    assert_eq!(
        press(&h, CHAT, &biel, &signup, &leave).await,
        "You left the tournament."
    );
    signup_edited(&h, CHAT, &signup, mark, false).await;
    // And in Spanish a Start pressed alone gets the Spanish refusal, changing nothing
    let signup = open_signup(&h, es, &host, "").await;
    let before = wait_record(&h, es, "the sign-up's message recorded", |t| {
        t.signup_msg.is_some()
    })
    .await;
    let forced = format!("ts:{}", before.seq);
    assert_eq!(
        press(&h, es, &host, &signup, &forced).await,
        "Hacen falta al menos 2 inscritos."
    );
    assert_eq!(record(&h, es).await, Some(before));
    h.stop_bots().await;
}

/// One group speaking `lang`: a sign-up opened, joined, started and cancelled with the
/// language's words, and a wrong word answered with the usage in that language.
async fn sub_commands_in(h: &Harness, chat: i64, lang: Lang, words: [&str; 3]) {
    let [start, cancel, usage] = words;
    let host = TestUser::new(201, "Host");
    let other = TestUser::new(202, "Other");
    speaks(h, chat, lang).await;
    // When a sign-up is opened and joined,
    let signup = open_signup(h, chat, &host, "").await;
    // Then its hint points at the Start button, not at an English sub-command
    assert!(
        !text_of(&signup).contains("/tournament start"),
        "{lang}: {signup}"
    );
    press(h, chat, &other, &signup, &data_of(&signup, "tj:")).await;
    // When the host types the language's word for start, Then the draw is made
    let mark = h.fake.mark();
    h.fake
        .push_update(h.fake.command(chat, &host, &format!("/tournament {start}")));
    wait_for(h, mark, "the bracket", |r| {
        r.method == "sendphoto" && r.chat_id() == Some(chat)
    })
    .await;
    assert_eq!(
        record(h, chat).await.expect("a record").stage,
        Stage::Running,
        "{lang}: /tournament {start}"
    );
    // When the host types the language's word for cancel, Then it is cancelled
    h.fake.push_update(
        h.fake
            .command(chat, &host, &format!("/tournament {cancel}")),
    );
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    while record(h, chat).await.expect("a record").stage != Stage::Cancelled {
        assert!(
            tokio::time::Instant::now() < deadline,
            "{lang}: /tournament {cancel}\n{}",
            h.fake.log_tail(8)
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // And a word that is none gets the usage, in that language
    let mark = h.fake.mark();
    h.fake
        .push_update(h.fake.command(chat, &host, "/tournament xyz"));
    let said = wait_for(h, mark, "the usage", |r| {
        r.method == "sendmessage"
            && r.chat_id() == Some(chat)
            && r.str_param("text")
                .is_some_and(|t| t.contains("/tournament "))
    })
    .await;
    assert!(
        said.str_param("text").is_some_and(|t| t.starts_with(usage)),
        "{lang}: {:?}",
        said.params
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tournament_s_sub_commands_work_in_the_words_of_each_language() {
    // Given four groups, one per language, played at once (each group has its own pace)
    let mut h = Harness::start(92).await;
    tokio::join!(
        sub_commands_in(
            &h,
            -1_001_000_000_001,
            Lang::Ca,
            ["comença", "cancel·la", "S'accepta"]
        ),
        sub_commands_in(
            &h,
            -1_001_000_000_002,
            Lang::CaValencia,
            ["comença", "cancel·la", "S'accepta"]
        ),
        sub_commands_in(
            &h,
            -1_001_000_000_003,
            Lang::Es,
            ["empieza", "cancela", "Se acepta"]
        ),
        sub_commands_in(
            &h,
            -1_001_000_000_004,
            Lang::En,
            ["start", "cancel", "Accepted"]
        ),
    );
    h.stop_bots().await;
}
