## el tauler en directe: la pàgina (Mini App) que s'obre des del tauler d'un grup

live-button = 📱 Tauler en directe
live-title = Parxís — tauler en directe
live-connecting = S'està connectant…
live-reconnecting = S'ha perdut la connexió: tornant a connectar…
live-watching = Estàs mirant la partida.
live-seated = Ja hi ets: els colors es reparteixen en començar.
live-you-play = El teu color: { $colour }.
live-your-turn-roll = És el teu torn: tira el dau.
live-your-turn-move = És el teu torn: toca una fitxa o una jugada de sota.
live-no-game = Aquí no hi ha cap partida.
live-open-from-chat = Obre el tauler en directe des del seu botó, sota el tauler del grup.
live-expired = Fa massa que vas obrir aquesta pàgina: torna-la a obrir des del grup.
live-too-many = Massa peticions: espera un moment.
live-members-only = Només els membres del grup poden veure'n la partida.
live-unavailable = Ara no es pot arribar a la partida: es torna a provar…
live-any-board = Auto
live-earlier-games = 🎞 Partides anteriors
live-none-kept = Encara no hi ha cap partida guardada.
live-free-seats = { $n ->
    [one] Queda un lloc lliure.
   *[other] Queden { $n } llocs lliures.
}
live-bad-tap = No s'ha entès aquest toc: torna a obrir la pàgina des del grup.

## la secció de la temporada a la pàgina: la lliga o temporada del grup, la classificació, la teva taula

live-season-none = En aquest grup no s'està jugant cap temporada.
live-season-title = { $league ->
        [true] 🏆 Lliga
       *[false] 🏆 Temporada
    }
live-season-week-of = Jornada { $week } de { $weeks }
live-season-ends = La jornada acaba { $when }.
live-season-signup = Inscripció oberta: { $n ->
        [one] de moment, un jugador.
       *[other] de moment, { $n } jugadors.
    }
live-season-finished = La temporada s'ha acabat: classificació final.
live-season-cancelled = Aquesta temporada s'ha cancel·lat.
live-season-weeks = { $n ->
        [one] 1 jornada
       *[other] { $n } jornades
    }
live-season-tables = taules de { $n }
live-season-every-game = compten totes les partides
live-season-min-games = { $n ->
        [one] cal 1 partida per classificar-se
       *[other] calen { $n } partides per classificar-se
    }
live-season-standings = Classificació
live-season-col-player = Jugador
live-season-col-games = Partides
live-season-col-points = Punts
live-season-unranked = { $n ->
        [one] Sense cap partida: encara sense classificar.
       *[other] Amb menys de { $n } partides: encara sense classificar.
    }
live-season-fixture = Jornada { $week } de { $weeks } · la teva taula: { $names } — fins { $when }
live-season-table = Taula { $n }
live-season-came = ✋ ja hi són: { $names }
live-season-nobody-came = encara no hi ha arribat ningú
live-season-started = la partida ha començat
live-season-bye = Aquesta jornada no et toca cap taula.
live-season-not-in = No jugues aquesta temporada.
live-season-day = { $day ->
        [mon] dilluns
        [tue] dimarts
        [wed] dimecres
        [thu] dijous
        [fri] divendres
        [sat] dissabte
       *[sun] diumenge
    }
live-season-when = { $next ->
        [true] { $day } que ve
       *[false] { $day }
    } a { $hour ->
        [1] la
       *[other] les
    } { $time }
