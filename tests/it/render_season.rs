//! A season as the chat sees it, built by the bot's own texts from a played league: the
//! standings picture (the bot's title, headings and points in the chat's language, movement
//! since last week, names with emoji), the champion's trophy, and the messages (lobby,
//! reminder, recap, champion) in the four languages, written to the target folder to be
//! looked at (`render_season` pictures; the texts for a phone's render).

use std::path::PathBuf;

use parxis::bot::core::season::{SeasonRec, week_ends};
use parxis::bot::effects::season::texts;
use parxis::engine::Preset;
use parxis::i18n::{Lang, Msg, SeasonMsg, tr_plain};
use parxis::render::image::{standings, trophy};
use parxis::season::{Fixture, Settings};
use parxis::stats::ChatZone;
use parxis::stats::points::Points;

use crate::support::png_board::decode_rgb;

const NAMES: [&str; 7] = [
    "Amparo 🎆",
    "Pep",
    "Maria-Dolors de la Font",
    "Vicent 🍊",
    "Neus",
    "Joan 🎺",
    "Rosa",
];
const START: u64 = 1_796_637_600_000;

/// A league of seven after two weeks: every table of week 1 played, week 2's last table
/// not played (one came), the others played; week 3 just drawn.
fn league() -> SeasonRec {
    let settings = Settings {
        weeks: 4,
        preset: Preset::Jcf,
        fixtures: true,
        table_size: 4,
        min_games: 2,
    };
    let mut s = SeasonRec::open(1, (1, NAMES[0]), settings, None, false).expect("open");
    for (i, name) in NAMES.iter().enumerate().skip(1) {
        s.join(i64::try_from(i).expect("small") + 1, name)
            .expect("join");
    }
    s.start(START, 11, week_ends(START, 4, |_| 60))
        .expect("start");
    for week in 0..2u8 {
        let tables = s.season.matchdays[usize::from(week)].tables.clone();
        for (t, seats) in tables.iter().enumerate() {
            let users: Vec<i64> = seats.iter().map(|&m| s.season.members[m].user).collect();
            if week == 1 && t + 1 == tables.len() {
                s.came(week, t, users[0]).expect("came");
                continue;
            }
            let n = users.len();
            let results: Vec<(i64, Points, bool)> = users
                .iter()
                .enumerate()
                .map(|(i, &u)| {
                    let p = parxis::stats::points::place_points(n, (i + week as usize) % n + 1);
                    (u, Points(p * 840), (i + week as usize).is_multiple_of(n))
                })
                .collect();
            assert_eq!(s.table_played(week, t, &results), Ok(true));
        }
        s.end_week(20 + u64::from(week)).expect("end week");
    }
    s
}

fn out_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("season");
    std::fs::create_dir_all(&dir).expect("target dir");
    dir
}

#[test]
fn the_bots_standings_picture_says_the_week_in_the_chats_words_and_moves_lines() {
    let s = league();
    assert!(matches!(
        s.season.matchdays[1].fixtures.last(),
        Some(Fixture::Forfeited { .. })
    ));
    let dir = out_dir();
    for lang in Lang::ALL {
        let sheet = texts::sheet(lang, &s, 1, &|user| {
            (user % 2 == 0).then_some(1480 + i32::try_from(user).unwrap_or(0))
        });
        // As the recap of week 2 shows it: the title names the kind of season and the week,
        // in the chat's words, and the lines moved over that week.
        let week = tr_plain(
            lang,
            &Msg::Season(SeasonMsg::WeekName { week: 2, weeks: 4 }),
        );
        assert!(sheet.title.contains(&week), "{lang}: {}", sheet.title);
        assert_eq!(sheet.lines.len(), NAMES.len());
        // Points in the chat's way of writing them, with a sign; someone moved since last week.
        assert!(
            sheet
                .lines
                .iter()
                .all(|l| l.points.starts_with(['+', '-']) || l.points == "0")
        );
        assert!(
            sheet.lines.iter().any(|l| l.moved != 0),
            "{lang}: nobody moved"
        );
        // Ranked lines first, in rank order.
        let ranks: Vec<u32> = sheet.lines.iter().filter_map(|l| l.rank).collect();
        assert!(ranks.windows(2).all(|w| w[0] <= w[1]));
        let bytes = standings::png(&sheet);
        let (w, _, _) = decode_rgb(&bytes);
        assert_eq!(w, standings::WIDTH);
        std::fs::write(dir.join(format!("standings_{}.png", lang.code())), bytes).expect("write");
    }
}

#[test]
fn the_trophy_names_the_champions_in_gold_and_the_messages_are_written_to_look_at() {
    let mut s = league();
    s.end_week(30).expect("week 3");
    s.end_week(31).expect("week 4");
    let champions = s.season.champions();
    assert!(!champions.is_empty());
    let zone = ChatZone::default();
    let dir = out_dir();
    for lang in Lang::ALL {
        let cup = trophy::Trophy {
            title: tr_plain(lang, &Msg::Season(SeasonMsg::TrophyTitle { league: true })),
            names: champions
                .iter()
                .map(|&c| s.season.members[c].name.clone())
                .collect(),
            line: texts::caption(lang, &s),
        };
        let bytes = trophy::png(&cup);
        let (w, h, rgb) = decode_rgb(&bytes);
        assert_eq!(w, trophy::WIDTH);
        // The cup is gold: a good part of its middle column.
        let gold = (100..260)
            .filter(|&y| {
                let i = (y * w as usize + w as usize / 2) * 3;
                rgb[i] > 200 && rgb[i + 1] > 150 && rgb[i + 2] < 120
            })
            .count();
        assert!(gold > 60, "{lang}: {gold} gold pixels, {w}x{h}");
        std::fs::write(dir.join(format!("trophy_{}.png", lang.code())), bytes).expect("write");
        let champion = texts::champion_text(lang, &s);
        for &c in &champions {
            assert!(champion.contains(&s.season.members[c].name.replace('&', "&amp;")));
        }
        std::fs::write(dir.join(format!("champion_{}.txt", lang.code())), champion).expect("write");
    }
    // The messages of a week, from the league before its end.
    let s = league();
    for lang in Lang::ALL {
        let lobby = texts::lobby_text(lang, &s, 2, 0, &zone);
        assert!(lobby.contains("tg://user?id="), "{lobby}");
        assert!(lobby.contains("<tg-time unix="), "{lobby}");
        let recap = texts::recap_text(lang, &s, 1);
        assert!(recap.contains("🥇"), "{recap}");
        let reminder = texts::reminder_text(lang, &s, 2, &zone).expect("tables to play");
        let signup = texts::signup_text(lang, &s);
        for (what, text) in [
            ("lobby", lobby),
            ("recap", recap),
            ("reminder", reminder),
            ("signup", signup),
        ] {
            std::fs::write(dir.join(format!("{what}_{}.txt", lang.code())), text).expect("write");
        }
    }
}
