//! Support code shared by the integration tests (module declarations only). Every test
//! crate declares `mod support;` and takes what it uses; each uses a different part.
#![allow(dead_code)]

pub mod bot_harness;
pub mod bot_process;
pub mod browser;
pub mod env_reads;
pub mod failover;
pub mod fake_tg;
pub mod gif_frames;
pub mod hostile;
pub mod http;
pub mod imports;
pub mod inline_game;
pub mod live;
pub mod png_board;
pub mod redis;
pub mod repo;
pub mod rust_tokens;
pub mod stats_fixture;
pub mod store_fixture;
pub mod tls;
pub mod tourney;
