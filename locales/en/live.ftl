## the live board: the Mini App page opened from a group's board

live-button = 📱 Live board
live-title = Parxís — live board
live-connecting = Connecting…
live-reconnecting = Connection lost: catching up…
live-watching = You are watching.
live-seated = You're in: colours are given at the start.
live-you-play = Your colour: { $colour }.
live-your-turn-roll = Your turn: roll the die.
live-your-turn-move = Your turn: tap a piece or a move below.
live-no-game = There is no game here.
live-open-from-chat = Open the live board from its button under the board in the group.
live-expired = This page was opened too long ago: open it again from the group.
live-too-many = Too many requests: wait a moment.
live-members-only = Only members of the group can watch its game.
live-unavailable = Can't reach the game right now: trying again…
live-any-board = Auto
live-earlier-games = 🎞 Earlier games
live-none-kept = No games kept yet.
live-free-seats = { $n ->
    [one] One seat free.
   *[other] { $n } seats free.
}
live-bad-tap = This tap was not understood: open the page again from the group.
