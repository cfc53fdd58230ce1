## torneos (R10)

cmd-tournament = Un torneo por eliminatorias: /tournament [jcf|classic|solidari] [2|4] [parejas] [30m], después /tournament start
cmd-bracket = Mostrar otra vez el cuadro del torneo
tourney-signup-title = 🏆 <b>Torneo de parchís</b> — reglas: { $preset }, mesas de { $size }
tourney-time-limit = ⏱ Tiempo límite por mesa: { $minutes } min.
tourney-signup-entrants = { $count ->
        [one] Inscrito (1):
       *[other] Inscritos ({ $count }):
    }
tourney-signup-hint = Pulsa ✋ Me apunto para inscribirte. Quien lo abrió cierra la inscripción con /tournament start.
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
tourney-draw = 🎲 <b>El sorteo</b> (semilla <code>{ $seed }</code>): { $count } inscritos, en este orden:
tourney-round = { $last ->
        [true] Final
       *[false] Ronda { $round }
    }
tourney-bye = pase
tourney-champion-word = Campeón
tourney-topic-name = 🏆 R{ $round } · Mesa { $table }
tourney-table-call = 🏆 <b>Ronda { $round }, mesa { $table }</b>: { $names }
tourney-ready-hint = Pulsa ✅ Listo: la partida empieza cuando todos estén listos, o en { $secs } s; a quien esté ausente le juega el ordenador.
tourney-btn-ready = ✅ Listo
tourney-ready-ok = Estás listo.
tourney-table-started = ▶️ Ha empezado la ronda { $round }, mesa { $table }.
tourney-table-won = ✅ Ronda { $round }, mesa { $table }: pasa <b>{ $name }</b>.
tourney-table-rolloff = 🎲 La ronda { $round }, mesa { $table } acabó en empate al tiempo límite; desempate a los dados: { $rolls }. Pasa <b>{ $name }</b>.
tourney-table-byhand = ✋ Ronda { $round }, mesa { $table }: pasa <b>{ $name }</b>, a mano de quien organiza: { $reason }
tourney-champion = 🏆 ¡<b>{ $name }</b> es el campeón del torneo!
tourney-cancelled = El torneo se ha anulado.
tourney-usage = Se acepta: /tournament [jcf|classic|solidari] [2|4] [parejas] [1m…600m], /tournament partner (respondiendo a tu compañero), /tournament start, /tournament cancel, /tournament replace N, /tournament advance MESA N MOTIVO.
tourney-replaced = 🤖 A partir de ahora a <b>{ $name }</b> le juega el ordenador.
