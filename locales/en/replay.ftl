## replays: the 🎞 button, /replay, /record and parxis replay

replay-btn = 🎞 Replay
replay-caption = 🎞 Replay, { $seconds } s · 🏆 <b>{ $winner }</b> won · the game: { $moves ->
        [one] 1 move
       *[other] { $moves } moves
    } in { $minutes ->
        [one] 1 minute
       *[other] { $minutes } minutes
    }
replay-caption-draw = 🎞 Replay, { $seconds } s · ⏰ time is up: a draw · the game: { $moves ->
        [one] 1 move
       *[other] { $moves } moves
    } in { $minutes ->
        [one] 1 minute
       *[other] { $minutes } minutes
    }
replay-here = 🎞 The replay of this game is here.
replay-on-its-way = 🎞 The replay is on its way…
replay-no-game = There is no finished game to replay here yet.
replay-not-kept = That game was played before replays were kept: it has no replay.
replay-not-finished = Reply with /replay to the board of a finished game, or send /replay alone for the last one.
replay-failed = The replay could not be sent now; try again in a moment.
replay-record-caption = 📄 The record of game <code>{ $game }</code>: { $steps ->
        [one] 1 step
       *[other] { $steps } steps
    }, one line each. Anyone can check it: <code>parxis replay FILE</code>.
replay-title = 🎞 Game { $game }: { $steps ->
        [one] 1 step
       *[other] { $steps } steps
    }, { $moves ->
        [one] 1 move
       *[other] { $moves } moves
    }.
replay-checked = ✅ Every step is legal ({ $steps ->
        [one] 1 step
       *[other] { $steps } steps
    } checked against the rules).
replay-winner = 🏆 { $name } won.
replay-draw = ⏰ Time is up: a draw (R6.3).
replay-gif-written = 🎞 The animation ({ $frames } frames, { $kb } KB) is in { $file }.
cmd-replay = Send the last finished game as an animation (as a reply to a finished board: that game)
cmd-record = Send the last finished game's record, a file anyone can check
