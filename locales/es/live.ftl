## el tablero en directo: la página (Mini App) que se abre desde el tablero de un grupo

live-button = 📱 Tablero en directo
live-title = Parchís — tablero en directo
live-connecting = Conectando…
live-reconnecting = Se perdió la conexión: volviendo a conectar…
live-watching = Estás viendo la partida.
live-seated = Ya estás dentro: los colores se reparten al empezar.
live-you-play = Tu color: { $colour }.
live-your-turn-roll = Te toca: tira el dado.
live-your-turn-move = Te toca: pulsa una ficha o una jugada de abajo.
live-no-game = Aquí no hay ninguna partida.
live-open-from-chat = Abre el tablero en directo desde su botón, bajo el tablero del grupo.
live-expired = Abriste esta página hace demasiado tiempo: vuelve a abrirla desde el grupo.
live-too-many = Demasiadas peticiones: espera un momento.
live-members-only = Solo los miembros del grupo pueden ver su partida.
live-unavailable = Ahora no se puede llegar a la partida: se vuelve a intentar…
live-any-board = Auto
live-earlier-games = 🎞 Partidas anteriores
live-none-kept = Aún no hay ninguna partida guardada.
live-free-seats = { $n ->
    [one] Queda un puesto libre.
   *[other] Quedan { $n } puestos libres.
}
live-bad-tap = No se ha entendido este toque: vuelve a abrir la página desde el grupo.
