//! [`AchieveMsg`]: the texts of achievements and of `/notify`, one variant per Fluent
//! message (ids `ach-*` and `notify-*` in each locale's `achieve.ftl`). Reached through
//! `Msg::Achieve`.

use super::arg::{Arg, Word};
use crate::engine::Preset;
use crate::stats::Achievement;

/// A lobby as its private notice tells it: who opened it, where, its rules, its free seats.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Opened {
    /// The host's name (plain text).
    pub host: String,
    /// The group's title (plain text; never empty: see [`AchieveMsg::NotifyAGroup`]).
    pub title: String,
    pub preset: Preset,
    pub pairs: bool,
    pub free: u32,
}

/// One text of achievements or `/notify`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AchieveMsg {
    /// The achievement's name ("Iron barrier").
    Name(Achievement),
    /// Its one-line description.
    Desc(Achievement),
    /// The final board's one line: "✨ LIST — see /stats", LIST being each seated player's
    /// colour dot (anyone else's name) followed by the emoji of what they earned ("🔴 🥇🍽️ ·
    /// 🔵 😋"), plain text.
    Earned { list: String },
    /// "🏅 Achievements (N of TOTAL here · M in all):".
    Title {
        count: u32,
        total: u32,
        anywhere: u32,
    },
    /// "EMOJI <b>NAME</b> — DESC (K players here)".
    Line {
        achievement: Achievement,
        holders: u32,
    },
    /// "EMOJI <b>NAME</b> — DESC" (a private chat's list: all chats).
    LinePlain(Achievement),
    /// "No achievements yet".
    None,
    /// The paragraph of `/help`.
    Help,
    /// `/notify`: on the list.
    NotifyOn { name: String },
    /// `/notify off`: off the list.
    NotifyOff { name: String },
    /// `/notify off` of someone not on the list.
    NotifyWasOff { name: String },
    /// `/notify` of someone the bot cannot write to yet: the deep link is the button below
    /// ([`AchieveMsg::NotifyStartButton`]), never a raw link in the group.
    NotifyStartFirst { name: String },
    /// The URL button to the deep link: "🔔 Turn on the calls".
    NotifyStartButton,
    /// In private, after the deep link's `/start`: on the list of group TITLE.
    NotifyRegistered { title: String },
    /// The private message: HOST opened a game in TITLE, its rules and free seats (with the
    /// button to the lobby).
    NotifyOpened(Opened),
    /// The same, without a button (a basic group's messages have no link), saying so.
    NotifyOpenedNoLink(Opened),
    /// Where a group's title is unknown: "your group" (never an empty name).
    NotifyAGroup,
    /// The button "➡️ Go to the game".
    NotifyButton,
    /// The line of `/help`.
    NotifyHelp,
    /// A plain `/start` in private.
    NotifyWelcome,
}

impl AchieveMsg {
    #[must_use]
    pub fn id(&self) -> &'static str {
        match self {
            Self::Name(a) => name_id(*a),
            Self::Desc(a) => desc_id(*a),
            Self::Earned { .. } => "ach-earned",
            Self::Title { .. } => "ach-title",
            Self::Line { .. } => "ach-line",
            Self::LinePlain(_) => "ach-line-plain",
            Self::None => "ach-none",
            Self::Help => "ach-help",
            Self::NotifyOn { .. } => "notify-on",
            Self::NotifyOff { .. } => "notify-off",
            Self::NotifyWasOff { .. } => "notify-was-off",
            Self::NotifyStartFirst { .. } => "notify-start-first",
            Self::NotifyRegistered { .. } => "notify-registered",
            Self::NotifyStartButton => "notify-start-btn",
            Self::NotifyOpened(_) => "notify-opened",
            Self::NotifyOpenedNoLink(_) => "notify-opened-no-link",
            Self::NotifyAGroup => "notify-a-group",
            Self::NotifyButton => "notify-btn",
            Self::NotifyHelp => "notify-help",
            Self::NotifyWelcome => "notify-welcome",
        }
    }

    #[must_use]
    pub fn args(&self) -> Vec<(&'static str, Arg<Self>)> {
        let text = |s: &str| Arg::Text(s.to_owned());
        let named = |a: Achievement| Arg::Msg(Self::Name(a));
        match self {
            Self::Earned { list } => vec![("list", text(list))],
            Self::Title {
                count,
                total,
                anywhere,
            } => vec![
                ("count", Arg::Num(*count)),
                ("total", Arg::Num(*total)),
                ("anywhere", Arg::Num(*anywhere)),
            ],
            Self::Line {
                achievement,
                holders,
            } => vec![
                ("emoji", text(achievement.emoji())),
                ("name", named(*achievement)),
                ("desc", Arg::Msg(Self::Desc(*achievement))),
                ("holders", Arg::Num(*holders)),
            ],
            Self::LinePlain(a) => vec![
                ("emoji", text(a.emoji())),
                ("name", named(*a)),
                ("desc", Arg::Msg(Self::Desc(*a))),
            ],
            Self::NotifyOn { name } | Self::NotifyOff { name } | Self::NotifyWasOff { name } => {
                vec![("name", text(name))]
            }
            Self::NotifyStartFirst { name } => vec![("name", text(name))],
            Self::NotifyRegistered { title } => vec![("title", text(title))],
            Self::NotifyOpened(o) | Self::NotifyOpenedNoLink(o) => vec![
                ("host", text(&o.host)),
                ("title", text(&o.title)),
                ("preset", Arg::Word(Word::Preset(o.preset))),
                ("pairs", Arg::Flag(o.pairs)),
                ("free", Arg::Num(o.free)),
            ],
            Self::Name(_)
            | Self::Desc(_)
            | Self::None
            | Self::Help
            | Self::NotifyButton
            | Self::NotifyStartButton
            | Self::NotifyAGroup
            | Self::NotifyHelp
            | Self::NotifyWelcome => Vec::new(),
        }
    }

    #[must_use]
    pub fn samples() -> Vec<Self> {
        let mut all: Vec<Self> = Achievement::ALL
            .into_iter()
            .flat_map(|a| {
                [
                    Self::Name(a),
                    Self::Desc(a),
                    Self::Line {
                        achievement: a,
                        holders: 1,
                    },
                    Self::LinePlain(a),
                ]
            })
            .collect();
        all.extend([
            Self::Earned {
                list: "<Anna> 🧱🥇 · Pau 🍽️".into(),
            },
            Self::Line {
                achievement: Achievement::Comeback,
                holders: 3,
            },
            Self::Title {
                count: 2,
                total: 15,
                anywhere: 3,
            },
            Self::None,
            Self::Help,
            Self::NotifyOn {
                name: "Anna".into(),
            },
            Self::NotifyOff {
                name: "Anna".into(),
            },
            Self::NotifyWasOff {
                name: "Anna".into(),
            },
            Self::NotifyStartFirst {
                name: "Anna".into(),
            },
            Self::NotifyStartButton,
            Self::NotifyAGroup,
            Self::NotifyRegistered {
                title: "Parxís & co".into(),
            },
            Self::NotifyOpened(Opened {
                host: "<Anna>".into(),
                title: "Parxís & co".into(),
                preset: Preset::Jcf,
                pairs: true,
                free: 3,
            }),
            Self::NotifyOpenedNoLink(Opened {
                host: "Pau".into(),
                title: "Parxís".into(),
                preset: Preset::Classic,
                pairs: false,
                free: 1,
            }),
            Self::NotifyButton,
            Self::NotifyHelp,
            Self::NotifyWelcome,
        ]);
        all
    }
}

fn name_id(a: Achievement) -> &'static str {
    match a {
        Achievement::FirstWin => "ach-first-win",
        Achievement::FirstCapture => "ach-first-capture",
        Achievement::ThreeCaptures => "ach-three-captures",
        Achievement::IronBarrier => "ach-iron-barrier",
        Achievement::UnluckySix => "ach-unlucky-six",
        Achievement::Comeback => "ach-comeback",
        Achievement::Untouched => "ach-untouched",
        Achievement::PairsWin => "ach-pairs-win",
        Achievement::FullBoard => "ach-full-board",
        Achievement::HardBeaten => "ach-hard-beaten",
        Achievement::Champion => "ach-champion",
        Achievement::SeasonChampion => "ach-season-champion",
        Achievement::Games10 => "ach-games-10",
        Achievement::Games50 => "ach-games-50",
        Achievement::Games100 => "ach-games-100",
        Achievement::WeekTop => "ach-week-top",
    }
}

fn desc_id(a: Achievement) -> &'static str {
    match a {
        Achievement::FirstWin => "ach-first-win-desc",
        Achievement::FirstCapture => "ach-first-capture-desc",
        Achievement::ThreeCaptures => "ach-three-captures-desc",
        Achievement::IronBarrier => "ach-iron-barrier-desc",
        Achievement::UnluckySix => "ach-unlucky-six-desc",
        Achievement::Comeback => "ach-comeback-desc",
        Achievement::Untouched => "ach-untouched-desc",
        Achievement::PairsWin => "ach-pairs-win-desc",
        Achievement::FullBoard => "ach-full-board-desc",
        Achievement::HardBeaten => "ach-hard-beaten-desc",
        Achievement::Champion => "ach-champion-desc",
        Achievement::SeasonChampion => "ach-season-champion-desc",
        Achievement::Games10 => "ach-games-10-desc",
        Achievement::Games50 => "ach-games-50-desc",
        Achievement::Games100 => "ach-games-100-desc",
        Achievement::WeekTop => "ach-week-top-desc",
    }
}
