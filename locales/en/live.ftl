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

## the page's season section: the group's league or season, its standings, your next table

live-season-none = There is no season in this group.
live-season-title = { $league ->
        [true] 🏆 League
       *[false] 🏆 Season
    }
live-season-week-of = Week { $week } of { $weeks }
live-season-ends = This week ends { $when }.
live-season-signup = Sign-up is open: { $n ->
        [one] one player so far.
       *[other] { $n } players so far.
    }
live-season-finished = The season is over: final standings.
live-season-cancelled = This season was called off.
live-season-weeks = { $n ->
        [one] 1 week
       *[other] { $n } weeks
    }
live-season-tables = tables of { $n }
live-season-every-game = every game counts
live-season-min-games = { $n ->
        [one] ranked from 1 game
       *[other] ranked from { $n } games
    }
live-season-standings = Standings
live-season-col-player = Player
live-season-col-games = Games
live-season-col-points = Points
live-season-unranked = { $n ->
        [one] Not ranked before a first game.
       *[other] Fewer than { $n } games: not ranked yet.
    }
live-season-fixture = Week { $week } of { $weeks } · your table: { $names } — by { $when }
live-season-table = Table { $n }
live-season-came = ✋ here: { $names }
live-season-nobody-came = nobody has come yet
live-season-started = its game has started
live-season-bye = No table for you this week.
live-season-not-in = You are not in this season.
live-season-day = { $day ->
        [mon] Monday
        [tue] Tuesday
        [wed] Wednesday
        [thu] Thursday
        [fri] Friday
        [sat] Saturday
       *[sun] Sunday
    }
live-season-when = { $next ->
        [true] next { $day }
       *[false] { $day }
    } { $time }
