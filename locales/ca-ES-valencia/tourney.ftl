## tornejos (R10)

cmd-tournament = Un torneig per eliminatòries: /tournament [jcf|clàssic|solidari] [2|4] [parelles] [30m]; el tanca el botó ▶️ Començar
cmd-bracket = Mostra una altra volta el quadre del torneig
tourney-signup-title = 🏆 <b>Torneig de parxís</b> — regles: { $preset }, taules de { $size }
tourney-time-limit = ⏱ Temps límit per taula: { $minutes } min.
tourney-signup-entrants = { $count ->
        [one] Inscrit (1):
       *[other] Inscrits ({ $count }):
    }
tourney-signup-hint = Polsa { btn-join } per a inscriure't; l'amfitrió 👑 tanca la inscripció amb { btn-start }.
tourney-joined = T'has inscrit al torneig.
tourney-left = Has deixat el torneig.
tourney-already-in = Ja estàs inscrit al torneig.
tourney-not-in = No estàs inscrit al torneig.
tourney-full = El torneig està ple.
tourney-not-signup = La inscripció està tancada.
tourney-need-two = Calen almenys 2 inscrits.
tourney-none = Ací no hi ha cap torneig: obri'n un amb /tournament.
tourney-already-open = Ja hi ha un torneig en marxa ací (/bracket el mostra).
tourney-not-running = Esta taula no està convocada.
tourney-not-at-table = No jugues en esta taula.
tourney-already-started = La partida d'esta taula ja ha començat.
tourney-refused = Això no es pot fer ara en el torneig.
tourney-drawn = 🎲 <b>Sorteig fet</b>: { $count } inscrits{ $byes ->
        [0] {""}
        [one] , 1 exempt
       *[other] , { $byes } exempts
    }.
tourney-seed = 🎲 Llavor del sorteig: <code>{ $seed }</code> (<code>parxis::tournament::shuffle</code> el repetix).
tourney-table-name = { $last ->
        [true] Final
       *[false] Ronda { $round } · taula { $table }
    }
tourney-round = { $last ->
        [true] Final
       *[false] Ronda { $round }
    }
tourney-bye = exempt
tourney-champion-word = Campió
tourney-topic-name = 🏆 { $last ->
        [true] Final
       *[false] R{ $round } · Taula { $table }
    }
tourney-table-call = 🏆 <b>{ $at }</b>: a les vostres places!
tourney-ready-hint = Polsa ✅ A punt: la partida comença quan tots estiguen a punt, o d'ací a { $secs } s; per qui no hi siga hi jugarà l'ordinador.
tourney-btn-ready = ✅ A punt
tourney-ready-ok = Estàs a punt.
tourney-table-started = ▶️ { $at }: ha començat la partida — el tauler és ací baix.
tourney-table-won = ✅ { $at }: passa <b>{ $name }</b>.
tourney-table-rolloff = 🎲 { $at } ha acabat en empat al temps límit; desempat als daus: { $rolls }.{ $last ->
        [true] {""}
       *[false] {" "}Passa <b>{ $name }</b>.
    }
tourney-table-byhand = ✋ { $at }: { $last ->
        [true] ho decideix qui l'organitza
       *[false] passa <b>{ $name }</b>, a mà de qui l'organitza
    }: { $reason }
tourney-champion = 🏆 <b>{ $name }</b> és el campió del torneig!
tourney-cancelled = El torneig s'ha anul·lat.
tourney-usage = S'accepta: /tournament [jcf|clàssic|solidari] [2|4] [parelles] [1m…600m], /tournament parella (responent al teu company), /tournament comença, /tournament cancel·la, /tournament substitueix N, /tournament avança TAULA N MOTIU.
tourney-replaced = 🤖 D'ara avant a <b>{ $name }</b> li juga l'ordinador.
