//! Why something did not happen, as the user is told. Nothing was changed.

/// Why the table refused an action (a rule of the lobby or the game).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reject {
    AlreadyJoined,
    NotJoined,
    Full,
    NeedTwo,
    PairsNeedFour,
    NotHost,
    NotInLobby,
    NotPlaying,
    NotYourTurn,
    NotAPlayer,
    GameOver,
    BadMove,
}

/// Short answers to presses and commands that change nothing and are no rule of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Alert {
    /// The button was drawn on an older board (or lost a race with another press).
    Stale,
    /// Callback data that is not ours.
    Invalid,
    /// Redis could not be reached: nothing happened.
    TryAgain,
    GameOver,
    GroupsOnly,
    NoGame,
    GameRunning,
}

/// Either kind of refusal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    Reject(Reject),
    Alert(Alert),
}

impl From<Reject> for Refusal {
    fn from(r: Reject) -> Self {
        Self::Reject(r)
    }
}

impl From<Alert> for Refusal {
    fn from(a: Alert) -> Self {
        Self::Alert(a)
    }
}
