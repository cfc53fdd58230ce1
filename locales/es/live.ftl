## el tablero en directo: la página (Mini App) que se abre desde el tablero de un grupo

live-button = 📱 Tablero en directo
live-title = Parchís — tablero en directo
live-connecting = Conectando…
live-reconnecting = Se perdió la conexión: volviendo a conectar…
live-watching = Estás viendo la partida.
live-seated = Ya estás dentro: los colores se reparten al empezar.
live-you-play = Tu color: { $colour }.
live-your-turn-roll = Te toca: tira el dado.
live-your-turn-move = Te toca: pulsa una ficha o una jugada de abajo.
live-no-game = Aquí no hay ninguna partida.
live-open-from-chat = Abre el tablero en directo desde su botón, bajo el tablero del grupo.
live-expired = Abriste esta página hace demasiado tiempo: vuelve a abrirla desde el grupo.
live-too-many = Demasiadas peticiones: espera un momento.
live-members-only = Solo los miembros del grupo pueden ver su partida.
live-unavailable = Ahora no se puede llegar a la partida: se vuelve a intentar…
live-any-board = Auto
live-earlier-games = 🎞 Partidas anteriores
live-none-kept = Aún no hay ninguna partida guardada.
live-free-seats = { $n ->
    [one] Queda un puesto libre.
   *[other] Quedan { $n } puestos libres.
}
live-bad-tap = No se ha entendido este toque: vuelve a abrir la página desde el grupo.

## la sección de la temporada en la página: la liga o temporada del grupo, la clasificación, tu mesa

live-season-none = En este grupo no se está jugando ninguna temporada.
live-season-title = { $league ->
        [true] 🏆 Liga
       *[false] 🏆 Temporada
    }
live-season-week-of = Jornada { $week } de { $weeks }
live-season-ends = La jornada acaba el { $when }.
live-season-signup = Inscripción abierta: { $n ->
        [one] de momento, un jugador.
       *[other] de momento, { $n } jugadores.
    }
live-season-finished = La temporada ha terminado: clasificación final.
live-season-cancelled = Esta temporada se ha cancelado.
live-season-weeks = { $n ->
        [one] 1 jornada
       *[other] { $n } jornadas
    }
live-season-tables = mesas de { $n }
live-season-every-game = cuentan todas las partidas
live-season-min-games = { $n ->
        [one] hace falta 1 partida para clasificarse
       *[other] hacen falta { $n } partidas para clasificarse
    }
live-season-standings = Clasificación
live-season-col-player = Jugador
live-season-col-games = Partidas
live-season-col-points = Puntos
live-season-unranked = { $n ->
        [one] Sin ninguna partida: aún sin clasificar.
       *[other] Con menos de { $n } partidas: aún sin clasificar.
    }
live-season-fixture = Jornada { $week } de { $weeks } · tu mesa: { $names } — hasta el { $when }
live-season-table = Mesa { $n }
live-season-came = ✋ ya están: { $names }
live-season-nobody-came = aún no ha llegado nadie
live-season-started = la partida ha empezado
live-season-bye = Esta jornada no te toca mesa.
live-season-not-in = No juegas esta temporada.
live-season-day = { $day ->
        [mon] lunes
        [tue] martes
        [wed] miércoles
        [thu] jueves
        [fri] viernes
        [sat] sábado
       *[sun] domingo
    }
live-season-when = { $next ->
        [true] próximo { $day }
       *[false] { $day }
    } a { $hour ->
        [1] la
       *[other] las
    } { $time }
