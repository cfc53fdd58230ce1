//! Achievements awarded when a finished game is recorded (the record job,
//! [`super::stats`]): the game's moments decided by the core from its record replayed
//! ([`crate::bot::core::achieve::earned`]), the milestones from the games played, and last
//! week's top points in the chat; written once per game and once per person
//! ([`crate::store::Store::award`]: a repeat, on any replica, awards nothing).

use tracing::{info, warn};

use super::Ctx;
use crate::bot::core::achieve::{self, Achievement};
use crate::bot::core::table::Table;
use crate::stats::{ChatZone, GameRecord, Player};
use crate::store::{StatsScope, StoreError};

/// A week, in ms.
const WEEK_MS: i64 = 7 * 24 * 3600 * 1000;

/// Award the achievements of `t`'s game (recorded as `record` in its chat, the chat in
/// `zone`). Returns those new to their player in the chat (user, code), for the final
/// caption; nothing when the game was awarded before.
///
/// # Errors
/// [`StoreError`] when Redis could not say or write (the record job then tries again).
pub async fn award_game(
    ctx: &Ctx,
    t: &Table,
    record: &GameRecord,
    zone: &ChatZone,
) -> Result<Vec<(i64, String)>, StoreError> {
    let chat = record.chat;
    if ctx.store.awarded(chat, &record.id).await? {
        // A repeat (a retry after a lost reply, another replica): awarded before.
        return Ok(Vec::new());
    }
    let mut found: Vec<(i64, Achievement)> = achieve::earned(t).unwrap_or_default();
    for seat in &record.seats {
        let Player::Human { id, .. } = &seat.player else {
            continue;
        };
        let card = ctx.store.player_card(chat, *id, None).await?;
        let games = card.chat.map_or(0, |a| a.games);
        let games = u32::try_from(games).unwrap_or(u32::MAX);
        found.extend(Achievement::milestones(games).into_iter().map(|a| (*id, a)));
    }
    // Last week's top points in the chat: its week is over once a game ends in a later one.
    let last_week = zone.week_of(record.ended_ms.saturating_sub(WEEK_MS));
    let top = ctx
        .store
        .top(
            StatsScope::Chat(chat),
            crate::store::Table::Week(last_week),
            1,
            1,
            None,
        )
        .await?;
    if let Some(best) = top.top.first().or(top.apart.first())
        && best.score > 0
        && best.user > 0
    {
        found.push((best.user, Achievement::WeekTop));
    }
    found.sort_unstable();
    found.dedup();
    let pairs: Vec<(i64, String)> = found
        .iter()
        .map(|&(u, a)| (u, a.code().to_owned()))
        .collect();
    let new = ctx.store.award(chat, &record.id, &pairs).await?;
    // Only the game's own players are announced on its board.
    let players: Vec<i64> = t.players().iter().map(|p| p.id).collect();
    let shown: Vec<(i64, String)> = new
        .into_iter()
        .filter(|(u, _)| players.contains(u))
        .collect();
    if !shown.is_empty() {
        info!(chat, game = %record.id, new = shown.len(), "achievements earned");
    }
    Ok(shown)
}

/// A tournament's champion earns [`Achievement::Champion`] in its chat (once per
/// tournament id and per person).
pub async fn award_champion(ctx: &Ctx, chat: i64, tourney: &str, users: &[i64]) {
    let pairs: Vec<(i64, String)> = users
        .iter()
        .filter(|u| **u > 0)
        .map(|&u| (u, Achievement::Champion.code().to_owned()))
        .collect();
    if let Err(e) = ctx.store.award(chat, &format!("t-{tourney}"), &pairs).await {
        warn!(chat, tourney, error = %e, "champion's achievement not awarded");
    }
}

/// The champions of season `season` (its id) earn their achievement, once per season.
pub async fn award_season_champion(ctx: &Ctx, chat: i64, season: u64, users: &[i64]) {
    let pairs: Vec<(i64, String)> = users
        .iter()
        .filter(|u| **u > 0)
        .map(|&u| (u, Achievement::SeasonChampion.code().to_owned()))
        .collect();
    if let Err(e) = ctx.store.award(chat, &format!("s-{season}"), &pairs).await {
        warn!(chat, season, error = %e, "season champion's achievement not awarded");
    }
}
