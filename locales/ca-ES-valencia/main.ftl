### Valencià (estàndard de l'AVL), amb el vocabulari del reglament de la Junta Central
### Fallera (el reglament del Campionat de Parxís; vegeu docs/RULES.md).
###
### Vocabulari: fitxa, dau, tirada, tirar, torn; "quadre d'espera" és on esperen les fitxes
### al començament (el niu), i "casa" el final del recorregut (la meta); casella d'eixida;
### segur; barrera; menjar (i comptar 20); corredor (les caselles d'arribada del color);
### eixir, traure; roig.
### On el català central diu "casa" (el niu), "meta", "sortida", "treure", "vermell",
### "passadís", ací diem "quadre d'espera", "casa", "eixida", "traure", "roig", "corredor".
### Formes valencianes: "este/esta", "ací", "teua", subjuntius en -e ("toque", "jugue"),
### "per a" davant d'infinitiu de finalitat, "polsar".
###
### Format: HTML de Telegram. Només <b>, <i> i <code>; escriviu &amp; &lt; &gt; per a & < >.
### $name, $victim, $first i $second són noms d'usuari: el codi ja els escapa.
### Els botons, els avisos i les descripcions d'ordres es mostren com a text pla.

## Colors i llocs

colour-yellow = groc
colour-blue = blau
colour-red = roig
colour-green = verd
colour-orange = taronja
colour-purple = morat
colour-cyan = cian
colour-pink = rosa

loc-nest = quadre d'espera
loc-goal = casa
loc-square = casella { $n }
loc-square-short = { $n }
loc-corridor = corredor { $colour } { $k }
loc-corridor-short = corredor { $k }

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
lobby-waiting = S'esperen jugadors (de 2 a { $max })… Polsa { btn-join } per a jugar.
btn-join = ✋ M'apunte
btn-leave = 🚪 Me'n vaig
btn-start = ▶️ Començar
btn-cancel = ✖️ Cancel·lar
btn-add-computer = 🤖 Afegir ordinador
lobby-joined = T'has apuntat a la partida.
lobby-already-joined = Ja jugues en esta partida.
lobby-not-in-game = No jugues en esta partida.
lobby-full = La partida està plena: { $max } jugadors com a màxim.
lobby-need-two = Fan falta almenys 2 jugadors per a començar.
only-host = Només qui ha obert la partida o un administrador del grup ho pot fer.
no-lobby = No hi ha cap partida oberta. Obri'n una amb /newgame.
game-running = Ací ja s'està jugant una partida. Mira-la amb /board.
lobby-cancelled = S'ha cancel·lat la partida abans de començar.
game-cancelled-by = { $name } ha cancel·lat la partida.
player-removed = L'amfitrió ha llevat { $name } de la partida.
player-left = { $name } ha eixit de la partida.
rolloff-title = 🎲 Qui comença? Tots tiren el dau:
rolloff-line = { $name }: { $roll }
rolloff-tie = Empat en la tirada més alta: els empatats tornen a tirar.
rolloff-winner = Comença <b>{ $name }</b>!

## Partida

turn = Torn: <b>{ $name }</b> ({ $colour })
roll-prompt = { $name }, tira el dau!
rolled = 🎲 { $name } ha tret un { $roll }.
six-counts = No queden fitxes en el quadre d'espera, així que el 6 compta { $count }.
choose-move = { $name }, tria una jugada:
moved = { $name } mou una fitxa: { $from } → { $to }.
left-nest = { $name } trau una fitxa del quadre d'espera a la casella d'eixida.
captured = ⚔ { $name } es menja una fitxa de color { $victim_colour } ({ $victim }) i compta 20!
reached-goal = 🏁 { $name } entra una fitxa a casa i compta 10!
barrier-opened = { $name } obri una barrera.
third-six-sent-back = Tercer sis! La fitxa de { $name } que ha mogut l'última tirada ({ $from }) torna al quadre d'espera.
third-six-nothing = Tercer sis! Cap fitxa no torna al quadre d'espera, però s'acaba el torn.
no-move = { $rolls_again ->
        [true] { $name } no pot moure cap fitxa, però torna a tirar pel 6.
       *[false] { $name } no pot moure cap fitxa: passa el torn.
    }
bonus-lost = Cap fitxa no pot comptar { $bonus }: es perd el premi.
must-play-bonus = { $name }, compta { $bonus } ara amb una de les teues fitxes:
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
        [0] totes les fitxes a casa
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
    })! Guanya qui tinga més fitxes a casa; si hi ha empat, decidix la fitxa més pròxima a casa.
draw = 🤝 Empat: ningú no va per davant.

## Avisos (text pla, curts)

alert-stale = Este tauler ja no està al dia: utilitza l'últim.
alert-not-your-turn = No és el teu torn.
alert-invalid-button = Este botó no és vàlid.
alert-try-again = Ara mateix no puc: torna-ho a provar d'ací a un moment.
alert-game-over = Esta partida ja s'ha acabat.
alert-only-players = Només els jugadors d'esta partida ho poden fer.
alert-groups-only = Esta ordre només funciona en grups. Afig-me a un grup per a jugar.

## Emoji board legend
legend-pieces = fitxes
legend-barrier = barrera
legend-pair = dues fitxes: mira la llista de baix
legend-square = casella
legend-safe = segur
legend-lane = corredor i casella d'eixida
legend-nest = fitxes al quadre d'espera
legend-goal = fitxes a casa
legend-turn = li toca
legend-winner = guanyador
legend-anchors = casella de la punta de cada braç (la columna esquerra puja, la dreta baixa)

## large boards (taulers per a 6 i 8 jugadors, R8)

lobby-board = { $seats ->
        [0] Tauler: per a 4, 6 o 8 jugadors, segons quants en siguen quan comence la partida.
       *[other] Tauler per a { $seats } jugadors.
    }
lobby-pairs-fill-board = Una partida per parelles ompli totes les places del tauler: necessita exactament { $seats } jugadors.
lobby-pairs-need-even = Una partida per parelles ompli totes les places del tauler: necessita 4, 6 o 8 jugadors.
