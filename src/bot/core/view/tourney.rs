//! The texts of a tournament's posts that are built from its record: a table's call (its
//! players mentioned, so their phones buzz), the head of the first bracket (the draw), the
//! seed line of `/bracket`, and whether a table is the Final.

use crate::bot::core::table::TableTag;
use crate::bot::core::tourney::{READY_SECS, Tourney, seats_of};
use crate::i18n::{CaptionMsg, Lang, Msg, TourneyMsg, escape_html, mention, tr};
use crate::stats::ChatZone;
use crate::tournament::{TableId, Tournament};

fn m(t: TourneyMsg) -> Msg {
    Msg::Tourney(t)
}

/// Is table `at` in the tournament's last round (the Final)?
#[must_use]
pub fn is_last(t: &Tournament, at: TableId) -> bool {
    usize::from(at.round) + 1 == t.plan().len()
}

/// The tag of table `at`'s game ([`TableTag`], kept in its table's origin).
#[must_use]
pub fn table_tag(t: &Tournament, at: TableId) -> TableTag {
    TableTag::new(at, is_last(t, at))
}

/// The call of table `at`: its name ("🏆 Round 1 · table 2" or "🏆 Final"), its players
/// (each person a mention that notifies them, the name escaped; a computer by name), the
/// time limit, and the Ready hint (HTML), with the Ready deadline of a table called already
/// as a clock time in `zone` ("⏳ until 19:42", as a board's turn deadline).
#[must_use]
pub fn call_text(lang: Lang, t: &Tourney, at: TableId, zone: &ChatZone) -> String {
    let Some(tournament) = &t.tournament else {
        return String::new();
    };
    let tag = table_tag(tournament, at);
    let mut out = vec![tr(
        lang,
        &m(TourneyMsg::TableCall {
            round: tag.round,
            table: tag.table,
            last: tag.last,
        }),
    )];
    let players: Vec<String> = seats_of(tournament, at)
        .iter()
        .map(|s| {
            if s.computer.is_none() && s.id > 0 {
                // A pair's entrant is "A & B": each member is mentioned by their own name.
                let own = t
                    .signup
                    .iter()
                    .find(|x| x.id == s.id)
                    .map_or(s.name.as_str(), |x| x.name.as_str());
                mention(s.id, own)
            } else {
                format!("🤖 {}", escape_html(&s.name))
            }
        })
        .collect();
    out.push(players.join(" – "));
    if let Some(minutes) = t.limit_minutes {
        out.push(tr(
            lang,
            &m(TourneyMsg::TimeLimit {
                minutes: minutes.into(),
            }),
        ));
    }
    out.push(String::new());
    let mut hint = tr(
        lang,
        &m(TourneyMsg::ReadyHint {
            secs: u32::try_from(READY_SECS).unwrap_or(u32::MAX),
        }),
    );
    if let Some(by) = ready_by(t, at) {
        let (hour, minute) = zone.clock_of(by);
        let until = tr(lang, &Msg::Caption(CaptionMsg::Until { hour, minute }));
        hint = format!("{hint} {until}");
    }
    out.push(hint);
    out.join("\n")
}

/// When table `at`'s Ready runs out (Unix ms), once it is called. The game never starts
/// sooner: the deadline is counted again from the call shown, if later.
#[must_use]
pub fn ready_by(t: &Tourney, at: TableId) -> Option<i64> {
    t.play(at)
        .map(|p| p.ready_by_ms)
        .filter(|&ms| ms > 0)
        .and_then(|ms| i64::try_from(ms).ok())
}

/// The head of the bracket posted at the draw: how many entrants, how many byes (HTML).
#[must_use]
pub fn drawn_head(lang: Lang, t: &Tournament) -> String {
    let byes = t
        .view()
        .rounds
        .first()
        .map_or(0, |r| r.iter().filter(|x| x.bye).count());
    tr(
        lang,
        &m(TourneyMsg::Drawn {
            count: u32::try_from(t.entrants().len()).unwrap_or(u32::MAX),
            byes: u32::try_from(byes).unwrap_or(u32::MAX),
        }),
    )
}

/// `/bracket`'s head: the draw's seed, so anyone can repeat the draw (HTML).
#[must_use]
pub fn seed_line(lang: Lang, t: &Tournament) -> String {
    tr(
        lang,
        &m(TourneyMsg::Seed {
            seed: t.seed().to_string(),
        }),
    )
}
