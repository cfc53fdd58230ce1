//! Achievements end to end: the real bot against the fake Bot API and a real Redis. A game
//! earns its achievements once (the final press delivered twice, the record job run again on
//! a second replica), the final caption announces them, `/stats` lists them in all four
//! languages with how many players of the chat have each, `/forgetme` removes them.

use crate::support;

use parxis::bot::core::settings::{ChatSettings, Display};
use parxis::bot::core::table::{Stage, Status, Table};
use parxis::bot::effects::stats::record_due;
use parxis::i18n::Lang;
use parxis::store::{DueKind, Place};
use support::bot_harness::{CHAT, Harness, button_with, four_users, refused, text_of};
use support::fake_tg::{Recorded, TestUser, buttons, msg_id};

fn replies(sent: &[Recorded]) -> String {
    sent.iter()
        .filter(|r| r.method == "sendmessage")
        .filter_map(|r| r.str_param("text").map(str::to_owned))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Play the game in play to its end (the player to move presses the first button); the
/// last press.
async fn play_out(h: &Harness, users: &[TestUser]) -> (TestUser, i32, String) {
    let mut last = None;
    for _ in 0..5000 {
        let (t, board) = h.fresh_board().await;
        if t.status() != Status::Playing {
            return last.expect("a press");
        }
        let id = t.to_move().expect("someone to move").id;
        let user = users.iter().find(|u| u.id == id).expect("a test user");
        let data = buttons(&board)[0].1.clone();
        let ans = h.press(user, msg_id(&board), &data).await;
        assert!(!refused(&ans), "refused: {:?}", ans.params);
        last = Some((user.clone(), msg_id(&board), data));
        if h.table().await.1.status() != Status::Playing {
            return last.expect("pressed");
        }
    }
    panic!("the game did not end");
}

async fn holders(h: &Harness, code: &str) -> u32 {
    let e = h.store.achievements(CHAT, 11).await.expect("redis");
    e.holders.get(code).copied().unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_earns_its_achievements_once_and_stats_lists_them_in_four_languages() {
    // Given a two-player game between Ana and Biel played to the end,
    let mut h = Harness::start(21).await;
    h.use_emoji().await;
    let users = four_users();
    h.command(&users[0], "/newgame").await;
    let lobby = h.board().await;
    h.press(&users[1], msg_id(&lobby), &button_with(&lobby, "j:"))
        .await;
    let lobby = h.board().await;
    h.press(&users[0], msg_id(&lobby), &button_with(&lobby, "s:"))
        .await;
    let (user, board, data) = play_out(&h, &users[..2]).await;
    let (_, t) = h.table().await;
    let Stage::Finished(end) = &t.stage() else {
        panic!("not finished");
    };
    let won = end.winner().expect("a winner");
    let winner = t
        .players()
        .iter()
        .find(|p| p.colour.is_some_and(|c| won.includes(c)))
        .expect("a winner")
        .clone();
    // Then the winner earned the first win, once, in the chat and overall,
    let earned = h.store.achievements(CHAT, winner.id).await.expect("redis");
    assert!(earned.here.contains(&"first-win".to_owned()), "{earned:?}");
    assert!(
        earned.anywhere.contains(&"first-win".to_owned()),
        "{earned:?}"
    );
    assert_eq!(holders(&h, "first-win").await, 1);
    // and the final caption announces it in one line (by the winner's dot: the results
    // name her).
    let text = text_of(&h.board().await);
    let line = text
        .lines()
        .find(|l| l.starts_with("✨"))
        .unwrap_or_else(|| panic!("no achievements line: {text}"));
    let dot = parxis::bot::core::seats::dot(winner.colour.expect("seated"));
    assert!(
        line.contains(&format!("{dot} 🥇")) && line.ends_with("see /stats"),
        "{line}"
    );
    assert_eq!(text.matches("✨").count(), 1, "{text}");
    assert!(!text.contains("🏅"), "{text}");

    // When the final press is delivered again, Then it is refused and nothing more is
    // earned;
    let ans = h.press(&user, board, &data).await;
    assert!(
        ans.str_param("text").is_some(),
        "a repeated final press is refused"
    );
    assert_eq!(holders(&h, "first-win").await, 1);
    // when the record job runs again on a second replica (the table saying not recorded),
    // Then nothing is awarded again and the board still announces it.
    h.driver = false;
    h.spawn_bot().await;
    let ctx = h.bots[1].ctx.clone();
    let (version, mut table): (u64, Table) = h.table().await;
    // The table's stored form as it was before its recording.
    let mut v = serde_json::to_value(&table).expect("json");
    v["tally"]["recorded"] = false.into();
    table = serde_json::from_value(v).expect("a table");
    assert!(
        h.store
            .save(CHAT, version, &table, 3600)
            .await
            .expect("redis")
            .is_saved()
    );
    record_due(&ctx, Place::of_chat(CHAT)).await;
    assert_eq!(holders(&h, "first-win").await, 1);
    let (_, after) = h.table().await;
    assert!(after.tally().recorded);
    assert_eq!(
        after.tally().achievements,
        table.tally().achievements,
        "kept for the caption"
    );
    assert_eq!(
        h.store
            .due_at(DueKind::Record, Place::of_chat(CHAT))
            .await
            .expect("redis"),
        None
    );

    // When the winner asks /stats in each language, Then it lists the achievement in that
    // language, with how many players here have it.
    let asker = users
        .iter()
        .find(|u| u.id == winner.id)
        .expect("a test user");
    for (lang, name, holders_text) in [
        (Lang::En, "First win", "(1 player here)"),
        (Lang::Es, "Primera victoria", "(1 jugador de aquí)"),
        (Lang::Ca, "Primera victòria", "(1 jugador d'aquí)"),
        (Lang::CaValencia, "Primera victòria", "(1 jugador d'ací)"),
    ] {
        h.settings(ChatSettings {
            lang: Some(lang),
            display: Display::Emoji,
            timer_secs: 0,
            ..ChatSettings::default()
        })
        .await;
        let text = replies(&h.command(asker, "/stats").await).replace("&#39;", "'");
        assert!(
            text.contains(&format!("🥇 <b>{name}</b>")),
            "{lang}: {text}"
        );
        assert!(text.contains(holders_text), "{lang}: {text}");
    }

    // When the winner asks to be forgotten (in private), Then the achievements go too.
    let mark = h.fake.mark();
    h.fake
        .push_update(h.fake.command(winner.id, asker, "/forgetme"));
    h.settle(mark).await;
    let earned = h.store.achievements(CHAT, winner.id).await.expect("redis");
    assert!(
        earned.here.is_empty() && earned.anywhere.is_empty(),
        "{earned:?}"
    );
    assert_eq!(holders(&h, "first-win").await, 0);
}
