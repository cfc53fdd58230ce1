### Valencià: el joc en el terminal (`parxis play`). Text pla.

term-welcome = Benvingut al parxís! Regles: { $preset }.
term-you-are = Jugues amb el { $colour }.
term-you = Tu
term-press-enter = Polsa Retorn per a tirar el dau.
term-you-rolled = Has tret un { $roll }.
term-choose-move = Tria una jugada (1–{ $n }):
term-bad-number = Escriu un número de l'1 al { $n }.
term-thinking = 🤖 L'ordinador ({ $colour }, { $level }) està pensant…
term-you-win = 🏆 Has guanyat! Enhorabona!
term-you-lose = Fi de la partida: guanya { $name }. Una altra vegada serà!
term-goodbye = Adéu!

# terminal: el tauler per a qui comença (6 i 8 braços, "tu")
term-you-start = Comences tu!
term-rolloff-tie = Empat a { $roll } entre { $names }: tornen a tirar.
term-your-pieces = Les teues fitxes: { $list }.
term-you-moved = Mous una fitxa: { $from } → { $to }.
term-you-left-nest = Traus una fitxa del quadre d'espera a la casella d'eixida.
term-you-captured = ⚔ Et menges una fitxa { $victim_colour } ({ $victim }) i comptes 20!
term-you-reached-goal = 🏁 Entres una fitxa a casa i comptes 10!
term-you-cannot-move = { $rolls_again ->
        [true] No pots moure cap fitxa, però tornes a tirar pel 6.
       *[false] No pots moure cap fitxa: passa el torn.
    }
term-need-five = (Una fitxa només ix del quadre d'espera amb un 5.)
term-blocked = (Cap fitxa no pot avançar: una barrera, la casella d'eixida plena o el número exacte per a entrar a casa.)
term-must-open = (Amb un 6 has d'obrir la teua barrera.)
term-legend = Com es llig el tauler: 12 = casella 12 buida · 12* = casella segura · y 5 = casella d'eixida del groc (b blau, r roig, g verd…) · :: = corredor · Y = una fitxa groga (B, R, G…) · YY= = barrera · YB = dues fitxes · (1) = on acaba la jugada 1 · ▶ = li toca. Les fitxes del quadre d'espera estan al costat del nom del jugador; les de casa, al final del corredor.
term-board-size = Tauler de { $arms } braços: { $squares } caselles, una fila per braç.
legend-move = on acaba la jugada 1, 2…
