## el tauler en directe: la pàgina (Mini App) que s'obri des del tauler d'un grup

live-button = 📱 Tauler en directe
live-title = Parxís — tauler en directe
live-connecting = S'està connectant…
live-reconnecting = S'ha perdut la connexió: tornant a connectar…
live-watching = Estàs mirant la partida.
live-seated = Ja hi eres: els colors es repartixen en començar.
live-you-play = El teu color: { $colour }.
live-your-turn-roll = És el teu torn: tira el dau.
live-your-turn-move = És el teu torn: toca una fitxa o una jugada d'ací baix.
live-no-game = Ací no hi ha cap partida.
live-open-from-chat = Obri el tauler en directe des del seu botó, davall del tauler del grup.
live-expired = Fa massa temps que vas obrir esta pàgina: torna a obrir-la des del grup.
live-too-many = Massa peticions: espera un moment.
live-members-only = Només els membres del grup poden vore'n la partida.
live-unavailable = Ara no es pot arribar a la partida: es torna a provar…
live-any-board = Auto
live-earlier-games = 🎞 Partides anteriors
live-none-kept = Encara no hi ha cap partida guardada.
live-free-seats = { $n ->
    [one] Queda un lloc lliure.
   *[other] Queden { $n } llocs lliures.
}
live-bad-tap = No s'ha entés este toc: torna a obrir la pàgina des del grup.

## la secció de la temporada en la pàgina: la lliga o temporada del grup, la classificació, la teua taula

live-season-none = En este grup no s'està jugant cap temporada.
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
live-season-cancelled = Esta temporada s'ha cancel·lat.
live-season-weeks = { $n ->
        [one] 1 jornada
       *[other] { $n } jornades
    }
live-season-tables = taules de { $n }
live-season-every-game = compten totes les partides
live-season-min-games = { $n ->
        [one] cal 1 partida per a classificar-se
       *[other] calen { $n } partides per a classificar-se
    }
live-season-standings = Classificació
live-season-col-player = Jugador
live-season-col-games = Partides
live-season-col-points = Punts
live-season-unranked = { $n ->
        [one] Sense cap partida: encara sense classificar.
       *[other] Amb menys de { $n } partides: encara sense classificar.
    }
live-season-fixture = Jornada { $week } de { $weeks } · la teua taula: { $names } — fins { $when }
live-season-table = Taula { $n }
live-season-came = ✋ ja hi són: { $names }
live-season-nobody-came = encara no ha vingut ningú
live-season-started = la partida ha començat
live-season-bye = En esta jornada no et toca cap taula.
live-season-not-in = No jugues esta temporada.
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
