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
