### English: help, command menu, rules and settings. Vocabulary as in main.ftl.

## Command menu (plain text, one line each)

cmd-newgame = Open a new game (rules: jcf, classic or solidari; add «pairs» for a pairs game; 4, 6 or 8 for the size of the board)
cmd-join = Join the open game
cmd-leave = Leave the game
cmd-start = Start the game (2 to 8 players)
cmd-cancel = Cancel the game (whoever opened it or an admin)
cmd-board = Show the board again
cmd-rules = Show the rules of this game
cmd-language = Change this chat's language: /language en, es, ca or va (no word: the buttons)
cmd-help = How to play and the list of commands
cmd-addbot = Add a computer player (easy, normal or hard)
cmd-display = Show the board as an image or with emoji
cmd-timer = Time per turn (30s, 90s, 2m, 5 min…; 10 s to 60 min), or off
cmd-skip = Let the computer play for a player who is taking too long
cmd-kick = Remove a player (host or admin): /kick 2 or /kick red

help =
    <b>Parxís</b>: play parxís in a group, with friends or against the computer.

    Open a game with /newgame; everyone joins with { btn-join } and whoever opened it presses { btn-start }. On your turn the die is rolled for you and you choose your move on the buttons (with /dice button you press { btn-roll } first).

    { ach-help }
    { notify-help }

    /newgame — { cmd-newgame }
    /join — { cmd-join }
    /leave — { cmd-leave }
    /start — { cmd-start }
    /cancel — { cmd-cancel }
    /board — { cmd-board }
    /rules — { cmd-rules }
    /language — { cmd-language }
    /addbot — { cmd-addbot }
    /display — { cmd-display }
    /timer — { cmd-timer }
    /dice — { cmd-dice }
    /pings — { cmd-pings }
    /skip — { cmd-skip }
    /kick — { cmd-kick }
    /top — { cmd-top }
    /stats — { cmd-stats }
    /notify — { cmd-notify }
    /timezone — { cmd-timezone }
    /forgetme — { cmd-forgetme }
    /tournament — { cmd-tournament }
    /bracket — { cmd-bracket }
    /season — { cmd-season }
    /replay — { cmd-replay }
    /record — { cmd-record }
    /fair — { cmd-fair }
    /seed — { cmd-seed }
    /help — { cmd-help }
help-group =
    🎲 <b>Parxís</b> in this group: /newgame opens a game, everyone presses { btn-join } and whoever opened it { btn-start }. { $mode ->
        [auto] On your turn the die is rolled for you: choose your move on the buttons.
       *[button] On your turn press { btn-roll }, then choose your move on the buttons.
    }

    /newgame — open a game
    /board — show the board again
    /rules — the rules of this game
    /top — this week's table
    /stats — your games and achievements
    /notify — a private message every time a game opens here
    /language — change the language
btn-full-help = 📖 Full help

## Rules

rules-title = 📖 Rules of this game: <b>{ $preset }</b>{ $pairs ->
        [true] , in pairs
       *[false] {""}
    }. With no pieces left in the nest, a 6 counts { $six }.
rules-common =
    <b>How to play</b>
    • Take your four pieces from the nest, once around the board and up your corridor to the goal.
    • A 5 brings a piece out of the nest onto your exit square; when you can, you must.
    • End your move on a lone piece of another colour, outside the safe squares, and you capture it: it goes back to its nest and you count 20 with one of your pieces.
    • A piece that reaches the goal lets you count 10. Getting into the goal takes the exact count.
    • A 6 lets you roll again, but a third 6 in a row sends the last piece you moved back to the nest.
    • Two pieces of one colour on a square make a barrier that nobody can pass. With a 6 you must open your barrier if you can.
    • A square holds at most two pieces. The first to bring all four pieces into the goal wins.
rules-jcf = <b>JCF rules</b> (Junta Central Fallera championship), the default. With no pieces left in the nest a 6 counts 7 (12 in the variant). On a third 6, only a piece already in the goal is spared. Barriers can stand on any square. Pairs are optional: partners sit opposite (yellow with red, blue with green) and whoever finishes plays with the partner's pieces.
rules-classic = <b>Classic rules</b>, the usual Spanish ones. With no pieces left in the nest a 6 counts 7. On a third 6, a piece in its corridor or in the goal is spared. Barriers can stand on any square. Pairs are optional.
rules-solidari = <b>Solidari rules</b> (Parchís Solidario pairs tournament). Always 4 players in pairs, partners opposite (yellow with red, blue with green); whoever finishes plays with the partner's pieces. Everyone starts with 2 pieces already on the exit square. With no pieces left in the nest a 6 counts 7. On a third 6, a piece in its corridor or in the goal is spared. Barriers only form on safe squares. After 30 minutes, the pair with more pieces in the goal wins.
rules-short-jcf =
    • A 5 brings a piece out of the 🏠 nest; a 6 rolls again (the third 6 sends the last piece moved back).
    • Capture a lone piece off the safe squares and count 20; a piece in the 🏁 goal counts 10.
    • Two pieces of one colour make a barrier nobody passes; with a 6 you must open yours.
rules-short-classic =
    • A 5 brings a piece out of the 🏠 nest; a 6 rolls again (the third 6 sends the last piece moved back, unless it is in its corridor).
    • Capture a lone piece off the safe squares and count 20; a piece in the 🏁 goal counts 10.
    • Two pieces of one colour make a barrier nobody passes; with a 6 you must open yours.
rules-short-solidari =
    • 4 players in pairs, partners opposite; each starts with 2 pieces on the exit square.
    • Capture a lone piece off the safe squares and count 20; a piece in the 🏁 goal counts 10.
    • Barriers only on safe squares. After 30 minutes the pair with more pieces in the goal wins.
btn-all-rules = 📖 All the rules
no-game-in-play = No game in play here: /newgame opens one.
no-rematch-at-tourney = A tournament table has no rematch: the bracket goes on.

## Settings

language-prompt = 🌐 Choose the language for this chat:
language-set = 🌐 Language set to { $language }.
display-prompt = How should I show the board?
btn-display-image = 🖼 Image
btn-display-emoji = 🔠 Emoji
display-set-image = The board will be shown as an image.
display-set-emoji = The board will be shown with emoji.
timer-set = ⏳ Time limit: { $minutes ->
        [0] { $seconds } seconds
       *[other] { $rest ->
            [0] { $minutes ->
                [one] 1 minute
               *[other] { $minutes } minutes
            }
           *[other] { $minutes } min { $rest } s
        }
    } per turn.
timer-off = No time limit per turn: take all the time you need.
time-left = ⏳ { $minutes ->
        [0] { $seconds } s left
       *[other] { $minutes } min left
    }
timed-out = { $name } did not play in time: the move was played automatically (strike { $strike }/{ $limit }).
absent = { $name } is absent: the computer plays for them from now on.
skipped = ⏭ { $name } was taking too long: the computer played this turn.
back = 👋 { $name } is back.
bot-removed = I was removed from this group, so the game here has ended.
game-moved = This group became a supergroup: the game moved along with it.
board-below = ▶️ Game started — see the board below.
unknown-command = I don't know that command. Send /help to see what I can do.
bad-args = That's not how /{ $command } works. /{ $command }: { $usage }.

## large boards (6 and 8 players, R8)

rules-large = <b>Boards for 6 and 8 players</b>: the same rules on a longer way round, 17 squares per colour (102 or 136 squares), so from the exit square to the goal there are 105 or 139 squares. The colours play in this order: { colour-yellow }, { colour-blue }, { colour-red }, { colour-green }, { colour-orange }, { colour-purple } (and on the board for 8, { colour-cyan }, { colour-pink }). With fewer players the seats are spread round the board; in pairs, partners sit opposite and every seat is filled. /newgame 6 or /newgame 8 asks for a board; with no size, the smallest board that seats everyone is used (Solidari: always the board for 4).

# pace

cmd-dice = Who rolls the die: auto (rolled for you at the start of your turn) or button
dice-set-auto = 🎲 I'll roll the die for you at the start of each turn: the board asks straight for your move.
dice-set-button = 🎲 Each player rolls with the { btn-roll } button.
dice-is = 🎲 Die: { $mode ->
        [auto] rolled for you at the start of your turn (/dice button for a { btn-roll } button)
       *[button] you roll with the { btn-roll } button (/dice auto to have it rolled for you)
    }.
rolled-short = 🎲 { $roll }
board-updating = { $what } — board updating…
board-updating-in = { $what } — the board catches up in about { $secs } s

## Pings (/pings)

cmd-pings = Mention the player whose turn it is when they take long: off, 30, 60 or 120 seconds
pings-set = 🔔 A player who takes { $seconds } s to play gets a mention.
pings-off = 🔕 No pings: nobody is mentioned when it is their turn.
pings-is = 🔔 Pings: { $seconds ->
        [0] off (/pings 30 to mention whoever takes long)
       *[other] after { $seconds } s without playing (/pings off to turn them off)
    }.
ping-roll = { $dot } { $name }, your turn — roll the die
ping-choose = { $dot } { $name }, your turn — choose a move
ping-warning = ⏳ { $name }, { $seconds } s — then the computer plays for you
flood-quiet = { $name }, that is a lot of commands: I won't answer yours for a couple of minutes. The game goes on.
