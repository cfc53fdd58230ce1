### English: the last fallback of every language.
###
### Vocabulary: piece, die, roll, turn; nest (where pieces wait at the start); exit square;
### safe square; barrier; capture ("counts 20"); corridor (a colour's own column to the
### centre); goal ("counts 10").
###
### Format: Telegram HTML. Only <b>, <i> and <code>; write &amp; &lt; &gt; for & < >.
### $name, $victim, $first and $second are user names: the code escapes them.
### Button labels, alerts and command descriptions are shown as plain text.

## Colours and places

colour-yellow = yellow
colour-blue = blue
colour-red = red
colour-green = green
colour-orange = orange
colour-purple = purple
colour-cyan = cyan
colour-pink = pink
# A piece of that colour ("a red piece").
piece-colour-yellow = yellow
piece-colour-blue = blue
piece-colour-red = red
piece-colour-green = green
piece-colour-orange = orange
piece-colour-purple = purple
piece-colour-cyan = cyan
piece-colour-pink = pink

loc-nest = 🏠 nest
loc-goal = 🏁 goal
loc-square = square { $n }
loc-square-short = { $n }
loc-corridor = { $colour } corridor { $k }
loc-corridor-short = corridor { $k }
loc-button-nest = 🏠
loc-button-goal = 🏁
loc-button-square = { $n }
loc-button-corridor = C{ $k }

level-easy = easy
level-normal = normal
level-hard = hard
computer-name = Computer ({ $level })

preset-jcf = JCF
preset-classic = Classic
preset-solidari = Solidari

## Lobby

lobby-title = 🎲 <b>New game of parxís</b> — rules: { $preset }{ $pairs ->
        [true] , in pairs
       *[false] {""}
    }
lobby-players = Players ({ $count }/{ $max }):
lobby-waiting = Waiting for players (2 to { $max })… Press { btn-join } to play.
btn-join = ✋ Join
btn-leave = 🚪 Leave
btn-start = ▶️ Start
btn-cancel = ✖️ Cancel
btn-add-computer = 🤖 Add computer
lobby-joined = You joined the game.
lobby-already-joined = You are already in this game.
lobby-not-in-game = You are not in this game.
lobby-full = The game is full: { $max } players at most.
lobby-need-two = At least 2 players are needed to start.
only-host = Only the player who opened the game or a group admin can do that.
no-lobby = There is no open game here. Open one with /newgame.
game-running = A game is already being played here. See it with /board.
lobby-cancelled = The game was cancelled before it started.
game-cancelled-by = { $name } cancelled the game.
player-removed = The host removed { $name } from the game.
player-left = { $name } left the game.
rolloff-title = 🎲 Who starts? Everyone rolls the die:
rolloff-line = { $name }: { $roll }
rolloff-tie = Tie for the highest roll: the tied players roll again.
rolloff-winner = <b>{ $name }</b> starts!

## Game

turn = Turn: <b>{ $name }</b> ({ $colour })
roll-prompt = { $name }, roll the die!
rolled = 🎲 { $name } rolled a { $roll }.
six-counts = No pieces left in the nest, so the 6 counts { $count }.
choose-move = { $name }, choose a move:
moved = { $name } moved a piece: { $from } → { $to }.
left-nest = { $name } brought a piece out of the nest onto the exit square.
captured = ⚔ { $name } captured { $victim }'s { $victim_colour } piece and counts 20!
reached-goal = 🏁 { $name } got a piece into the goal and counts 10!
barrier-opened = { $name } opened a barrier.
third-six-sent-back = Third six! The piece { $name } moved with the last roll ({ $from }) goes back to the nest.
third-six-nothing = Third six! Nothing goes back to the nest, but the turn is over.
no-move = { $rolls_again ->
        [true] { $name } cannot move any piece, but rolls again after the 6.
       *[false] { $name } cannot move any piece: the turn passes.
    }
bonus-lost = No piece can count { $bonus }: the bonus is lost.
must-play-bonus = { $name }, count { $bonus } now with one of your pieces:
auto-played = (played automatically: it was the only possible move)
rolls-again = { $name } rolled a 6 and rolls again!
btn-roll = 🎲 Roll
btn-move = { $from } → { $to }{ $capture ->
        [true] {" "}⚔
       *[false] {""}
    }
btn-new-game = 🎲 New game
inline-title = 🎲 New game of parxís
inline-description = 2 to 4 players, right here in this chat
inline-title-picture = 🖼 New game of parxís, board as a picture
inline-description-picture = 2 to 4 players, right here; the board drawn
inline-opening = 🎲 A game of parxís is opening…
winner = 🏆 <b>{ $name }</b> ({ $colour }) wins the game!
winner-pair = 🏆 The pair <b>{ $first }</b> &amp; <b>{ $second }</b> wins the game!
ranking-title = Final ranking:
ranking-line = { $pos }. { $name } — { $distance ->
        [0] all pieces in the goal
        [one] 1 square to go
       *[other] { $distance } squares to go
    }
game-length = <i>⏱ { $minutes ->
        [0] &lt; 1 min
       *[other] { $minutes } min
    }</i>
game-time-left = ⏱ { $minutes ->
        [one] 1 minute of the game left
       *[other] { $minutes } minutes of the game left
    }
time-up = ⏰ Time is up ({ $minutes ->
        [one] 1 minute
       *[other] { $minutes } minutes
    })! Whoever has more pieces in the goal wins; if tied, the piece nearest the goal decides.
draw = 🤝 It's a draw: nobody is ahead.

## Alerts (plain text, short)

alert-stale = This board is out of date: use the latest one.
alert-started = ▶️ This game has already started: follow it on the board below. To play, open the next one with /newgame once it ends.
alert-not-your-turn = It's not your turn.
alert-invalid-button = This button is not valid.
alert-try-again = I can't do that right now: nothing changed and the game is safe. Try again in a few seconds.
alert-game-over = This game is over.
alert-only-players = Only the players of this game can do that.
alert-groups-only = This command only works in groups. Add me to a group to play.

## Emoji board legend
legend-pieces = pieces
legend-barrier = barrier
legend-pair = two pieces of two colours: see the list under the board
legend-square = square
legend-safe = safe square
legend-lane = exit square (on the ring) and corridor (in the colour's line)
legend-nest = pieces in the nest
legend-goal = pieces in the goal
legend-turn = to play
legend-winner = winner
legend-anchors = number of the row's first square (rows of ten, read like a page)

# stats

cmd-top = This week's points table (/top all: all time, /top rating, /top global)
cmd-stats = Your games, wins, captures, rating and achievements (as a reply: that person's)
cmd-timezone = The chat's time zone for the weekly table: /timezone Europe/Madrid
cmd-forgetme = Forget my games, points and ratings everywhere (private chat)
btn-rematch = 🔁 Rematch
results-finish = { $points } { $one ->
        [true] pt
       *[false] pts
    }{ $rated ->
        [new] {" "}· newcomer
        [none] {""}
       *[shown] {" "}· { $rating }
    }
results-distance = { $distance ->
        [0] all pieces in the goal
        [one] 1 square to go
       *[other] { $distance } squares to go
    }
results-unranked = This game does not count for the ranking: it takes at least two people.
top-week-title = 🏆 <b>This week's points</b> (week of { $day } { $month ->
        [1] January
        [2] February
        [3] March
        [4] April
        [5] May
        [6] June
        [7] July
        [8] August
        [9] September
        [10] October
        [11] November
       *[12] December
    })
top-all-title = 🏆 <b>All-time points</b> in this chat
top-rating-title = 🏆 <b>Ratings</b> in this chat
top-global-title = 🌍 <b>All-time points</b>, all chats
top-global-rating-title = 🌍 <b>Ratings</b>, all chats
top-line = { $rank } { $name } — { $points } { $one ->
        [true] pt
       *[false] pts
    } ({ $games ->
        [one] 1 game
       *[other] { $games } games
    })
top-rating-line = { $rank } { $name } — { $rating } ({ $games ->
        [one] 1 game
       *[other] { $games } games
    })
top-apart = <i>Fewer than { $games } games:</i>
top-provisional = <i>Nobody has { $games } games yet: a provisional table.</i>
top-empty = Nobody has points here yet: finish a game with at least two people.
stats-title = 📊 <b>{ $name }</b>{ $global ->
        [true] , all chats
       *[false] {""} in this chat
    }
stats-card = { $games ->
        [one] 1 game
       *[other] { $games } games
    }, { $wins ->
        [one] 1 win
       *[other] { $wins } wins
    } ({ $rate } %) · average place { $place }
    { $own ->
        [true] You captured { $made } · { $suffered ->
            [one] 1 of your pieces was captured
           *[other] { $suffered } of your pieces were captured
        }
       *[false] Captured { $made } · { $suffered ->
            [one] 1 of their pieces was captured
           *[other] { $suffered } of their pieces were captured
        }
    } · pieces in the goal: { $home }
stats-streak = Best winning streak: { $streak }
stats-rank = All-time table: { $rank }{ $rank ->
        [1] st
        [2] nd
        [3] rd
        [21] st
        [22] nd
        [23] rd
        [31] st
        [32] nd
        [33] rd
       *[other] th
    } of { $of }
stats-rating = Rating: <b>{ $rating }</b> ({ $delta } in the last game)
stats-unrated = Rating: none yet (it takes a game with at least two people)
stats-week = This week: { $points } { $one ->
        [true] pt
       *[false] pts
    }
stats-none = { $name } has no recorded games yet.
stats-tourneys = 🏆 Tournaments won in this chat: { $won }
timezone-is = 🕒 This chat's time zone: <b>{ $zone }</b>. The weekly table runs from Monday to Sunday there. Change it with /timezone followed by a name such as Europe/London.
timezone-set = 🕒 Time zone set: <b>{ $zone }</b>. The weekly table runs from Monday to Sunday there.
forget-done = Done: I have forgotten your games, points and ratings in every chat.
forget-private-only = /forgetme works in a private chat with me: open a chat with me and send it there.

## large boards (6 and 8 players, R8)

lobby-board = Board for { $seats } players.
lobby-pairs-fill-board = A pairs game fills every seat of its board: it needs exactly { $seats } players.
lobby-pairs-need-even = A pairs game fills every seat of its board: it needs 4, 6 or 8 players.
btn-board = 🔲 { $seats ->
        [0] Board: auto
       *[other] Board for { $seats }
    }
btn-rules = 📜 Rules: { $preset }

# caption (the board's caption: what to do now, then the turns since, one short line each)

caption-roll = { $name }: { $again ->
        [true] roll again
       *[false] roll the die
    }
caption-choose = { $name } { $die } — choose a move
caption-bonus = { $name }: count { $bonus } with a piece
caption-computer = { $absent ->
        [true] { $name } 💤: the computer plays for them…
       *[false] { $name }: thinking…
    }
caption-won = 🏆 <b>{ $name }</b> wins
caption-won-pair = 🏆 <b>{ $first }</b> and <b>{ $second }</b> win
caption-cancelled = ✖️ Game cancelled
caption-until = ⏳ until { $time }
caption-before = before:
caption-die = 🎲 { $roll }{ $counts ->
        [0] {""}
       *[other] {" "}(counts { $counts })
    }
caption-move = { $from } → { $to }
caption-only-move = (only move)
caption-barrier = opens a barrier
caption-no-move = no move
caption-bonus-move = +{ $bonus }: { $from } → { $to }
caption-bonus-lost = +{ $bonus } lost
caption-third-six-back = third six, { $from } back to the 🏠 nest
caption-third-six = third six
caption-rules = <i>Parxís, { $preset } rules{ $pairs ->
        [true] , in pairs
       *[false] {""}
    }</i>
