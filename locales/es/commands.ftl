### Español: ayuda, menú de comandos, reglas y ajustes. Vocabulario como en main.ftl.

## Menú de comandos (texto plano, una línea)

cmd-newgame = Abrir una partida nueva (reglas: jcf, clásico o solidario; añade «parejas» para jugar por parejas; 4, 6 u 8 para el tamaño del tablero)
cmd-join = Apuntarse a la partida abierta
cmd-leave = Dejar la partida
cmd-start = Empezar la partida (de 2 a 8 jugadores)
cmd-cancel = Cancelar la partida (quien la abrió o un administrador)
cmd-board = Volver a mostrar el tablero
cmd-rules = Ver las reglas de esta partida
cmd-language = Cambiar el idioma de este chat: /language es, ca, va o en (sin nada: los botones)
cmd-help = Cómo se juega y lista de comandos
cmd-addbot = Añadir un jugador ordenador (fácil, normal o difícil)
cmd-display = Ver el tablero como imagen o con emojis
cmd-timer = Tiempo por turno (30s, 90s, 2m, 5 min…; de 10 s a 60 min), o «sin» para quitar el límite
cmd-skip = Que el ordenador juegue por quien tarda demasiado
cmd-kick = Quitar a un jugador (anfitrión o administrador): /kick 2 o /kick rojo

help =
    <b>Parchís</b>: juega al parchís en un grupo, con amigos o contra el ordenador.

    Abre una partida con /newgame; cada uno se apunta con { btn-join } y quien la abrió pulsa { btn-start }. En tu turno tiro yo el dado y eliges la jugada con los botones (con /dice botón, primero pulsas { btn-roll }).

    { ach-help }
    { notify-help }

    /newgame — { cmd-newgame }
    /join — { cmd-join }
    /leave — { cmd-leave }
    /start — { cmd-start }
    /cancel — { cmd-cancel }
    /board — { cmd-board }
    /rules — { cmd-rules }
    /language — { cmd-language }
    /addbot — { cmd-addbot }
    /display — { cmd-display }
    /timer — { cmd-timer }
    /dice — { cmd-dice }
    /pings — { cmd-pings }
    /skip — { cmd-skip }
    /kick — { cmd-kick }
    /top — { cmd-top }
    /stats — { cmd-stats }
    /notify — { cmd-notify }
    /timezone — { cmd-timezone }
    /forgetme — { cmd-forgetme }
    /tournament — { cmd-tournament }
    /bracket — { cmd-bracket }
    /season — { cmd-season }
    /replay — { cmd-replay }
    /record — { cmd-record }
    /fair — { cmd-fair }
    /seed — { cmd-seed }
    /help — { cmd-help }
help-group =
    🎲 <b>Parchís</b> en este grupo: /newgame abre una partida, todos pulsáis { btn-join } y quien la abrió, { btn-start }. { $mode ->
        [auto] En tu turno tiro yo el dado: elige la jugada con los botones.
       *[button] En tu turno pulsa { btn-roll } y elige la jugada con los botones.
    }

    /newgame — abrir una partida
    /board — volver a mostrar el tablero
    /rules — las reglas de esta partida
    /top — la clasificación de la semana
    /stats — tus partidas y logros
    /notify — un mensaje privado cada vez que se abra una partida aquí
    /language — cambiar el idioma
btn-full-help = 📖 Ayuda completa

## Reglas

rules-title = 📖 Reglas de esta partida: <b>{ $preset }</b>{ $pairs ->
        [true] , por parejas
       *[false] {""}
    }. Sin fichas en casa, el 6 cuenta { $six }.
rules-common =
    <b>Cómo se juega</b>
    • Lleva tus cuatro fichas desde 🏠 casa, una vuelta al tablero y por tu pasillo hasta la 🏁 meta.
    • Con un 5 sacas una ficha de casa a tu casilla de salida; si puedes sacar, tienes que hacerlo.
    • Si acabas en una casilla con una ficha sola de otro color, fuera de los seguros, te la comes: vuelve a su casa y tú cuentas 20 con una de tus fichas.
    • Cuando una ficha llega a la meta cuentas 10. Para entrar en la meta hace falta el número exacto.
    • Con un 6 vuelves a tirar, pero el tercer 6 seguido manda a casa la última ficha que has movido.
    • Dos fichas del mismo color en una casilla forman una barrera que nadie puede pasar. Con un 6 tienes que abrir tu barrera si puedes.
    • En una casilla caben dos fichas como mucho. Gana quien mete antes sus cuatro fichas en la meta.
rules-jcf = <b>Reglas JCF</b> (campeonato de la Junta Central Fallera), las predeterminadas. Sin fichas en casa el 6 cuenta 7 (12 en la variante). Con el tercer 6 solo se salva una ficha que ya esté en la meta. Las barreras valen en cualquier casilla. Se puede jugar por parejas: los compañeros se sientan enfrente (amarillo con rojo, azul con verde) y quien termina juega con las fichas del compañero.
rules-classic = <b>Reglas clásicas</b>, las de siempre. Sin fichas en casa el 6 cuenta 7. Con el tercer 6 se salva la ficha que esté en su pasillo o en la meta. Las barreras valen en cualquier casilla. Se puede jugar por parejas.
rules-solidari = <b>Reglas del Parchís Solidario</b> (torneo por parejas). Siempre 4 jugadores por parejas, los compañeros enfrente (amarillo con rojo, azul con verde); quien termina juega con las fichas del compañero. Cada jugador empieza con 2 fichas ya en la casilla de salida. Sin fichas en casa el 6 cuenta 7. Con el tercer 6 se salva la ficha que esté en su pasillo o en la meta. Solo hay barrera en los seguros. A los 30 minutos gana la pareja con más fichas en la meta.
rules-short-jcf =
    • Con un 5 sale una ficha de 🏠 casa; con un 6 vuelves a tirar (el tercer 6 manda a casa la última ficha movida).
    • Cómete una ficha sola fuera de los seguros y cuenta 20; una ficha en la 🏁 meta cuenta 10.
    • Dos fichas del mismo color forman una barrera que nadie pasa; con un 6 tienes que abrir la tuya.
rules-short-classic =
    • Con un 5 sale una ficha de 🏠 casa; con un 6 vuelves a tirar (el tercer 6 manda a casa la última ficha movida, si no está en su pasillo).
    • Cómete una ficha sola fuera de los seguros y cuenta 20; una ficha en la 🏁 meta cuenta 10.
    • Dos fichas del mismo color forman una barrera que nadie pasa; con un 6 tienes que abrir la tuya.
rules-short-solidari =
    • 4 jugadores por parejas, los compañeros enfrente; cada uno empieza con 2 fichas en la casilla de salida.
    • Cómete una ficha sola fuera de los seguros y cuenta 20; una ficha en la 🏁 meta cuenta 10.
    • Solo hay barrera en los seguros. A los 30 minutos gana la pareja con más fichas en la meta.
btn-all-rules = 📖 Todas las reglas
no-game-in-play = Aquí no hay ninguna partida en juego: /newgame abre una.
no-rematch-at-tourney = Una mesa de torneo no tiene revancha: el cuadro sigue.

## Ajustes

language-prompt = 🌐 Elige el idioma de este chat:
language-set = 🌐 Idioma cambiado a { $language }.
display-prompt = ¿Cómo muestro el tablero?
btn-display-image = 🖼 Imagen
btn-display-emoji = 🔠 Emojis
display-set-image = El tablero se mostrará como imagen.
display-set-emoji = El tablero se mostrará con emojis.
timer-set = ⏳ Tiempo por turno: { $minutes ->
        [0] { $seconds } segundos
       *[other] { $rest ->
            [0] { $minutes ->
                [one] 1 minuto
               *[other] { $minutes } minutos
            }
           *[other] { $minutes } min { $rest } s
        }
    }.
timer-off = Sin límite de tiempo por turno.
time-left = ⏳ { $minutes ->
        [0] Quedan { $seconds } s
        [one] Queda 1 min
       *[other] Quedan { $minutes } min
    }
timed-out = { $name } no ha jugado a tiempo: se ha jugado automáticamente (aviso { $strike }/{ $limit }).
absent = { $name } no está: a partir de ahora el ordenador juega en su lugar.
skipped = ⏭ { $name } tardaba demasiado: el ordenador ha jugado este turno.
back = 👋 { $name } ha vuelto.
bot-removed = Me han sacado de este grupo, así que la partida de aquí ha terminado.
game-moved = Este grupo se ha convertido en supergrupo: la partida se ha movido con él.
board-below = ▶️ Partida empezada — mira el tablero, aquí abajo.
unknown-command = No conozco ese comando. Envía /help para ver lo que sé hacer.
bad-args = Así no se usa /{ $command }. /{ $command }: { $usage }.

## large boards (tableros para 6 y 8 jugadores, R8)

rules-large = <b>Tableros para 6 y 8 jugadores</b>: las mismas reglas en una vuelta más larga, de 17 casillas por color (102 o 136 casillas), así que de la casilla de salida a la meta hay 105 o 139 casillas. Los colores juegan en este orden: { colour-yellow }, { colour-blue }, { colour-red }, { colour-green }, { colour-orange }, { colour-purple } (y en el tablero para 8, { colour-cyan }, { colour-pink }). Con menos jugadores, los puestos se reparten por el tablero; por parejas, los compañeros se sientan uno frente al otro y se llenan todos los puestos. /newgame 6 o /newgame 8 pide un tablero; sin tamaño, se usa el más pequeño en el que caben todos (Solidari: siempre el tablero para 4).

# pace

cmd-dice = Quién tira el dado: auto (lo tiro yo al empezar tu turno) o botón
dice-set-auto = 🎲 Tiraré el dado por ti al empezar cada turno: el tablero te pide directamente el movimiento.
dice-set-button = 🎲 Cada jugador tira el dado con el botón { btn-roll }.
dice-is = 🎲 Dado: { $mode ->
        [auto] lo tiro yo al empezar tu turno (/dice botón para tener el botón { btn-roll })
       *[button] lo tiras tú con el botón { btn-roll } (/dice auto para que lo tire yo)
    }.
rolled-short = 🎲 { $roll }
board-updating = { $what } — actualizando el tablero…
board-updating-in = { $what } — el tablero se pondrá al día en unos { $secs } s

## Avisos (/pings)

cmd-pings = Avisa a quien tiene el turno si tarda: no, 30, 60 o 120 segundos
pings-set = 🔔 Si un jugador tarda { $seconds } s en jugar, lo avisaré con una mención.
pings-off = 🔕 Sin avisos: no mencionaré a nadie cuando le toque.
pings-is = 🔔 Avisos: { $seconds ->
        [0] ninguno (/pings 30 para avisar a quien tarde)
       *[other] tras { $seconds } s sin jugar (/pings no para quitarlos)
    }.
ping-roll = { $dot } { $name }, te toca — tira el dado
ping-choose = { $dot } { $name }, te toca — elige una jugada
ping-warning = ⏳ { $name }, { $seconds } s — después jugará el ordenador
flood-quiet = { $name }, son muchos comandos: durante un par de minutos no responderé a los tuyos. La partida sigue.
