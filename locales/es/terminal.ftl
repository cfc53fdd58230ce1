### Español: el juego en el terminal (`parxis play`). Texto plano.

term-welcome = ¡Bienvenido al parchís! Reglas: { $preset }.
term-you-are = Juegas con el { $colour }.
term-you = Tú
term-press-enter = Pulsa Intro para tirar el dado.
term-you-rolled = Has sacado un { $roll }.
term-choose-move = Elige una jugada (1–{ $n }):
term-bad-number = Escribe un número del 1 al { $n }.
term-thinking = 🤖 El ordenador ({ $colour }, { $level }) está pensando…
term-you-win = 🏆 ¡Has ganado! ¡Enhorabuena!
term-you-lose = Fin de la partida: gana { $name }. ¡Otra vez será!
term-goodbye = ¡Hasta luego!

# terminal: el tablero para quien empieza (6 y 8 brazos, "tú")
term-you-start = ¡Empiezas tú!
term-rolloff-tie = Empate a { $roll } entre { $names }: vuelven a tirar.
term-your-pieces = Tus fichas: { $list }.
term-you-moved = Mueves una ficha: { $from } → { $to }.
term-you-left-nest = Sacas una ficha de casa a la casilla de salida.
term-you-captured = ⚔ ¡Te comes una ficha { $victim_colour } de { $victim } y cuentas 20!
term-you-reached-goal = 🏁 ¡Metes una ficha en la meta y cuentas 10!
term-you-cannot-move = { $rolls_again ->
        [true] No puedes mover ninguna ficha, pero vuelves a tirar por el 6.
       *[false] No puedes mover ninguna ficha: pasa el turno.
    }
term-need-five = (Una ficha solo sale de casa con un 5.)
term-blocked = (Ninguna ficha puede avanzar: una barrera, la casilla de salida llena o el número exacto para entrar en la meta.)
term-must-open = (Con un 6 tienes que abrir tu barrera.)
term-legend = Cómo se lee el tablero: 12 = casilla 12 vacía · 12* = seguro · y 5 = salida del amarillo (b azul, r rojo, g verde…) · :: = pasillo · Y = una ficha amarilla (B, R, G…) · YY= = barrera · YB = dos fichas · (1) = donde acaba la jugada 1 · ▶ = le toca. Las fichas de casa están junto al nombre del jugador; las de la meta, al final del pasillo.
term-board-size = Tablero de { $arms } brazos: { $squares } casillas, una fila por brazo.
legend-move = donde acaba la jugada 1, 2…
