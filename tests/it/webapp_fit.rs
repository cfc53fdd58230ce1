//! The live board fits a phone: in headless Chromium emulating a 390 px phone (its viewport
//! meta honoured), every state a page reaches (lobby, play, a refused tap, the end, the
//! replay) in the four languages and both Telegram themes lays out no wider than the
//! phone. One browser, one tab, the pages loaded in turn. And no two square numbers of the
//! 4-, 6- or 8-arm board touch at that width (their ink measured in the browser). The end also shows the rolls'
//! commitment beside the seed it seals.

use crate::support;

use parxis::bot::core::replay::sample::{self, Sample};
use parxis::bot::core::settings::{ChatSettings, DiceMode, Display};
use parxis::bot::core::table::{Actor, Status, Table};
use parxis::bot::effects::live::{GameId, LinkKey};
use parxis::dice::fair::{Seed, commitment};
use parxis::engine::Preset;
use parxis::i18n::Lang;
use parxis::store::Place;
use serde_json::json;
use sha2::{Digest, Sha256};

use support::bot_harness::{Harness, Options, four_users};
use support::browser::{Browser, assert_fits, peek, until};
use support::fake_tg::TOKEN;
use support::live::{
    app, dark_theme, init_data, light_theme, mid_game, now_secs, page_url_themed, serve,
};

/// Yellow (Ana) to play a 4.
const POSITION: &str = r#"{"rules":"jcf","seats":["yellow","blue","red","green"],"turn":"yellow","roll":4,
    "board":{"47":["yellow"],"60":["yellow"],"22":["blue"],"30":["blue","blue"],"39":["red"],"56":["green"]},
    "goal":{"blue":1}}"#;

fn settings(lang: Lang) -> ChatSettings {
    ChatSettings {
        lang: Some(lang),
        display: Display::Emoji,
        timer_secs: 0,
        dice: DiceMode::Auto,
        pings_secs: 0,
        lang_offered: true,
    }
}

/// Saves `table` at a new place of chat `chat` in `lang`; the place's live board id.
async fn place_with(h: &Harness, chat: i64, lang: Lang, table: &Table) -> GameId {
    h.store
        .set_settings(chat, &settings(lang))
        .await
        .expect("settings");
    let place = Place::of_chat(chat);
    let saved = h.store.save(place, 0, table, 3600).await;
    assert!(
        matches!(saved, Ok(parxis::store::CasOutcome::Saved { .. })),
        "{saved:?}"
    );
    GameId::of(&LinkKey::of_token(TOKEN), place)
}

/// The page's whole text.
const TEXT: &str = "document.body.innerText";

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn every_state_in_every_language_and_theme_fits_a_390_px_phone() {
    let h = Harness::start_live(41, Options::default(), Some((app(), Default::default()))).await;
    let addr = serve(&h, 0).await;
    let Some(mut browser) = Browser::start().await else {
        return;
    };
    let tab = browser.open("about:blank").await;
    let ana = &four_users()[0];
    let host = Actor {
        id: ana.id,
        name: ana.first_name.clone(),
        is_admin: false,
    };
    let seed = Seed::from_bytes([0x5a; 32]);
    let sealed = commitment(&seed);
    let finished = sample::play(&Sample {
        fair: true,
        ..Sample::computers(4, 7)
    })
    .expect("a finished game");
    assert_eq!(finished.status(), Status::Finished);
    let end_commitment = finished.fair().expect("fair dice").commitment();
    let end_seed = finished.revealed_seed().expect("revealed").reveal();
    let langs = [Lang::Ca, Lang::CaValencia, Lang::Es, Lang::En];
    for (i, lang) in langs.into_iter().enumerate() {
        // Given, in a group speaking `lang`, a lobby Ana hosts, a game where she is to move
        // and a finished game (each with its rolls sealed by a 64-digit fingerprint),
        let chat = -1_001_000_000_300 - 10 * i64::try_from(i).expect("small");
        let lobby = Table::lobby(&host, Preset::Jcf, false).with_fair(seed);
        let lobby = place_with(&h, chat, lang, &lobby).await;
        let playing = mid_game(4, POSITION).with_fair(seed);
        let playing = place_with(&h, chat - 1, lang, &playing).await;
        let over = place_with(&h, chat - 2, lang, &finished).await;
        for (theme_name, theme) in [("light", light_theme()), ("dark", dark_theme())] {
            let case = |state: &str| format!("{state}, {lang:?}, {theme_name}");
            let open = |id: &GameId| {
                let data = init_data(ana, Some("ca"), id.as_str(), now_secs());
                page_url_themed(addr, id.as_str(), &data, &theme)
            };
            // when Ana opens each on her phone, then no state scrolls sideways: the lobby,
            let page = browser.show(&tab, &open(&lobby)).await;
            until(
                page,
                "s.state && s.state.stage === 'lobby' && s.you",
                10_000,
            )
            .await;
            let text = peek(page, TEXT).await;
            assert!(
                text.as_str().is_some_and(|t| t.contains(&sealed)),
                "{}: {text}",
                case("lobby")
            );
            assert_fits(page, &case("lobby")).await;
            // the game in play,
            let page = browser.show(&tab, &open(&playing)).await;
            until(page, "s.state && s.you && s.state.phase === 'move'", 10_000).await;
            let text = peek(page, TEXT).await;
            assert!(
                text.as_str().is_some_and(|t| t.contains(&sealed)),
                "{}: {text}",
                case("play")
            );
            assert_fits(page, &case("play")).await;
            // a tap refused (a roll while a move is due), its refusal shown,
            // (the wait set before the tap: the refusal's toast is seen as it is shown)
            let refused = page
                .execute_async(
                    "const done = arguments[arguments.length - 1]; const s = window.__parxis;\
                     s.until((s) => s.taps.length > 0 && !document.getElementById('toast').hidden, 10000)\
                      .then((ok) => done(ok && s.taps.at(-1).ok === false));\
                     s.act({ do: 'roll' });",
                    vec![],
                )
                .await
                .expect("a tap");
            assert_eq!(refused, json!(true), "{}", case("refusal"));
            assert_fits(page, &case("refusal")).await;
            // the end,
            let page = browser.show(&tab, &open(&over)).await;
            until(page, "s.state && s.state.stage === 'finished'", 10_000).await;
            assert_fits(page, &case("end")).await;
            // (the end shows the commitment beside the seed it seals, as the final board:
            // SHA-256 of the seed's bytes is the commitment, as docs/FAIRNESS.md defines it)
            let text = peek(page, TEXT).await;
            let text = text.as_str().unwrap_or_default();
            let lines: Vec<&str> = text.lines().collect();
            let at = lines.iter().position(|l| l.contains(&end_commitment));
            let seed_line = at
                .and_then(|i| lines.get(i + 1))
                .copied()
                .unwrap_or_default();
            assert!(seed_line.contains(&end_seed), "{}: {text}", case("end"));
            let digest = Sha256::digest(hex::decode(&end_seed).expect("hex"));
            assert_eq!(hex::encode(digest), end_commitment);
            // and its replay.
            let clicked = peek(
                page,
                "(() => { const b = document.querySelector('#actions button.replay');\
                   if (!b) return false; b.click(); return true; })()",
            )
            .await;
            assert_eq!(clicked, json!(true), "{}", case("end: a Replay button"));
            until(page, "s.replay && s.replay.data && s.replay.i >= 1", 15_000).await;
            assert_fits(page, &case("replay")).await;
        }
    }
    browser.close().await;
}

/// The ink of every square number of the page's board as the phone shows it, and the pairs
/// that touch: each number's box is its glyphs' own (the text's length from the browser's
/// layout, the digits' ascent and descent measured on a canvas in the same font), turned as
/// the number is and mapped to the screen; two boxes touch when no axis separates them.
const NUMBER_OVERLAPS: &str = "(() => {\
  const svg = document.querySelector('#board svg');\
  const texts = [...svg.querySelectorAll('g#board text')];\
  const cv = document.createElement('canvas').getContext('2d');\
  const boxes = texts.map((t) => {\
    const cs = getComputedStyle(t);\
    const size = parseFloat(t.getAttribute('font-size'));\
    cv.font = cs.fontWeight + ' ' + size + 'px ' + cs.fontFamily;\
    const m = cv.measureText(t.textContent);\
    const bb = t.getBBox();\
    const y = parseFloat(t.getAttribute('y'));\
    const top = y - m.actualBoundingBoxAscent, bottom = y + m.actualBoundingBoxDescent;\
    const ctm = t.getScreenCTM();\
    const pts = [[bb.x, top], [bb.x + bb.width, top], [bb.x + bb.width, bottom], [bb.x, bottom]]\
      .map(([x, yy]) => { const p = svg.createSVGPoint(); p.x = x; p.y = yy; const q = p.matrixTransform(ctm); return [q.x, q.y]; });\
    return { label: t.textContent, pts };\
  });\
  const axes = (q) => [0, 1].map((i) => [q[i][1] - q[i + 1][1], q[i + 1][0] - q[i][0]]);\
  const proj = (q, ax) => { const v = q.map((p) => p[0] * ax[0] + p[1] * ax[1]); return [Math.min(...v), Math.max(...v)]; };\
  const touching = [];\
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {\
    const a = boxes[i].pts, b = boxes[j].pts;\
    const apart = [...axes(a), ...axes(b)].some((ax) => { const [a0, a1] = proj(a, ax), [b0, b1] = proj(b, ax); return a1 <= b0 || b1 <= a0; });\
    if (!apart) touching.push(boxes[i].label + '/' + boxes[j].label);\
  }\
  const threeDigits = boxes.filter((b) => b.label.length === 3).length;\
  return { n: boxes.length, threeDigits, touching, width: svg.getBoundingClientRect().width };\
})()";

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn no_two_square_numbers_touch_on_a_390_px_phone_on_any_board() {
    // Given a game of each size in play,
    let h = Harness::start_live(43, Options::default(), Some((app(), Default::default()))).await;
    let addr = serve(&h, 0).await;
    let boards = [
        (
            4u8,
            r#"{"rules":"jcf","seats":["yellow","blue","red","green"],"turn":"yellow","roll":4,
                "board":{"60":["yellow"],"22":["blue"],"39":["red"],"56":["green"]}}"#,
        ),
        (
            6,
            r#"{"rules":"jcf","arms":6,"seats":["yellow","blue","red","green","orange","purple"],
                "turn":"yellow","roll":3,
                "board":{"5":["yellow"],"80":["yellow"],"22":["blue"],"39":["red"],"56":["green"],
                         "73":["orange"],"90":["purple"]}}"#,
        ),
        (
            8,
            r#"{"rules":"jcf","arms":8,"seats":["yellow","blue","red","green","orange","purple","cyan","pink"],
                "turn":"yellow","roll":6,
                "board":{"5":["yellow"],"130":["yellow"],"22":["blue"],"39":["red"],"56":["green"],
                         "73":["orange"],"90":["purple"],"107":["cyan"],"124":["pink"]}}"#,
        ),
    ];
    let Some(mut browser) = Browser::start().await else {
        return;
    };
    let tab = browser.open("about:blank").await;
    let ana = &four_users()[0];
    for (arms, position) in boards {
        let chat = -1_001_000_000_400 - i64::from(arms);
        let id = place_with(&h, chat, Lang::Ca, &mid_game(arms, position)).await;
        let data = init_data(ana, Some("ca"), id.as_str(), now_secs());
        // when it is shown on a 390 px phone,
        let page = browser
            .show(
                &tab,
                &page_url_themed(addr, id.as_str(), &data, &light_theme()),
            )
            .await;
        until(
            page,
            &format!("s.state && s.state.arms === {arms} && !!document.querySelector('#board svg g#board text')"),
            10_000,
        )
        .await;
        assert_fits(page, &format!("{arms} arms")).await;
        let measured = peek(page, NUMBER_OVERLAPS).await;
        // then every square's number is drawn (three digits from 100 on the star boards),
        let ring = match arms {
            4 => 68,
            6 => 102,
            _ => 136,
        };
        assert_eq!(measured["n"], json!(ring), "{arms} arms: {measured}");
        if arms == 8 {
            assert_eq!(measured["threeDigits"], json!(37), "{measured}");
        }
        // and no two touch.
        assert_eq!(
            measured["touching"],
            json!([]),
            "{arms} arms at {} css px: {measured}",
            measured["width"]
        );
        // (The measure does see numbers that touch: grown three times, they do.)
        let grown = "(document.querySelectorAll('#board svg g#board text').forEach((t) => {\
               for (const a of ['font-size', 'textLength']) t.setAttribute(a, 3 * parseFloat(t.getAttribute(a)));\
             }), true)";
        assert_eq!(peek(page, grown).await, json!(true));
        let grown = peek(page, NUMBER_OVERLAPS).await;
        assert!(
            grown["touching"].as_array().is_some_and(|t| !t.is_empty()),
            "{arms} arms, grown: {grown}"
        );
    }
    browser.close().await;
}
