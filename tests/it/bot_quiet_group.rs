//! How many messages a group sees: the same afternoon of commands in a group where the bot
//! may send ephemeral messages (Bot API 10.2: it is an administrator) and in one where it may
//! not. Replies that concern one member (their `/help` and `/stats`, a refusal, a bad
//! argument, a setting confirmed) go to that member alone in the first and to everyone in
//! the second; nothing else changes and no reply is lost.
//!
//! `cargo test --locked --test bot_quiet_group -- --nocapture` prints the counts.

use crate::support;

use parxis::bot::core::settings::{ChatSettings, DiceMode, Display};
use parxis::i18n::Lang;
use support::bot_harness::{CHAT, Harness, four_users};
use support::fake_tg::{Recorded, TOKEN};

/// Methods that post a new message to the chat.
const POSTS: [&str; 4] = ["sendmessage", "sendphoto", "sendanimation", "senddocument"];

/// Each command with the member who types it (an index into [`four_users`]), and whether
/// the reply concerns that member alone.
const AFTERNOON: [(usize, &str, bool); 12] = [
    (0, "/newgame", false),
    (1, "/join", false),
    (2, "/help", true),
    (3, "/stats", true),
    (1, "/start", true), // not the host: refused
    (1, "/join", true),  // already seated: refused
    (2, "/timer banana", true),
    (0, "/display emoji", true),
    (3, "/help", true),
    (2, "/join", false),
    (3, "/rules", false),
    (0, "/top", false),
];

/// Messages the bot posted to the group that everyone sees, and ephemeral ones, over the
/// afternoon.
#[derive(Debug, Default, PartialEq, Eq)]
struct Seen {
    everyone: usize,
    one_member: usize,
}

fn count(sent: &[Recorded], seen: &mut Seen) {
    for r in sent {
        if !POSTS.contains(&r.method.as_str()) || !r.ok() {
            continue;
        }
        if r.params["chat_id"].as_i64() != Some(CHAT) {
            continue;
        }
        if r.params.get("ephemeral_message_parameters").is_some() {
            seen.one_member += 1;
        } else {
            seen.everyone += 1;
        }
    }
}

async fn afternoon(bot_is_admin: bool) -> Seen {
    let mut h = Harness::start(61).await;
    h.settings(ChatSettings {
        lang: Some(Lang::Ca),
        display: Display::Emoji,
        timer_secs: 0,
        dice: DiceMode::Auto,
        pings_secs: parxis::bot::core::settings::DEFAULT_PINGS_SECS,
        lang_offered: true,
    })
    .await;
    if bot_is_admin {
        let bot_id = TOKEN.split(':').next().and_then(|s| s.parse().ok());
        h.fake.set_admin(CHAT, bot_id.expect("the token's bot id"));
    }
    let users = four_users();
    let mut seen = Seen::default();
    for (who, text, _) in AFTERNOON {
        let sent = h.command(&users[who], text).await;
        count(&sent, &mut seen);
    }
    h.stop_bots().await;
    seen
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replies_for_one_member_leave_the_group_quieter_where_telegram_allows_them() {
    let personal = AFTERNOON.iter().filter(|(_, _, one)| *one).count();
    let quiet = afternoon(true).await;
    let loud = afternoon(false).await;
    println!(
        "{} commands, {personal} of them answered to their asker alone: the group saw {} \
         messages with ephemeral replies ({} went to one member), {} without",
        AFTERNOON.len(),
        quiet.everyone,
        quiet.one_member,
        loud.everyone
    );
    // Where the bot may, every personal reply went to its asker alone;
    assert_eq!(quiet.one_member, personal, "{quiet:?}");
    // where it may not, none did, and they all went to the group instead: none lost.
    assert_eq!(loud.one_member, 0, "{loud:?}");
    assert_eq!(
        loud.everyone,
        quiet.everyone + personal,
        "{quiet:?} {loud:?}"
    );
    // The group still saw what concerns it (the lobby, the rules, the table).
    assert!(quiet.everyone >= 3, "{quiet:?}");
}
