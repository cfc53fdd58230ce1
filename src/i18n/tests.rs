//! Locale checks: each language's own files define exactly the ids the messages use, every
//! message renders in every language without Fluent errors, and the output is clean
//! Telegram HTML.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use fluent_syntax::ast;

use super::*;
use crate::engine::Square;

/// Everything one locale folder defines, read with the Fluent parser.
#[derive(Default)]
struct LocaleFiles {
    /// Message id → variables (`$x`) its patterns reference.
    messages: BTreeMap<String, BTreeSet<String>>,
    /// Term ids defined (`-x = …`).
    terms: BTreeSet<String>,
    /// Term ids referenced anywhere.
    term_refs: BTreeSet<String>,
    /// Ids defined twice, parse errors, junk.
    problems: Vec<String>,
}

fn walk_pattern(p: &ast::Pattern<&str>, vars: &mut BTreeSet<String>, terms: &mut BTreeSet<String>) {
    for el in &p.elements {
        if let ast::PatternElement::Placeable { expression } = el {
            walk_expression(expression, vars, terms);
        }
    }
}

fn walk_expression(
    e: &ast::Expression<&str>,
    vars: &mut BTreeSet<String>,
    terms: &mut BTreeSet<String>,
) {
    match e {
        ast::Expression::Select { selector, variants } => {
            walk_inline(selector, vars, terms);
            for v in variants {
                walk_pattern(&v.value, vars, terms);
            }
        }
        ast::Expression::Inline(i) => walk_inline(i, vars, terms),
    }
}

fn walk_inline(
    i: &ast::InlineExpression<&str>,
    vars: &mut BTreeSet<String>,
    terms: &mut BTreeSet<String>,
) {
    match i {
        ast::InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_owned());
        }
        ast::InlineExpression::TermReference { id, .. } => {
            terms.insert(id.name.to_owned());
        }
        ast::InlineExpression::Placeable { expression } => walk_expression(expression, vars, terms),
        _ => {}
    }
}

fn read_locale(lang: Lang) -> LocaleFiles {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("locales")
        .join(lang.code());
    let mut files = LocaleFiles::default();
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "no .ftl files in {}", dir.display());
    for path in paths {
        let source = std::fs::read_to_string(&path).unwrap_or_default();
        let resource = match fluent_syntax::parser::parse(source.as_str()) {
            Ok(r) => r,
            Err((r, errors)) => {
                files
                    .problems
                    .push(format!("{}: {errors:?}", path.display()));
                r
            }
        };
        for entry in &resource.body {
            match entry {
                ast::Entry::Message(m) => {
                    let mut vars = BTreeSet::new();
                    let mut terms = BTreeSet::new();
                    if let Some(value) = &m.value {
                        walk_pattern(value, &mut vars, &mut terms);
                    }
                    for attr in &m.attributes {
                        walk_pattern(&attr.value, &mut vars, &mut terms);
                    }
                    files.term_refs.extend(terms);
                    if files.messages.insert(m.id.name.to_owned(), vars).is_some() {
                        files.problems.push(format!(
                            "{}: {} defined twice",
                            path.display(),
                            m.id.name
                        ));
                    }
                }
                ast::Entry::Term(t) => {
                    let mut vars = BTreeSet::new();
                    let mut terms = BTreeSet::new();
                    walk_pattern(&t.value, &mut vars, &mut terms);
                    files.term_refs.extend(terms);
                    if !files.terms.insert(t.id.name.to_owned()) {
                        files.problems.push(format!(
                            "{}: -{} defined twice",
                            path.display(),
                            t.id.name
                        ));
                    }
                }
                ast::Entry::Junk { content } => {
                    files
                        .problems
                        .push(format!("{}: junk {content:?}", path.display()));
                }
                _ => {}
            }
        }
    }
    files
}

fn sample_ids() -> BTreeSet<String> {
    Msg::all_samples()
        .iter()
        .map(|m| m.id().to_owned())
        .collect()
}

#[test]
fn each_locale_defines_exactly_the_message_ids_in_use() {
    let used = sample_ids();
    for lang in Lang::ALL {
        let files = read_locale(lang);
        assert!(files.problems.is_empty(), "{lang}: {:?}", files.problems);
        let defined: BTreeSet<String> = files.messages.keys().cloned().collect();
        let missing: Vec<_> = used.difference(&defined).collect();
        let dead: Vec<_> = defined.difference(&used).collect();
        assert!(missing.is_empty(), "{lang} misses {missing:?}");
        assert!(dead.is_empty(), "{lang} defines ids no Msg uses: {dead:?}");
        let unused_terms: Vec<_> = files.terms.difference(&files.term_refs).collect();
        assert!(
            unused_terms.is_empty(),
            "{lang}: unused terms {unused_terms:?}"
        );
    }
}

#[test]
fn every_argument_a_message_passes_is_used_by_some_locale() {
    let locales: Vec<LocaleFiles> = Lang::ALL.into_iter().map(read_locale).collect();
    for msg in Msg::all_samples() {
        for (key, _) in msg.args() {
            let used = locales.iter().any(|files| {
                files
                    .messages
                    .get(msg.id())
                    .is_some_and(|vars| vars.contains(key))
            });
            assert!(used, "{}: ${key} is passed but no locale uses it", msg.id());
        }
    }
}

#[test]
fn every_message_renders_in_every_locale_without_fallback_or_errors() {
    for lang in Lang::ALL {
        for msg in Msg::all_samples() {
            let text =
                lookup_exact(lang, &msg).unwrap_or_else(|e| panic!("{lang} {}: {e}", msg.id()));
            assert!(!text.trim().is_empty(), "{lang} {} is empty", msg.id());
            assert_eq!(text, tr(lang, &msg), "{lang} {}", msg.id());
            for out in [&text, &tr_plain(lang, &msg)] {
                assert!(
                    !out.contains(['\u{2068}', '\u{2069}']),
                    "{lang} {}: isolation marks in {out:?}",
                    msg.id()
                );
                assert!(!out.contains("Unknown localization"), "{out}");
            }
        }
    }
}

/// Tags allowed by Telegram that the locales use.
const TAGS: [&str; 3] = ["b", "i", "code"];

/// Checks `html` is what Telegram's HTML parse mode accepts: known tags, properly nested,
/// and every `&` starting an entity.
fn check_telegram_html(html: &str) -> Result<(), String> {
    let mut open: Vec<&str> = Vec::new();
    let mut rest = html;
    while let Some(i) = rest.find(['<', '>', '&']) {
        rest = &rest[i..];
        if rest.starts_with('>') {
            return Err("stray '>'".into());
        }
        if rest.starts_with('&') {
            let ok = ["&amp;", "&lt;", "&gt;", "&quot;"]
                .iter()
                .any(|e| rest.starts_with(e));
            if !ok {
                return Err(format!("bare '&' at {rest:?}"));
            }
            rest = &rest[1..];
            continue;
        }
        let end = rest.find('>').ok_or("unclosed tag")?;
        let tag = &rest[1..end];
        if let Some(name) = tag.strip_prefix('/') {
            if open.pop() != Some(name) {
                return Err(format!("misnested </{name}>"));
            }
        } else if TAGS.contains(&tag) {
            open.push(tag);
        } else if tag
            .strip_prefix("a href=\"tg://user?id=")
            .and_then(|r| r.strip_suffix('"'))
            .is_some_and(|id| !id.is_empty() && id.chars().all(|c| c.is_ascii_digit()))
        {
            // A mention (`Arg::Mention`): a link to a user that notifies them.
            open.push("a");
        } else {
            return Err(format!("tag <{tag}> not allowed"));
        }
        rest = &rest[end + 1..];
    }
    if open.is_empty() {
        Ok(())
    } else {
        Err(format!("unclosed {open:?}"))
    }
}

#[test]
fn every_message_is_valid_telegram_html_within_limits() {
    for lang in Lang::ALL {
        for msg in Msg::all_samples() {
            let html = tr(lang, &msg);
            if let Err(e) = check_telegram_html(&html) {
                panic!("{lang} {}: {e} in {html:?}", msg.id());
            }
            let plain = tr_plain(lang, &msg);
            let chars = plain.chars().count();
            let id = msg.id();
            let limit = if id.starts_with("btn-") {
                32
            } else if id.starts_with("alert-") {
                199
            } else if id.starts_with("cmd-") {
                256
            } else {
                4096
            };
            assert!(chars <= limit, "{lang} {id}: {chars} chars > {limit}");
        }
    }
}

#[test]
fn the_html_checker_rejects_what_telegram_rejects() {
    assert!(check_telegram_html("<b>a</b> &amp; <i>b</i>").is_ok());
    assert!(check_telegram_html("a & b").is_err());
    assert!(check_telegram_html("<b>a").is_err());
    assert!(check_telegram_html("<b><i>a</b></i>").is_err());
    assert!(check_telegram_html("<script>").is_err());
    assert!(check_telegram_html("1 > 0").is_err());
}

#[test]
fn names_are_escaped_in_html_and_intact_in_plain_text() {
    let name = "<b>&amp; Pep</b>";
    let msgs = [
        Msg::Turn {
            name: name.into(),
            colour: Colour::Blue,
        },
        Msg::Captured {
            name: "Anna".into(),
            victim: name.into(),
            victim_colour: Colour::Red,
        },
        Msg::WinnerPair {
            first: name.into(),
            second: name.into(),
        },
    ];
    for lang in Lang::ALL {
        for msg in &msgs {
            let html = tr(lang, msg);
            assert!(html.contains("&lt;b&gt;&amp;amp; Pep&lt;/b&gt;"), "{html}");
            assert!(check_telegram_html(&html).is_ok(), "{html}");
            assert!(
                tr_plain(lang, msg).contains(name),
                "{}",
                tr_plain(lang, msg)
            );
        }
    }
}

#[test]
fn plain_text_drops_tags_and_decodes_entities() {
    assert_eq!(
        html_to_plain("<b>A &amp; B</b> &lt;3 &#9731; &bogus; & <i>x"),
        "A & B <3 ☃ &bogus; & x"
    );
    assert_eq!(html_to_plain("a <b"), "a <b");
    assert_eq!(
        escape_html("<a href=\"x\">&</a>"),
        "&lt;a href=\"x\"&gt;&amp;&lt;/a&gt;"
    );
}

#[test]
fn an_unknown_id_renders_as_itself() {
    assert_eq!(
        lookup(Lang::CaValencia, "no-such-id", &Args::new()),
        "no-such-id"
    );
}

fn plain(lang: Lang, msg: &Msg) -> String {
    tr_plain(lang, msg)
}

#[test]
fn valencian_and_catalan_use_their_own_words() {
    use Lang::{Ca, CaValencia as Va};
    let left = Msg::LeftNest { name: "Pep".into() };
    assert!(plain(Va, &left).contains("eixida"), "{}", plain(Va, &left));
    assert!(plain(Va, &left).contains("quadre d'espera"));
    assert!(plain(Ca, &left).contains("sortida"), "{}", plain(Ca, &left));
    assert!(!plain(Ca, &left).contains("eixida"));

    assert_eq!(colour(Va, Colour::Red), "roig");
    assert_eq!(colour(Ca, Colour::Red), "vermell");
    // The nest and the goal carry the emoji board's signs: a Valencian's "casa" is the
    // goal, a Catalan's the nest.
    assert_eq!(loc(Va, Loc::Nest), "🏠 quadre d'espera");
    assert_eq!(loc(Ca, Loc::Nest), "🏠 casa");
    assert_eq!(loc(Va, Loc::Goal), "🏁 casa");
    assert_eq!(loc(Ca, Loc::Goal), "🏁 meta");

    let rules = Msg::RulesCommon;
    assert!(
        plain(Va, &rules).contains("traure"),
        "{}",
        plain(Va, &rules)
    );
    assert!(
        plain(Ca, &rules).contains("treure"),
        "{}",
        plain(Ca, &rules)
    );
    let bonus = Msg::MustPlayBonus {
        name: "Pep".into(),
        bonus: 20,
    };
    assert!(plain(Va, &bonus).contains("teues"));
    assert!(plain(Ca, &bonus).contains("teves"));
    assert!(tr(Ca, &Msg::Help).contains("/newgame"));

    let differing = Msg::all_samples()
        .iter()
        .filter(|m| plain(Va, m) != plain(Ca, m))
        .count();
    assert!(
        differing >= 40,
        "only {differing} Valencian texts differ from Catalan"
    );
}

#[test]
fn counts_take_the_right_plural_form() {
    let one = Msg::TimerSet { seconds: 60 };
    let two = Msg::TimerSet { seconds: 120 };
    let half = Msg::TimerSet { seconds: 30 };
    let want = [
        (Lang::Ca, "1 minut", "minuts", "30 segons"),
        (Lang::CaValencia, "1 minut", "minuts", "30 segons"),
        (Lang::Es, "1 minuto", "minutos", "30 segundos"),
        (Lang::En, "1 minute", "minutes", "30 seconds"),
    ];
    for (lang, singular, plural, seconds) in want {
        let (one, two, half) = (plain(lang, &one), plain(lang, &two), plain(lang, &half));
        assert!(one.contains(singular) && !one.contains(plural), "{one}");
        assert!(two.contains(&format!("2 {plural}")), "{two}");
        assert!(half.contains(seconds) && !half.contains("0 min"), "{half}");
    }
    // Time left: coarse minutes (rounded up) from a minute on, seconds under it.
    assert_eq!(
        plain(Lang::En, &Msg::TimeLeft { seconds: 61 }),
        "⏳ 2 min left"
    );
    assert_eq!(
        plain(Lang::En, &Msg::TimeLeft { seconds: 60 }),
        "⏳ 1 min left"
    );
    assert_eq!(
        plain(Lang::En, &Msg::TimeLeft { seconds: 25 }),
        "⏳ 25 s left"
    );
    assert_eq!(
        plain(Lang::Es, &Msg::TimeLeft { seconds: 25 }),
        "⏳ Quedan 25 s"
    );
    let done = Msg::RankingLine {
        pos: 1,
        name: "Pep".into(),
        distance: 0,
    };
    assert_eq!(plain(Lang::En, &done), "1. Pep — all pieces in the goal");
    let close = Msg::RankingLine {
        pos: 2,
        name: "Pep".into(),
        distance: 1,
    };
    assert_eq!(plain(Lang::Es, &close), "2. Pep — le falta 1 casilla");
}

#[test]
fn locations_and_move_buttons_read_naturally() {
    let c3 = Square::corridor(Colour::Yellow, 3).map(Loc::Sq);
    let s12 = Square::ring(12).map(Loc::Sq);
    let (Some(c3), Some(s12)) = (c3, s12) else {
        panic!("squares");
    };
    assert_eq!(loc(Lang::Es, c3), "pasillo amarillo 3");
    assert_eq!(loc(Lang::En, s12), "square 12");
    let button = Msg::MoveButton {
        from: s12,
        to: Loc::Goal,
        capture: true,
    };
    assert_eq!(plain(Lang::Es, &button), "12 → 🏁 ⚔");
    let quiet = Msg::MoveButton {
        from: Loc::Nest,
        to: c3,
        capture: false,
    };
    // Short labels: the nest and the goal as their signs, a corridor square as P3 / C3.
    assert_eq!(plain(Lang::Ca, &quiet), "🏠 → P3");
    assert_eq!(plain(Lang::CaValencia, &quiet), "🏠 → C3");
    assert_eq!(plain(Lang::En, &quiet), "🏠 → C3");
    // And in the caption's words, the nest and the goal cannot be misread in Catalan.
    assert_eq!(plain(Lang::Ca, &Msg::LocShort(Loc::Nest)), "🏠 casa");
    assert_eq!(plain(Lang::Ca, &Msg::LocShort(Loc::Goal)), "🏁 meta");
    assert_eq!(
        plain(Lang::CaValencia, &Msg::LocShort(Loc::Goal)),
        "🏁 casa"
    );
}

#[test]
fn a_captured_piece_takes_the_colour_word_that_agrees_with_piece() {
    // Given a capture of a red piece, When narrated in each language, Then the colour is the
    // adjective agreeing with the word for piece (fitxa, ficha: feminine), not "de color roig".
    let msg = Msg::Captured {
        name: "Anna".into(),
        victim: "Pep".into(),
        victim_colour: Colour::Red,
    };
    let want = [
        (Lang::Ca, "una fitxa vermella (Pep)"),
        (Lang::CaValencia, "una fitxa roja (Pep)"),
        (Lang::Es, "una ficha roja de Pep"),
        (Lang::En, "captured Pep's red piece"),
    ];
    for (lang, part) in want {
        let text = tr(lang, &msg);
        assert!(text.contains(part), "{lang:?}: {text}");
        assert!(!text.contains("de color"), "{lang:?}: {text}");
    }
}

#[test]
fn a_ping_mentions_its_player_by_a_link_with_the_name_escaped_and_plain_text_keeps_the_name() {
    // Given a ping for a player whose name looks like markup
    let msg = Msg::PingChoose {
        id: 4_200_000_001,
        name: "<b>Pep</b> & co".to_owned(),
        dot: "🔴".to_owned(),
    };
    // When rendered as HTML, Then the name is a tg://user link to them, escaped
    let html = tr(Lang::En, &msg);
    assert_eq!(
        html,
        "🔴 <a href=\"tg://user?id=4200000001\">&lt;b&gt;Pep&lt;/b&gt; &amp; co</a>, your turn — choose a move"
    );
    // And as plain text, the name alone
    assert_eq!(
        tr_plain(Lang::En, &msg),
        "🔴 <b>Pep</b> & co, your turn — choose a move"
    );
}
