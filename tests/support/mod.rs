//! Support code shared by the integration tests (module declarations only).

pub mod bot_harness;
pub mod bot_process;
pub mod browser;
pub mod fake_tg;
pub mod hostile;
pub mod http;
pub mod live;
pub mod redis;
