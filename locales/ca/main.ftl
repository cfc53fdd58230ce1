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
# Una fitxa d'aquell color: l'adjectiu en femení ("una fitxa vermella").
piece-colour-yellow = groga
piece-colour-blue = blava
piece-colour-red = vermella
piece-colour-green = verda
piece-colour-orange = taronja
piece-colour-purple = morada
piece-colour-cyan = cian
piece-colour-pink = rosa

loc-nest = 🏠 casa
loc-goal = 🏁 meta
loc-square = casella { $n }
loc-square-short = { $n }
loc-corridor = passadís { $colour } { $k }
loc-corridor-short = passadís { $k }
loc-button-nest = 🏠
loc-button-goal = 🏁
loc-button-square = { $n }
loc-button-corridor = P{ $k }

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
left-nest = { $name } treu una fitxa de 🏠 casa a la casella de sortida.
captured = ⚔ { $name } es menja una fitxa { $victim_colour } ({ $victim }) i en compta 20!
reached-goal = 🏁 { $name } porta una fitxa a la meta i en compta 10!
barrier-opened = { $name } obre una barrera.
third-six-sent-back = Tercer sis! La fitxa de { $name } que ha mogut la darrera tirada ({ $from }) torna a 🏠 casa.
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
    }
btn-new-game = 🎲 Nova partida
inline-title = 🎲 Nova partida de parxís
inline-description = De 2 a 4 jugadors, aquí mateix
inline-title-picture = 🖼 Nova partida de parxís, amb el tauler en imatge
inline-description-picture = De 2 a 4 jugadors, aquí mateix; el tauler dibuixat
inline-opening = 🎲 S'obre una partida de parxís…
winner = 🏆 <b>{ $name }</b> ({ $colour }) guanya la partida!
winner-pair = 🏆 Guanya la parella: <b>{ $first }</b> i <b>{ $second }</b>!
ranking-title = Classificació final:
ranking-line = { $pos }. { $name } — { $distance ->
        [0] totes les fitxes a la meta
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
    })! Guanya qui té més fitxes a la meta; si hi ha empat, decideix la fitxa més a prop de la meta.
draw = 🤝 Empat: ningú no va per davant.

## Avisos (text pla, curts)

alert-stale = Aquest tauler ja no està al dia: fes servir el darrer.
alert-started = ▶️ Aquesta partida ja ha començat: segueix-la al tauler de sota. Per jugar, obre la següent amb /newgame quan s'acabi.
alert-not-your-turn = No és el teu torn.
alert-invalid-button = Aquest botó no és vàlid.
alert-try-again = Ara mateix no puc: no ha canviat res i la partida està a resguard. Torna-ho a provar d'aquí a un moment.
alert-game-over = Aquesta partida ja s'ha acabat.
alert-only-players = Només els jugadors d'aquesta partida ho poden fer.
alert-groups-only = Aquesta ordre només funciona en grups. Afegeix-me a un grup per jugar.

## Emoji board legend
legend-pieces = fitxes
legend-barrier = barrera
legend-pair = dues fitxes de dos colors: mira la llista de sota
legend-square = casella
legend-safe = casella segura
legend-lane = casella de sortida (a l'anell) i passadís (a la línia del color)
legend-nest = fitxes a casa
legend-goal = fitxes a la meta
legend-turn = li toca
legend-winner = guanyador
legend-anchors = número de la primera casella de la fila (files de deu, es llegeixen com una pàgina)

# stats

cmd-top = La classificació setmanal de punts (/top sempre: de sempre, /top valoració, /top global)
cmd-stats = Les teves partides, victòries, fitxes menjades, valoració i assoliments (responent a algú: els seus)
cmd-timezone = La zona horària del xat per a la classificació setmanal: /timezone Europe/Madrid
cmd-forgetme = Oblidar les meves partides, punts i valoracions arreu (xat privat)
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
        [0] totes les fitxes a la meta
        [one] li falta 1 casella
       *[other] li falten { $distance } caselles
    }
results-unranked = Aquesta partida no compta per a la classificació: calen almenys dues persones.
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
top-all-title = 🏆 <b>Punts de sempre</b> en aquest xat
top-rating-title = 🏆 <b>Valoracions</b> en aquest xat
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
top-empty = Encara no té punts ningú: acabeu una partida d'almenys dues persones.
stats-title = 📊 <b>{ $name }</b>{ $global ->
        [true] , tots els xats
       *[false] {""} en aquest xat
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
    } · fitxes a la meta: { $home }
stats-streak = Millor ratxa de victòries: { $streak }
stats-rank = Classificació de sempre: { $rank }{ $rank ->
        [1] r
        [2] n
        [3] r
        [4] t
       *[other] è
    } de { $of }
stats-rating = Valoració: <b>{ $rating }</b> ({ $delta } en l'última partida)
stats-unrated = Valoració: encara cap (cal una partida d'almenys dues persones)
stats-week = Aquesta setmana: { $points } { $one ->
        [true] punt
       *[false] punts
    }
stats-none = { $name } encara no té cap partida registrada.
stats-tourneys = 🏆 Tornejos guanyats en aquest xat: { $won }
timezone-is = 🕒 Zona horària d'aquest xat: <b>{ $zone }</b>. La classificació setmanal va de dilluns a diumenge en aquesta zona. Canvia-la amb /timezone i un nom com Europe/Andorra.
timezone-set = 🕒 Zona horària: <b>{ $zone }</b>. La classificació setmanal va de dilluns a diumenge en aquesta zona.
forget-done = Fet: he oblidat les teves partides, punts i valoracions a tots els xats.
forget-private-only = /forgetme funciona en un xat privat amb mi: obre'l i envia-me-la allà.

## large boards (taulers per a 6 i 8 jugadors, R8)

lobby-board = Tauler per a { $seats } jugadors.
lobby-pairs-fill-board = Una partida per parelles omple totes les places del tauler: necessita exactament { $seats } jugadors.
lobby-pairs-need-even = Una partida per parelles omple totes les places del tauler: necessita 4, 6 o 8 jugadors.
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
caption-barrier = obre la barrera
caption-no-move = no pot moure
caption-bonus-move = +{ $bonus }: { $from } → { $to }
caption-bonus-lost = +{ $bonus } perdut
caption-third-six-back = tercer sis, la fitxa de { $from } torna a 🏠 casa
caption-third-six = tercer sis
caption-rules = <i>Parxís, regles { $preset }{ $pairs ->
        [true] , per parelles
       *[false] {""}
    }</i>
