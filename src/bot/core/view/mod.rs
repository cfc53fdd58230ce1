//! What the chat sees, all through typed messages ([`crate::i18n::Msg`]) in the chat's
//! language: the board or lobby text ([`text`]), the buttons under it ([`keyboard`]),
//! the menus and short answers ([`menus`]), what a press is answered ([`answers`]), and the
//! game and the chat's season as the live board's page shows them ([`live`],
//! [`live_season`]).

pub mod answers;
pub mod fair;
pub mod keyboard;
pub mod live;
pub mod live_season;
pub mod menus;
pub mod names;
pub mod order;
pub mod recap;
pub mod stats;
pub mod text;
pub mod tourney;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_caption;
#[cfg(test)]
mod tests_table_texts;

pub use answers::{behind_answer, behind_answer_in, press_answer};
pub use keyboard::{for_lane, keyboard, language_keyboard, new_game_only, new_picture_game_only};
pub use menus::{command_list, help, help_group, refusal, rules, rules_short};
pub use names::name_of;
pub use order::ordered_moves;
pub use text::{
    BoardText, board_below, board_text, board_text_in, fit, game_time_line, legend_line,
    name_of_seats, seconds_left, table_name,
};
