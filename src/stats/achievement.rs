//! The achievements (issue 26): what each is called in the store and its emoji. What earns
//! each is decided from a game's record in `bot::core::achieve`; their names and one-line
//! descriptions are Fluent texts (`ach-*`) in every locale.

/// One achievement. Earned once per person, per chat and overall.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Achievement {
    /// The first game won.
    FirstWin,
    /// The first piece captured ("menjar i comptar 20").
    FirstCapture,
    /// Three captures in one game.
    ThreeCaptures,
    /// A barrier that stood through three of its owner's turns.
    IronBarrier,
    /// The third six in a row, and the piece sent home (the unlucky one).
    UnluckySix,
    /// Last at half-time, and won.
    Comeback,
    /// All four pieces home without one of them captured.
    Untouched,
    /// A pairs game won.
    PairsWin,
    /// Won, having had every piece on the board at once.
    FullBoard,
    /// Won against a hard computer player.
    HardBeaten,
    /// A tournament won.
    Champion,
    /// A season or a league won.
    SeasonChampion,
    /// 10, 50 and 100 games played.
    Games10,
    Games50,
    Games100,
    /// The most points of a week in the chat.
    WeekTop,
}

impl Achievement {
    /// Every achievement, in the order `/stats` lists them.
    pub const ALL: [Self; 16] = [
        Self::FirstWin,
        Self::FirstCapture,
        Self::ThreeCaptures,
        Self::IronBarrier,
        Self::UnluckySix,
        Self::Comeback,
        Self::Untouched,
        Self::PairsWin,
        Self::FullBoard,
        Self::HardBeaten,
        Self::Champion,
        Self::SeasonChampion,
        Self::Games10,
        Self::Games50,
        Self::Games100,
        Self::WeekTop,
    ];

    /// Its name in the store and in the Fluent ids (`ach-<code>`, `ach-<code>-desc`).
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Self::FirstWin => "first-win",
            Self::FirstCapture => "first-capture",
            Self::ThreeCaptures => "three-captures",
            Self::IronBarrier => "iron-barrier",
            Self::UnluckySix => "unlucky-six",
            Self::Comeback => "comeback",
            Self::Untouched => "untouched",
            Self::PairsWin => "pairs-win",
            Self::FullBoard => "full-board",
            Self::HardBeaten => "hard-beaten",
            Self::Champion => "champion",
            Self::SeasonChampion => "season-champion",
            Self::Games10 => "games-10",
            Self::Games50 => "games-50",
            Self::Games100 => "games-100",
            Self::WeekTop => "week-top",
        }
    }

    /// The achievement of a code.
    #[must_use]
    pub fn from_code(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|a| a.code() == code)
    }

    #[must_use]
    pub const fn emoji(self) -> &'static str {
        match self {
            Self::FirstWin => "🥇",
            Self::FirstCapture => "🍽️",
            Self::ThreeCaptures => "😋",
            Self::IronBarrier => "🧱",
            Self::UnluckySix => "🎲",
            Self::Comeback => "🔄",
            Self::Untouched => "🛡️",
            Self::PairsWin => "🤝",
            Self::FullBoard => "🌈",
            Self::HardBeaten => "🤖",
            Self::Champion => "🏆",
            Self::SeasonChampion => "🏅",
            Self::Games10 => "🔟",
            Self::Games50 => "🎖️",
            Self::Games100 => "💯",
            Self::WeekTop => "📅",
        }
    }

    /// The milestones `games` games played reach.
    #[must_use]
    pub fn milestones(games: u32) -> Vec<Self> {
        [
            (10, Self::Games10),
            (50, Self::Games50),
            (100, Self::Games100),
        ]
        .into_iter()
        .filter(|&(n, _)| games >= n)
        .map(|(_, a)| a)
        .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_read_back() {
        for a in Achievement::ALL {
            assert_eq!(Achievement::from_code(a.code()), Some(a));
        }
        let mut codes: Vec<_> = Achievement::ALL.iter().map(|a| a.code()).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), Achievement::ALL.len());
        assert_eq!(Achievement::from_code("nope"), None);
    }

    #[test]
    fn milestones_at_10_50_100() {
        assert!(Achievement::milestones(9).is_empty());
        assert_eq!(Achievement::milestones(10), [Achievement::Games10]);
        assert_eq!(
            Achievement::milestones(100),
            [
                Achievement::Games10,
                Achievement::Games50,
                Achievement::Games100
            ]
        );
    }
}
