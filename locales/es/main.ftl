### Español.
###
### Vocabulario de los reglamentos: ficha, dado, tirada, turno; casa (donde esperan las
### fichas al empezar); casilla de salida; seguro; barrera; comer (y contar 20); pasillo
### (las casillas de color hacia el centro); meta (y contar 10).
### Tuteo en todos los textos.
###
### Formato: HTML de Telegram. Solo <b>, <i> y <code>; escribe &amp; &lt; &gt; para & < >.
### $name, $victim, $first y $second son nombres de usuario: el código ya los escapa.
### Los botones, avisos y descripciones de comandos se muestran como texto plano.

## Colores y lugares

colour-yellow = amarillo
colour-blue = azul
colour-red = rojo
colour-green = verde
colour-orange = naranja
colour-purple = morado
colour-cyan = cian
colour-pink = rosa
# Una ficha de ese color: el adjetivo en femenino ("una ficha roja").
piece-colour-yellow = amarilla
piece-colour-blue = azul
piece-colour-red = roja
piece-colour-green = verde
piece-colour-orange = naranja
piece-colour-purple = morada
piece-colour-cyan = cian
piece-colour-pink = rosa

loc-nest = 🏠 casa
loc-goal = 🏁 meta
loc-square = casilla { $n }
loc-square-short = { $n }
loc-corridor = pasillo { $colour } { $k }
loc-corridor-short = pasillo { $k }
loc-button-nest = 🏠
loc-button-goal = 🏁
loc-button-square = { $n }
loc-button-corridor = P{ $k }

level-easy = fácil
level-normal = normal
level-hard = difícil
computer-name = Ordenador ({ $level })

preset-jcf = JCF
preset-classic = Clásico
preset-solidari = Solidario

## Sala de espera

lobby-title = 🎲 <b>Nueva partida de parchís</b> — reglas: { $preset }{ $pairs ->
        [true] , por parejas
       *[false] {""}
    }
lobby-players = Jugadores ({ $count }/{ $max }):
lobby-waiting = Esperando jugadores (de 2 a { $max })… Pulsa { btn-join } para jugar.
btn-join = ✋ Me apunto
btn-leave = 🚪 Me voy
btn-start = ▶️ Empezar
btn-cancel = ✖️ Cancelar
btn-add-computer = 🤖 Añadir ordenador
lobby-joined = Te has apuntado a la partida.
lobby-already-joined = Ya estás en esta partida.
lobby-not-in-game = No estás en esta partida.
lobby-full = La partida está llena: { $max } jugadores como máximo.
lobby-need-two = Hacen falta al menos 2 jugadores para empezar.
only-host = Solo quien abrió la partida o un administrador del grupo puede hacerlo.
no-lobby = No hay ninguna partida abierta. Abre una con /newgame.
game-running = Ya hay una partida en marcha aquí. Mírala con /board.
lobby-cancelled = La partida se ha cancelado antes de empezar.
game-cancelled-by = { $name } ha cancelado la partida.
player-removed = El anfitrión ha quitado a { $name } de la partida.
player-left = { $name } ha dejado la partida.
rolloff-title = 🎲 ¿Quién empieza? Todos tiran el dado:
rolloff-line = { $name }: { $roll }
rolloff-tie = Empate en la tirada más alta: los empatados vuelven a tirar.
rolloff-winner = ¡Empieza <b>{ $name }</b>!

## Partida

turn = Turno: <b>{ $name }</b> ({ $colour })
roll-prompt = { $name }, ¡tira el dado!
rolled = 🎲 { $name } ha sacado un { $roll }.
six-counts = No quedan fichas en casa, así que el 6 cuenta { $count }.
choose-move = { $name }, elige una jugada:
moved = { $name } mueve una ficha: { $from } → { $to }.
left-nest = { $name } saca una ficha de casa a la casilla de salida.
captured = ⚔ ¡{ $name } se come una ficha { $victim_colour } de { $victim } y cuenta 20!
reached-goal = 🏁 ¡{ $name } mete una ficha en la meta y cuenta 10!
barrier-opened = { $name } abre una barrera.
third-six-sent-back = ¡Tercer seis! La ficha de { $name } que movió la última tirada ({ $from }) vuelve a casa.
third-six-nothing = ¡Tercer seis! No vuelve ninguna ficha a casa, pero se acaba el turno.
no-move = { $rolls_again ->
        [true] { $name } no puede mover ninguna ficha, pero vuelve a tirar por el 6.
       *[false] { $name } no puede mover ninguna ficha: pasa el turno.
    }
bonus-lost = Ninguna ficha puede contar { $bonus }: se pierde el premio.
must-play-bonus = { $name }, cuenta { $bonus } ahora con una de tus fichas:
auto-played = (jugada automática: era el único movimiento posible)
rolls-again = ¡{ $name } ha sacado un 6 y vuelve a tirar!
btn-roll = 🎲 Tirar
btn-move = { $from } → { $to }{ $capture ->
        [true] {" "}⚔
       *[false] {""}
    }
btn-new-game = 🎲 Nueva partida
inline-title = 🎲 Nueva partida de parchís
inline-description = De 2 a 4 jugadores, aquí mismo
inline-title-picture = 🖼 Nueva partida de parchís, con el tablero en imagen
inline-description-picture = De 2 a 4 jugadores, aquí mismo; el tablero dibujado
inline-opening = 🎲 Se abre una partida de parchís…
winner = 🏆 ¡<b>{ $name }</b> ({ $colour }) gana la partida!
winner-pair = 🏆 ¡Gana la pareja de <b>{ $first }</b> y <b>{ $second }</b>!
ranking-title = Clasificación final:
ranking-line = { $pos }. { $name } — { $distance ->
        [0] todas las fichas en la meta
        [one] le falta 1 casilla
       *[other] le faltan { $distance } casillas
    }
game-length = <i>⏱ { $minutes ->
        [0] &lt; 1 min
       *[other] { $minutes } min
    }</i>
game-time-left = ⏱ { $minutes ->
        [one] Queda 1 minuto de partida
       *[other] Quedan { $minutes } minutos de partida
    }
time-up = ⏰ ¡Se acabó el tiempo ({ $minutes ->
        [one] 1 minuto
       *[other] { $minutes } minutos
    })! Gana quien tenga más fichas en la meta; si hay empate, decide la ficha más cercana a la meta.
draw = 🤝 Empate: nadie va por delante.

## Avisos (texto plano, cortos)

alert-stale = Este tablero ya no está al día: usa el último.
alert-started = ▶️ Esta partida ya ha empezado: síguela en el tablero de abajo. Para jugar, abre la siguiente con /newgame cuando termine.
alert-not-your-turn = No es tu turno.
alert-invalid-button = Este botón no es válido.
alert-try-again = Ahora mismo no puedo: no ha cambiado nada y la partida está a salvo. Vuelve a probarlo dentro de un momento.
alert-game-over = Esta partida ya ha terminado.
alert-only-players = Solo los jugadores de esta partida pueden hacerlo.
alert-groups-only = Este comando solo funciona en grupos. Añádeme a un grupo para jugar.

## Emoji board legend
legend-pieces = fichas
legend-barrier = barrera
legend-pair = dos fichas de dos colores: mira la lista de abajo
legend-square = casilla
legend-safe = seguro
legend-lane = salida (en el anillo) y pasillo (en la línea del color)
legend-nest = fichas en casa
legend-goal = fichas en la meta
legend-turn = le toca
legend-winner = ganador
legend-anchors = número de la primera casilla de la fila (filas de diez, se leen como una página)

# stats

cmd-top = La clasificación semanal de puntos (/top siempre: de siempre, /top valoración, /top global)
cmd-stats = Tus partidas, victorias, fichas comidas, valoración y logros (respondiendo a alguien: los suyos)
cmd-timezone = La zona horaria del chat para la clasificación semanal: /timezone Europe/Madrid
cmd-forgetme = Olvidar mis partidas, puntos y valoraciones en todas partes (chat privado)
btn-rematch = 🔁 Revancha
results-finish = { $points } { $one ->
        [true] punto
       *[false] puntos
    }{ $rated ->
        [new] {" "}· debutante
        [none] {""}
       *[shown] {" "}· { $rating }
    }
results-distance = { $distance ->
        [0] todas las fichas en la meta
        [one] le falta 1 casilla
       *[other] le faltan { $distance } casillas
    }
results-unranked = Esta partida no cuenta para la clasificación: hacen falta al menos dos personas.
top-week-title = 🏆 <b>Clasificación semanal</b> (semana del { $day } de { $month ->
        [1] enero
        [2] febrero
        [3] marzo
        [4] abril
        [5] mayo
        [6] junio
        [7] julio
        [8] agosto
        [9] septiembre
        [10] octubre
        [11] noviembre
       *[12] diciembre
    })
top-all-title = 🏆 <b>Puntos de siempre</b> en este chat
top-rating-title = 🏆 <b>Valoraciones</b> en este chat
top-global-title = 🌍 <b>Puntos de siempre</b>, todos los chats
top-global-rating-title = 🌍 <b>Valoraciones</b>, todos los chats
top-line = { $rank } { $name } — { $points } { $one ->
        [true] punto
       *[false] puntos
    } ({ $games ->
        [one] 1 partida
       *[other] { $games } partidas
    })
top-rating-line = { $rank } { $name } — { $rating } ({ $games ->
        [one] 1 partida
       *[other] { $games } partidas
    })
top-apart = <i>Con menos de { $games } partidas:</i>
top-provisional = <i>Aún nadie tiene { $games } partidas: la clasificación es provisional.</i>
top-empty = Aún nadie tiene puntos aquí: acabad una partida de al menos dos personas.
stats-title = 📊 <b>{ $name }</b>{ $global ->
        [true] , todos los chats
       *[false] {""} en este chat
    }
stats-card = { $games ->
        [one] 1 partida
       *[other] { $games } partidas
    }, { $wins ->
        [one] 1 victoria
       *[other] { $wins } victorias
    } ({ $rate } %) · puesto medio { $place }
    { $own ->
        [true] Has comido { $made } · te han comido { $suffered }
       *[false] Ha comido { $made } · le han comido { $suffered }
    } · fichas en la meta: { $home }
stats-streak = Mejor racha de victorias: { $streak }
stats-rank = Clasificación de siempre: { $rank }.º de { $of }
stats-rating = Valoración: <b>{ $rating }</b> ({ $delta } en la última partida)
stats-unrated = Valoración: aún ninguna (hace falta una partida de al menos dos personas)
stats-week = Esta semana: { $points } { $one ->
        [true] punto
       *[false] puntos
    }
stats-none = { $name } aún no tiene partidas registradas.
stats-tourneys = 🏆 Torneos ganados en este chat: { $won }
timezone-is = 🕒 Zona horaria de este chat: <b>{ $zone }</b>. La clasificación semanal va de lunes a domingo en esa zona. Cámbiala con /timezone y un nombre como Atlantic/Canary.
timezone-set = 🕒 Zona horaria: <b>{ $zone }</b>. La clasificación semanal va de lunes a domingo en esa zona.
forget-done = Hecho: he olvidado tus partidas, puntos y valoraciones en todos los chats.
forget-private-only = /forgetme funciona en un chat privado conmigo: ábrelo y envíamelo allí.

## large boards (tableros para 6 y 8 jugadores, R8)

lobby-board = Tablero para { $seats } jugadores.
lobby-pairs-fill-board = Una partida por parejas llena todos los puestos del tablero: necesita exactamente { $seats } jugadores.
lobby-pairs-need-even = Una partida por parejas llena todos los puestos del tablero: necesita 4, 6 u 8 jugadores.
btn-board = 🔲 { $seats ->
        [0] Tablero: auto
       *[other] Tablero para { $seats }
    }
btn-rules = 📜 Reglas: { $preset }

# caption (el pie del tablero: qué hacer ahora y, después, los turnos jugados, una línea corta cada uno)

caption-roll = { $name }: { $again ->
        [true] vuelve a tirar
       *[false] tira el dado
    }
caption-choose = { $name } { $die } — elige una jugada
caption-bonus = { $name }: cuenta { $bonus } con una ficha
caption-computer = { $absent ->
        [true] { $name } 💤: juega el ordenador…
       *[false] { $name }: está pensando…
    }
caption-won = 🏆 <b>{ $name }</b> gana
caption-won-pair = 🏆 Ganan <b>{ $first }</b> y <b>{ $second }</b>
caption-cancelled = ✖️ Partida cancelada
caption-until = ⏳ hasta { $hour ->
        [1] la
       *[other] las
    } { $time }
caption-before = antes:
caption-die = 🎲 { $roll }{ $counts ->
        [0] {""}
       *[other] {" "}(cuenta { $counts })
    }
caption-move = { $from } → { $to }
caption-only-move = (única jugada)
caption-barrier = abre la barrera
caption-no-move = no puede mover
caption-bonus-move = +{ $bonus }: { $from } → { $to }
caption-bonus-lost = +{ $bonus } perdido
caption-third-six-back = tercer seis, la ficha de { $from } vuelve a casa
caption-third-six = tercer seis
caption-rules = <i>Parchís, reglas { $preset }{ $pairs ->
        [true] , por parejas
       *[false] {""}
    }</i>
