### English: the terminal game (`parxis play`). Plain text.

term-welcome = Welcome to parxís! Rules: { $preset }.
term-you-are = You are { $colour }.
term-you = You
term-press-enter = Press Enter to roll the die.
term-you-rolled = You rolled a { $roll }.
term-choose-move = Choose a move (1–{ $n }):
term-bad-number = Please type a number from 1 to { $n }.
term-thinking = 🤖 The computer ({ $colour }, { $level }) is thinking…
term-you-win = 🏆 You win! Congratulations!
term-you-lose = Game over: { $name } wins. Better luck next time!
term-goodbye = Goodbye!

# terminal: the board for newcomers (6 and 8 arms, "you")
term-you-start = You start!
term-rolloff-tie = Tie at { $roll } between { $names }: they roll again.
term-your-pieces = Your pieces: { $list }.
term-you-moved = You moved a piece: { $from } → { $to }.
term-you-left-nest = You brought a piece out of the nest onto the exit square.
term-you-captured = ⚔ You captured { $victim }'s { $victim_colour } piece and count 20!
term-you-reached-goal = 🏁 You got a piece into the goal and count 10!
term-you-cannot-move = { $rolls_again ->
        [true] You cannot move any piece, but you roll again after the 6.
       *[false] You cannot move any piece: the turn passes.
    }
term-need-five = (A piece leaves the nest only with a 5.)
term-blocked = (Every piece is stopped: a barrier, a full exit square or the exact count to the goal.)
term-must-open = (With a 6 you must open your barrier.)
term-legend = How to read the board: 12 = empty square 12 · 12* = safe square · y 5 = yellow's exit square (b blue, r red, g green…) · :: = corridor · Y = a yellow piece (B, R, G…) · YY= = barrier · YB = two pieces · (1) = where choice 1 ends · ▶ = to play. Pieces in the nest stand by their player's name, pieces in the goal at the end of the corridor.
term-board-size = Board of { $arms } arms: { $squares } squares, one row per arm.
legend-move = where choice 1, 2… ends
