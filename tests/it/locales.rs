//! The i18n contract other modules rely on, through the public API: HTML for messages,
//! plain text for buttons, alerts and the command menu, names always escaped, and each
//! language speaking its own words.

use parxis::engine::{Colour, Loc, Square};
use parxis::i18n::{Cmd, Lang, Msg, Preset, colour, escape_html, loc, tr, tr_plain};

#[test]
fn a_hostile_name_is_escaped_in_html_and_shown_as_typed_in_plain_text() {
    let name = "<b>&</b> Pep";
    for lang in Lang::ALL {
        let msg = Msg::Winner {
            name: name.into(),
            colour: Colour::Green,
        };
        let html = tr(lang, &msg);
        assert!(
            html.contains("<b>&lt;b&gt;&amp;&lt;/b&gt; Pep</b>"),
            "{html}"
        );
        assert!(!html.contains(name), "{html}");
        assert!(tr_plain(lang, &msg).contains(name));
    }
    assert_eq!(escape_html(name), "&lt;b&gt;&amp;&lt;/b&gt; Pep");
}

#[test]
fn no_message_carries_unicode_isolation_marks() {
    for lang in Lang::ALL {
        for msg in Msg::all_samples() {
            for text in [tr(lang, &msg), tr_plain(lang, &msg)] {
                assert!(
                    !text.contains(['\u{2068}', '\u{2069}']),
                    "{lang} {}",
                    msg.id()
                );
            }
        }
    }
}

#[test]
fn the_command_menu_has_a_short_plain_description_in_every_language() {
    for lang in Lang::ALL {
        let mut seen = Vec::new();
        for cmd in Cmd::ALL {
            let desc = tr_plain(lang, &Msg::CmdDesc(cmd));
            // setMyCommands: description 1–256 characters, plain text.
            assert!(
                (3..=256).contains(&desc.chars().count()),
                "{lang} {}",
                cmd.name()
            );
            assert!(!desc.contains(['<', '&']), "{lang} {desc}");
            assert!(
                !seen.contains(&desc),
                "{lang}: two commands described as {desc:?}"
            );
            seen.push(desc);
            assert!(tr(lang, &Msg::Help).contains(&format!("/{}", cmd.name())));
        }
    }
}

#[test]
fn each_rule_summary_states_what_its_preset_changes() {
    for lang in Lang::ALL {
        let jcf = tr_plain(lang, &Msg::Rules(Preset::Jcf));
        let solidari = tr_plain(lang, &Msg::Rules(Preset::Solidari));
        let classic = tr_plain(lang, &Msg::Rules(Preset::Classic));
        assert!(jcf.contains("12"), "{lang}: JCF's 6 may count 12");
        assert!(
            solidari.contains("30"),
            "{lang}: Solidari's 30-minute limit"
        );
        assert!(
            solidari.contains('2'),
            "{lang}: Solidari starts with 2 pieces out"
        );
        assert!(
            !classic.contains("12") && !classic.contains("30"),
            "{lang} {classic}"
        );
        let common = tr_plain(lang, &Msg::RulesCommon);
        for n in ["5", "20", "10", "6"] {
            assert!(common.contains(n), "{lang}: common rules mention {n}");
        }
    }
}

#[test]
fn valencian_speaks_valencian_and_catalan_speaks_catalan() {
    let (va, ca) = (Lang::CaValencia, Lang::Ca);
    assert_eq!(colour(va, Colour::Red), "roig");
    assert_eq!(colour(ca, Colour::Red), "vermell");
    let leave = Msg::LeftNest { name: "Pep".into() };
    assert!(tr_plain(va, &leave).contains("casella d'eixida"));
    assert!(tr_plain(ca, &leave).contains("casella de sortida"));
    assert_eq!(loc(va, Loc::Nest), "🏠 quadre d'espera");
    let corridor = Square::corridor(Colour::Red, 2).map(Loc::Sq);
    assert_eq!(
        corridor.map(|l| loc(va, l)).as_deref(),
        Some("corredor roig 2")
    );
    assert_eq!(
        corridor.map(|l| loc(ca, l)).as_deref(),
        Some("passadís vermell 2")
    );
}

#[test]
fn a_telegram_user_gets_a_language_we_speak_or_none() {
    assert_eq!(Lang::from_telegram(Some("ca")), Some(Lang::Ca));
    assert_eq!(Lang::from_telegram(Some("es-MX")), Some(Lang::Es));
    assert_eq!(Lang::from_telegram(Some("de")), None);
    assert_eq!(Lang::from_telegram(None), None);
    let names: Vec<&str> = Lang::ALL.iter().map(|l| l.native_name()).collect();
    assert_eq!(names, ["Català", "Valencià", "Español", "English"]);
}

#[test]
fn a_finished_board_s_rematch_and_new_game_buttons_say_different_things_in_every_language() {
    use parxis::i18n::StatsMsg;
    // The two buttons sit side by side: "New game" opens an empty lobby, "Rematch" seats the
    // same players again. Each language names them with no word in common ("Una altra" in
    // Valencian read as a second "another game").
    let words = |s: &str| -> Vec<String> {
        s.split(|c: char| !c.is_alphanumeric())
            .filter(|w| w.chars().count() > 2)
            .map(str::to_lowercase)
            .collect()
    };
    for lang in Lang::ALL {
        let new_game = tr_plain(lang, &Msg::BtnNewGame);
        let rematch = tr_plain(lang, &Msg::Stats(StatsMsg::BtnRematch));
        let shared: Vec<String> = words(&rematch)
            .into_iter()
            .filter(|w| words(&new_game).contains(w))
            .collect();
        assert!(shared.is_empty(), "{lang}: {new_game} / {rematch}");
    }
    // The AVL's dictionary has "revenja", as the central standard.
    let va = tr_plain(Lang::CaValencia, &Msg::Stats(StatsMsg::BtnRematch));
    assert_eq!(va, "🔁 Revenja");
}

#[test]
fn the_phrases_found_on_the_phones_read_as_the_rulebooks_and_people_say_them() {
    use parxis::i18n::{AchieveMsg, StatsMsg};
    use parxis::stats::Achievement;
    let desc = |lang, a| tr_plain(lang, &Msg::Achieve(AchieveMsg::Desc(a)));
    let (ca, va, es, en) = (Lang::Ca, Lang::CaValencia, Lang::Es, Lang::En);
    assert!(desc(es, Achievement::Comeback).contains("a mitad de partida"));
    for l in [ca, va] {
        assert!(
            desc(l, Achievement::Comeback).contains("a mitja partida"),
            "{l}"
        );
        assert!(
            desc(l, Achievement::HardBeaten).contains("amb l'ordinador en nivell difícil"),
            "{l}"
        );
    }
    assert!(desc(ca, Achievement::UnluckySix).contains("mira com la teva fitxa torna a casa"));
    let start_first = |l| {
        tr_plain(
            l,
            &Msg::Achieve(AchieveMsg::NotifyStartFirst { name: "Pep".into() }),
        )
    };
    assert!(start_first(ca).contains("m'escriguis en privat"));
    assert!(start_first(va).contains("m'escrigues en privat"));
    assert!(start_first(es).contains("me escribas por privado"));
    for l in [ca, va] {
        assert!(
            tr_plain(l, &Msg::AlertTryAgain).contains("a un moment"),
            "{l}"
        );
    }
    // "2 of your pieces were captured", never "you were captured 2".
    let card = tr_plain(
        en,
        &Msg::Stats(StatsMsg::StatsCard {
            games: 4,
            wins: 1,
            rate: 25,
            place: "2.3".into(),
            made: 5,
            suffered: 2,
            home: 11,
            own: true,
        }),
    );
    assert!(card.contains("2 of your pieces were captured"), "{card}");
    // The achievements title: "3 of 15 here · 4 in all".
    let title = |l| {
        tr_plain(
            l,
            &Msg::Achieve(AchieveMsg::Title {
                count: 3,
                total: 15,
                anywhere: 4,
            }),
        )
    };
    assert!(
        title(en).contains("(3 of 15 here · 4 in all)"),
        "{}",
        title(en)
    );
    assert!(
        title(ca).contains("(3 de 15 aquí · 4 en total)"),
        "{}",
        title(ca)
    );
    assert!(
        title(va).contains("(3 de 15 ací · 4 en total)"),
        "{}",
        title(va)
    );
    assert!(
        title(es).contains("(3 de 15 aquí · 4 en total)"),
        "{}",
        title(es)
    );
}
