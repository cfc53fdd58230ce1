//! Stats in the bot, end to end: the real bot against the fake Bot API and a real Redis.
//! A finished game is recorded once, its board shows points and ratings, `/top`, `/stats`,
//! `/timezone`, `/forgetme` and Rematch.

use crate::support;

use parxis::bot::core::settings::{ChatSettings, Display};
use parxis::bot::core::table::{Status, Table};
use parxis::bot::effects::stats::record_due;
use parxis::engine::Preset;
use parxis::i18n::Lang;
use parxis::store::{DueKind, Place, StatsScope, keys};
use serde_json::Value;
use support::bot_harness::{CHAT, Harness, button_with, four_users, refused, text_of};
use support::fake_tg::{Recorded, TestUser, buttons, callback_id, msg_id};

/// The text of the bot's replies among `sent`, as people read it (tags dropped, entities
/// decoded).
fn replies(sent: &[Recorded]) -> String {
    let html = sent
        .iter()
        .filter(|r| r.method == "sendmessage")
        .filter_map(|r| r.str_param("text").map(str::to_owned))
        .collect::<Vec<_>>()
        .join("\n");
    let mut out = html;
    for tag in ["<b>", "</b>", "<i>", "</i>"] {
        out = out.replace(tag, "");
    }
    out.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// Play the game in play to its end, the player to move pressing the first button; returns
/// the last press (who, which message, which data).
async fn play_out(h: &Harness, users: &[TestUser]) -> (TestUser, i32, String) {
    let mut last = None;
    for _ in 0..5000 {
        let (t, board) = h.fresh_board().await;
        if t.status() != Status::Playing {
            return last.expect("at least one press");
        }
        let id = t.to_move().expect("someone to move").id;
        let user = users.iter().find(|u| u.id == id).expect("a test user");
        let data = buttons(&board)[0].1.clone();
        let ans = h.press(user, msg_id(&board), &data).await;
        assert!(!refused(&ans), "refused: {:?}", ans.params);
        last = Some((user.clone(), msg_id(&board), data));
        let (_, now) = h.table().await;
        if now.status() != Status::Playing {
            return last.expect("pressed");
        }
    }
    panic!("the game did not end");
}

/// A two-player game (Ana and Biel) opened with `newgame`, played to the end.
async fn finished_game(h: &Harness, newgame: &str) -> (TestUser, i32, String) {
    let users = four_users();
    h.command(&users[0], newgame).await;
    let lobby = h.board().await;
    h.press(&users[1], msg_id(&lobby), &button_with(&lobby, "j:"))
        .await;
    let lobby = h.board().await;
    h.press(&users[0], msg_id(&lobby), &button_with(&lobby, "s:"))
        .await;
    let last = play_out(h, &users[..2]).await;
    h.wait_recorded(Place::of_chat(CHAT)).await;
    last
}

async fn history_len(h: &Harness) -> usize {
    let mut raw = h.redis.raw().await;
    redis::cmd("LLEN")
        .arg(keys::stats_history(CHAT))
        .query_async(&mut raw)
        .await
        .expect("llen")
}

async fn games_of(h: &Harness, user: i64) -> (u64, u64) {
    let card = h.store.player_card(CHAT, user, None).await.expect("card");
    (
        card.chat.map_or(0, |a| a.games),
        card.global.map_or(0, |a| a.games),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_recorded_once_even_when_its_final_press_comes_twice() {
    // Given a two-player game played to the end,
    let mut h = Harness::start(21).await;
    h.use_emoji().await;
    let (user, board, data) = finished_game(&h, "/newgame").await;
    // Then it is recorded once, in the chat and globally,
    assert_eq!(history_len(&h).await, 1);
    assert_eq!(games_of(&h, 11).await, (1, 1));
    assert_eq!(games_of(&h, 12).await, (1, 1));
    // and the final board lists the players in finishing order (R6.1), each with the
    // game's points, a first game's rating shown as new rather than as a figure.
    let text = text_of(&h.board().await);
    let (_, t) = h.table().await;
    let g = t.game().expect("the game");
    let order: Vec<String> = g
        .ranking()
        .iter()
        .map(|r| t.player_of(r.colour).expect("seated").name.clone())
        .collect();
    let gold = text
        .lines()
        .find(|l| l.starts_with("🥇 "))
        .expect("a winner's line");
    let silver = text
        .lines()
        .find(|l| l.starts_with("🥈 "))
        .expect("a second line");
    assert!(
        gold.contains(&format!("{} — +1 pt · newcomer", order[0])),
        "{text}"
    );
    assert!(
        silver.contains(&format!("{} — -1 pt · newcomer", order[1])),
        "{text}"
    );
    assert!(!text.contains("rating") && !text.contains("(+"), "{text}");
    assert!(
        text.lines().any(|l| l.starts_with("⏱ ")),
        "the game's length: {text}"
    );

    // When the final press is delivered again, Then it is refused and nothing is recorded,
    let ans = h.press(&user, board, &data).await;
    assert!(
        ans.str_param("text").is_some(),
        "a repeated final press is refused"
    );
    assert_eq!(history_len(&h).await, 1);
    assert_eq!(games_of(&h, 11).await, (1, 1));

    // and when the record job runs again for the same finished game (a second replica, or
    // a retry after a lost reply: the table says it is not recorded yet), Then nothing more
    // is recorded either, and the table is marked recorded.
    // (The second replica runs no scheduler, so its store counts only these calls.)
    h.driver = false;
    h.spawn_bot().await;
    let ctx = h.bots[1].ctx.clone();
    let (version, mut table): (u64, Table) = h.table().await;
    assert!(table.tally().recorded);
    assert_eq!(
        h.store
            .due_at(DueKind::Record, Place::of_chat(CHAT))
            .await
            .expect("redis"),
        None,
        "the record job is done"
    );
    // The table's stored form as it was before its recording.
    let mut v = serde_json::to_value(&table).expect("json");
    v["tally"]["recorded"] = false.into();
    v["tally"]["results"] = serde_json::json!([]);
    table = serde_json::from_value(v).expect("a table");
    assert!(
        h.store
            .save(CHAT, version, &table, 3600)
            .await
            .expect("redis")
            .is_saved()
    );
    let before = ctx.store.round_trips();
    record_due(&ctx, Place::of_chat(CHAT)).await;
    // A repeat costs 8 round trips: the place's load, the chat's time zone, the record's
    // markers (already there), the chat's season (none here), the achievements' marker
    // (already there), the table marked recorded, the job's due entry, the board.
    assert_eq!(ctx.store.round_trips() - before, 8);
    assert_eq!(history_len(&h).await, 1);
    assert_eq!(games_of(&h, 11).await, (1, 1));
    assert_eq!(games_of(&h, 12).await, (1, 1));
    assert!(h.table().await.1.tally().recorded);

    // The same game finished in a chat where it is new is recorded there, in 16 round trips:
    // the load, the time zone, the record's 4 (the markers and ratings read, one script per
    // global shard of its players — users 11 and 12 are in two — and the chat's), the chat's
    // season, the achievements' 6 (their marker, each player's games, last week's top, the award, the
    // overall sets), the results' save, the due entry, the board.
    let other = -1_009_999_999_999;
    assert!(
        h.store
            .save(other, 0, &table, 3600)
            .await
            .expect("redis")
            .is_saved()
    );
    let before = ctx.store.round_trips();
    record_due(&ctx, Place::of_chat(other)).await;
    assert_eq!(ctx.store.round_trips() - before, 16);
    let card = h.store.player_card(other, 11, None).await.expect("card");
    assert_eq!(card.chat.map(|a| a.games), Some(1));
    let there = h
        .store
        .load::<Table>(other)
        .await
        .expect("redis")
        .expect("a table");
    assert!(there.state.tally().recorded);
    assert_eq!(
        there.state.tally().results.len(),
        2,
        "its results saved with it"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn top_speaks_the_chat_language_and_lists_everyone_with_a_footnote_while_nobody_has_3_games()
{
    // Given a recorded game between Ana and Biel,
    let h = Harness::start(22).await;
    h.use_emoji().await;
    finished_game(&h, "/newgame").await;
    let users = four_users();
    // When /top is asked in each language, Then the words are that language's.
    // (A supergroup gets at most 10 messages a minute from a bot: the other tables and the
    // usage answer are checked by the view's and the parser's unit tests.)
    let expect = [
        (Lang::En, "This week's points", "a provisional table", "pt"),
        (
            Lang::Es,
            "Clasificación semanal",
            "la clasificación es provisional",
            "punto",
        ),
        (
            Lang::Ca,
            "Classificació setmanal",
            "la classificació és provisional",
            "punt",
        ),
        (
            Lang::CaValencia,
            "Classificació setmanal",
            "la classificació és provisional",
            "punt",
        ),
    ];
    for (lang, title, apart, unit) in expect {
        h.settings(ChatSettings {
            lang: Some(lang),
            display: Display::Emoji,
            timer_secs: 0,
            ..ChatSettings::default()
        })
        .await;
        let text = replies(&h.command(&users[2], "/top").await);
        assert!(text.contains(title), "{lang}: {text}");
        assert!(text.contains(apart), "{lang}: {text}");
        assert!(
            text.contains("Ana") && text.contains("Biel <b>&"),
            "{lang}: {text}"
        );
        assert!(text.contains(&format!(" 1 {unit}")), "{lang}: {text}");
        assert!(text.contains(&format!(" -1 {unit}")), "{lang}: {text}");
    }
    // /top all tells Catalan ("aquest xat") from Valencian ("este xat").
    let text = replies(&h.command(&users[2], "/top all").await);
    assert!(text.contains("Punts de sempre en este xat"), "{text}");
    h.settings(ChatSettings {
        lang: Some(Lang::Ca),
        display: Display::Emoji,
        timer_secs: 0,
        ..ChatSettings::default()
    })
    .await;
    let text = replies(&h.command(&users[2], "/top all").await);
    assert!(text.contains("Punts de sempre en aquest xat"), "{text}");
}

/// A command sent as a reply to `to`'s message.
fn reply_command(h: &Harness, user: &TestUser, to: &TestUser, text: &str) -> Value {
    let original = h.fake.text(CHAT, to, "ben jugat");
    let mut upd = h.fake.command(CHAT, user, text);
    upd["message"]["reply_to_message"] = original["message"].clone();
    upd
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stats_as_a_reply_shows_the_replied_user_s_card() {
    // Given a recorded game between Ana and Biel,
    let h = Harness::start(23).await;
    h.use_emoji().await;
    finished_game(&h, "/newgame").await;
    let users = four_users();
    // When Carme sends /stats as a reply to Ana's message, Then Ana's card, this week's line,
    let mark = h.fake.mark();
    h.fake
        .push_update(reply_command(&h, &users[2], &users[0], "/stats"));
    let text = replies(&h.settle(mark).await);
    assert!(text.contains("Ana in this chat"), "{text}");
    assert!(text.contains("1 game, "), "{text}");
    assert!(text.contains("Rating: "), "{text}");
    assert!(text.contains("This week: "), "{text}");
    // When Carme asks for her own, Then she has no games yet.
    let text = replies(&h.command(&users[2], "/stats").await);
    assert!(text.contains("Carme has no recorded games yet"), "{text}");
    // In private, /stats is Biel's global card.
    let mark = h.fake.mark();
    h.fake.push_update(h.fake.command(12, &users[1], "/stats"));
    let sent = h.settle(mark).await;
    let text = replies(&sent);
    assert!(sent.iter().all(|r| r.chat_id() == Some(12)));
    assert!(
        text.contains("all chats") || text.contains("todos los chats"),
        "{text}"
    );
    assert!(text.contains("1 "), "{text}");
}

/// Every key of the Redis, and whether each mentions `user` as a stats member.
async fn traces_of(h: &Harness, user: i64) -> Vec<String> {
    let mut raw = h.redis.raw().await;
    let mut cursor: u64 = 0;
    let mut found = Vec::new();
    let id = user.to_string();
    loop {
        let (next, keys): (u64, Vec<String>) = redis::cmd("SCAN")
            .arg(cursor)
            .arg("COUNT")
            .arg(500)
            .query_async(&mut raw)
            .await
            .expect("scan");
        for key in keys {
            // (Other keys end in numbers too: `parxis:update:<update_id>`.)
            let stats_key = key.contains(":stats:") || key.contains("{stats");
            if stats_key && key.ends_with(&format!(":{id}")) {
                found.push(format!("key {key}"));
            }
            let kind: String = redis::cmd("TYPE")
                .arg(&key)
                .query_async(&mut raw)
                .await
                .expect("type");
            match kind.as_str() {
                "zset" => {
                    let score: Option<f64> = redis::cmd("ZSCORE")
                        .arg(&key)
                        .arg(&id)
                        .query_async(&mut raw)
                        .await
                        .expect("zscore");
                    if score.is_some() {
                        found.push(format!("member of {key}"));
                    }
                }
                "list" if key.contains(":stats:") => {
                    let entries: Vec<String> = redis::cmd("LRANGE")
                        .arg(&key)
                        .arg(0)
                        .arg(-1)
                        .query_async(&mut raw)
                        .await
                        .expect("lrange");
                    if entries.iter().any(|e| e.contains(&format!("\"id\":{id}"))) {
                        found.push(format!("entry of {key}"));
                    }
                }
                _ => {}
            }
        }
        cursor = next;
        if cursor == 0 {
            return found;
        }
    }
}

/// How long the bot's transient keys of a chat live at most: its write budget's window
/// and bucket (a second or two), a drain's lease (30 s), a member's command count for flood
/// control (3 minutes).
const TRANSIENT_SECS: i64 = 180;

/// The lasting keys of the private chat with `user` (its id is the user's):
/// `parxis:{<user>}:…`, once the bot made the writes it planned there. The chat's write
/// budget, leases and flood counters are not lasting: each expires within
/// [`TRANSIENT_SECS`], and holds only counts, times or a replica's name (checked here).
async fn private_keys(h: &Harness, user: i64) -> Vec<String> {
    // (a private chat gets a write a second: the last may wait for its turn)
    let deadline = tokio::time::Instant::now() + support::bot_harness::WAIT;
    while h.store.outbox_len(user).await.expect("redis") > 0 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "writes left planned"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let mut raw = h.redis.raw().await;
    let mut found: Vec<String> = redis::cmd("KEYS")
        .arg(format!("parxis:{{{user}}}:*"))
        .query_async(&mut raw)
        .await
        .expect("keys");
    found.sort();
    let mut lasting = Vec::new();
    for key in found {
        let ttl: i64 = redis::cmd("TTL")
            .arg(&key)
            .query_async(&mut raw)
            .await
            .expect("ttl");
        if ttl == -2 {
            // Gone between KEYS and TTL: a lease the drain just released, not a trace.
            continue;
        }
        let tail = key.trim_start_matches(&format!("parxis:{{{user}}}:"));
        let transient = ["writes", "bucket"].contains(&tail)
            || tail.starts_with("lease:")
            || tail == format!("flood:{user}")
            || tail == format!("mute:{user}");
        if transient && (0..=TRANSIENT_SECS).contains(&ttl) {
            continue;
        }
        lasting.push(key);
    }
    lasting
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forgetme_in_private_leaves_no_trace_even_of_private_settings_and_in_a_group_points_to_private()
 {
    // Given a recorded game between Ana and Biel,
    let h = Harness::start(24).await;
    h.use_emoji().await;
    finished_game(&h, "/newgame").await;
    let users = four_users();
    assert!(
        !traces_of(&h, 11).await.is_empty(),
        "Ana has stats to forget"
    );
    // When Ana sends /forgetme in the group, Then she is told to do it in private,
    let text = replies(&h.command(&users[0], "/forgetme").await);
    assert!(text.contains("private"), "{text}");
    assert_eq!(games_of(&h, 11).await, (1, 1), "nothing was removed");
    // and Ana chose Spanish in her private chat with the bot,
    let mark = h.fake.mark();
    h.fake
        .push_update(h.fake.command(11, &users[0], "/language"));
    let menu = h
        .settle(mark)
        .await
        .into_iter()
        .find(|r| r.method == "sendmessage")
        .expect("the language menu")
        .result()
        .clone();
    let es = buttons(&menu)
        .into_iter()
        .find(|(t, _)| t.contains("Español"))
        .expect("Español button");
    // (a press in private redraws no board: wait for its answer only)
    let press = h.fake.press(11, &users[0], msg_id(&menu), &es.1);
    let id = callback_id(&press);
    h.fake.push_update(press);
    assert!(!refused(&h.fake.wait_for_callback_answer(&id).await));
    let private: ChatSettings = h.store.settings(11).await.expect("settings");
    assert_eq!(private.lang, Some(Lang::Es));
    assert_eq!(private_keys(&h, 11).await, vec!["parxis:{11}:settings"]);
    // When she sends it in a private chat, Then no key, table member or history entry
    // names her any more, her private chat's settings are gone, and Biel's record of the
    // game stays.
    let mark = h.fake.mark();
    h.fake
        .push_update(h.fake.command(11, &users[0], "/forgetme"));
    let text = replies(&h.settle(mark).await);
    // (in the private chat's language, read before it was forgotten),
    assert!(text.contains("he olvidado"), "{text}");
    let left = traces_of(&h, 11).await;
    assert!(left.is_empty(), "left: {left:?}");
    assert_eq!(private_keys(&h, 11).await, Vec::<String>::new());
    assert_eq!(games_of(&h, 11).await, (0, 0));
    assert_eq!(games_of(&h, 12).await, (1, 1));
    assert_eq!(history_len(&h).await, 1);
    let top = h
        .store
        .top(
            StatsScope::Chat(CHAT),
            parxis::store::Table::AllTime,
            10,
            10,
            None,
        )
        .await
        .expect("top");
    assert!(top.apart.iter().chain(&top.top).all(|l| l.user != 11));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rematch_opens_a_lobby_with_the_same_players_and_rules() {
    // Given a finished classic game between Ana and Biel,
    let h = Harness::start(25).await;
    h.use_emoji().await;
    finished_game(&h, "/newgame classic").await;
    let users = four_users();
    let board = h.board().await;
    let rematch = button_with(&board, "x:");
    assert!(rematch.len() <= 64);
    // When Carme, who did not play, presses Rematch, Then she is refused,
    let ans = h.press(&users[2], msg_id(&board), &rematch).await;
    assert!(ans.str_param("text").is_some());
    assert_eq!(h.table().await.1.status(), Status::Finished);
    // When Biel presses it, Then a lobby with Ana and Biel seated, Biel hosting, classic,
    let ans = h.press(&users[1], msg_id(&board), &rematch).await;
    assert!(ans.str_param("text").is_none(), "{:?}", ans.params);
    let (_, lobby) = h.table().await;
    assert_eq!(lobby.status(), Status::Lobby);
    assert_eq!(lobby.preset(), Preset::Classic);
    assert_eq!(lobby.host(), 12);
    let ids: Vec<i64> = lobby.players().iter().map(|p| p.id).collect();
    assert_eq!(ids, vec![11, 12]);
    assert_eq!(lobby.invited(), vec![11]);
    assert_ne!(
        h.board_id().await,
        Some(msg_id(&board)),
        "a new lobby message"
    );
    let text = text_of(&h.board().await);
    assert!(text.contains("Ana ✉️"), "{text}");
    // When Ana confirms with Join and Biel starts, Then the rematch is on.
    let lobby_msg = h.board().await;
    let ans = h
        .press(
            &users[0],
            msg_id(&lobby_msg),
            &button_with(&lobby_msg, "j:"),
        )
        .await;
    assert!(ans.str_param("text").is_none(), "{:?}", ans.params);
    let lobby_msg = h.board().await;
    let ans = h
        .press(
            &users[1],
            msg_id(&lobby_msg),
            &button_with(&lobby_msg, "s:"),
        )
        .await;
    assert!(ans.str_param("text").is_none(), "{:?}", ans.params);
    let (_, t) = h.table().await;
    assert_eq!(t.status(), Status::Playing);
    assert_eq!(t.players().len(), 2);
    assert_eq!(t.preset(), Preset::Classic);
    assert_eq!(t.game().map(|g| g.preset()), Some(Preset::Classic));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn timezone_takes_an_iana_name_and_answers_a_bad_one_with_its_usage() {
    let h = Harness::start(26).await;
    h.use_emoji().await;
    let users = four_users();
    // Given no choice yet, When /timezone alone, Then the default, Madrid.
    let text = replies(&h.command(&users[0], "/timezone").await);
    assert!(text.contains("Europe/Madrid"), "{text}");
    // When a known name, Then it is set and confirmed,
    let text = replies(&h.command(&users[0], "/timezone Atlantic/Canary").await);
    assert!(
        text.contains("Time zone set") && text.contains("Atlantic/Canary"),
        "{text}"
    );
    assert_eq!(
        h.store.chat_zone(CHAT).await.expect("zone").as_deref(),
        Some("Atlantic/Canary")
    );
    // When an unknown name, Then the usage, and the zone stays.
    let text = replies(&h.command(&users[0], "/timezone Mars/Olympus").await);
    assert!(text.contains("That's not how /timezone works"), "{text}");
    assert_eq!(
        h.store.chat_zone(CHAT).await.expect("zone").as_deref(),
        Some("Atlantic/Canary")
    );
}
