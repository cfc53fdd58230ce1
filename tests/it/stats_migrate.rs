//! A group upgraded to a supergroup takes its stats along (`Store::migrate_chat` →
//! `Store::migrate_stats`), on a real `redis-server` (see `support/redis.rs`).

use crate::support;
use support::redis as redis_support;
use support::stats_fixture;

use parxis::ai::Level;
use parxis::stats::ChatZone;
use parxis::store::{PlayerCard, StatsScope, Store, Top, keys};
use redis::AsyncCommands;
use redis::aio::MultiplexedConnection;
use redis_support::TestRedis;
use stats_fixture::*;

const OLD: i64 = -4_242;
const NEW: i64 = -1_004_242_000_000;
const ANNA: i64 = 1;
const BERNAT: i64 = 2;
const CARLA: i64 = 3;

async fn setup() -> (TestRedis, Store, MultiplexedConnection) {
    let server = TestRedis::start();
    let store = Store::connect(&server.url()).await.expect("connect");
    let raw = server.raw().await;
    (server, store, raw)
}

/// The keys under `pattern`, sorted.
async fn keys_like(raw: &mut MultiplexedConnection, pattern: &str) -> Vec<String> {
    let mut found: Vec<String> = raw.keys(pattern).await.expect("keys");
    found.sort();
    found
}

/// What a chat's stats look like from the outside: every table, each player's card, the
/// history, the time zone.
#[derive(Debug, PartialEq)]
struct Seen {
    tops: Vec<Top>,
    cards: Vec<PlayerCard>,
    history: Vec<String>,
    zone: Option<String>,
}

async fn seen(store: &Store, raw: &mut MultiplexedConnection, chat: i64, zone: &ChatZone) -> Seen {
    let week = zone.week_of(MONDAY_0000_MADRID);
    let mut tops = Vec::new();
    for table in [
        parxis::store::Table::AllTime,
        parxis::store::Table::Rating,
        parxis::store::Table::Week(week),
    ] {
        let top = store.top(StatsScope::Chat(chat), table, 10, 10, Some(ANNA));
        tops.push(top.await.expect("top"));
    }
    let mut cards = Vec::new();
    for user in [ANNA, BERNAT, CARLA] {
        cards.push(
            store
                .player_card(chat, user, Some(week))
                .await
                .expect("card"),
        );
    }
    let history = raw
        .lrange(keys::stats_history(chat), 0, -1)
        .await
        .expect("history");
    let zone = store.chat_zone(chat).await.expect("zone");
    Seen {
        tops,
        cards,
        history,
        zone,
    }
}

/// Three games in `OLD`: two ranked (Anna, Bernat, Carla) and one against a computer
/// (Carla only), and the chat's time zone.
async fn three_games(store: &Store) -> (ChatZone, Vec<parxis::stats::GameRecord>) {
    let zone = ChatZone::named("Atlantic/Canary").expect("zone");
    store
        .set_chat_zone(OLD, zone.name())
        .await
        .expect("set zone");
    let players = [(ANNA, "Anna"), (BERNAT, "Bernat"), (CARLA, "Carla")];
    let games = vec![
        ranked("g1", OLD, MONDAY_0000_MADRID, &players),
        ranked(
            "g2",
            OLD,
            MONDAY_0000_MADRID + 60_000,
            &[players[2], players[0]],
        ),
        game(
            "g3",
            OLD,
            MONDAY_0000_MADRID + 120_000,
            vec![
                seat(human(CARLA, "Carla"), 0, 0, true),
                seat(computer(Level::Easy), 1, 30, false),
            ],
        ),
    ];
    for g in &games {
        assert!(store.record_game(g, &zone).await.expect("record").recorded);
    }
    (zone, games)
}

#[tokio::test]
async fn a_migrated_chat_shows_the_same_tables_cards_history_and_zone_under_its_new_id() {
    // Given a group with three recorded games and a time zone,
    let (_server, store, mut raw) = setup().await;
    let (zone, _) = three_games(&store).await;
    let before = seen(&store, &mut raw, OLD, &zone).await;
    assert_eq!(before.history.len(), 3);
    assert!(before.tops[0].apart.len() + before.tops[0].top.len() == 3);

    // When the group becomes a supergroup,
    assert!(store.migrate_chat(OLD, NEW).await.expect("migrate"));

    // Then the new id shows exactly what the old one did,
    assert_eq!(seen(&store, &mut raw, NEW, &zone).await, before);
    // the old id has no stats key left,
    assert_eq!(
        keys_like(&mut raw, &format!("parxis:{{{OLD}}}:*")).await,
        Vec::<String>::new()
    );
    // the players' index of chats names the new id instead of the old,
    for user in [ANNA, BERNAT, CARLA] {
        let chats: Vec<i64> = raw.smembers(keys::stats_user_chats(user)).await.unwrap();
        assert_eq!(chats, vec![NEW], "user {user}");
    }
    // and a repeated move finds nothing to do.
    assert!(!store.migrate_chat(OLD, NEW).await.expect("again"));
    assert_eq!(seen(&store, &mut raw, NEW, &zone).await, before);
}

#[tokio::test]
async fn a_game_recorded_before_the_move_is_not_counted_again_under_the_new_id() {
    // Given a group with recorded games, moved to its supergroup id,
    let (_server, store, _raw) = setup().await;
    let (zone, games) = three_games(&store).await;
    let global_before = store.player_card(NEW, ANNA, None).await.unwrap().global;
    store.migrate_chat(OLD, NEW).await.expect("migrate");
    // When the same finished game is handed over again under the new id (a retry of its
    // recording after the move),
    let mut again = games[0].clone();
    again.chat = NEW;
    let out = store.record_game(&again, &zone).await.expect("record");
    // Then nothing is recorded, in the chat or globally.
    assert!(!out.recorded);
    let card = store.player_card(NEW, ANNA, None).await.unwrap();
    assert_eq!(card.global, global_before);
    assert_eq!(card.chat.map(|a| a.games), Some(2));
    // And a new game in the supergroup adds to the moved tables.
    let g4 = ranked(
        "g4",
        NEW,
        MONDAY_0000_MADRID + 180_000,
        &[(BERNAT, "Bernat"), (ANNA, "Anna")],
    );
    assert!(store.record_game(&g4, &zone).await.unwrap().recorded);
    let card = store.player_card(NEW, ANNA, None).await.unwrap();
    assert_eq!(card.chat.map(|a| a.games), Some(3));
}

#[tokio::test]
async fn forgetme_after_a_move_finds_the_user_under_the_new_id() {
    // Given a group's stats moved to its supergroup id,
    let (_server, store, mut raw) = setup().await;
    three_games(&store).await;
    store.migrate_chat(OLD, NEW).await.expect("migrate");
    let card = store.player_card(NEW, ANNA, None).await.unwrap();
    assert_eq!(card.chat.map(|a| a.games), Some(2), "Anna's stats moved");
    // When Anna asks to be forgotten,
    let report = store.forget_user(ANNA).await.expect("forget");
    // Then the supergroup's tables no longer hold her.
    assert_eq!(report.chats, 1);
    let card = store.player_card(NEW, ANNA, None).await.unwrap();
    assert_eq!((card.chat, card.global), (None, None));
    let user_keys = keys_like(&mut raw, &format!("*user:{ANNA}")).await;
    assert_eq!(user_keys, Vec::<String>::new());
    let top = store
        .top(
            StatsScope::Chat(NEW),
            parxis::store::Table::AllTime,
            10,
            10,
            None,
        )
        .await
        .unwrap();
    assert!(top.top.iter().chain(&top.apart).all(|l| l.user != ANNA));
}

#[tokio::test]
async fn stats_already_under_the_new_id_are_kept_and_the_old_ones_dropped() {
    // Given a group with stats, and a supergroup id that already holds a time zone,
    let (_server, store, mut raw) = setup().await;
    three_games(&store).await;
    store.set_chat_zone(NEW, "Europe/Lisbon").await.unwrap();
    // When the group moves there,
    store.migrate_chat(OLD, NEW).await.expect("migrate");
    // Then the new id's own zone stays, the rest moved, and the old id holds nothing.
    assert_eq!(
        store.chat_zone(NEW).await.unwrap().as_deref(),
        Some("Europe/Lisbon")
    );
    let history: Vec<String> = raw.lrange(keys::stats_history(NEW), 0, -1).await.unwrap();
    assert_eq!(history.len(), 3);
    assert_eq!(
        keys_like(&mut raw, &format!("parxis:{{{OLD}}}:*")).await,
        Vec::<String>::new()
    );
}
