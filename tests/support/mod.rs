//! Support code shared by the integration tests (module declarations only).

pub mod fake_tg;
