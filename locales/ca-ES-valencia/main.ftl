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
# Una fitxa d'eixe color: l'adjectiu en femení ("una fitxa roja").
piece-colour-yellow = groga
piece-colour-blue = blava
piece-colour-red = roja
piece-colour-green = verda
piece-colour-orange = taronja
piece-colour-purple = morada
piece-colour-cyan = cian
piece-colour-pink = rosa

loc-nest = 🏠 quadre d'espera
loc-goal = 🏁 casa
loc-square = casella { $n }
loc-square-short = { $n }
loc-corridor = corredor { $colour } { $k }
loc-corridor-short = corredor { $k }
loc-button-nest = 🏠
loc-button-goal = 🏁
loc-button-square = { $n }
loc-button-corridor = C{ $k }

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
captured = ⚔ { $name } es menja una fitxa { $victim_colour } ({ $victim }) i compta 20!
reached-goal = 🏁 { $name } entra una fitxa a casa i compta 10!
barrier-opened = { $name } desfà una barrera.
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
    }
btn-new-game = 🎲 Nova partida
inline-title = 🎲 Nova partida de parxís
inline-description = De 2 a 4 jugadors, ací mateix
inline-title-picture = 🖼 Nova partida de parxís, amb el tauler en imatge
inline-description-picture = De 2 a 4 jugadors, ací mateix; el tauler dibuixat
inline-opening = 🎲 S'obri una partida de parxís…
winner = 🏆 <b>{ $name }</b> ({ $colour }) guanya la partida!
winner-pair = 🏆 Guanya la parella: <b>{ $first }</b> i <b>{ $second }</b>!
ranking-title = Classificació final:
ranking-line = { $pos }. { $name } — { $distance ->
        [0] totes les fitxes a casa
        [one] li falta 1 casella
       *[other] li falten { $distance } caselles
    }
game-length = <i>⏱ { $minutes ->
        [0] &lt; 1 min
       *[other] { $minutes } min
    }</i>
game-time-left = ⏱ { $minutes ->
        [one] Queda 1 minut de partida
       *[other] Queden { $minutes } minuts de partida
    }
time-up = ⏰ S'ha acabat el temps ({ $minutes ->
        [one] 1 minut
       *[other] { $minutes } minuts
    })! Guanya qui tinga més fitxes a casa; si hi ha empat, decidix la fitxa més pròxima a casa.
draw = 🤝 Empat: ningú no va per davant.

## Avisos (text pla, curts)

alert-stale = Este tauler ja no està al dia: utilitza l'últim.
alert-started = ▶️ Esta partida ja ha començat: seguix-la en el tauler de baix. Per a jugar, obri la següent amb /newgame quan acabe.
alert-not-your-turn = No és el teu torn.
alert-invalid-button = Este botó no és vàlid.
alert-try-again = Ara mateix no puc: no ha canviat res i la partida està a resguard. Torna-ho a provar d'ací a un moment.
alert-game-over = Esta partida ja s'ha acabat.
alert-only-players = Només els jugadors d'esta partida ho poden fer.
alert-groups-only = Esta ordre només funciona en grups. Afig-me a un grup per a jugar.

## Emoji board legend
legend-pieces = fitxes
legend-barrier = barrera
legend-pair = dues fitxes de dos colors: mira la llista de baix
legend-square = casella
legend-safe = segur
legend-lane = casella d'eixida (a l'anell) i corredor (en la línia del color)
legend-nest = fitxes al quadre d'espera
legend-goal = fitxes a casa
legend-turn = li toca
legend-winner = guanyador
legend-anchors = número de la primera casella de la fila (files de deu, es lligen com una pàgina)

# stats

cmd-top = La classificació setmanal de punts (/top sempre: de sempre, /top valoració, /top global)
cmd-stats = Les teues partides, victòries, fitxes menjades, valoració i assoliments (responent a algú: els seus)
cmd-timezone = La zona horària del xat per a la classificació setmanal: /timezone Europe/Madrid
cmd-forgetme = Oblidar les meues partides, punts i valoracions per tot arreu (xat privat)
btn-rematch = 🔁 Revenja
results-finish = { $points } { $one ->
        [true] punt
       *[false] punts
    }{ $rated ->
        [new] {" "}· debutant
        [none] {""}
       *[shown] {" "}· { $rating }
    }
results-distance = { $distance ->
        [0] totes les fitxes a casa
        [one] li falta 1 casella
       *[other] li falten { $distance } caselles
    }
results-unranked = Esta partida no compta per a la classificació: calen almenys dos persones.
top-week-title = 🏆 <b>Classificació setmanal</b> (setmana del { $day } { $month ->
        [1] de gener
        [2] de febrer
        [3] de març
        [4] d'abril
        [5] de maig
        [6] de juny
        [7] de juliol
        [8] d'agost
        [9] de setembre
        [10] d'octubre
        [11] de novembre
       *[12] de desembre
    })
top-all-title = 🏆 <b>Punts de sempre</b> en este xat
top-rating-title = 🏆 <b>Valoracions</b> en este xat
top-global-title = 🌍 <b>Punts de sempre</b>, tots els xats
top-global-rating-title = 🌍 <b>Valoracions</b>, tots els xats
top-line = { $rank } { $name } — { $points } { $one ->
        [true] punt
       *[false] punts
    } ({ $games ->
        [one] 1 partida
       *[other] { $games } partides
    })
top-rating-line = { $rank } { $name } — { $rating } ({ $games ->
        [one] 1 partida
       *[other] { $games } partides
    })
top-apart = <i>Amb menys de { $games } partides:</i>
top-provisional = <i>Encara ningú no té { $games } partides: la classificació és provisional.</i>
top-empty = Encara no té punts ningú: acabeu una partida d'almenys dos persones.
stats-title = 📊 <b>{ $name }</b>{ $global ->
        [true] , tots els xats
       *[false] {""} en este xat
    }
stats-card = { $games ->
        [one] 1 partida
       *[other] { $games } partides
    }, { $wins ->
        [one] 1 victòria
       *[other] { $wins } victòries
    } ({ $rate } %) · lloc mitjà { $place }
    { $own ->
        [true] Has menjat { $made } · t'han menjat { $suffered }
       *[false] Ha menjat { $made } · li han menjat { $suffered }
    } · fitxes a casa: { $home }
stats-streak = Millor ratxa de victòries: { $streak }
stats-rank = Classificació de sempre: { $rank }{ $rank ->
        [1] r
        [2] n
        [3] r
        [4] t
       *[other] é
    } de { $of }
stats-rating = Valoració: <b>{ $rating }</b> ({ $delta } en l'última partida)
stats-unrated = Valoració: encara cap (cal una partida d'almenys dos persones)
stats-week = Esta setmana: { $points } { $one ->
        [true] punt
       *[false] punts
    }
stats-none = { $name } encara no té cap partida registrada.
stats-tourneys = 🏆 Tornejos guanyats en este xat: { $won }
timezone-is = 🕒 Zona horària d'este xat: <b>{ $zone }</b>. La classificació setmanal va de dilluns a diumenge en esta zona. Canvia-la amb /timezone i un nom com Europe/Madrid.
timezone-set = 🕒 Zona horària: <b>{ $zone }</b>. La classificació setmanal va de dilluns a diumenge en esta zona.
forget-done = Fet: he oblidat les teues partides, punts i valoracions en tots els xats.
forget-private-only = /forgetme funciona en un xat privat amb mi: obri'l i envia-me-la allí.

## large boards (taulers per a 6 i 8 jugadors, R8)

lobby-board = Tauler per a { $seats } jugadors.
lobby-pairs-fill-board = Una partida per parelles ompli totes les places del tauler: necessita exactament { $seats } jugadors.
lobby-pairs-need-even = Una partida per parelles ompli totes les places del tauler: necessita 4, 6 o 8 jugadors.
btn-board = 🔲 { $seats ->
        [0] Tauler: auto
       *[other] Tauler per a { $seats }
    }
btn-rules = 📜 Regles: { $preset }

# caption (el peu del tauler: què cal fer ara i, després, els torns jugats, una línia curta cadascun)

caption-roll = { $name }: { $again ->
        [true] torna a tirar
       *[false] tira el dau
    }
caption-choose = { $name } { $die } — tria una jugada
caption-bonus = { $name }: compta { $bonus } amb una fitxa
caption-computer = { $absent ->
        [true] { $name } 💤: juga l'ordinador…
       *[false] { $name }: està pensant…
    }
caption-won = 🏆 <b>{ $name }</b> guanya
caption-won-pair = 🏆 Guanyen <b>{ $first }</b> i <b>{ $second }</b>
caption-cancelled = ✖️ Partida cancel·lada
caption-until = ⏳ fins { $hour ->
        [1] a la
       *[other] a les
    } { $time }
caption-before = abans:
caption-die = 🎲 { $roll }{ $counts ->
        [0] {""}
       *[other] {" "}(compta { $counts })
    }
caption-move = { $from } → { $to }
caption-only-move = (única jugada)
caption-barrier = desfà la barrera
caption-no-move = no pot moure
caption-bonus-move = +{ $bonus }: { $from } → { $to }
caption-bonus-lost = +{ $bonus } perdut
caption-third-six-back = tercer sis, la fitxa de { $from } torna al quadre d'espera
caption-third-six = tercer sis
caption-rules = <i>Parxís, regles { $preset }{ $pairs ->
        [true] , per parelles
       *[false] {""}
    }</i>
