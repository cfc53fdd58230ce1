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
