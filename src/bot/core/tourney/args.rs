//! `/tournament` arguments.

use crate::bot::core::subcommand::{is_cancel, is_start};
use crate::engine::Preset;
use crate::tournament::MAX_REASON_CHARS;

/// How a sign-up is opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TourneyArgs {
    pub preset: Preset,
    /// Seats per table: 2 or 4 (default 4).
    pub table_size: u8,
    /// R6.3 A time limit for every table (minutes): the preset's, or `Nm`.
    pub limit_minutes: Option<u16>,
    /// R6.2 A pairs tournament (`pairs`, or the Solidari rules): pairs sign up, tables of 4.
    pub pairs: bool,
}

/// What `/tournament …` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TourneyCmd {
    Open(TourneyArgs),
    Start,
    Cancel,
    /// `/tournament partner`, replying to the partner's message: invite them.
    Partner,
    /// `/tournament replace <n>`: the `n`-th entrant of the draw (1-based) is played by a
    /// computer from now on.
    Replace(u16),
    /// `/tournament advance <table> <n> <reason>`: table number in the current round,
    /// `n`-th side at that table (both 1-based).
    Advance {
        table: u16,
        side: u8,
        reason: String,
    },
}

/// Parses `/tournament` arguments: `[jcf|classic|solidari] [2|4] [pairs] [<minutes>m]`, or
/// `start`, `cancel`, `partner`, `replace <n>`, `advance <table> <n> <reason>`.
///
/// # Errors
/// The first word that fits none of them (cut to 32 characters).
pub fn parse_tourney(args: &str) -> Result<TourneyCmd, String> {
    let words: Vec<&str> = args.split_whitespace().collect();
    let first = words.first().map(|w| w.to_lowercase());
    // Each sub-command in English and in the chat's words (ca, ca-ES-valencia, es), with or
    // without accents: the texts show the chat's own.
    match first.as_deref() {
        Some(w) if is_start(w) => return only(&words, TourneyCmd::Start),
        Some(w) if is_cancel(w) => return only(&words, TourneyCmd::Cancel),
        Some(
            "partner" | "parella" | "pareja" | "company" | "companya" | "compañero" | "compañera"
            | "companero",
        ) => return only(&words, TourneyCmd::Partner),
        Some("advance" | "avança" | "avanca" | "avançar" | "avanza" | "avanzar" | "passa") => {
            return advance(&words);
        }
        Some(
            "replace" | "substitueix" | "substituir" | "reemplaça" | "reemplaza" | "reemplazar"
            | "sustituye" | "sustituir",
        ) => {
            let w = words.get(1).copied().unwrap_or("replace");
            return match (w.parse::<u16>(), words.get(2)) {
                (Ok(n), None) if n >= 1 => Ok(TourneyCmd::Replace(n)),
                (_, Some(extra)) => Err(cut(extra)),
                _ => Err(cut(w)),
            };
        }
        _ => {}
    }
    let mut out = TourneyArgs {
        preset: Preset::Jcf,
        table_size: 4,
        limit_minutes: None,
        pairs: false,
    };
    let mut explicit_limit = None;
    let mut two = None;
    for w in words.iter().take(8) {
        let lw = w.to_lowercase();
        match lw.as_str() {
            "jcf" => out.preset = Preset::Jcf,
            "classic" | "clàssic" | "clasico" | "clásico" => out.preset = Preset::Classic,
            "solidari" | "solidario" => out.preset = Preset::Solidari,
            "pairs" | "parelles" | "parejas" => out.pairs = true,
            "2" => {
                out.table_size = 2;
                two = Some(*w);
            }
            "4" => out.table_size = 4,
            m if m.ends_with('m') => match m[..m.len() - 1].parse::<u16>() {
                Ok(n) if (1..=600).contains(&n) => explicit_limit = Some(n),
                _ => return Err(cut(w)),
            },
            _ => return Err(cut(w)),
        }
    }
    out.pairs |= out.preset.options().pairs;
    if let (true, Some(w)) = (out.pairs, two) {
        // Two pairs sit at a table of 4.
        return Err(cut(w));
    }
    if out.pairs {
        out.table_size = 4;
    }
    out.limit_minutes = explicit_limit.or_else(|| {
        out.preset
            .time_limit_minutes()
            .and_then(|m| u16::try_from(m).ok())
    });
    Ok(TourneyCmd::Open(out))
}

fn cut(w: &str) -> String {
    w.chars().take(32).collect()
}

fn only(words: &[&str], cmd: TourneyCmd) -> Result<TourneyCmd, String> {
    match words.get(1) {
        None => Ok(cmd),
        Some(w) => Err(cut(w)),
    }
}

fn advance(words: &[&str]) -> Result<TourneyCmd, String> {
    let num = |i: usize| -> Result<u16, String> {
        let w = words.get(i).copied().unwrap_or("");
        w.parse::<u16>()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| cut(if w.is_empty() { "advance" } else { w }))
    };
    let table = num(1)?;
    let side = u8::try_from(num(2)?).map_err(|_| cut(words[2]))?;
    let reason = words.get(3..).map(|r| r.join(" ")).unwrap_or_default();
    if reason.is_empty() || reason.chars().count() > MAX_REASON_CHARS {
        return Err("advance".into());
    }
    Ok(TourneyCmd::Advance {
        table,
        side,
        reason,
    })
}
