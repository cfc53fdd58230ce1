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
