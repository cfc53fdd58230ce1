//! Players' names as the texts show them.

use crate::bot::core::table::Table;
use crate::engine::Colour;
use crate::i18n::{Lang, Msg, tr_plain};

/// The name of colour `c`'s player (the colour's English name for an empty seat).
#[must_use]
pub fn name_of(t: &Table, c: Colour) -> String {
    t.player_of(c)
        .map_or_else(|| tr_plain(Lang::En, &Msg::Colour(c)), |p| p.name.clone())
}
