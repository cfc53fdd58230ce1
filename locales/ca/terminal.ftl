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
