//! Fixtures shared by the store tests: a small stand-in state, settings, and a store on a
//! fresh `redis-server`.
#![allow(dead_code)]

use parxis::store::Store;
use redis::aio::MultiplexedConnection;
use serde::{Deserialize, Serialize};

use super::redis::TestRedis;

/// A stand-in for a stored game: the store is generic over the state it keeps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    pub turn: u32,
    pub players: Vec<String>,
    pub dice: Option<(u8, u8)>,
}

/// A game at `turn`.
pub fn game(turn: u32) -> Game {
    Game {
        turn,
        players: vec!["Groc".into(), "Blau".into()],
        dice: Some((5, 6)),
    }
}

/// A stand-in for a chat's settings.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    pub locale: String,
    pub turn_seconds: u32,
}

/// A fresh server, a store on it, and a raw connection to inspect what is stored.
pub async fn setup() -> (TestRedis, Store, MultiplexedConnection) {
    let server = TestRedis::start();
    let store = Store::connect(&server.url()).await.expect("connect");
    let raw = server.raw().await;
    (server, store, raw)
}
