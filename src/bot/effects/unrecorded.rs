//! Finished games whose recording failed (Redis unavailable, or ratings that kept changing),
//! retried until they are recorded: a game's result is never lost to a passing fault.
//!
//! The stored table itself says what is left to do (finished, `tally.recorded` false): the
//! failure cannot be written down when Redis is away, so this replica remembers the place
//! ([`Unrecorded`], in [`Ctx::unrecorded`]) and the driver's poll hands it back to
//! [`super::stats::record_if_finished`] with a growing pause ([`retry_due`]), which saves
//! the results and shows them on the final board. Recording is idempotent by the game's id,
//! so a retry after an attempt that did land (a lost reply) records nothing twice. A table
//! left unrecorded across a restart is recorded by the next lobby or rematch that replaces it
//! ([`super::stats::record_before_replacing`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tracing::debug;

use super::Ctx;
use super::chat::{ChatAddr, load};
use super::commit::{Saved, show};
use super::telegram::TgBot;
use crate::bot::core::table::Status;
use crate::store::Place;

/// The pause before the first retry; doubled after each failed one.
pub const FIRST_RETRY: Duration = Duration::from_secs(1);
/// The longest pause between two retries.
pub const MAX_RETRY: Duration = Duration::from_secs(60);

/// The places of this replica whose finished game waits to be recorded, each with when to
/// try next and the pause after that.
#[derive(Debug, Default)]
pub struct Unrecorded {
    places: Mutex<HashMap<Place, (Instant, Duration)>>,
}

impl Unrecorded {
    /// A recording at `place` failed: try again after the current pause (the first time,
    /// [`FIRST_RETRY`]), and double the pause for the time after.
    pub fn failed(&self, place: Place) {
        let mut places = self.lock();
        let wait = places.get(&place).map_or(FIRST_RETRY, |&(_, w)| w);
        places.insert(place, (Instant::now() + wait, (wait * 2).min(MAX_RETRY)));
    }

    /// `place` has nothing left to record.
    pub fn settled(&self, place: Place) {
        self.lock().remove(&place);
    }

    /// Whether `place` waits for a retry.
    #[must_use]
    pub fn contains(&self, place: Place) -> bool {
        self.lock().contains_key(&place)
    }

    /// The places due for a retry at `now`; each is pushed to its next pause meanwhile, so
    /// a slow retry is not started twice (a success settles it, a failure reschedules it).
    fn take_due(&self, now: Instant) -> Vec<Place> {
        let mut places = self.lock();
        let mut due = Vec::new();
        for (place, (at, wait)) in places.iter_mut() {
            if *at <= now {
                *at = now + *wait;
                due.push(*place);
            }
        }
        due
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Place, (Instant, Duration)>> {
        self.places
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// From the driver's poll: retry, in `tasks`, the recording of each place that is due.
pub fn retry_due(bot: &TgBot, ctx: &Arc<Ctx>, tasks: &mut tokio::task::JoinSet<()>) {
    for place in ctx.unrecorded.take_due(Instant::now()) {
        let (bot, ctx) = (bot.clone(), ctx.clone());
        tasks.spawn(async move { retry(&bot, &ctx, place).await });
    }
}

/// One retry: the place's table as stored now, recorded if it is still a finished game
/// not yet recorded, and its final board shown again with the results.
pub async fn retry(bot: &TgBot, ctx: &Ctx, place: Place) {
    let here = load(ctx, ChatAddr::from(place), None).await;
    let Some(stored) = &here.stored else {
        return; // Redis still away: the entry stays, for later.
    };
    let Some(rec) = stored
        .table
        .as_ref()
        .filter(|r| r.state.status() == Status::Finished && !r.state.tally.recorded)
    else {
        // Gone, replaced, or recorded meanwhile.
        ctx.unrecorded.settled(place);
        return;
    };
    debug!(
        chat = place.chat,
        topic = place.topic,
        "retrying a game's recording"
    );
    let saved = Saved {
        table: rec.state.clone(),
        version: rec.version,
    };
    if let Some(done) = super::stats::record_if_finished(ctx, &here, &saved).await {
        show(bot, ctx, &here, &done.table, done.version, here.display()).await;
    }
}
