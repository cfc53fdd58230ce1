## temporades i lligues

cmd-season = Una lliga de setmanes: /season league [8] [x4] [min4] [jcf|clàssic|solidari], o /season open; /season mostra la classificació, /season past les acabades
season-signup-title = 🏅 <b>{ $league ->
        [true] Lliga
       *[false] Temporada
    } de parxís</b> — { $weeks ->
        [one] 1 jornada
       *[other] { $weeks } jornades
    } (una per setmana), regles: { $preset }
season-signup-tables = Taules de { $size }, sortejades cada jornada perquè vos trobeu amb tants rivals com es puga.
season-signup-open = Compta cada partida dels inscrits jugada amb estes regles.
season-signup-min = { $min ->
        [one] A la classificació des de la primera partida.
       *[other] A la classificació a partir de { $min } partides.
    }
season-signup-members = { $count ->
        [one] Inscrit (1):
       *[other] Inscrits ({ $count }):
    }
season-signup-hint = Polsa { btn-join } per a inscriure't; l'amfitrió 👑 comença la jornada 1 amb { btn-start }.
season-joined = T'has inscrit a la temporada.
season-left = Has deixat la temporada.
season-already-in = Ja estàs inscrit a la temporada.
season-not-in = No eres d'esta temporada, o no jugues en esta taula.
season-full = La temporada està plena.
season-not-signup = La inscripció està tancada.
season-need-two = Calen almenys 2 inscrits.
season-none = Ací no hi ha cap temporada: obri'n una amb /season league.
season-already-open = Ja hi ha una temporada en marxa ací (/season la mostra).
season-no-table = Esta taula ja no està oberta.
season-already-started = La partida d'esta taula ja ha començat.
season-not-league = Esta temporada compta totes les partides: no té taules.
season-stale = Este botó és d'una altra jornada.
season-cancelled = S'ha anul·lat la temporada.
season-usage = Ús: /season league [jornades] [x&lt;jugadors per taula, 2–8&gt;] [min&lt;partides&gt;] [jcf|clàssic|solidari] — per exemple /season league 8 x4; /season open compta totes les partides en lloc de taules sortejades. Després /season start, /season cancel, /season past.
season-started = 🏁 Comença la <b>jornada 1 de { $weeks }</b>: s'acaba ⏳ { $date }. Cada jornada s'acaba a les 20:00.
season-kind = { $league ->
        [true] Lliga
       *[false] Temporada
    }
season-week-name = Jornada { $week } de { $weeks }
season-table-name = Jornada { $week } · taula { $table }
season-topic-name = 🏅 J{ $week } · Taula { $table }
season-lobby = 🏅 <b>{ $at }</b>, per a jugar abans de ⏳ { $date }:
season-lobby-hint = Polsa ✋ Soc ací quan hi sigues: la partida comença quan tota la taula hi és.
season-btn-here = ✋ Soc ací
season-here-ok = Ets a la taula. La partida comença quan hi siguen tots.
season-table-started = ▶️ { $at }: ha començat la partida — el tauler és ací baix.
season-reminder = ⏰ <b>Queden dos dies</b> de la jornada { $week }: estes taules encara s'han de jugar, abans de ⏳ { $date }:
season-table-short = Taula { $table }:
season-recap-title = 📋 <b>S'ha acabat la jornada { $week } de { $weeks }</b>
season-pts = { $points } { $one ->
        [true] punt
       *[false] punts
    }
season-climbed = 📈 Han pujat: { $names }
season-unplayed = 🚫 { $count ->
        [one] 1 taula no s'ha jugat
       *[other] { $count } taules no s'han jugat
    }: qui s'hi va presentar compartix els primers llocs, i qui no, els últims.
season-next = Ara: jornada { $week } de { $weeks }; les taules, a continuació.
season-caption = 🏅 { $league ->
        [true] Lliga
       *[false] Temporada
    } · jornada { $week } de { $weeks } · líder: { $leader }
season-caption-signup = 🏅 { $league ->
        [true] Lliga
       *[false] Temporada
    } · inscripció, { $count ->
        [one] 1 inscrit
       *[other] { $count } inscrits
    }
season-caption-final = 🏅 { $league ->
        [true] Lliga
       *[false] Temporada
    } · classificació final
season-champion = 🏆 <b>{ $names }</b> { $count ->
        [one] guanya
       *[other] compartixen
    } la { $league ->
        [true] lliga
       *[false] temporada
    }! Enhorabona.
season-no-champion = S'ha acabat la temporada; ningú no ha arribat a { $min } partides, i no hi ha campió.
season-trophy-title = { $league ->
        [true] Campió de la lliga
       *[false] Campió de la temporada
    }
season-past-title = 🏅 <b>Temporades passades</b>
season-past-line = { $date } · { $league ->
        [true] lliga
       *[false] temporada
    } de { $weeks } jornades, { $members } inscrits — 🏆 { $names }
season-past-none = Ací encara no s'ha acabat cap temporada.
season-head-name = Jugador
season-head-games = Partides
season-head-points = Punts
season-head-rating = Valoració
season-unranked = { $min ->
        [one] En gris: encara cap partida.
       *[other] En gris: menys de { $min } partides, encara fora de la classificació.
    }
