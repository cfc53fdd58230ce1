//! What a tournament says, as text: where it speaks, the bracket's words, the sign-up
//! message (singles or pairs) and its buttons, and the line that tells how a table was
//! decided. Pure text building; the posts are planned in [`super::post`].

use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};
use teloxide::utils::html::escape;

use super::super::chat::ChatAddr;
use crate::bot::core::tourney::Tourney;
use crate::bot::core::view::keyboard::off_unless;
use crate::i18n::{Lang, Msg, PairsMsg, TourneyMsg, tr, tr_plain};
use crate::tournament::{Labels, TableId, TableResult, Tournament, text_name};

fn m(t: TourneyMsg) -> Msg {
    Msg::Tourney(t)
}

/// Where the tournament of `chat` speaks: the topic it was opened in, or the group.
#[must_use]
pub fn home(chat: i64, t: &Tourney) -> ChatAddr {
    t.home_topic.map_or_else(
        || ChatAddr::new(chat),
        |topic| ChatAddr::in_topic(chat, topic),
    )
}

/// The bracket's words in `lang`.
#[must_use]
pub fn labels(lang: Lang, t: &Tournament) -> Labels {
    let rounds = t.plan().len();
    Labels {
        rounds: (0..rounds)
            .map(|r| {
                tr_plain(
                    lang,
                    &m(TourneyMsg::RoundName {
                        round: u32::try_from(r + 1).unwrap_or(u32::MAX),
                        last: r + 1 == rounds,
                    }),
                )
            })
            .collect(),
        bye: tr_plain(lang, &m(TourneyMsg::Bye)),
        champion: tr_plain(lang, &m(TourneyMsg::ChampionWord)),
    }
}

/// The sign-up message: rules, table size, limit, the entrants so far, Join / Leave.
#[must_use]
pub fn signup_text(lang: Lang, t: &Tourney) -> String {
    let mut out = vec![tr(
        lang,
        &m(TourneyMsg::SignupTitle {
            preset: t.preset,
            size: u32::from(t.table_size),
        }),
    )];
    if let Some(minutes) = t.limit_minutes {
        out.push(tr(
            lang,
            &m(TourneyMsg::TimeLimit {
                minutes: u32::from(minutes),
            }),
        ));
    }
    out.push(String::new());
    if t.pairs {
        out.extend(signup_lines(lang, t));
        return out.join("\n");
    }
    out.push(tr(
        lang,
        &m(TourneyMsg::SignupEntrants {
            count: u32::try_from(t.signup.len()).unwrap_or(u32::MAX),
        }),
    ));
    for (i, s) in t.signup.iter().enumerate() {
        let host = if s.id == t.host { " 👑" } else { "" };
        out.push(format!("{}. {}{host}", i + 1, escape(&s.name)));
    }
    out.push(String::new());
    out.push(tr(lang, &m(TourneyMsg::SignupHint)));
    out.join("\n")
}

/// Join / Leave under the sign-up message, and ▶️ Start for the host (or an admin).
///
/// What anyone's press could only have refused now is shown disabled (Bot API 10.3), as a
/// chat's lobby shows it ([`off_unless`]): Start while the draw would be refused (fewer
/// than [`crate::bot::core::tourney::MIN_ENTRANTS`] entrants, or pairs), Join once the
/// sign-up is full, Leave with nobody in it. A press sent anyway (an app that ignores
/// disabled buttons, forged data) gets the refusal it always got and changes nothing.
#[must_use]
pub fn signup_keyboard(lang: Lang, t: &Tourney) -> InlineKeyboardMarkup {
    let button = |m: &Msg, tag: &str| {
        InlineKeyboardButton::callback(tr_plain(lang, m), format!("{tag}:{}", t.seq))
    };
    InlineKeyboardMarkup::new([
        vec![
            off_unless(!t.is_full(), button(&Msg::BtnJoin, "tj")),
            off_unless(!t.signup.is_empty(), button(&Msg::BtnLeave, "tl")),
        ],
        vec![off_unless(
            t.draw_refused().is_none(),
            button(&Msg::BtnStart, "ts"),
        )],
    ])
}

/// The sign-up's entrant lines of a pairs tournament (HTML): the pairs made ("A & B"),
/// then the people without a partner, then how to make a pair.
#[must_use]
pub fn signup_lines(lang: Lang, t: &Tourney) -> Vec<String> {
    let name = |id: i64| {
        t.signup
            .iter()
            .find(|s| s.id == id)
            .map_or(String::new(), |s| escape(&s.name))
    };
    let mut out = vec![tr(lang, &Msg::Pairs(PairsMsg::SignupLine))];
    for (i, p) in t.partners.iter().enumerate() {
        out.push(format!("{}. {} & {}", i + 1, name(p.0), name(p.1)));
    }
    let singles: Vec<String> = t
        .signup
        .iter()
        .filter(|s| t.partner_of(s.id).is_none())
        .map(|s| escape(&s.name))
        .collect();
    if !singles.is_empty() {
        out.push(format!(
            "{} {}",
            tr(lang, &Msg::Pairs(PairsMsg::Singles)),
            singles.join(", ")
        ));
    }
    out.push(String::new());
    out.push(tr(lang, &m(TourneyMsg::SignupHint)));
    out.push(tr(lang, &Msg::Pairs(PairsMsg::SignupHint)));
    out
}

/// The line that tells how table `at` was decided (`None`: it is not decided).
#[must_use]
pub fn result_line(lang: Lang, t: &Tournament, at: TableId) -> Option<String> {
    let slot = t.table(at)?;
    let round = u32::from(at.round) + 1;
    let table = u32::from(at.table) + 1;
    let last = crate::bot::core::view::tourney::is_last(t, at);
    let name = |s| text_name(t, Some(s)).to_owned();
    let msg = match &slot.result {
        TableResult::Winner(w) => TourneyMsg::TableWon {
            round,
            table,
            last,
            name: name(*w),
        },
        TableResult::RollOff { winner, rolls } => TourneyMsg::TableRollOff {
            round,
            table,
            last,
            rolls: rolls
                .iter()
                .map(|r| {
                    r.iter()
                        .map(|(s, d)| format!("{} {d}", text_name(t, Some(*s))))
                        .collect::<Vec<_>>()
                        .join(", ")
                })
                .collect::<Vec<_>>()
                .join(" · "),
            name: name(*winner),
        },
        TableResult::ByHand { winner, reason } => TourneyMsg::TableByHand {
            round,
            table,
            last,
            name: name(*winner),
            reason: reason.clone(),
        },
        TableResult::Pending | TableResult::Playing | TableResult::Bye => return None,
    };
    Some(tr(lang, &m(msg)))
}

/// Escaped names of a table's sides (for logs and texts).
#[must_use]
pub fn side_names(t: &Tournament, at: TableId) -> String {
    t.table(at)
        .map(|s| {
            s.sides
                .iter()
                .map(|&x| escape(text_name(t, Some(x))))
                .collect::<Vec<_>>()
                .join(" – ")
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use teloxide::types::InlineKeyboardButtonKind;

    use super::*;
    use crate::bot::core::tourney::{MAX_SIGNUP, SignedUp, TourneyArgs};
    use crate::bot::core::view::keyboard::{Tone, tone_of};
    use crate::engine::Preset;

    fn who(id: i64) -> SignedUp {
        SignedUp {
            id,
            name: format!("P{id}"),
        }
    }

    fn signup(pairs: bool) -> Tourney {
        let args = TourneyArgs {
            preset: Preset::Jcf,
            table_size: if pairs { 4 } else { 2 },
            limit_minutes: None,
            pairs,
        };
        Tourney::open(&who(1), args, None, false)
    }

    /// Each button's tag (`tj`, `tl`, `ts`) and whether it is drawn off.
    fn offs(t: &Tourney) -> Vec<(String, bool)> {
        signup_keyboard(Lang::En, t)
            .inline_keyboard
            .iter()
            .flatten()
            .map(|b| {
                let InlineKeyboardButtonKind::CallbackData(d) = &b.kind else {
                    panic!("a callback button");
                };
                let tag = d.trim_start_matches('~').split(':').next().unwrap_or("");
                (tag.to_owned(), tone_of(d) == Some(Tone::Off))
            })
            .collect()
    }

    fn is_off(t: &Tourney, tag: &str) -> bool {
        offs(t)
            .into_iter()
            .find(|(x, _)| x == tag)
            .unwrap_or_else(|| panic!("no {tag}: {:?}", offs(t)))
            .1
    }

    #[test]
    fn start_is_off_below_two_entrants_and_on_from_two_styled_as_the_lobbys() {
        // Given the host alone, Then Start is drawn off (sent disabled), Join and Leave on;
        let mut t = signup(false);
        assert!(is_off(&t, "ts"), "{:?}", offs(&t));
        assert!(!is_off(&t, "tj") && !is_off(&t, "tl"));
        // with a second entrant Start is on, plain as the lobby's Start (no tone).
        t.join(&who(2)).expect("joins");
        assert!(!is_off(&t, "ts"));
        let kb = signup_keyboard(Lang::En, &t);
        let InlineKeyboardButtonKind::CallbackData(d) = &kb.inline_keyboard[1][0].kind else {
            panic!("a callback button");
        };
        assert_eq!(tone_of(d), None, "{d}");
        assert_eq!(d, &format!("ts:{}", t.seq));
    }

    #[test]
    fn a_pairs_start_waits_for_two_pairs() {
        // Given a pairs sign-up of 3 singles (one pair and an odd one at the draw), Then
        // Start is off; with a fourth single it is on.
        let mut t = signup(true);
        t.join(&who(2)).expect("joins");
        t.join(&who(3)).expect("joins");
        assert!(is_off(&t, "ts"));
        t.join(&who(4)).expect("joins");
        assert!(!is_off(&t, "ts"));
    }

    #[test]
    fn join_is_off_once_full_and_leave_with_nobody_in() {
        // Given a sign-up whose host left, Then Leave is off (anyone's press is refused),
        let mut t = signup(false);
        t.leave(1).expect("leaves");
        assert!(is_off(&t, "tl"));
        // and once full Join is off, Leave on.
        for id in 1..=i64::try_from(MAX_SIGNUP).expect("small") {
            assert!(!is_off(&t, "tj"));
            t.join(&who(id)).expect("joins");
        }
        assert!(is_off(&t, "tj") && !is_off(&t, "tl") && !is_off(&t, "ts"));
    }
}
