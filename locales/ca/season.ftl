## temporades i lligues

cmd-season = Una lliga de setmanes: /season league [8] [x4] [min4] [jcf|clàssic|solidari], o /season open; /season mostra la classificació, /season past les acabades
season-signup-title = 🏅 <b>{ $league ->
        [true] Lliga
       *[false] Temporada
    } de parxís</b> — { $weeks ->
        [one] 1 jornada
       *[other] { $weeks } jornades
    } (una per setmana), regles: { $preset }
season-signup-tables = Taules de { $size }, sortejades cada jornada perquè us trobeu amb tants rivals com es pugui.
season-signup-open = Compta cada partida dels inscrits jugada amb aquestes regles.
season-signup-min = { $min ->
        [one] A la classificació des de la primera partida.
       *[other] A la classificació a partir de { $min } partides.
    }
season-signup-members = { $count ->
        [one] Inscrit (1):
       *[other] Inscrits ({ $count }):
    }
season-signup-hint = Prem { btn-join } per inscriure't; l'amfitrió 👑 comença la jornada 1 amb { btn-start }.
season-joined = T'has inscrit a la temporada.
season-left = Has deixat la temporada.
season-already-in = Ja estàs inscrit a la temporada.
season-not-in = No ets d'aquesta temporada, o no jugues en aquesta taula.
season-full = La temporada és plena.
season-not-signup = La inscripció és tancada.
season-need-two = Calen com a mínim 2 inscrits.
season-none = Aquí no hi ha cap temporada: obre'n una amb /season league.
season-already-open = Ja hi ha una temporada en marxa aquí (/season la mostra).
season-no-table = Aquesta taula ja no és oberta.
season-already-started = La partida d'aquesta taula ja ha començat.
season-not-league = Aquesta temporada compta totes les partides: no té taules.
season-stale = Aquest botó és d'una altra jornada.
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
season-lobby = 🏅 <b>{ $at }</b>, per jugar abans de ⏳ { $date }:
season-lobby-hint = Prem ✋ Soc aquí quan hi siguis: la partida comença quan tota la taula hi és.
season-btn-here = ✋ Soc aquí
season-here-ok = Ets a la taula. La partida comença quan hi siguin tots.
season-table-started = ▶️ { $at }: ha començat la partida — el tauler és aquí sota.
season-reminder = ⏰ <b>Queden dos dies</b> de la jornada { $week }: aquestes taules encara s'han de jugar, abans de ⏳ { $date }:
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
    }: qui s'hi va presentar comparteix els primers llocs, i qui no, els últims.
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
       *[other] comparteixen
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
season-past-none = Aquí encara no s'ha acabat cap temporada.
season-head-name = Jugador
season-head-games = Partides
season-head-points = Punts
season-head-rating = Valoració
season-unranked = { $min ->
        [one] En gris: encara cap partida.
       *[other] En gris: menys de { $min } partides, encara fora de la classificació.
    }
