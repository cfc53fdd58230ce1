//! Writes the texts of the group's messages that issue 28 changed, as Telegram HTML (one
//! bubble each, buttons as rows under it), into the folder given (default /tmp/phone):
//! `<lang>-<page>.html` for a 390-px phone-bubble renderer (docs/phone/ holds the shots;
//! each page carries its own styles, so any renderer of an HTML fragment shows it);
//! prints the lengths of `/help` and `/rules` in a group and in full.
//!
//!     cargo run --example phone_texts -- /tmp/phone
use std::fmt::Write as _;

use parxis::bot::core::table::{Action, Actor, Player, PlayerKind, SeatResult, Stage, Table};
use parxis::bot::core::tourney::{SignedUp, Tourney, TourneyArgs};
use parxis::bot::core::view::{self, stats as sv};
use parxis::bot::effects::tourney::texts as post;
use parxis::engine::{Colour, Game, Preset, ScriptedDice};
use parxis::i18n::{Lang, Msg, tr, tr_plain};
use parxis::stats::{Achievement, Aggregate, ChatZone, Points, Rating};
use teloxide::types::{InlineKeyboardButtonKind, InlineKeyboardMarkup};

const AT_19_42: u64 = 1_796_064_150_000;

fn actor(id: i64, name: &str) -> Actor {
    Actor {
        id,
        name: name.into(),
        is_admin: false,
    }
}

fn kb(k: &InlineKeyboardMarkup) -> String {
    let mut out = String::new();
    for row in &k.inline_keyboard {
        let cells: Vec<String> = row
            .iter()
            .map(|b| {
                let link = matches!(b.kind, InlineKeyboardButtonKind::Url(_));
                format!(
                    "<span class=k>{}{}</span>",
                    html(&b.text),
                    if link { " ↗" } else { "" }
                )
            })
            .collect();
        let _ = write!(out, "<div class=r>{}</div>", cells.join(""));
    }
    out
}

/// Characters of an HTML text once its tags are gone.
fn tr_plain_len(s: &str) -> usize {
    let mut n = 0;
    let mut tag = false;
    for c in s.chars() {
        match c {
            '<' => tag = true,
            '>' => tag = false,
            _ if !tag => n += 1,
            _ => {}
        }
    }
    n
}

/// What each page starts with: the bubbles' and buttons' looks, and a close of any bubble
/// a renderer opened around the page (a renderer that puts the text in one bubble of its
/// own would otherwise show it empty above the first): that one is closed at once and
/// hidden.
const PAGE_HEAD: &str = "</div><style>\
body>.b:empty{display:none}\
.b{margin:8px;background:#fff;border-radius:12px;padding:8px 10px;max-width:330px;\
white-space:normal}\
.r{display:flex;gap:4px;margin:4px 8px;max-width:350px}\
.k{flex:1;text-align:center;background:#5c7f58;color:#fff;border-radius:6px;\
padding:6px 4px;font-size:14px}\
</style>";

fn html(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

fn bubble(text: &str, keys: Option<&InlineKeyboardMarkup>) -> String {
    let body = text.replace('\n', "<br>");
    let keys = keys.map(kb).unwrap_or_default();
    format!("<div class=b>{body}</div>{keys}")
}

fn seated(game: &str, names: &[(i64, &str, Colour)]) -> Table {
    let t = Table::lobby(&actor(names[0].0, names[0].1), Preset::Jcf, false);
    let players: Vec<Player> = names
        .iter()
        .map(|&(id, name, c)| Player {
            id,
            name: name.into(),
            kind: PlayerKind::Human,
            colour: Some(c),
            strikes: 0,
            absent: false,
        })
        .collect();
    // The lobby's stored form with the players seated and the position in play.
    let mut v = serde_json::to_value(&t).expect("json");
    v["players"] = serde_json::to_value(players).expect("json");
    v["status"] = "playing".into();
    v["game"] = serde_json::from_str(game).expect("position");
    serde_json::from_value(v).expect("a table in play")
}

/// A game of Aina, Biel, Carme and Dani played from its lobby to its end, each
/// taking the first move offered (the same dice every run), so the table keeps the whole
/// record as a real one does.
fn played_to_the_end() -> Table {
    let mut x: u64 = 2026;
    let rolls: Vec<u8> = (0..40_000)
        .map(|_| {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            u8::try_from((x >> 33) % 6).expect("a die") + 1
        })
        .collect();
    let mut dice = ScriptedDice::new(&rolls);
    let host = actor(1, "Aina");
    let mut t = Table::lobby(&host, Preset::Jcf, false);
    for (id, name) in [(2, "Biel"), (3, "Carme"), (4, "Dani")] {
        t = t
            .act(&actor(id, name), Action::Join, 0, &mut dice)
            .expect("join");
    }
    t = t.act(&host, Action::Start, 0, &mut dice).expect("start");
    for _ in 0..20_000 {
        let Some(p) = t.to_move().cloned() else { break };
        let who = Actor {
            id: p.id,
            name: p.name.clone(),
            is_admin: true,
        };
        let action = match t.playing().map(Game::phase) {
            Some(parxis::engine::Phase::AwaitingRoll(_)) => Action::Roll,
            Some(_) => Action::Move(0),
            None => break,
        };
        t = t.act(&who, action, 0, &mut dice).expect("a legal action");
    }
    assert!(
        matches!(t.stage(), Stage::Finished(_)),
        "the game ended: {:?} {:?}",
        t.status(),
        t.playing().map(Game::phase)
    );
    t
}

/// A league of five at tables of two: its sign-up, a lobby, the reminder two days before the
/// week's end, the week's recap (the standings' picture stands as `🖼 …`), the champion.
fn season_page(lang: Lang) -> String {
    use parxis::bot::core::season::{SeasonRec, week_ends};
    use parxis::bot::effects::season::texts as st;
    let zone = ChatZone::default();
    let settings = parxis::season::Settings {
        weeks: 2,
        preset: Preset::Jcf,
        fixtures: true,
        table_size: 2,
        min_games: 1,
    };
    let start = 1_796_637_600_000;
    let mut s = SeasonRec::open(1, (1, "Aina"), settings, None, false).expect("open");
    for (id, n) in [(2, "Biel 🎺"), (3, "Carme"), (4, "Dani"), (5, "Empar 🎆")] {
        s.join(id, n).expect("join");
    }
    let mut page = bubble(
        &st::signup_text(lang, &s),
        Some(&st::signup_keyboard(lang, &s)),
    );
    s.start(start, 3, week_ends(start, 2, |_| 60))
        .expect("start");
    page.push_str(&bubble(&st::started_text(lang, &s, &zone), None));
    page.push_str(&bubble(
        &st::lobby_text(lang, &s, 0, 0, &zone),
        Some(&st::lobby_keyboard(lang, &s, 0, 0)),
    ));
    s.came(0, 1, s.seats(0, 1)[0].0).expect("came");
    if let Some(text) = st::reminder_text(lang, &s, 0, &zone) {
        page.push_str(&bubble(&text, None));
    }
    let two = s.seats(0, 0);
    let results = [
        (two[0].0, Points(840), true),
        (two[1].0, Points(-840), false),
    ];
    s.table_played(0, 0, &results).expect("played");
    s.end_week(4).expect("week 1 ends");
    page.push_str(&bubble(
        &format!("🖼 …\n{}", st::recap_text(lang, &s, 0)),
        None,
    ));
    s.end_week(5).expect("week 2 ends");
    page.push_str(&bubble(
        &format!("🖼 …\n{}", st::champion_text(lang, &s)),
        None,
    ));
    page
}

fn main() {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "/tmp/phone".into());
    std::fs::create_dir_all(&dir).expect("dir");
    let zone = ChatZone::default();
    for lang in Lang::ALL {
        let mut pages: Vec<(&str, String)> = Vec::new();
        // ── game: the first lobby, a board to choose on, a finished board
        let mut lobby =
            Table::lobby(&actor(1, "Aina"), Preset::Jcf, false).offering_languages(true);
        lobby = lobby
            .act(
                &actor(2, "Biel"),
                Action::Join,
                0,
                &mut ScriptedDice::new(&[1]),
            )
            .expect("join");
        let mut game = String::new();
        game.push_str(&bubble(
            &view::board_text(lang, &lobby, 0).status,
            Some(&view::keyboard(lang, &lobby)),
        ));
        let mut t = seated(
            r#"{"rules":"jcf","seats":["yellow","red"],"turn":"red",
                "board":{"20":["yellow"],"40":["red"],"red-3":["red"],"50":["red"]}}"#,
            &[(1, "Aina", Colour::Yellow), (2, "Biel", Colour::Red)],
        );
        t = t
            .act(
                &actor(2, "Biel"),
                Action::Roll,
                0,
                &mut ScriptedDice::new(&[3]),
            )
            .expect("roll");
        // The table's stored form with its turn's deadline at 19:42.
        let mut v = serde_json::to_value(&t).expect("json");
        v["deadline_ms"] = AT_19_42.into();
        let t: Table = serde_json::from_value(v).expect("a table");
        let text = view::board_text_in(lang, &t, 0, &zone);
        game.push_str(&bubble(
            &format!("🖼 …\n{}", text.status_within(1024)),
            Some(&view::keyboard(lang, &t)),
        ));
        // finished: four people, played from the start (the table keeps
        // the whole record, so the 🎞 Replay row shows), recorded
        let f = played_to_the_end();
        // Its stored form with the counts of a 23-minute game.
        let mut v = serde_json::to_value(&f).expect("json");
        v["stats"]["started_ms"] = 0.into();
        v["stats"]["finished_ms"] = (23 * 60_000 + 5_000).into();
        v["stats"]["moves"] = 84.into();
        v["stats"]["rolls"] = 97.into();
        let f: Table = serde_json::from_value(v).expect("a table");
        let results = vec![
            SeatResult {
                id: 1,
                points_tenths: Some(30),
                rating: Some((1380, 1416)),
                rated_games: Some(5),
            },
            SeatResult {
                id: 2,
                points_tenths: Some(-30),
                rating: Some((1000, 940)),
                rated_games: Some(1),
            },
            SeatResult {
                id: 3,
                points_tenths: Some(10),
                rating: Some((1000, 1090)),
                rated_games: Some(2),
            },
            SeatResult {
                id: 4,
                points_tenths: Some(-10),
                rating: Some((1000, 960)),
                rated_games: Some(4),
            },
        ];
        let f = f.recorded(Some(results)).with_achievements(vec![
            (1, Achievement::FirstWin.code().to_owned()),
            (1, Achievement::IronBarrier.code().to_owned()),
            (2, Achievement::FirstCapture.code().to_owned()),
            (1, Achievement::FullBoard.code().to_owned()),
            (3, Achievement::ThreeCaptures.code().to_owned()),
        ]);
        game.push_str(&bubble(
            &format!("🖼 …\n{}", view::board_text(lang, &f, 40_000).status),
            Some(&view::keyboard(lang, &f)),
        ));
        pages.push(("game", game));
        // ── commands: /help and /rules in a group, /board with nothing in play
        let mut cmds = String::new();
        let help_kb = view::menus::private_button(lang, &Msg::BtnFullHelp, "parxis_bot", "help");
        cmds.push_str(&bubble(&view::help_group(lang, true), help_kb.as_ref()));
        let settings = [
            Msg::TimerSet { seconds: 120 },
            Msg::DiceIs { auto: true },
            Msg::PingsIs { seconds: 30 },
        ]
        .iter()
        .map(|m| tr(lang, m))
        .collect::<Vec<_>>()
        .join("\n");
        let rules_kb =
            view::menus::private_button(lang, &Msg::BtnAllRules, "parxis_bot", "rules_jcf");
        cmds.push_str(&bubble(
            &format!(
                "{}\n\n{settings}",
                view::rules_short(lang, Preset::Jcf, false)
            ),
            rules_kb.as_ref(),
        ));
        cmds.push_str(&bubble(&tr(lang, &Msg::NoGameInPlay), None));
        cmds.push_str(&bubble(
            &tr_plain(
                lang,
                &Msg::BoardUpdatingIn {
                    what: tr_plain(
                        lang,
                        &Msg::Rolled {
                            name: "Aina".into(),
                            roll: 4,
                        },
                    ),
                    secs: 6,
                },
            ),
            None,
        ));
        pages.push(("commands", cmds));
        // ── stats: /top with a tie and nobody settled, a /stats card
        let line = |rank, user, name: &str, score: i64, games| sv::TopLine {
            rank,
            user,
            name: name.into(),
            score,
            games,
        };
        let top = sv::Top {
            top: vec![],
            apart: vec![
                line(1, 1, "Aina", Points::whole(2).0, 2),
                line(1, 2, "Biel", Points::whole(2).0, 1),
                line(3, 3, "Carme", Points::whole(1).0, 1),
                line(4, 4, "Dani", -Points::whole(1).0, 2),
            ],
            caller: None,
        };
        let week = zone.week_of(1_796_064_150_000);
        let mut stats = bubble(&sv::top_text(lang, sv::TopKind::Week(week), &top), None);
        let a = Aggregate {
            name: "Aina".into(),
            games: 7,
            wins: 3,
            place_sum: 13,
            captures_made: 1,
            captures_suffered: 2,
            pieces_home: 20,
            best_streak: 1,
            rating: Some(Rating::default()),
            rated_games: 7,
            last_delta: Some(12),
            ..Aggregate::default()
        };
        let card = sv::CardFor {
            name: "Aina",
            global: false,
            own: true,
            week: Some(Points::whole(2)),
            rank: Some((3, 7)),
        };
        let earned = [
            Achievement::FirstWin,
            Achievement::FirstCapture,
            Achievement::IronBarrier,
            Achievement::Games10,
        ];
        let holders = |x: Achievement| match x {
            Achievement::FirstWin => 5,
            Achievement::IronBarrier => 1,
            _ => 3,
        };
        let in_chat: sv::InChat<'_> = (&earned[..3], &holders);
        stats.push_str(&bubble(
            &format!(
                "{}\n\n{}",
                sv::card_text(lang, &card, Some(&a)),
                sv::achievements_text(lang, Some(in_chat), &earned)
            ),
            None,
        ));
        pages.push(("stats", stats));
        // ── tournament: the sign-up, the bracket's caption at the draw, a table's call
        let host = SignedUp {
            id: 1,
            name: "Aina".into(),
        };
        let args = TourneyArgs {
            preset: Preset::Jcf,
            table_size: 2,
            limit_minutes: None,
            pairs: false,
        };
        let mut tn = Tourney::open(&host, args, None, false);
        for (id, n) in [(2, "Biel"), (3, "Carme"), (4, "Dani")] {
            tn.join(&SignedUp { id, name: n.into() }).expect("join");
        }
        let mut tour = bubble(
            &post::signup_text(lang, &tn),
            Some(&post::signup_keyboard(lang, &tn)),
        );
        tn.draw(7).expect("draw");
        let drawn = tn.tournament.clone().expect("drawn");
        let labels = post::labels(lang, &drawn);
        let caption = format!(
            "🖼 …\n{}\n\n{}",
            view::tourney::drawn_head(lang, &drawn),
            html(&parxis::tournament::bracket_text(&drawn, &labels))
        );
        tour.push_str(&bubble(&caption, None));
        let at = tn.tables_to_call()[0];
        tour.push_str(&bubble(
            &view::tourney::call_text(lang, &tn, at, &parxis::stats::ChatZone::default()),
            None,
        ));
        pages.push(("tourney", tour));
        // ── league: the sign-up, a table's lobby, the reminder, a week's recap, the champion
        pages.push(("season", season_page(lang)));
        // The lengths a phone reads: /help and /rules in a group and in full (characters of
        // the plain text, the settings lines of /rules included).
        let len = |s: &str| tr_plain_len(s);
        println!(
            "{lang}: /help group {} · full {}; /rules group {} · full {}",
            len(&view::help_group(lang, true)),
            len(&view::help(lang)),
            len(&format!(
                "{}\n\n{settings}",
                view::rules_short(lang, Preset::Jcf, false)
            )),
            len(&view::rules(lang, Preset::Jcf, false)),
        );
        for (name, body) in pages {
            let path = format!("{dir}/{}-{name}.html", lang.code());
            std::fs::write(&path, format!("{PAGE_HEAD}{body}")).expect("write");
        }
    }
}
