## achievements (/stats, the final caption) and /notify

ach-first-win = First win
ach-first-win-desc = Win your first game.
ach-first-capture = Capture and count 20
ach-first-capture-desc = Capture a piece for the first time and count 20.
ach-three-captures = Hungry
ach-three-captures-desc = Capture and count 20 three times in one game.
ach-iron-barrier = Iron barrier
ach-iron-barrier-desc = Keep a barrier standing for three of your turns.
ach-unlucky-six = The third six
ach-unlucky-six-desc = Roll three sixes in a row and see your piece go back to the nest.
ach-comeback = Comeback
ach-comeback-desc = Win a game in which you were last at half-time.
ach-untouched = Untouchable
ach-untouched-desc = Bring all four pieces to the goal without one of them being captured.
ach-pairs-win = Good partners
ach-pairs-win-desc = Win a pairs game.
ach-full-board = Full board
ach-full-board-desc = Win after having all four pieces on the board at once.
ach-hard-beaten = Beat the machine
ach-hard-beaten-desc = Win a game with a hard computer player at the table.
ach-champion = Champion
ach-champion-desc = Win a tournament.
ach-season-champion = League champion
ach-season-champion-desc = Win a season or a league.
ach-games-10 = 10 games
ach-games-10-desc = Play 10 games.
ach-games-50 = 50 games
ach-games-50-desc = Play 50 games.
ach-games-100 = 100 games
ach-games-100-desc = Play 100 games.
ach-week-top = Top of the week
ach-week-top-desc = Finish a week with the most points in this chat.
# The final board: who earned what, grouped by player ("Aina 🥇🍽️ · Biel 😋", names already
# escaped by the code).
ach-earned = ✨ { $list } — see /stats
ach-title = 🏅 <b>Achievements</b> ({ $count } of { $total } here · { $anywhere } in all):
ach-line = { $emoji } <b>{ $name }</b> — { $desc } { $holders ->
        [one] (1 player here)
       *[other] ({ $holders } players here)
    }
ach-line-plain = { $emoji } <b>{ $name }</b> — { $desc }
ach-none = 🏅 No achievements yet: they come from what happens in your games.
ach-help = 🏅 <b>Achievements</b>: moments of your games (a barrier held three turns, three captures, a comeback…) earn achievements, once each; the final board announces them and /stats lists them.

cmd-notify = Get a private message every time a game opens here (/notify off to stop)
notify-on = 🔔 { $name }, I will tell you in private every time a game opens here.
notify-off = 🔕 { $name }, no more messages about new games here.
notify-was-off = { $name }, you were not on the list. /notify puts you on it.
notify-start-first = 🔔 { $name }, I cannot write to you before you start me in private: press the button below, then Start, and you are on the list.
notify-start-btn = 🔔 Turn on the calls
notify-registered = 🔔 Done: I will tell you every time a game opens in <b>{ $title }</b>. Send /notify off there to stop.
notify-opened = 🎲 { $host } opened a game in <b>{ $title }</b>: { $preset }{ $pairs ->
        [true] , in pairs
       *[false] {""}
    }, { $free ->
        [one] 1 seat free
       *[other] { $free } seats free
    }. Join it before it starts!
notify-opened-no-link = 🎲 { $host } opened a game in <b>{ $title }</b>: { $preset }{ $pairs ->
        [true] , in pairs
       *[false] {""}
    }, { $free ->
        [one] 1 seat free
       *[other] { $free } seats free
    }. Open the group and press { btn-join } on the game's message (Telegram has no link to a basic group's messages).
notify-a-group = your group
notify-btn = ➡️ Go to the game
notify-help = 🔔 /notify in a group: a private message every time a game opens there.
notify-welcome = 👋 Hello! I run games of parxís in groups: add me to one and send /newgame. In a group, /notify tells you in private when a game opens.
