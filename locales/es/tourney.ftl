## torneos (R10)

cmd-tournament = Un torneo por eliminatorias: /tournament [jcf|clásico|solidario] [2|4] [parejas] [30m]; lo cierra el botón ▶️ Empezar
cmd-bracket = Mostrar otra vez el cuadro del torneo
tourney-signup-title = 🏆 <b>Torneo de parchís</b> — reglas: { $preset }, mesas de { $size }
tourney-time-limit = ⏱ Tiempo límite por mesa: { $minutes } min.
tourney-signup-entrants = { $count ->
        [one] Inscrito (1):
       *[other] Inscritos ({ $count }):
    }
tourney-signup-hint = Pulsa { btn-join } para inscribirte; el anfitrión 👑 cierra la inscripción con { btn-start }.
tourney-joined = Estás inscrito en el torneo.
tourney-left = Has dejado el torneo.
tourney-already-in = Ya estás inscrito en el torneo.
tourney-not-in = No estás inscrito en el torneo.
tourney-full = El torneo está completo.
tourney-not-signup = La inscripción está cerrada.
tourney-need-two = Hacen falta al menos 2 inscritos.
tourney-none = Aquí no hay ningún torneo: abre uno con /tournament.
tourney-already-open = Ya hay un torneo en marcha aquí (/bracket lo muestra).
tourney-not-running = Esa mesa no está convocada.
tourney-not-at-table = No juegas en esta mesa.
tourney-already-started = La partida de esta mesa ya ha empezado.
tourney-refused = Eso no se puede hacer ahora en el torneo.
tourney-drawn = 🎲 <b>Sorteo hecho</b>: { $count } inscritos{ $byes ->
        [0] {""}
        [one] , 1 exento
       *[other] , { $byes } exentos
    }.
tourney-seed = 🎲 Semilla del sorteo: <code>{ $seed }</code> (<code>parxis::tournament::shuffle</code> lo repite).
tourney-table-name = { $last ->
        [true] Final
       *[false] Ronda { $round } · mesa { $table }
    }
tourney-round = { $last ->
        [true] Final
       *[false] Ronda { $round }
    }
tourney-bye = exento
tourney-champion-word = Campeón
tourney-topic-name = 🏆 { $last ->
        [true] Final
       *[false] R{ $round } · Mesa { $table }
    }
tourney-table-call = 🏆 <b>{ $at }</b>: ¡a vuestros puestos!
tourney-ready-hint = Pulsa ✅ Listo: la partida empieza cuando todos estén listos, o en { $secs } s; el ordenador juega por quien no esté.
tourney-btn-ready = ✅ Listo
tourney-ready-ok = Estás listo.
tourney-table-started = ▶️ { $at }: ha empezado la partida — el tablero está aquí abajo.
tourney-table-won = ✅ { $at }: pasa <b>{ $name }</b>.
tourney-table-rolloff = 🎲 { $at } ha acabado en empate al tiempo límite; desempate a los dados: { $rolls }.{ $last ->
        [true] {""}
       *[false] {" "}Pasa <b>{ $name }</b>.
    }
tourney-table-byhand = ✋ { $at }: { $last ->
        [true] lo decide quien lo organiza
       *[false] pasa <b>{ $name }</b>, por decisión de quien lo organiza
    }: { $reason }
tourney-champion = 🏆 ¡<b>{ $name }</b> es el campeón del torneo!
tourney-cancelled = El torneo se ha anulado.
tourney-usage = Se acepta: /tournament [jcf|clásico|solidario] [2|4] [parejas] [1m…600m], /tournament pareja (respondiendo a tu compañero), /tournament empieza, /tournament cancela, /tournament reemplaza N, /tournament avanza MESA N MOTIVO.
tourney-replaced = 🤖 A partir de ahora a <b>{ $name }</b> le juega el ordenador.
