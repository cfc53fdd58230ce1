//! The live board's test set-up, shared by its tests and its benchmark: the page's path,
//! a replica's HTTP port, `initData` signed as Telegram does, the URL Telegram opens, and
//! mid-game tables of each size.
#![allow(dead_code)]

use std::net::SocketAddr;
use std::sync::Arc;

use parxis::bot::Ctx;
use parxis::bot::effects::live::auth::{Secret, sign};
use parxis::config::MiniAppConfig;
use parxis::ops::http::{Mount, always_ready, router_with_apps, serve_on};
use parxis::ops::metrics::Metrics;
use serde_json::{Value, json};

use super::bot_harness::Harness;
use super::fake_tg::{BOT_USERNAME, TOKEN, TestUser};

/// Makes the page play by itself: whenever it shows a state where its player is to move,
/// it taps that state's first move once, as a player would: by turns a click on the move
/// button, or a click on the board where that move's piece or landing square is (the
/// board's own hit-testing picks the target there). Every frame, tap answer and failure
/// runs it (the page's waiters), so the game goes as fast as the pages and the bot allow.
pub const AUTOPLAY: &str = "const s = window.__parxis;\
     s.auto = { last: -1, clicks: 0, board: 0 };\
     const step = () => {\
       const f = s.state;\
       if (!f || f.stage !== 'playing' || f.phase !== 'move' || !s.you || f.turn !== s.you.colour || s.busy) return false;\
       const b = document.querySelector('#actions button.mv');\
       if (s.auto.last === f.seq || !b || b.disabled) return false;\
       s.auto.last = f.seq;\
       s.auto.clicks += 1;\
       const c = document.querySelector('#taps circle');\
       const r = c && c.getBoundingClientRect();\
       const x = r && r.left + r.width / 2, y = r && r.top + r.height / 2;\
       const at = r && s.auto.clicks % 2 === 0 && document.elementFromPoint(x, y);\
       if (at) {\
         s.auto.board += 1;\
         at.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: x, clientY: y }));\
         if (s.busy) return false;\
         s.auto.missed = (s.auto.missed || 0) + 1;\
       }\
       b.click();\
       return false;\
     };\
     s.waiters.push({ pred: step, resolve: () => {} });\
     step();\
     return true;";

/// The `startapp` parameter of the "📱 Live board" button under `board`.
pub fn live_button(board: &Value) -> (String, String) {
    let rows = board["reply_markup"]["inline_keyboard"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let button = rows
        .iter()
        .flat_map(|r| r.as_array().cloned().unwrap_or_default())
        .find(|b| b["url"].is_string())
        .unwrap_or_else(|| panic!("no URL button under the board: {board}"));
    let url = button["url"].as_str().unwrap_or_default().to_owned();
    let prefix = format!("https://t.me/{BOT_USERNAME}/board?startapp=");
    let id = url
        .strip_prefix(&prefix)
        .unwrap_or_else(|| panic!("not a Direct Link Mini App URL: {url}"))
        .to_owned();
    (button["text"].as_str().unwrap_or_default().to_owned(), id)
}

/// A chat's settings for the live board's games: English, emoji boards, no timer, auto
/// dice, no pings.
pub fn auto_dice_settings() -> parxis::bot::core::settings::ChatSettings {
    use parxis::bot::core::settings::{ChatSettings, DiceMode, Display};
    ChatSettings {
        lang: Some(parxis::i18n::Lang::En),
        display: Display::Emoji,
        timer_secs: 0,
        dice: DiceMode::Auto,
        pings_secs: 0,
        lang_offered: true,
    }
}

/// Where the live board is served.
pub const PATH: &str = "/live";

pub fn app() -> MiniAppConfig {
    MiniAppConfig {
        url: format!("http://127.0.0.1{PATH}").parse().expect("a URL"),
        short_name: "board".into(),
    }
}

pub fn now_secs() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970")
        .as_secs()
}

/// The HTTP port of one replica: its health routes and its live board.
pub async fn serve(h: &Harness, replica: usize) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port");
    serve_listener(h, replica, listener)
}

/// A port bound before the bot starts, and the live board configured at it: the URLs the
/// bot hands out (inline pictures, which Telegram fetches) reach the replica served there
/// by [`serve_listener`].
pub async fn app_on_a_port() -> (tokio::net::TcpListener, MiniAppConfig) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port");
    let addr = listener.local_addr().expect("an address");
    let app = MiniAppConfig {
        url: format!("http://{addr}{PATH}").parse().expect("a URL"),
        short_name: "board".into(),
    };
    (listener, app)
}

/// The HTTP port of one replica on `listener`: its health routes and its live board.
pub fn serve_listener(
    h: &Harness,
    replica: usize,
    listener: tokio::net::TcpListener,
) -> SocketAddr {
    let ctx: Arc<Ctx> = h.bots[replica].ctx.clone();
    let live = ctx.live.clone().expect("the live board is configured");
    let tg = h.fake.bot();
    let router = router_with_apps(
        Metrics::new(),
        always_ready(),
        Mount::new(),
        Some(parxis::bot::entry::live::routes::router(live, tg, ctx)),
    );
    let addr = listener.local_addr().expect("an address");
    tokio::spawn(serve_on(listener, router, std::future::pending()));
    addr
}

/// `initData` as Telegram signs it for `user` opening the link with `start_param`.
pub fn init_data(user: &TestUser, lang: Option<&str>, start_param: &str, auth_date: u64) -> String {
    let mut u = json!({ "id": user.id, "first_name": user.first_name });
    if let Some(l) = lang {
        u["language_code"] = json!(l);
    }
    sign(
        &Secret::of_token(TOKEN),
        &[
            ("query_id", "AAHdF6IQAAAAAN0XohDhrOrc"),
            ("user", &u.to_string()),
            ("auth_date", &auth_date.to_string()),
            ("start_param", start_param),
            ("chat_type", "supergroup"),
            ("chat_instance", "-4242"),
            ("signature", "unused-by-the-bot"),
        ],
    )
}

/// The URL Telegram opens: the page, with the start parameter in the query and the launch
/// parameters (initData, theme) in the fragment.
pub fn page_url(addr: SocketAddr, start_param: &str, init_data: &str) -> String {
    page_url_themed(addr, start_param, init_data, &light_theme())
}

/// Telegram's light theme (Android), as a client sends it.
pub fn light_theme() -> serde_json::Value {
    json!({
        "bg_color": "#ffffff", "secondary_bg_color": "#efeff4", "text_color": "#000000",
        "hint_color": "#8e8e93", "button_color": "#3390ec", "button_text_color": "#ffffff",
        "link_color": "#3390ec"
    })
}

/// Telegram's night theme (Android), as a client sends it.
pub fn dark_theme() -> serde_json::Value {
    json!({
        "bg_color": "#212d3b", "secondary_bg_color": "#151e27", "text_color": "#ffffff",
        "hint_color": "#7d8b99", "button_color": "#5eb5f7", "button_text_color": "#ffffff",
        "link_color": "#62bcf9"
    })
}

/// [`page_url`] in `theme` (Telegram's `themeParams`).
pub fn page_url_themed(
    addr: SocketAddr,
    start_param: &str,
    init_data: &str,
    theme: &serde_json::Value,
) -> String {
    let fragment = url::form_urlencoded::Serializer::new(String::new())
        .append_pair("tgWebAppData", init_data)
        .append_pair("tgWebAppVersion", "8.0")
        .append_pair("tgWebAppPlatform", "android")
        .append_pair("tgWebAppThemeParams", &theme.to_string())
        .finish();
    format!("http://{addr}{PATH}?tgWebAppStartParam={start_param}#{fragment}")
}

/// A table in play at `position` (a position JSON of `arms` seats), its seats taken by
/// users 11, 12, … in colour order.
pub fn mid_game(arms: u8, position: &str) -> parxis::bot::core::table::Table {
    use parxis::bot::core::table::{Actor, Player, PlayerKind, Table};
    use parxis::engine::{Colour, Game, Preset, Setup};
    let setup: Setup = serde_json::from_str(position).expect("position JSON");
    let game = Game::from_setup(&setup).unwrap_or_else(|e| panic!("{arms} arms: {e:?}"));
    let names = [
        "Ana", "Biel", "Carme", "Dani", "Elena", "Ferran", "Gemma", "Hug",
    ];
    let host = Actor {
        id: 11,
        name: "Ana".into(),
        is_admin: false,
    };
    let mut t = Table::lobby(&host, Preset::Jcf, false);
    let seated: Vec<Colour> = Colour::ALL
        .into_iter()
        .filter(|&c| game.is_seated(c))
        .collect();
    assert_eq!(seated.len(), usize::from(arms), "{position}");
    let players: Vec<Player> = seated
        .iter()
        .enumerate()
        .map(|(i, &c)| Player {
            id: 11 + i as i64,
            name: names[i].into(),
            kind: PlayerKind::Human,
            colour: Some(c),
            strikes: 0,
            absent: false,
        })
        .collect();
    // The lobby as the store keeps it, with the players seated on the position's colours
    // and the game in play.
    let mut v = serde_json::to_value(&t).expect("json");
    v["players"] = serde_json::to_value(players).expect("json");
    v["status"] = "playing".into();
    v["game"] = serde_json::to_value(game).expect("json");
    v["seq"] = 40.into();
    t = serde_json::from_value(v).expect("a table in play");
    t
}
