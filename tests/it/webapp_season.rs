//! The group's season on the live board's page: `api/season` over plain HTTP (who is let
//! in, what a member is told, a chat without a season), and the page's season section in
//! headless Chromium on a 390 px phone, in a light and a dark Telegram theme. A real bot
//! (the harness) and its HTTP port, a real Redis and the fake Bot API; the season is stored
//! as the bot keeps it.

use crate::support;

use parxis::bot::core::season::{SeasonRec, week_ends};
use parxis::bot::core::settings::{ChatSettings, DiceMode, Display};
use parxis::bot::effects::live::auth::{Secret, sign};
use parxis::bot::effects::live::{GameId, Limits, LinkKey};
use parxis::engine::Preset;
use parxis::i18n::Lang;
use parxis::season::Settings;
use parxis::stats::points::Points;
use parxis::store::Place;
use serde_json::{Value, json};

use support::bot_harness::{CHAT, Harness, Options};
use support::browser::{Browser, assert_fits, peek, until};
use support::fake_tg::{TOKEN, TestUser};
use support::http::request;
use support::live::{
    PATH, app, dark_theme, init_data, light_theme, now_secs, page_url_themed, serve,
};

/// The season's members: (user, name as typed). Pere's name has an emoji, Maria's is one
/// long word.
const MEMBERS: [(i64, &str); 7] = [
    (11, "Ana"),
    (12, "Joan"),
    (15, "Pere 🎺"),
    (16, "Núria 🌸"),
    (17, "Maria-Dolors_de_la_Font_i_Puigdomènech"),
    (18, "Xavi"),
    (19, "Olga"),
];

fn pere() -> TestUser {
    TestUser::new(15, "Pere 🎺")
}

fn chat_in(lang: Lang) -> ChatSettings {
    ChatSettings {
        lang: Some(lang),
        display: Display::Emoji,
        timer_secs: 0,
        dice: DiceMode::Auto,
        pings_secs: 0,
        lang_offered: true,
    }
}

/// Far above a person's: the tests ask as fast as the server answers.
fn open_limits() -> Limits {
    Limits {
        per_second: 1_000,
        burst: 1_000,
        addr_per_second: 1_000,
        addr_burst: 1_000,
        ..Limits::default()
    }
}

/// A day, in ms.
const DAY_MS: u64 = 24 * 3_600_000;

/// A league of [`MEMBERS`] in tables of 3 over 8 weeks, ranked from `min_games` games,
/// started eight days before `now` (weeks ending at 20:00 in Madrid), its first week played
/// and ended: week 2 is on, ending in about six days, its tables open.
fn league_in_week_two(now: u64, min_games: u32) -> SeasonRec {
    let settings = Settings {
        weeks: 8,
        preset: Preset::Jcf,
        fixtures: true,
        table_size: 3,
        min_games,
    };
    let start = now - 8 * DAY_MS;
    let (host, name) = MEMBERS[0];
    let mut rec = SeasonRec::open(start, (host, name), settings, None, false).expect("open");
    for (user, name) in &MEMBERS[1..] {
        rec.join(*user, name).expect("join");
    }
    let ends = week_ends(start, 8, |_| 60);
    rec.start(start, 2026, ends).expect("start");
    play(&mut rec, None);
    rec.end_week(7).expect("week 1 ends");
    assert_eq!(rec.week(), Some(1));
    assert!(
        rec.week_end()
            .is_some_and(|e| e > now && e < now + 7 * DAY_MS)
    );
    rec
}

/// Plays this week's tables but `except`: each table's seats score 1.5, 0 and −1.5 (1.5
/// and −1.5 at a table of two), the first seat winning.
fn play(rec: &mut SeasonRec, except: Option<usize>) {
    let week = rec.week().expect("a week");
    let tables = rec.season.matchdays[usize::from(week)].tables.len();
    for table in (0..tables).filter(|&t| Some(t) != except) {
        let seats = rec.seats(week, table);
        let scores: &[i64] = if seats.len() == 3 {
            &[1260, 0, -1260]
        } else {
            &[1260, -1260]
        };
        let users: Vec<(i64, Points, bool)> = seats
            .iter()
            .zip(scores)
            .enumerate()
            .map(|(i, ((u, _), p))| (*u, Points(*p), i == 0))
            .collect();
        assert_eq!(rec.table_played(week, table, &users), Ok(true));
    }
}

async fn save(h: &Harness, rec: &SeasonRec) {
    let saved = h.store.save_season(CHAT, 0, rec, 3600).await;
    assert!(
        matches!(saved, Ok(parxis::store::CasOutcome::Saved { .. })),
        "{saved:?}"
    );
}

/// The live board's id of the group's own place.
fn place_id() -> String {
    GameId::of(&LinkKey::of_token(TOKEN), Place::of_chat(CHAT))
        .as_str()
        .to_owned()
}

/// `GET api/season` with `auth` (empty: no header): its status and JSON.
async fn ask(addr: std::net::SocketAddr, auth: &str) -> (u16, Value) {
    let headers: Vec<(&str, &str)> = if auth.is_empty() {
        Vec::new()
    } else {
        vec![("Authorization", auth)]
    };
    let r = request(addr, "GET", &format!("{PATH}/api/season"), &headers, b"").await;
    let body = serde_json::from_str(&r.body).unwrap_or(Value::Null);
    (r.status, body)
}

fn auth_of(user: &TestUser) -> String {
    format!(
        "tma {}",
        init_data(user, Some("en"), &place_id(), now_secs())
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_season_is_for_the_group_s_members_and_tells_a_member_their_table() {
    // Given an English group without a season, and its live board,
    let h = Harness::start_live(54, Options::default(), Some((app(), open_limits()))).await;
    h.settings(chat_in(Lang::En)).await;
    let addr = serve(&h, 0).await;
    // when a member asks, then there is no season: a plain answer, not an error;
    let (status, body) = ask(addr, &auth_of(&pere())).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body,
        json!({ "season": false, "text": "There is no season in this group." })
    );

    // Given its league in week 2,
    let rec = league_in_week_two(h.now_ms(), 2);
    save(&h, &rec).await;
    // when asked without initData, with data signed by another bot's token, or with
    // Pere's data changed, then each is refused (401) and told nothing of the season;
    let forged = sign(
        &Secret::of_token("123456:another-bot"),
        &[
            ("user", r#"{"id":15,"first_name":"Pere"}"#),
            ("auth_date", &now_secs().to_string()),
            ("start_param", &place_id()),
        ],
    );
    let changed = auth_of(&pere()).replace("%22id%22%3A15", "%22id%22%3A16");
    assert_ne!(changed, auth_of(&pere()), "the data names its user");
    for (what, auth) in [
        ("none", String::new()),
        ("forged", format!("tma {forged}")),
        ("changed", changed),
    ] {
        let (status, body) = ask(addr, &auth).await;
        assert_eq!(status, 401, "{what}: {body}");
        assert!(body.get("rows").is_none(), "{what}: {body}");
    }

    // When Pere, a member of the group and of the league, asks,
    let (status, body) = ask(addr, &auth_of(&pere())).await;
    assert_eq!(status, 200, "{body}");
    // then it is week 2 of 8 of the league, with every member's line, names as typed,
    // his own line marked, everyone unranked under the minimum of 2 games,
    assert_eq!(body["season"], true);
    assert_eq!(body["league"], true);
    assert_eq!(body["week_text"], "Week 2 of 8");
    let rows = body["rows"].as_array().expect("rows");
    let mut names: Vec<&str> = rows.iter().filter_map(|r| r["name"].as_str()).collect();
    names.sort_unstable();
    let mut members: Vec<&str> = MEMBERS.iter().map(|(_, n)| *n).collect();
    members.sort_unstable();
    assert_eq!(names, members);
    let own: Vec<&Value> = rows.iter().filter(|r| r["you"] == true).collect();
    assert_eq!(own.len(), 1, "{body}");
    assert_eq!(own[0]["name"], "Pere 🎺");
    assert!(rows.iter().all(|r| r["ranked"] == false && r["games"] == 1));
    assert_eq!(body["unranked"], "Fewer than 2 games: not ranked yet.");
    // and his table this week: its number, the others at it, nobody come yet, the
    // deadline the week's end.
    let fixture = rec.next_fixture(15).expect("Pere has a table");
    let others: Vec<String> = rec
        .seats(fixture.week, fixture.table)
        .into_iter()
        .filter(|(u, _)| *u != 15)
        .map(|(_, n)| n)
        .collect();
    let f = &body["fixture"];
    assert_eq!(f["table"].as_u64(), Some(fixture.table as u64 + 1));
    assert_eq!(f["others"], json!(others));
    assert_eq!(f["by_ms"].as_u64(), Some(fixture.by_ms));
    assert_eq!(body["ends_ms"].as_u64(), Some(fixture.by_ms));
    let text = f["text"].as_str().unwrap_or_default();
    assert!(
        text.starts_with(&format!(
            "Week 2 of 8 · your table: {} — by ",
            others.join(", ")
        )),
        "{text}"
    );
    assert!(text.ends_with(" 20:00"), "{text}");
    assert_eq!(
        f["state"],
        format!("Table {} · nobody has come yet", fixture.table + 1)
    );

    // When a member of the group outside the league asks, then they see the standings and
    // are told they are not in it;
    let (status, body) = ask(addr, &auth_of(&TestUser::new(13, "Carme"))).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["fixture"], Value::Null);
    assert_eq!(body["mine"], "You are not in this season.");
    assert_eq!(body["rows"].as_array().map(Vec::len), Some(MEMBERS.len()));
    // and someone who left the group is refused (403), a league member too (neither asked
    // before: a membership is believed for a while).
    h.fake.remove_member(CHAT, 14, "left");
    h.fake.remove_member(CHAT, 16, "kicked");
    for user in [TestUser::new(14, "Dani"), TestUser::new(16, "Núria 🌸")] {
        let (status, body) = ask(addr, &auth_of(&user)).await;
        assert_eq!(status, 403, "{}: {body}", user.first_name);
        assert!(body.get("rows").is_none(), "{body}");
    }
}

/// The page's season section as the phone shows it: `{rows, you, overflow}`.
const SECTION: &str = "(() => { const box = document.getElementById('season');\
    const rows = [...box.querySelectorAll('tbody tr')];\
    const you = box.querySelector('tr.you');\
    const other = box.querySelector('tr:not(.you) td.name');\
    return { shown: !box.hidden && box.getBoundingClientRect().height > 0,\
      head: box.querySelector('.season-head').textContent,\
      fixture: (box.querySelector('.fixture-text') || {}).textContent || null,\
      names: rows.map((r) => r.querySelector('td.name').textContent),\
      you: you && you.querySelector('td.name').textContent,\
      you_bg: you && getComputedStyle(you.querySelector('td')).backgroundColor,\
      other_bg: getComputedStyle(other).backgroundColor,\
      you_colour: you && getComputedStyle(you.querySelector('td.name')).color,\
      heads_fit: [...box.querySelectorAll('th')].every((t) => t.scrollWidth <= t.clientWidth + 1),\
      ups: rows.map((r) => r.querySelector('td.up').textContent),\
      ranks: rows.map((r) => r.querySelector('td.rank').textContent),\
      state: (box.querySelector('.fixture-state') || {}).textContent || null,\
      right: Math.max(...[...box.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right)),\
      fixture_above: box.querySelector('.fixture').getBoundingClientRect().bottom <= box.querySelector('table').getBoundingClientRect().top }; })()";

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_page_shows_the_season_on_a_phone_in_four_languages_light_and_dark() {
    // Given a Catalan group with a lobby open and its league in week 2, its live board,
    let h = Harness::start_live(55, Options::default(), Some((app(), open_limits()))).await;
    h.settings(chat_in(Lang::Ca)).await;
    h.command(&support::bot_harness::four_users()[0], "/newgame")
        .await;
    // (week 2's other tables played, so lines moved and some are ranked; at Pere's table
    // the others have come),
    let mut rec = league_in_week_two(h.now_ms(), 2);
    let fixture = rec.next_fixture(15).expect("Pere has a table");
    play(&mut rec, Some(fixture.table));
    for (user, _) in rec.seats(1, fixture.table) {
        if user != 15 {
            rec.came(1, fixture.table, user).expect("came");
        }
    }
    save(&h, &rec).await;
    let addr = serve(&h, 0).await;
    let Some(mut browser) = Browser::start().await else {
        return;
    };
    let id = place_id();
    let data = init_data(&pere(), Some("en"), &id, now_secs());
    let others: Vec<String> = rec
        .seats(fixture.week, fixture.table)
        .into_iter()
        .filter(|(u, _)| *u != 15)
        .map(|(_, n)| n)
        .collect();
    let tab = browser
        .open(&page_url_themed(addr, &id, &data, &light_theme()))
        .await;
    for (theme_name, theme, lang) in [
        ("light", light_theme(), Lang::Ca),
        ("dark", dark_theme(), Lang::Es),
        ("dark", dark_theme(), Lang::CaValencia),
        ("light", light_theme(), Lang::En),
    ] {
        h.settings(chat_in(lang)).await;
        // when Pere (whose phone says `en`) opens the page,
        let page = browser
            .show(&tab, &page_url_themed(addr, &id, &data, &theme))
            .await;
        until(
            page,
            "s.season && s.season.season && s.state && s.state.stage === 'lobby'",
            10_000,
        )
        .await;
        let shown = peek(page, SECTION).await;
        let case = format!("{theme_name} {}", lang.code());
        // then the season section is shown in the chat's language, his next table above
        // the table,
        assert_eq!(shown["shown"], true, "{case}: {shown}");
        let (head, fixture_text) = match lang {
            Lang::Ca => (
                "🏆 Lliga · Jornada 2 de 8",
                "Jornada 2 de 8 · la teva taula: ",
            ),
            Lang::CaValencia => (
                "🏆 Lliga · Jornada 2 de 8",
                "Jornada 2 de 8 · la teua taula: ",
            ),
            Lang::Es => ("🏆 Liga · Jornada 2 de 8", "Jornada 2 de 8 · tu mesa: "),
            _ => ("🏆 League · Week 2 of 8", "Week 2 of 8 · your table: "),
        };
        assert_eq!(shown["head"], head, "{case}");
        let text = shown["fixture"].as_str().unwrap_or_default();
        assert!(
            text.starts_with(&format!("{fixture_text}{}", others.join(", "))),
            "{case}: {text}"
        );
        assert_eq!(shown["fixture_above"], true, "{case}");
        // who has come to it,
        let state = shown["state"].as_str().unwrap_or_default();
        assert!(state.contains('✋'), "{case}: {state}");
        assert!(state.contains(&others.join(", ")), "{case}: {state}");
        // the lines that moved since last week marked, the ranked numbered, the unranked
        // (Pere and his table, one game) with a dash,
        let ups = shown["ups"].as_array().cloned().unwrap_or_default();
        assert!(
            ups.iter()
                .any(|u| u.as_str().is_some_and(|u| u.starts_with('▲'))),
            "{case}: {ups:?}"
        );
        let ranks = shown["ranks"].as_array().cloned().unwrap_or_default();
        assert!(
            ranks
                .first()
                .and_then(Value::as_str)
                .is_some_and(|r| r.starts_with('1')),
            "{case}: {ranks:?}"
        );
        assert!(ranks.last() == Some(&json!("–")), "{case}: {ranks:?}");
        // every member's name as typed (the emoji kept), his own line marked apart,
        let names = shown["names"].as_array().cloned().unwrap_or_default();
        assert_eq!(names.len(), MEMBERS.len(), "{case}: {shown}");
        for (_, name) in MEMBERS {
            assert!(names.contains(&json!(name)), "{case}: {name} in {names:?}");
        }
        assert_eq!(shown["you"], "Pere 🎺", "{case}");
        assert_ne!(shown["you_bg"], shown["other_bg"], "{case}: {shown}");
        // in the theme's text colour (white on the dark page, though he is unranked),
        let dark = peek(page, "s.dark").await;
        assert_eq!(dark, json!(theme_name == "dark"), "{case}");
        let text_colour = if theme_name == "dark" {
            "rgb(255, 255, 255)"
        } else {
            "rgb(0, 0, 0)"
        };
        assert_eq!(shown["you_colour"], text_colour, "{case}: {shown}");
        // and nothing reaches past the phone's edge, the long name included, every
        // column's heading within its column.
        assert!(
            shown["right"].as_f64().unwrap_or(f64::MAX) <= 390.5,
            "{case}: {shown}"
        );
        assert_eq!(shown["heads_fit"], true, "{case}: {shown}");
        assert_fits(page, &format!("the season, {case}")).await;
        if let Ok(dir) = std::env::var("PARXIS_SCREENSHOTS") {
            peek(
                page,
                "document.getElementById('season').scrollIntoView({ block: 'end' }) || true",
            )
            .await;
            let png = page.screenshot().await.expect("a screenshot");
            let width = u32::from_be_bytes(png[16..20].try_into().expect("IHDR"));
            assert_eq!(width, support::browser::PHONE.0 * support::browser::PHONE.2);
            std::fs::write(
                format!("{dir}/live_season_{theme_name}_{}.png", lang.code()),
                &png,
            )
            .expect("saved");
        }
    }
    // When he opens a link to a place of the group with no game (a league table's lane
    // before its game), then the page says there is no game, and shows the season;
    let lane = GameId::of(&LinkKey::of_token(TOKEN), Place::in_lane(CHAT, 1_000));
    let data = init_data(&pere(), Some("en"), lane.as_str(), now_secs());
    let page = browser
        .show(
            &tab,
            &page_url_themed(addr, lane.as_str(), &data, &light_theme()),
        )
        .await;
    until(page, "s.failed && s.season && s.season.season", 10_000).await;
    assert_eq!(peek(page, "s.failed.status").await, json!(404));
    let shown = peek(page, SECTION).await;
    assert_eq!(shown["shown"], true, "{shown}");
    assert_eq!(shown["you"], "Pere 🎺", "{shown}");
    // and a page refused (its data changed) asks nothing of the season.
    let changed = data.replace("%22id%22%3A15", "%22id%22%3A16");
    assert_ne!(changed, data);
    let page = browser
        .show(
            &tab,
            &page_url_themed(addr, lane.as_str(), &changed, &light_theme()),
        )
        .await;
    until(page, "s.failed", 10_000).await;
    assert_eq!(peek(page, "s.failed.status").await, json!(401));
    assert_eq!(peek(page, "!!s.seasonAsked").await, json!(false));
    assert_eq!(
        peek(page, "document.getElementById('season').hidden").await,
        json!(true)
    );
    browser.close().await;
}
