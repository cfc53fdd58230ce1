//! `/notify` end to end: the real bot against the fake Bot API and a real Redis. A member
//! who asked gets a private message with a button to the lobby when the next game opens; one
//! who never started the bot gets the deep link that starts it and registers them; one who
//! blocked the bot gets nothing and leaves the list; `/notify off` stops it.

use crate::support;

use std::time::Duration;

use parxis::store::Place;
use support::bot_harness::{CHAT, Harness, four_users, text_of};
use support::fake_tg::{BOT_USERNAME, Recorded, TestUser, msg_id};

const WAIT: Duration = Duration::from_secs(10);

fn sent_to(r: &Recorded, chat: i64) -> bool {
    r.method == "sendmessage" && r.chat_id() == Some(chat)
}

fn text(r: &Recorded) -> String {
    r.str_param("text").unwrap_or_default().to_owned()
}

/// The private messages sent to `user` from request `mark` on.
fn private_to(h: &Harness, user: i64, mark: usize) -> Vec<Recorded> {
    h.fake
        .requests_since(mark)
        .into_iter()
        .filter(|r| sent_to(r, user))
        .collect()
}

async fn private_command(h: &Harness, user: &TestUser, command: &str) -> Recorded {
    let mark = h.fake.mark();
    h.fake.push_update(h.fake.command(user.id, user, command));
    h.fake
        .wait_for_request_after(mark, |r| sent_to(r, user.id), WAIT)
        .await
}

async fn group_reply(h: &Harness, user: &TestUser, command: &str) -> String {
    let mark = h.fake.mark();
    h.fake.push_update(h.fake.command(CHAT, user, command));
    let r = h
        .fake
        .wait_for_request_after(mark, |r| sent_to(r, CHAT), WAIT)
        .await;
    text(&r)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn notify_tells_in_private_when_the_next_game_opens_and_stops_when_asked() {
    let h = Harness::start(61).await;
    h.use_emoji().await;
    let users = four_users();
    let (ana, carme, dani) = (&users[0], &users[2], &users[3]);

    // Given Carme, who never started the bot: /notify answers with the deep link as a
    // button (no raw link in the group),
    let mark = h.fake.mark();
    h.fake.push_update(h.fake.command(CHAT, carme, "/notify"));
    let r = h
        .fake
        .wait_for_request_after(mark, |r| sent_to(r, CHAT), WAIT)
        .await;
    let answer = text(&r);
    let link = format!("https://t.me/{BOT_USERNAME}?start=notify_{CHAT}");
    assert!(!answer.contains("https://"), "{answer}");
    let button = &r.params["reply_markup"]["inline_keyboard"][0][0];
    assert_eq!(
        button["url"].as_str(),
        Some(link.as_str()),
        "{:?}",
        r.params
    );
    assert_eq!(button["text"].as_str(), Some("🔔 Turn on the calls"));
    let (listed, _) = h
        .store
        .notify_users(Place::of_chat(CHAT))
        .await
        .expect("redis");
    assert!(
        listed.is_empty(),
        "not on the list before she starts the bot"
    );
    // and the deep link's /start registers her in one tap, naming the group.
    let done = private_command(&h, carme, &format!("/start notify_{CHAT}")).await;
    assert!(
        text(&done).contains(&format!("Test supergroup {CHAT}")),
        "{}",
        text(&done)
    );
    // Given Dani, who started the bot in private, then /notify in the group: on the list;
    private_command(&h, dani, "/start").await;
    let answer = group_reply(&h, dani, "/notify").await;
    assert!(
        answer.contains("I will tell you in private every time a game opens here"),
        "{answer}"
    );
    let (listed, _) = h
        .store
        .notify_users(Place::of_chat(CHAT))
        .await
        .expect("redis");
    assert_eq!(listed, vec![carme.id, dani.id]);
    // and then Dani blocks the bot.
    h.fake.block_bot(dani.id);

    // When Ana opens a game,
    let mark = h.fake.mark();
    h.command(ana, "/newgame").await;
    let lobby = h.board().await;
    let lobby_id = msg_id(&lobby);
    // Then Carme gets a private message with a button to the lobby message,
    let note = h
        .fake
        .wait_for_request_after(mark, |r| sent_to(r, carme.id) && r.ok(), WAIT)
        .await;
    // saying who opened it, where, its rules and its free seats,
    assert_eq!(
        text(&note),
        format!(
            "🎲 Ana opened a game in <b>Test supergroup {CHAT}</b>: JCF, 7 seats free. Join it \
             before it starts!"
        )
    );
    let url = note.params["reply_markup"]["inline_keyboard"][0][0]["url"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let internal = CHAT.to_string().trim_start_matches("-100").to_owned();
    assert_eq!(url, format!("https://t.me/c/{internal}/{lobby_id}"));
    // and Dani's message is refused (blocked): Dani leaves every list.
    h.fake
        .wait_for_request_after(mark, |r| sent_to(r, dani.id) && !r.ok(), WAIT)
        .await;
    for _ in 0..200 {
        let (listed, _) = h
            .store
            .notify_users(Place::of_chat(CHAT))
            .await
            .expect("redis");
        if listed == vec![carme.id] {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let (listed, _) = h
        .store
        .notify_users(Place::of_chat(CHAT))
        .await
        .expect("redis");
    assert_eq!(listed, vec![carme.id], "the blocked member is dropped");
    assert!(!h.store.has_started(dani.id).await.expect("redis"));
    // The lobby posted again (/board) tells nobody twice.
    let again = h.fake.mark();
    h.command(ana, "/board").await;
    h.wait_idle(WAIT).await;
    assert!(
        private_to(&h, carme.id, again).is_empty(),
        "told once per lobby"
    );

    // When Carme sends /notify off, and the lobby is cancelled and another opened,
    let answer = group_reply(&h, carme, "/notify off").await;
    assert!(answer.contains("no more messages"), "{answer}");
    h.command(ana, "/cancel").await;
    let mark = h.fake.mark();
    h.command(ana, "/newgame").await;
    let board = h.board().await;
    assert!(text_of(&board).contains("Ana"));
    h.wait_idle(WAIT).await;
    // Then nobody gets a private message.
    for u in [carme, dani] {
        assert!(
            private_to(&h, u.id, mark).is_empty(),
            "{} told after off",
            u.first_name
        );
    }
    let (listed, _) = h
        .store
        .notify_users(Place::of_chat(CHAT))
        .await
        .expect("redis");
    assert!(listed.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_basic_group_s_notice_names_the_group_even_unrecorded_and_says_plainly_how_to_join() {
    // Given a basic group (no message links) where Carme subscribed through the deep link
    // alone (nobody sent /notify there: its title was never recorded),
    let h = Harness::start(62).await;
    let group = -4_242;
    h.settings_for(group).await;
    let users = four_users();
    let (ana, carme) = (&users[0], &users[2]);
    let done = private_command(&h, carme, &format!("/start notify_{group}")).await;
    assert!(
        text(&done).contains("every time a game opens"),
        "{}",
        text(&done)
    );
    // When Ana opens a game of classic rules in pairs there,
    let mark = h.fake.mark();
    h.fake
        .push_update(h.fake.command(group, ana, "/newgame classic pairs 4"));
    let note = h
        .fake
        .wait_for_request_after(mark, |r| sent_to(r, carme.id) && r.ok(), WAIT)
        .await;
    // Then Carme's notice names the group (never "in " and nothing), the host, the rules
    // and the free seats, and says plainly that a basic group has no link: no button.
    let t = text(&note);
    assert!(
        t.starts_with(&format!(
            "🎲 Ana opened a game in <b>Test group {group}</b>: Classic, in pairs, 3 seats free."
        )),
        "{t}"
    );
    assert!(t.contains("Telegram has no link to a basic group"), "{t}");
    assert!(note.params["reply_markup"].is_null(), "{:?}", note.params);
}
