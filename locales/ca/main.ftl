### Català (estàndard central).
###
### Vocabulari, el que fan servir els jugadors de parxís al Principat: fitxa, dau, tirada,
### torn; "casa" és on esperen les fitxes al començament (el niu), i "meta" el final del
### recorregut; casella de sortida; casella segura; barrera; menjar (i comptar-ne 20);
### passadís (les caselles del color cap al centre); sortir, treure; vermell.
### (El valencià diu "quadre d'espera", "casa" per a la meta, "eixida", "traure", "roig":
### vegeu ca-ES-valencia.)
### Tractament de tu; "aquest/aquesta".
###
### Format: HTML de Telegram. Només <b>, <i> i <code>; escriviu &amp; &lt; &gt; per a & < >.
### $name, $victim, $first i $second són noms d'usuari: el codi ja els escapa.
### Els botons, els avisos i les descripcions d'ordres es mostren com a text pla.

## Colors i llocs

colour-yellow = groc
colour-blue = blau
colour-red = vermell
colour-green = verd
colour-orange = taronja
colour-purple = morat
colour-cyan = cian
colour-pink = rosa

loc-nest = casa
loc-goal = meta
loc-square = casella { $n }
loc-square-short = { $n }
loc-corridor = passadís { $colour } { $k }
loc-corridor-short = passadís { $k }

level-easy = fàcil
level-normal = normal
level-hard = difícil
computer-name = Ordinador ({ $level })

preset-jcf = JCF
preset-classic = Clàssic
preset-solidari = Solidari

## Sala d'espera

lobby-title = 🎲 <b>Nova partida de parxís</b> — regles: { $preset }{ $pairs ->
        [true] , per parelles
       *[false] {""}
    }
lobby-players = Jugadors ({ $count }/{ $max }):
lobby-waiting = S'esperen jugadors (de 2 a { $max })… Prem { btn-join } per jugar.
btn-join = ✋ M'hi apunto
btn-leave = 🚪 Me'n vaig
btn-start = ▶️ Començar
btn-cancel = ✖️ Cancel·lar
btn-add-computer = 🤖 Afegir ordinador
lobby-joined = T'has apuntat a la partida.
lobby-already-joined = Ja jugues en aquesta partida.
lobby-not-in-game = No jugues en aquesta partida.
lobby-full = La partida és plena: { $max } jugadors com a màxim.
lobby-need-two = Calen almenys 2 jugadors per començar.
only-host = Només qui ha obert la partida o un administrador del grup ho pot fer.
no-lobby = No hi ha cap partida oberta. Obre'n una amb /newgame.
game-running = Aquí ja s'està jugant una partida. Mira-la amb /board.
lobby-cancelled = S'ha cancel·lat la partida abans de començar.
game-cancelled-by = { $name } ha cancel·lat la partida.
player-removed = L'amfitrió ha tret { $name } de la partida.
player-left = { $name } ha deixat la partida.
rolloff-title = 🎲 Qui comença? Tothom tira el dau:
rolloff-line = { $name }: { $roll }
rolloff-tie = Empat a la tirada més alta: els empatats tornen a tirar.
rolloff-winner = Comença <b>{ $name }</b>!

## Partida

turn = Torn: <b>{ $name }</b> ({ $colour })
roll-prompt = { $name }, tira el dau!
rolled = 🎲 { $name } ha tret un { $roll }.
six-counts = No queden fitxes a casa, així que el 6 val { $count }.
choose-move = { $name }, tria una jugada:
moved = { $name } mou una fitxa: { $from } → { $to }.
left-nest = { $name } treu una fitxa de casa a la casella de sortida.
captured = ⚔ { $name } es menja una fitxa de color { $victim_colour } ({ $victim }) i en compta 20!
reached-goal = 🏁 { $name } porta una fitxa a la meta i en compta 10!
barrier-opened = { $name } obre una barrera.
third-six-sent-back = Tercer sis! La fitxa de { $name } que ha mogut la darrera tirada ({ $from }) torna a casa.
third-six-nothing = Tercer sis! Cap fitxa no torna a casa, però s'acaba el torn.
no-move = { $rolls_again ->
        [true] { $name } no pot moure cap fitxa, però torna a tirar pel 6.
       *[false] { $name } no pot moure cap fitxa: passa el torn.
    }
bonus-lost = Cap fitxa no en pot comptar { $bonus }: es perd el premi.
must-play-bonus = { $name }, compta'n { $bonus } ara amb una de les teves fitxes:
auto-played = (jugada automàtica: era l'únic moviment possible)
rolls-again = { $name } ha tret un 6 i torna a tirar!
btn-roll = 🎲 Tirar
btn-move = { $from } → { $to }{ $capture ->
        [true] {" "}⚔
       *[false] {""}
    }{ $goal ->
        [true] {" "}🏁
       *[false] {""}
    }
btn-new-game = 🎲 Nova partida
winner = 🏆 <b>{ $name }</b> ({ $colour }) guanya la partida!
winner-pair = 🏆 Guanya la parella: <b>{ $first }</b> i <b>{ $second }</b>!
ranking-title = Classificació final:
ranking-line = { $pos }. { $name } — { $distance ->
        [0] totes les fitxes a la meta
        [one] li falta 1 casella
       *[other] li falten { $distance } caselles
    }
game-length = { $moves ->
        [one] 1 jugada
       *[other] { $moves } jugades
    }, { $rolls ->
        [one] 1 tirada
       *[other] { $rolls } tirades
    }, { $minutes ->
        [one] 1 minut
       *[other] { $minutes } minuts
    }
time-up = ⏰ S'ha acabat el temps ({ $minutes ->
        [one] 1 minut
       *[other] { $minutes } minuts
    })! Guanya qui té més fitxes a la meta; si hi ha empat, decideix la fitxa més a prop de la meta.
draw = 🤝 Empat: ningú no va per davant.

## Avisos (text pla, curts)

alert-stale = Aquest tauler ja no està al dia: fes servir el darrer.
alert-not-your-turn = No és el teu torn.
alert-invalid-button = Aquest botó no és vàlid.
alert-try-again = Ara mateix no puc: torna-ho a provar d'aquí a una estona.
alert-game-over = Aquesta partida ja s'ha acabat.
alert-only-players = Només els jugadors d'aquesta partida ho poden fer.
alert-groups-only = Aquesta ordre només funciona en grups. Afegeix-me a un grup per jugar.

## Emoji board legend
legend-pieces = fitxes
legend-barrier = barrera
legend-pair = dues fitxes: mira la llista de sota
legend-square = casella
legend-safe = casella segura
legend-lane = passadís i casella de sortida
legend-nest = fitxes a casa
legend-goal = fitxes a la meta
legend-turn = li toca
legend-winner = guanyador
legend-anchors = casella de la punta de cada braç (la columna esquerra puja, la dreta baixa)

## large boards (taulers per a 6 i 8 jugadors, R8)

lobby-board = { $seats ->
        [0] Tauler: per a 4, 6 o 8 jugadors, segons quants en siguin quan comenci la partida.
       *[other] Tauler per a { $seats } jugadors.
    }
lobby-pairs-fill-board = Una partida per parelles omple totes les places del tauler: necessita exactament { $seats } jugadors.
lobby-pairs-need-even = Una partida per parelles omple totes les places del tauler: necessita 4, 6 o 8 jugadors.
