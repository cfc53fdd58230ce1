//! The computers' groups of the `think` scenarios: four hard computers a game, played by the
//! bot's scheduler after the production pause, a new game opened from code whenever one
//! ends, for the whole run. Their chats are apart from the lively groups'.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use parxis::ai::Level;
use parxis::bot::core::table::{Seat, SeatedSpec, Table};
use parxis::bot::effects::chat::ChatAddr;
use parxis::bot::effects::seated::open_seated;
use parxis::engine::Preset;

use crate::Env;

/// The chat of computers' group `i`.
#[must_use]
pub fn chat(i: usize) -> i64 {
    -1_003_000_000_000 - i as i64
}

fn spec() -> SeatedSpec {
    SeatedSpec {
        preset: Preset::Jcf,
        pairs: false,
        board: None,
        seats: vec![Seat::Computer(Level::Hard); 4],
        time_limit_minutes: None,
        origin: None,
    }
}

/// Keep a hard computers' game going in group `i` while the run lasts; returns the games
/// it opened.
pub async fn computers(env: Arc<Env>, i: usize) -> u64 {
    let ctx = env.h.bots[0].ctx.clone();
    let chat = chat(i);
    let mut opened = 0;
    while env.probe.running.load(Ordering::Relaxed) {
        let open = match env.h.store.load::<Table>(chat).await {
            Ok(Some(r)) => !r.state.is_open(),
            Ok(None) => true,
            Err(_) => false,
        };
        if open
            && open_seated(&ctx, ChatAddr::new(chat), &spec())
                .await
                .is_ok()
        {
            opened += 1;
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    opened
}
