## temporadas y ligas

cmd-season = Una liga de semanas: /season league [8] [x4] [min4] [jcf|clásico|solidari], o /season open; /season muestra la clasificación, /season past las terminadas
season-signup-title = 🏅 <b>{ $league ->
        [true] Liga
       *[false] Temporada
    } de parchís</b> — { $weeks ->
        [one] 1 jornada
       *[other] { $weeks } jornadas
    } (una por semana), reglas: { $preset }
season-signup-tables = Mesas de { $size }, sorteadas cada jornada para que os encontréis con tantos rivales como sea posible.
season-signup-open = Cuenta cada partida de los inscritos jugada con estas reglas.
season-signup-min = { $min ->
        [one] En la clasificación desde la primera partida.
       *[other] En la clasificación a partir de { $min } partidas.
    }
season-signup-members = { $count ->
        [one] Inscrito (1):
       *[other] Inscritos ({ $count }):
    }
season-signup-hint = Pulsa { btn-join } para inscribirte; el anfitrión 👑 empieza la jornada 1 con { btn-start }.
season-joined = Te has inscrito en la temporada.
season-left = Has dejado la temporada.
season-already-in = Ya estás inscrito en la temporada.
season-not-in = No eres de esta temporada, o no juegas en esta mesa.
season-full = La temporada está llena.
season-not-signup = La inscripción está cerrada.
season-need-two = Hacen falta al menos 2 inscritos.
season-none = Aquí no hay ninguna temporada: abre una con /season league.
season-already-open = Ya hay una temporada en marcha aquí (/season la muestra).
season-no-table = Esa mesa ya no está abierta.
season-already-started = La partida de esa mesa ya ha empezado.
season-not-league = Esta temporada cuenta todas las partidas: no tiene mesas.
season-stale = Ese botón es de otra jornada.
season-cancelled = Se ha anulado la temporada.
season-usage = Uso: /season league [jornadas] [x&lt;jugadores por mesa, 2–8&gt;] [min&lt;partidas&gt;] [jcf|clásico|solidari] — por ejemplo /season league 8 x4; /season open cuenta todas las partidas en lugar de mesas sorteadas. Después /season start, /season cancel, /season past.
season-started = 🏁 Empieza la <b>jornada 1 de { $weeks }</b>: termina ⏳ { $date }. Cada jornada termina a las 20:00.
season-kind = { $league ->
        [true] Liga
       *[false] Temporada
    }
season-week-name = Jornada { $week } de { $weeks }
season-table-name = Jornada { $week } · mesa { $table }
season-topic-name = 🏅 J{ $week } · Mesa { $table }
season-lobby = 🏅 <b>{ $at }</b>, para jugar antes de ⏳ { $date }:
season-lobby-hint = Pulsa ✋ Estoy aquí cuando estés: la partida empieza cuando está toda la mesa.
season-btn-here = ✋ Estoy aquí
season-here-ok = Estás en la mesa. La partida empieza cuando estén todos.
season-table-started = ▶️ { $at }: ha empezado la partida — el tablero está aquí abajo.
season-reminder = ⏰ <b>Quedan dos días</b> de la jornada { $week }: estas mesas aún están por jugar, antes de ⏳ { $date }:
season-table-short = Mesa { $table }:
season-recap-title = 📋 <b>Ha terminado la jornada { $week } de { $weeks }</b>
season-pts = { $points } { $one ->
        [true] punto
       *[false] puntos
    }
season-climbed = 📈 Han subido: { $names }
season-unplayed = 🚫 { $count ->
        [one] 1 mesa no se ha jugado
       *[other] { $count } mesas no se han jugado
    }: quien se presentó comparte los primeros puestos, y quien no, los últimos.
season-next = Ahora: jornada { $week } de { $weeks }; las mesas, a continuación.
season-caption = 🏅 { $league ->
        [true] Liga
       *[false] Temporada
    } · jornada { $week } de { $weeks } · líder: { $leader }
season-caption-signup = 🏅 { $league ->
        [true] Liga
       *[false] Temporada
    } · inscripción, { $count ->
        [one] 1 inscrito
       *[other] { $count } inscritos
    }
season-caption-final = 🏅 { $league ->
        [true] Liga
       *[false] Temporada
    } · clasificación final
season-champion = 🏆 ¡<b>{ $names }</b> { $count ->
        [one] gana
       *[other] comparten
    } la { $league ->
        [true] liga
       *[false] temporada
    }! Enhorabuena.
season-no-champion = Ha terminado la temporada; nadie ha llegado a { $min } partidas, y no hay campeón.
season-trophy-title = { $league ->
        [true] Campeón de la liga
       *[false] Campeón de la temporada
    }
season-past-title = 🏅 <b>Temporadas pasadas</b>
season-past-line = { $date } · { $league ->
        [true] liga
       *[false] temporada
    } de { $weeks } jornadas, { $members } inscritos — 🏆 { $names }
season-past-none = Aquí aún no ha terminado ninguna temporada.
season-head-name = Jugador
season-head-games = Partidas
season-head-points = Puntos
season-head-rating = Valoración
season-unranked = { $min ->
        [one] En gris: aún ninguna partida.
       *[other] En gris: menos de { $min } partidas, aún fuera de la clasificación.
    }
