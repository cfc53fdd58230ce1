//! Why something did not happen, as the user is told. Nothing was changed.

use crate::engine::Arms;

/// Why the table refused an action (a rule of the lobby or the game).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reject {
    AlreadyJoined,
    NotJoined,
    /// Every seat is taken: this many at most.
    Full(u8),
    NeedTwo,
    /// R8.6 A pairs game on the board asked for fills every seat of it.
    PairsFillBoard(Arms),
    /// R8.6 / R8.7 A pairs game with no board asked for needs 4, 6 or 8 players.
    PairsNeedEven,
    NotHost,
    NotInLobby,
    NotPlaying,
    NotYourTurn,
    NotAPlayer,
    GameOver,
    BadMove,
    /// A tournament's table has no rematch (its winner goes on in the bracket).
    TourneyTable,
}

/// Short answers to presses and commands that change nothing and are no rule of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Alert {
    /// The button was drawn on an older board (or lost a race with another press).
    Stale,
    /// A lobby's button pressed once its game started: where to watch, how to play next.
    Started,
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
