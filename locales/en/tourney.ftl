## tournaments (R10)

cmd-tournament = A knockout tournament: /tournament [jcf|classic|solidari] [2|4] [pairs] [30m]; the ▶️ Start button closes the sign-up
cmd-bracket = Show the tournament's bracket again
tourney-signup-title = 🏆 <b>Parxís tournament</b> — rules: { $preset }, tables of { $size }
tourney-time-limit = ⏱ Time limit per table: { $minutes } min.
tourney-signup-entrants = { $count ->
        [one] Entrant (1):
       *[other] Entrants ({ $count }):
    }
tourney-signup-hint = Press { btn-join } to enter; the host 👑 closes the sign-up with { btn-start }.
tourney-joined = You are in the tournament.
tourney-left = You left the tournament.
tourney-already-in = You are already in the tournament.
tourney-not-in = You are not in the tournament.
tourney-full = The tournament is full.
tourney-not-signup = The sign-up is closed.
tourney-need-two = At least 2 entrants are needed.
tourney-none = There is no tournament here: open one with /tournament.
tourney-already-open = A tournament is already under way here (/bracket shows it).
tourney-not-running = That table is not being called.
tourney-not-at-table = You do not play at this table.
tourney-already-started = This table's game has already started.
tourney-refused = That cannot be done in the tournament now.
tourney-drawn = 🎲 <b>The draw is made</b>: { $count } entrants{ $byes ->
        [0] {""}
        [one] , 1 bye
       *[other] , { $byes } byes
    }.
tourney-seed = 🎲 Seed of the draw: <code>{ $seed }</code> (<code>parxis::tournament::shuffle</code> repeats it).
tourney-table-name = { $last ->
        [true] Final
       *[false] Round { $round } · table { $table }
    }
tourney-round = { $last ->
        [true] Final
       *[false] Round { $round }
    }
tourney-bye = bye
tourney-champion-word = Champion
tourney-topic-name = 🏆 { $last ->
        [true] Final
       *[false] R{ $round } · Table { $table }
    }
tourney-table-call = 🏆 <b>{ $at }</b>: to your seats!
tourney-ready-hint = Press ✅ Ready: the game starts when everyone is ready, or in { $secs } s; whoever is absent is played by the computer.
tourney-btn-ready = ✅ Ready
tourney-ready-ok = You are ready.
tourney-table-started = ▶️ { $at } has started — the board is below.
tourney-table-won = ✅ { $at }: <b>{ $name }</b> goes through.
tourney-table-rolloff = 🎲 { $at } was drawn at its time limit; roll-off: { $rolls }.{ $last ->
        [true] {""}
       *[false] {" "}<b>{ $name }</b> goes through.
    }
tourney-table-byhand = ✋ { $at }: { $last ->
        [true] decided by the host
       *[false] <b>{ $name }</b> goes through, put through by the host
    }: { $reason }
tourney-champion = 🏆 <b>{ $name }</b> is the champion of the tournament!
tourney-cancelled = The tournament was cancelled.
tourney-usage = Accepted: /tournament [jcf|classic|solidari] [2|4] [pairs] [1m…600m], /tournament partner (replying to your partner), /tournament start, /tournament cancel, /tournament replace N, /tournament advance TABLE N REASON.
tourney-replaced = 🤖 <b>{ $name }</b> is played by the computer from now on.
