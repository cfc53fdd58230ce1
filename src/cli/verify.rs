//! `parxis verify FILE`: a game's record checked for provably fair dice (see
//! docs/FAIRNESS.md): the revealed seed against the commitment, every roll against the
//! seed, then the game against the rules. The answer is in the chat's language the record
//! names, else `--lang`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args as ClapArgs;

use crate::bot::core::fair_check::{Checked, record_lang, verify};
use crate::i18n::{Lang, Msg, tr_plain};

/// Options of `parxis verify`.
#[derive(ClapArgs, Debug, Clone)]
pub struct Args {
    /// The record: a JSON Lines file as `/record` sends it (`-`: standard input).
    pub file: PathBuf,
    /// Language of the answer when the record names none: ca, ca-ES-valencia, es or en.
    #[arg(long, default_value = "en")]
    pub lang: Lang,
}

/// Run `parxis verify`: exit 0 when every roll follows from the revealed seed, 1 on the
/// first difference (or a record that is no legal game), 2 when the game predates fair
/// dice or the file cannot be read.
#[must_use]
pub fn run(args: &Args) -> ExitCode {
    let text = match super::replay::read(&args.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("parxis verify: {}: {e}", args.file.display());
            return ExitCode::from(2);
        }
    };
    let lang = record_lang(&text).unwrap_or(args.lang);
    match verify(&text) {
        Ok(c) => {
            println!("{}", tr_plain(lang, &Msg::Fair(c.msg())));
            if c == Checked::Predates {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(r) => {
            eprintln!("{}", tr_plain(lang, &Msg::Fair(r.msg())));
            ExitCode::FAILURE
        }
    }
}
