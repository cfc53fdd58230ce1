### Català: el joc al terminal (`parxis play`). Text pla.

term-welcome = Benvingut al parxís! Regles: { $preset }.
term-you-are = Jugues amb el { $colour }.
term-you = Tu
term-press-enter = Prem Retorn per tirar el dau.
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
term-your-pieces = Les teves fitxes: { $list }.
term-you-moved = Mous una fitxa: { $from } → { $to }.
term-you-left-nest = Treus una fitxa de casa a la casella de sortida.
term-you-captured = ⚔ Et menges una fitxa { $victim_colour } ({ $victim }) i en comptes 20!
term-you-reached-goal = 🏁 Portes una fitxa a la meta i en comptes 10!
term-you-cannot-move = { $rolls_again ->
        [true] No pots moure cap fitxa, però tornes a tirar pel 6.
       *[false] No pots moure cap fitxa: passa el torn.
    }
term-need-five = (Una fitxa només surt de casa amb un 5.)
term-blocked = (Cap fitxa no pot avançar: una barrera, la casella de sortida plena o el número exacte per entrar a la meta.)
term-must-open = (Amb un 6 has d'obrir la teva barrera.)
term-legend = Com es llegeix el tauler: 12 = casella 12 buida · 12* = casella segura · y 5 = casella de sortida del groc (b blau, r vermell, g verd…) · :: = passadís · Y = una fitxa groga (B, R, G…) · YY= = barrera · YB = dues fitxes · (1) = on acaba la jugada 1 · ▶ = li toca. Les fitxes de casa són al costat del nom del jugador; les de la meta, al final del passadís.
term-board-size = Tauler de { $arms } braços: { $squares } caselles, una fila per braç.
legend-move = on acaba la jugada 1, 2…
