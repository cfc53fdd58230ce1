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
