## repeticiones: el botón 🎞, /replay, /record y parxis replay

replay-btn = 🎞 Repetición
replay-caption = 🎞 Repetición de { $seconds } s · 🏆 ha ganado <b>{ $winner }</b> · la partida: { $moves ->
        [one] 1 jugada
       *[other] { $moves } jugadas
    } en { $minutes ->
        [one] 1 minuto
       *[other] { $minutes } minutos
    }
replay-caption-draw = 🎞 Repetición de { $seconds } s · ⏰ se acabó el tiempo: empate · la partida: { $moves ->
        [one] 1 jugada
       *[other] { $moves } jugadas
    } en { $minutes ->
        [one] 1 minuto
       *[other] { $minutes } minutos
    }
replay-here = 🎞 Aquí está la repetición de esta partida.
replay-on-its-way = 🎞 La repetición ya está en camino…
replay-no-game = Todavía no hay ninguna partida terminada que repetir aquí.
replay-not-kept = Esa partida se jugó antes de que se guardaran las repeticiones: no tiene repetición.
replay-not-finished = Responde con /replay al tablero de una partida terminada, o envía /replay solo para la última.
replay-failed = Ahora no se ha podido enviar la repetición; vuelve a intentarlo dentro de un momento.
replay-record-caption = 📄 El registro de la partida <code>{ $game }</code>: { $steps ->
        [one] 1 paso
       *[other] { $steps } pasos
    }, una línea cada uno. Cualquiera puede comprobarlo: <code>parxis replay FICHERO</code>.
replay-title = 🎞 Partida { $game }: { $steps ->
        [one] 1 paso
       *[other] { $steps } pasos
    }, { $moves ->
        [one] 1 jugada
       *[other] { $moves } jugadas
    }.
replay-checked = ✅ Todos los pasos son legales ({ $steps ->
        [one] 1 paso comprobado
       *[other] { $steps } pasos comprobados
    } con las reglas).
replay-winner = 🏆 Ha ganado { $name }.
replay-draw = ⏰ Se acabó el tiempo: empate (R6.3).
replay-gif-written = 🎞 La animación ({ $frames } fotogramas, { $kb } KB) está en { $file }.
cmd-replay = Envía la última partida terminada como animación (respondiendo a un tablero terminado: esa partida)
cmd-record = Envía el registro de la última partida terminada, un fichero que cualquiera puede comprobar
