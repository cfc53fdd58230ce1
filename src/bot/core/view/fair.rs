//! The lines of provably fair dice ([`crate::bot::core::table::Fair`]): the rolls sealed (the
//! commitment, in the lobby and on every board in play), the lobby's `/seed` phrases, the
//! seed revealed once the game is over (its own line, after the end's), and a player's
//! rolls per face with a plain-words fairness verdict.

use crate::bot::core::table::{Stage, Table};
use crate::dice::fair::{CHI2_5_99, chi_squared};
use crate::i18n::{FairMsg, Lang, Msg, tr};

fn fm(lang: Lang, m: FairMsg) -> String {
    tr(lang, &Msg::Fair(m))
}

/// "🔒 Rolls sealed: …" while the table is a lobby or in play with fair dice.
#[must_use]
pub fn sealed_line(lang: Lang, t: &Table) -> Option<String> {
    let f = t.fair()?;
    matches!(t.stage(), Stage::Lobby | Stage::Playing(_)).then(|| {
        fm(
            lang,
            FairMsg::Sealed {
                commitment: f.commitment(),
            },
        )
    })
}

/// "🌱 2 phrases for the rolls (/seed)" in a lobby where someone typed one.
#[must_use]
pub fn phrases_line(lang: Lang, t: &Table) -> Option<String> {
    let f = t.fair().filter(|f| !f.phrases.is_empty())?;
    (*t.stage() == Stage::Lobby).then(|| {
        let count = u32::try_from(f.phrases.len()).unwrap_or(u32::MAX);
        fm(lang, FairMsg::Phrases { count })
    })
}

/// "🔒 Rolls sealed: …" over "🔓 Seed of the rolls: …" once the game is over (finished or
/// cancelled): the reveal, the commitment kept beside it so the two can be compared without
/// scrolling back to the lobby.
#[must_use]
pub fn reveal_line(lang: Lang, t: &Table) -> Option<String> {
    let seed = t.revealed_seed()?;
    Some(reveal_lines(
        lang,
        &crate::dice::fair::commitment(&seed),
        &seed.reveal(),
    ))
}

/// The commitment over the seed it seals (two lines, HTML): the end of a board, and the
/// caption of `/record`'s file.
#[must_use]
pub fn reveal_lines(lang: Lang, commitment: &str, seed: &str) -> String {
    let sealed = fm(
        lang,
        FairMsg::Sealed {
            commitment: commitment.to_owned(),
        },
    );
    let seed = fm(
        lang,
        FairMsg::Reveal {
            seed: seed.to_owned(),
        },
    );
    format!("{sealed}\n{seed}")
}

/// A share in per cent with one decimal, written as `lang` writes numbers ("17,1" in
/// Catalan and Spanish).
fn percent(lang: Lang, part: u64, total: u64) -> String {
    #[allow(clippy::cast_precision_loss)] // counts far below 2^52
    let p = if total == 0 {
        0.0
    } else {
        part as f64 * 100.0 / total as f64
    };
    let s = format!("{p:.1}");
    match lang {
        Lang::En => s,
        _ => s.replace('.', ","),
    }
}

/// A player's rolls per face (`counts[0]` ones … `counts[5]` sixes) and the verdict: the
/// share of sixes, and whether the six counts stay within chance (chi-squared against a
/// fair die at 1 %). `None` without rolls.
#[must_use]
pub fn faces_lines(lang: Lang, counts: &[u64; 6]) -> Option<Vec<String>> {
    let total: u64 = counts.iter().sum();
    if total == 0 {
        return None;
    }
    let n = |i: usize| u32::try_from(counts[i]).unwrap_or(u32::MAX);
    let faces = fm(
        lang,
        FairMsg::Faces {
            rolls: u32::try_from(total).unwrap_or(u32::MAX),
            one: n(0),
            two: n(1),
            three: n(2),
            four: n(3),
            five: n(4),
            six: n(5),
        },
    );
    let verdict = fm(
        lang,
        FairMsg::Verdict {
            sixes: percent(lang, counts[5], total),
            within: chi_squared(counts) < CHI2_5_99,
        },
    );
    Some(vec![faces, verdict])
}

/// `/stats group`: the group's rolls per face and the verdict, or that none were counted.
#[must_use]
pub fn group_lines(lang: Lang, counts: &[u64; 6]) -> Vec<String> {
    match faces_lines(lang, counts) {
        Some(mut lines) => {
            lines.insert(0, fm(lang, FairMsg::GroupTitle));
            lines
        }
        None => vec![fm(lang, FairMsg::GroupNone)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::core::table::{Action, Actor};
    use crate::dice::RngDice;
    use crate::dice::fair::Seed;
    use crate::engine::Preset;
    use rand::SeedableRng;

    fn who(id: i64) -> Actor {
        Actor {
            id,
            name: format!("P{id}"),
            is_admin: false,
        }
    }

    #[test]
    fn sealed_in_the_lobby_and_in_play_revealed_only_at_the_end() {
        let seed = Seed::from_bytes([9; 32]);
        let commitment = crate::dice::fair::commitment(&seed);
        let lobby = Table::lobby(&who(1), Preset::Jcf, false).with_fair(seed);
        let lobby = lobby.add_phrase("pomes").expect("a phrase");
        let mut d = RngDice(rand_chacha::ChaCha8Rng::seed_from_u64(1));
        let lobby = lobby.act(&who(2), Action::Join, 0, &mut d).expect("join");
        let sealed = sealed_line(Lang::En, &lobby).expect("sealed");
        assert!(sealed.contains(&commitment), "{sealed}");
        assert!(phrases_line(Lang::En, &lobby).is_some());
        assert_eq!(reveal_line(Lang::En, &lobby), None);
        let playing = lobby.act(&who(1), Action::Start, 0, &mut d).expect("start");
        assert!(sealed_line(Lang::En, &playing).is_some());
        assert_eq!(reveal_line(Lang::En, &playing), None);
        let text = crate::bot::core::view::board_text(Lang::En, &playing, 0);
        assert!(text.status.contains(&commitment));
        assert!(!text.status.contains(&seed.reveal()));
        let cancelled = playing
            .act(&who(1), Action::Cancel, 0, &mut d)
            .expect("cancel");
        assert_eq!(sealed_line(Lang::En, &cancelled), None);
        let reveal = reveal_line(Lang::En, &cancelled).expect("revealed");
        assert!(reveal.contains(&seed.reveal()), "{reveal}");
        // Over, the commitment stays beside the seed (once), to compare the two in place.
        assert!(reveal.contains(&commitment), "{reveal}");
        let text = crate::bot::core::view::board_text(Lang::En, &cancelled, 0);
        assert!(text.status.contains(&seed.reveal()));
        assert_eq!(
            text.status.matches(&commitment).count(),
            1,
            "{}",
            text.status
        );
    }

    #[test]
    fn the_verdict_says_within_chance_for_even_counts_and_not_for_loaded_ones() {
        let even = faces_lines(Lang::En, &[20, 19, 21, 22, 18, 20]).expect("lines");
        assert!(even[1].contains("within chance"), "{even:?}");
        assert!(even[1].contains("16.7"), "{even:?}");
        let loaded = faces_lines(Lang::Es, &[90, 90, 90, 90, 90, 250]).expect("lines");
        assert!(!loaded[1].contains("dentro"), "{loaded:?}");
        assert!(loaded[1].contains("35,7"), "{loaded:?}");
        assert_eq!(faces_lines(Lang::En, &[0; 6]), None);
    }
}
