## seasons and leagues

cmd-season = A league over weeks: /season league [8] [x4] [min4] [jcf|classic|solidari], or /season open; /season shows the standings, /season past the finished ones
season-signup-title = 🏅 <b>Parxís { $league ->
        [true] league
       *[false] season
    }</b> — { $weeks ->
        [one] 1 week
       *[other] { $weeks } weeks
    }, rules: { $preset }
season-signup-tables = Tables of { $size }, drawn every week so that you meet as many rivals as possible.
season-signup-open = Every game of its members played with these rules counts.
season-signup-min = { $min ->
        [one] Ranked from the first game.
       *[other] Ranked from { $min } games.
    }
season-signup-members = { $count ->
        [one] Member (1):
       *[other] Members ({ $count }):
    }
season-signup-hint = Press { btn-join } to sign up; the host 👑 starts week 1 with { btn-start }.
season-joined = You are in the season.
season-left = You left the season.
season-already-in = You are already in the season.
season-not-in = You are not in this season, or not at this table.
season-full = The season is full.
season-not-signup = The sign-up is closed.
season-need-two = At least 2 members are needed.
season-none = There is no season here: open one with /season league.
season-already-open = A season is already under way here (/season shows it).
season-no-table = That table is not open any more.
season-already-started = That table's game has started.
season-not-league = This season counts every game: it has no tables.
season-stale = That button is from another week.
season-cancelled = The season was called off.
season-usage = Use: /season league [weeks] [x&lt;table size 2–8&gt;] [min&lt;games&gt;] [jcf|classic|solidari] — for example /season league 8 x4; /season open counts every game instead of drawn tables. Then /season start, /season cancel, /season past.
season-started = 🏁 <b>Week 1 of { $weeks }</b> begins: it ends ⏳ { $date }. Every week ends at 20:00.
season-kind = { $league ->
        [true] League
       *[false] Season
    }
season-week-name = Week { $week } of { $weeks }
season-table-name = Week { $week } · table { $table }
season-topic-name = 🏅 W{ $week } · Table { $table }
season-lobby = 🏅 <b>{ $at }</b>, to play by ⏳ { $date }:
season-lobby-hint = Press ✋ I'm here when you are: the game starts when everyone at the table is.
season-btn-here = ✋ I'm here
season-here-ok = You are at the table. The game starts when everyone is.
season-table-started = ▶️ { $at } has started — the board is below.
season-reminder = ⏰ <b>Two days left</b> in week { $week }: these tables are still to play, by ⏳ { $date }:
season-table-short = Table { $table }:
season-recap-title = 📋 <b>Week { $week } of { $weeks } is over</b>
season-pts = { $points } { $one ->
        [true] pt
       *[false] pts
    }
season-climbed = 📈 Climbed: { $names }
season-unplayed = 🚫 { $count ->
        [one] 1 table was not played
       *[other] { $count } tables were not played
    }: whoever came shares the first places, whoever did not the last.
season-next = Next: week { $week } of { $weeks }; its tables follow.
season-caption = 🏅 { $league ->
        [true] League
       *[false] Season
    } · week { $week } of { $weeks } · leader: { $leader }
season-caption-signup = 🏅 { $league ->
        [true] League
       *[false] Season
    } · sign-up, { $count ->
        [one] 1 member
       *[other] { $count } members
    }
season-caption-final = 🏅 { $league ->
        [true] League
       *[false] Season
    } · final standings
season-champion = 🏆 <b>{ $names }</b> { $count ->
        [one] wins
       *[other] share
    } the { $league ->
        [true] league
       *[false] season
    }! Congratulations.
season-no-champion = The season is over; nobody reached { $min } games, so there is no champion.
season-trophy-title = { $league ->
        [true] League champion
       *[false] Season champion
    }
season-past-title = 🏅 <b>Past seasons</b>
season-past-line = { $date } · { $league ->
        [true] league
       *[false] season
    } of { $weeks } weeks, { $members } members — 🏆 { $names }
season-past-none = No season has finished here yet.
season-head-name = Player
season-head-games = Games
season-head-points = Points
season-head-rating = Rating
season-unranked = { $min ->
        [one] Grey: no game yet.
       *[other] Grey: under { $min } games, not ranked yet.
    }
