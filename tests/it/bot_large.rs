//! Boards for 6 and 8 players in the real bot, against the fake Bot API over HTTP and a real
//! Redis: lobbies of up to 8 (`/newgame … 4|6|8`), R8.7's board at the start, pairs that
//! fill their board, and whole games of 6 and 8 (humans and computers) played to the end by
//! button presses, with the board as a photo and as emoji text.

use crate::support;

use std::time::{Duration, Instant};

use parxis::bot::core::callback::{Button, MAX_LEN, Press};
use parxis::bot::core::settings::{ChatSettings, Display};
use parxis::bot::core::table::{Status, Table};
use parxis::engine::{Arms, Colour, Loc, Phase};
use parxis::i18n::{Lang, Msg, colour, tr_plain};
use serde_json::Value;
use support::bot_harness::{CHAT, Harness, button_with, refused, text_of};
use support::fake_tg::{Recorded, TestUser, buttons, callback_id, msg_id};

/// How long a whole game may take on a busy machine before the test gives up.
const GAME_TIME: Duration = Duration::from_secs(900);

/// `n` test users, ids 11.., speaking several languages (the chat's language is set).
fn users(n: usize) -> Vec<TestUser> {
    let langs = ["ca", "es", "en", "ca-ES-valencia"];
    (0..n)
        .map(|i| {
            let id = 11 + i as i64;
            TestUser::new(id, &format!("Jugador {}", i + 1)).lang(langs[i % langs.len()])
        })
        .collect()
}

async fn settings(h: &Harness, lang: Lang, display: Display) {
    h.settings(ChatSettings {
        lang: Some(lang),
        display,
        timer_secs: 0,
        ..ChatSettings::default()
    })
    .await;
}

/// Press `data` on message `id` as `user` and return the callback answer once the board it
/// changed is written.
async fn press(h: &Harness, user: &TestUser, id: i32, data: &str) -> Recorded {
    let mark = h.fake.mark();
    let upd = h.fake.press(CHAT, user, id, data);
    let cb = callback_id(&upd);
    h.fake.push_update(upd);
    let answer = h
        .fake
        .wait_for_request_after(
            mark,
            |r| {
                r.method == "answercallbackquery"
                    && r.str_param("callback_query_id") == Some(cb.as_str())
            },
            Duration::from_secs(30),
        )
        .await;
    h.shown_after(&answer).await;
    answer
}

/// `user` presses Join on the full lobby, whose Join is shown disabled (Bot API 10.3): as
/// an app that ignores disabled buttons would send it. The alert text, if refused.
async fn press_join_on_full(h: &Harness, user: &TestUser) -> Option<String> {
    let lobby = h.board().await;
    assert!(
        buttons(&lobby).iter().all(|(_, d)| !d.starts_with("j:")),
        "Join is disabled at a full table: {lobby}"
    );
    let join = Press {
        button: Button::Join,
        version: h.table().await.1.seq(),
    }
    .encode();
    let ans = press(h, user, msg_id(&lobby), &join).await;
    ans.str_param("text").map(str::to_owned)
}

/// Press the lobby's button `tag` as `user`; the alert text, if refused.
async fn press_lobby(h: &Harness, user: &TestUser, tag: &str) -> Option<String> {
    let lobby = h.board().await;
    let data = button_with(&lobby, tag);
    let ans = press(h, user, msg_id(&lobby), &data).await;
    ans.str_param("text").map(str::to_owned)
}

/// `/newgame args` by `host`, once its lobby is the chat's board (a message sent soon after
/// another in the same chat waits for the bot's send throttle).
async fn newgame(h: &Harness, host: &TestUser, args: &str) {
    let before = h.board_id().await;
    h.command(host, &format!("/newgame {args}")).await;
    h.wait_board_id(Duration::from_secs(10), "the new lobby", |id| {
        id.is_some() && id != before
    })
    .await;
    assert_eq!(h.table().await.1.status(), Status::Lobby);
}

/// Everyone but the host joins by button; each join is accepted.
async fn join_all(h: &Harness, players: &[TestUser]) {
    for u in &players[1..] {
        let refused = press_lobby(h, u, "j:").await;
        assert_eq!(refused, None, "{} could not join", u.first_name);
    }
}

/// The host adds `k` computer players of level `level` with `/addbot`.
async fn add_computers(h: &Harness, host: &TestUser, k: usize, level: &str) {
    for _ in 0..k {
        h.command(host, &format!("/addbot {level}")).await;
    }
}

/// Send `text` as `user` and return the bot's reply (a sendMessage, which the bot's send
/// throttle may hold back for a second).
async fn reply_to(h: &Harness, user: &TestUser, text: &str) -> String {
    let mark = h.fake.mark();
    h.fake.push_update(h.fake.command(CHAT, user, text));
    let sent = h
        .fake
        .wait_for_request_after(mark, |r| r.method == "sendmessage", Duration::from_secs(10))
        .await;
    sent.str_param("text").unwrap_or_default().to_owned()
}

/// As [`reply_to`], in `user`'s private chat with the bot.
async fn private_reply(h: &Harness, user: &TestUser, text: &str) -> String {
    let mark = h.fake.mark();
    h.fake.push_update(h.fake.command(user.id, user, text));
    let sent = h
        .fake
        .wait_for_request_after(mark, |r| r.method == "sendmessage", Duration::from_secs(10))
        .await;
    sent.str_param("text").unwrap_or_default().to_owned()
}

/// What a whole game showed.
#[derive(Debug, Default)]
struct Played {
    presses: usize,
    /// Board messages checked at a human's turn.
    boards: usize,
    longest_text: usize,
}

/// Play until the game is over: whoever's turn it is presses one of the buttons (the n-th
/// press takes button n modulo their number); computers are played by the bot's driver.
/// At every human turn the board is checked: a photo (caption ≤ 1024) or a text (≤ 4096
/// characters), one roll button or one button per legal move, callback data ≤ 64 bytes.
async fn play_out(h: &Harness, players: &[TestUser], photo: bool) -> Played {
    let mut out = Played::default();
    let deadline = Instant::now() + GAME_TIME;
    loop {
        assert!(
            Instant::now() < deadline,
            "the game did not end in {GAME_TIME:?} ({out:?}):\n{}",
            h.fake.log_tail(10)
        );
        let (_, t) = h.table().await;
        if t.status() != Status::Playing {
            return out;
        }
        let Some(p) = t.to_move().filter(|p| !p.is_automatic()).cloned() else {
            tokio::time::sleep(Duration::from_millis(10)).await;
            continue;
        };
        let board = h.board().await;
        let b = buttons(&board);
        let fresh = b.first().is_some_and(|(_, d)| {
            d.ends_with(&format!(":{}", t.seq())) || d.contains(&format!(":{}:", t.seq()))
        });
        if !fresh {
            // The edit of the last change is still on its way.
            tokio::time::sleep(Duration::from_millis(5)).await;
            continue;
        }
        check_board(&board, &t, photo, &mut out);
        let user = players.iter().find(|u| u.id == p.id).expect("a test user");
        let data = &b[out.presses % b.len()].1;
        out.presses += 1;
        let ans = press(h, user, msg_id(&board), data).await;
        assert!(
            !refused(&ans),
            "press {data} refused: {:?}\n{}",
            ans.params,
            h.fake.log_tail(8)
        );
    }
}

fn check_board(board: &Value, t: &Table, photo: bool, out: &mut Played) {
    let text = text_of(board);
    if photo {
        assert!(board["photo"].is_array(), "a photo board: {board}");
        assert!(text.chars().count() <= 1024, "caption {}", text.len());
    } else {
        assert!(board["text"].is_string(), "a text board: {board}");
        assert!(text.chars().count() <= 4096, "text of {}", text.len());
    }
    out.longest_text = out.longest_text.max(text.chars().count());
    out.boards += 1;
    let b = buttons(board);
    assert!(b.iter().all(|(_, d)| d.len() <= MAX_LEN), "{b:?}");
    let g = t.playing().expect("in play");
    match g.phase() {
        Phase::AwaitingRoll(_) => {
            assert_eq!(b.len(), 1, "one roll button: {b:?}");
            assert!(b[0].1.starts_with("r:"), "{b:?}");
        }
        Phase::AwaitingMove { .. } | Phase::AwaitingBonus { .. } => {
            assert_eq!(b.len(), g.legal_moves().len(), "a button per move: {b:?}");
            assert!(b.iter().all(|(_, d)| d.starts_with("m:")), "{b:?}");
        }
        Phase::Finished(_) => panic!("a finished game in play"),
    }
}

/// After a game on `arms` played to the end: a winner on the board, every piece of every
/// seat accounted for, a "New game" button.
async fn check_finished(h: &Harness, arms: Arms, seats: usize) -> Table {
    let (_, t) = h.table().await;
    assert_eq!(t.status(), Status::Finished);
    let g = t.game().expect("game");
    assert!(matches!(g.phase(), Phase::Finished(_)));
    assert_eq!(g.arms(), arms);
    assert_eq!(g.seats().count(), seats);
    for c in g.seats() {
        let on_board = g
            .piece_locations(c)
            .iter()
            .filter(|l| matches!(l, Loc::Sq(_)))
            .count();
        assert_eq!(
            usize::from(g.in_nest(c)) + usize::from(g.in_goal(c)) + on_board,
            4
        );
    }
    // The final board (its write may still be on its way when the table is finished).
    let (_, board) = h.fresh_board().await;
    assert!(
        text_of(&board).contains("🏆"),
        "winner: {}",
        text_of(&board)
    );
    assert!(
        buttons(&board).iter().any(|(_, d)| d.starts_with("n:")),
        "a New game button"
    );
    t
}

fn count(h: &Harness, method: &str) -> Vec<Recorded> {
    h.fake
        .requests()
        .into_iter()
        .filter(|r| r.method == method)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn newgame_6_and_8_cap_their_seats_and_one_too_many_is_told_in_the_chat_language() {
    // Given a Valencian chat,
    let h = Harness::start(61).await;
    let va = Lang::CaValencia;
    settings(&h, va, Display::Emoji).await;
    let u = users(9);
    // When /newgame 6 is filled by buttons, Then the lobby names its board and 6 seats,
    newgame(&h, &u[0], "6").await;
    let lobby = text_of(&h.board().await);
    assert!(
        lobby.contains(&tr_plain(va, &Msg::LobbyBoard { seats: 6 })),
        "{lobby}"
    );
    join_all(&h, &u[..6]).await;
    assert!(text_of(&h.board().await).contains("6/6"));
    // and a seventh, by button or by a computer, is told the game is full at 6.
    let full6 = tr_plain(va, &Msg::GameFull { max: 6 });
    assert_eq!(press_join_on_full(&h, &u[6]).await, Some(full6.clone()));
    assert_eq!(reply_to(&h, &u[0], "/addbot").await, full6);
    assert_eq!(h.table().await.1.players().len(), 6);
    // When the host cancels and opens /newgame 8 for all eight,
    h.command(&u[0], "/cancel").await;
    newgame(&h, &u[0], "8").await;
    join_all(&h, &u[..8]).await;
    // Then a ninth is refused, by button and by /join, in Valencian.
    let full8 = tr_plain(va, &Msg::GameFull { max: 8 });
    assert!(full8.contains("8 jugadors"), "{full8}");
    assert_eq!(press_join_on_full(&h, &u[8]).await, Some(full8.clone()));
    assert_eq!(reply_to(&h, &u[8], "/join").await, full8);
    // And the host starts: the board for 8, every colour in R8.2 order, the roll-off
    // naming all eight players.
    assert_eq!(press_lobby(&h, &u[0], "s:").await, None);
    let (_, t) = h.table().await;
    let g = t.game().expect("a game");
    assert_eq!(g.arms(), Arms::Eight);
    let colours: Vec<Colour> = t.players().iter().filter_map(|p| p.colour).collect();
    assert_eq!(colours, Arms::Eight.colours());
    let board = text_of(&h.board().await);
    assert!(board.chars().count() <= 4096);
    for p in &u[..8] {
        assert!(board.contains(&p.first_name), "{} in {board}", p.first_name);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn r8_7_newgame_without_a_size_with_five_players_starts_on_six_arms() {
    // Given /newgame with no size in a Spanish chat and five players (a computer among them),
    let h = Harness::start(62).await;
    let es = Lang::Es;
    settings(&h, es, Display::Emoji).await;
    let u = users(4);
    newgame(&h, &u[0], "").await;
    // (no line about boards of 4, 6 or 8: only a size asked for is named)
    let lobby = text_of(&h.board().await);
    assert!(lobby.contains("de 2 a 8"), "{lobby}");
    assert!(!lobby.contains("Tablero"), "{lobby}");
    join_all(&h, &u).await;
    add_computers(&h, &u[0], 1, "fácil").await;
    assert!(text_of(&h.board().await).contains("5/8"));
    // When the host starts,
    assert_eq!(press_lobby(&h, &u[0], "s:").await, None);
    // Then the board for 6, the five seated on all colours but purple (R8.5), and the
    // board's prompt line says whose turn it is, with the player's colour dot.
    let (_, t) = h.table().await;
    let g = t.game().expect("a game");
    assert_eq!(g.arms(), Arms::Six);
    assert_eq!(
        g.seats().collect::<Vec<_>>(),
        [
            Colour::Yellow,
            Colour::Blue,
            Colour::Red,
            Colour::Green,
            Colour::Orange
        ]
    );
    assert_eq!(t.players()[4].colour, Some(Colour::Orange));
    let text = text_of(&h.board().await);
    let mover = t.to_move().expect("a turn");
    let c = mover.colour.expect("seated");
    let prompt = format!("{} {}: ", parxis::bot::core::seats::dot(c), mover.name);
    assert!(text.lines().any(|l| l.starts_with(&prompt)), "{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn r8_6_pairs_with_an_odd_count_are_refused_and_six_in_pairs_start_on_six_arms() {
    // Given a pairs lobby with no size in an English chat and five players,
    let h = Harness::start(63).await;
    let en = Lang::En;
    settings(&h, en, Display::Emoji).await;
    let u = users(3);
    newgame(&h, &u[0], "pairs").await;
    join_all(&h, &u).await;
    add_computers(&h, &u[0], 2, "easy").await;
    // When the host starts, Then refused: a pairs game fills its board (4, 6 or 8).
    let refused = press_lobby(&h, &u[0], "s:").await;
    assert_eq!(refused, Some(tr_plain(en, &Msg::PairsNeedEven)));
    assert_eq!(h.table().await.1.status(), Status::Lobby);
    // When a sixth joins (a computer), Then it starts on six arms with partners opposite.
    add_computers(&h, &u[0], 1, "easy").await;
    assert_eq!(press_lobby(&h, &u[0], "s:").await, None);
    let (_, t) = h.table().await;
    let g = t.game().expect("a game");
    assert_eq!(g.arms(), Arms::Six);
    assert!(g.options().pairs);
    // Given /newgame 8 pairs with six, Then its board is not full: it needs exactly eight.
    h.command(&u[0], "/cancel").await;
    newgame(&h, &u[0], "8 pairs").await;
    join_all(&h, &u).await;
    add_computers(&h, &u[0], 3, "easy").await;
    let refused = press_lobby(&h, &u[0], "s:").await;
    assert_eq!(
        refused,
        Some(tr_plain(en, &Msg::PairsFillBoard { seats: 8 }))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_and_help_name_the_large_boards_and_all_eight_colours_in_every_language() {
    let h = Harness::start(64).await;
    let u = users(1);
    for lang in Lang::ALL {
        // Given a private chat in `lang` (where /rules and /help are the full texts; a
        // group's are short, with a button to them), When /rules and /help are sent,
        h.store
            .set_settings(
                u[0].id,
                &ChatSettings {
                    lang: Some(lang),
                    ..ChatSettings::default()
                },
            )
            .await
            .expect("settings");
        let rules = private_reply(&h, &u[0], "/rules").await;
        let help = private_reply(&h, &u[0], "/help").await;
        // Then /rules names every colour of the board for 8 in that language and the
        // boards' lengths; /help shows how to ask for a size.
        for &c in Arms::Eight.colours() {
            assert!(rules.contains(&colour(lang, c)), "{lang}: {c:?} in {rules}");
        }
        assert!(
            rules.contains("105") && rules.contains("139"),
            "{lang}: {rules}"
        );
        assert!(rules.contains("/newgame 8"), "{lang}: {rules}");
        assert!(help.contains("4, 6"), "{lang}: {help}");
    }
}

/// A whole game: `humans` of `users` join, `computers` easy computer players are added, the
/// host starts, and it is played to the end by button presses.
async fn whole_game(
    seed: u64,
    lang: Lang,
    display: Display,
    args: &str,
    humans: usize,
    computers: usize,
) -> (Harness, Table, Played) {
    let h = Harness::start(seed).await;
    settings(&h, lang, display).await;
    let u = users(humans);
    newgame(&h, &u[0], args).await;
    join_all(&h, &u).await;
    add_computers(&h, &u[0], computers, "easy").await;
    assert_eq!(press_lobby(&h, &u[0], "s:").await, None, "start");
    let played = play_out(&h, &u, display == Display::Image).await;
    let (_, t) = h.table().await;
    (h, t, played)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn six_players_humans_and_computers_play_to_the_end_on_an_emoji_board() {
    // Given /newgame 6 in Valencian with three humans and three computers, emoji boards,
    let (h, _, played) = whole_game(71, Lang::CaValencia, Display::Emoji, "6", 3, 3).await;
    // When played to the end by buttons, Then a winner on the board for 6, one text
    // message edited in place (≤ 4096 characters, right buttons at every human turn).
    check_finished(&h, Arms::Six, 6).await;
    assert!(played.presses > 50, "{played:?}");
    assert!(count(&h, "editmessagetext").len() >= played.presses);
    eprintln!("six, emoji: {played:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn eight_players_humans_and_computers_play_to_the_end_on_an_emoji_board() {
    // Given /newgame (no size) in Spanish with four humans and four computers,
    let (h, _, played) = whole_game(72, Lang::Es, Display::Emoji, "", 4, 4).await;
    // When played to the end, Then R8.7's board for 8 and a winner.
    check_finished(&h, Arms::Eight, 8).await;
    assert!(played.presses > 50, "{played:?}");
    assert!(count(&h, "editmessagetext").len() >= played.presses);
    eprintln!("eight, emoji: {played:?}");
}

/// The photo board: posted once with a PNG when the game starts and edited in place
/// (editMessageMedia with a PNG) at least once per press.
fn check_photos(h: &Harness, played: &Played) {
    let sent = count(h, "sendphoto");
    assert_eq!(sent.len(), 1, "one photo posted");
    assert!(sent[0].files.iter().any(|f| f.is_png()));
    let edits = count(h, "editmessagemedia");
    assert!(edits.len() >= played.presses, "{} edits", edits.len());
    assert!(
        edits
            .iter()
            .all(|r| r.ok() && r.files.iter().any(|f| f.is_png()))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn six_players_humans_and_computers_play_to_the_end_on_a_photo_board() {
    // Given /newgame 6 in English with two humans and four computers, photo boards (two
    // humans: every human press draws a 6-arm PNG, and the computers' turns still move the
    // board between them),
    let (h, _, played) = whole_game(73, Lang::En, Display::Image, "6", 2, 4).await;
    // When played to the end, Then the board for 6 and one photo edited all game long.
    check_finished(&h, Arms::Six, 6).await;
    check_photos(&h, &played);
    eprintln!("six, photo: {played:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn eight_players_humans_and_computers_play_to_the_end_on_a_photo_board() {
    // Given /newgame 8 in Catalan with two humans and six computers, photo boards,
    let (h, _, played) = whole_game(74, Lang::Ca, Display::Image, "8", 2, 6).await;
    // When played to the end, Then the board for 8 and one photo edited all game long.
    check_finished(&h, Arms::Eight, 8).await;
    check_photos(&h, &played);
    eprintln!("eight, photo: {played:?}");
}
