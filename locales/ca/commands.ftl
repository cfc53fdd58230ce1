### Català: ajuda, menú d'ordres, regles i preferències. Vocabulari com a main.ftl.

## Menú d'ordres (text pla, una línia)

cmd-newgame = Obrir una partida nova (regles: jcf, clàssic o solidari; afegeix «parelles» per jugar per parelles; 4, 6 o 8 per a la mida del tauler)
cmd-join = Apuntar-se a la partida oberta
cmd-leave = Deixar la partida
cmd-start = Començar la partida (de 2 a 8 jugadors)
cmd-cancel = Cancel·lar la partida (qui l'ha oberta o un administrador)
cmd-board = Tornar a mostrar el tauler
cmd-rules = Veure les regles d'aquesta partida
cmd-language = Canviar la llengua d'aquest xat: /language ca, va, es o en (sense res: els botons)
cmd-help = Com es juga i llista d'ordres
cmd-addbot = Afegir un jugador ordinador (fàcil, normal o difícil)
cmd-display = Veure el tauler com a imatge o amb emojis
cmd-timer = Temps per torn (30s, 90s, 2m, 5 min…; de 10 s a 60 min), o «sense» per treure el límit
cmd-skip = Que l'ordinador jugui per qui triga massa
cmd-kick = Treure un jugador (amfitrió o administrador): /kick 2 o /kick vermell

help =
    <b>Parxís</b>: jugueu al parxís en un grup, amb amics o contra l'ordinador.

    Obre una partida amb /newgame; cadascú s'hi apunta amb { btn-join } i qui l'ha oberta prem { btn-start }. Quan et toqui, el dau el tiro jo i tries la jugada amb els botons (amb /dice botó, primer prems { btn-roll }).

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
    🎲 <b>Parxís</b> en aquest grup: /newgame obre una partida, tothom prem { btn-join } i qui l'ha oberta, { btn-start }. { $mode ->
        [auto] Quan et toqui, el dau el tiro jo: tria la jugada amb els botons.
       *[button] Quan et toqui, prem { btn-roll } i tria la jugada amb els botons.
    }

    /newgame — obrir una partida
    /board — tornar a mostrar el tauler
    /rules — les regles d'aquesta partida
    /top — la classificació de la setmana
    /stats — les teves partides i assoliments
    /notify — un missatge privat cada vegada que s'obri una partida aquí
    /language — canviar la llengua
btn-full-help = 📖 Ajuda completa

## Regles

rules-title = 📖 Regles d'aquesta partida: <b>{ $preset }</b>{ $pairs ->
        [true] , per parelles
       *[false] {""}
    }. Sense fitxes a casa, el 6 en compta { $six }.
rules-common =
    <b>Com es juga</b>
    • Porta les teves quatre fitxes des de 🏠 casa, una volta al tauler i pel teu passadís fins a la 🏁 meta.
    • Amb un 5 surt una fitxa de casa a la teva casella de sortida; si en pots treure una, ho has de fer.
    • Si acabes en una casella amb una fitxa sola d'un altre color, fora de les caselles segures, te la menges: torna a casa seva i tu en comptes 20 amb una de les teves fitxes.
    • Quan una fitxa arriba a la meta, en comptes 10. Per entrar a la meta cal el número exacte.
    • Amb un 6 tornes a tirar, però el tercer 6 seguit envia a casa la darrera fitxa que has mogut.
    • Dues fitxes del mateix color en una casella formen una barrera que ningú no pot passar. Amb un 6 has d'obrir la teva barrera si pots.
    • En una casella hi caben dues fitxes com a màxim. Guanya qui porta primer les quatre fitxes a la meta.
rules-jcf = <b>Regles JCF</b> (campionat de la Junta Central Fallera), les predeterminades. Sense fitxes a casa, el 6 en compta 7 (12 en la variant). Amb el tercer 6 només se salva una fitxa que ja sigui a la meta. Les barreres valen a qualsevol casella. Es pot jugar per parelles: els companys seuen l'un davant de l'altre (groc amb vermell, blau amb verd) i qui acaba juga amb les fitxes del company.
rules-classic = <b>Regles clàssiques</b>, les de sempre. Sense fitxes a casa, el 6 en compta 7. Amb el tercer 6 se salva la fitxa que sigui al seu passadís o a la meta. Les barreres valen a qualsevol casella. Es pot jugar per parelles.
rules-solidari = <b>Regles del Parxís Solidari</b> (torneig per parelles). Sempre 4 jugadors per parelles, els companys l'un davant de l'altre (groc amb vermell, blau amb verd); qui acaba juga amb les fitxes del company. Cada jugador comença amb 2 fitxes ja a la casella de sortida. Sense fitxes a casa, el 6 en compta 7. Amb el tercer 6 se salva la fitxa que sigui al seu passadís o a la meta. Només hi ha barrera a les caselles segures. Als 30 minuts guanya la parella amb més fitxes a la meta.
rules-short-jcf =
    • Amb un 5 surt una fitxa de 🏠 casa; amb un 6 tornes a tirar (el tercer 6 envia a casa la darrera fitxa moguda).
    • Menja't una fitxa sola fora de les caselles segures i en comptes 20; una fitxa a la 🏁 meta en compta 10.
    • Dues fitxes del mateix color fan una barrera que ningú no passa; amb un 6 has d'obrir la teva.
rules-short-classic =
    • Amb un 5 surt una fitxa de 🏠 casa; amb un 6 tornes a tirar (el tercer 6 envia a casa la darrera fitxa moguda, si no és al seu passadís).
    • Menja't una fitxa sola fora de les caselles segures i en comptes 20; una fitxa a la 🏁 meta en compta 10.
    • Dues fitxes del mateix color fan una barrera que ningú no passa; amb un 6 has d'obrir la teva.
rules-short-solidari =
    • 4 jugadors per parelles, els companys l'un davant de l'altre; cadascú comença amb 2 fitxes a la casella de sortida.
    • Menja't una fitxa sola fora de les caselles segures i en comptes 20; una fitxa a la 🏁 meta en compta 10.
    • Només hi ha barrera a les caselles segures. Als 30 minuts guanya la parella amb més fitxes a la meta.
btn-all-rules = 📖 Totes les regles
no-game-in-play = Aquí no hi ha cap partida en joc: /newgame n'obre una.
no-rematch-at-tourney = Una taula de torneig no té revenja: el quadre continua.

## Preferències

language-prompt = 🌐 Tria la llengua d'aquest xat:
language-set = 🌐 Llengua canviada: { $language }.
display-prompt = Com vols que mostri el tauler?
btn-display-image = 🖼 Imatge
btn-display-emoji = 🔠 Emojis
display-set-image = El tauler es mostrarà com a imatge.
display-set-emoji = El tauler es mostrarà amb emojis.
timer-set = ⏳ Temps per torn: { $minutes ->
        [0] { $seconds } segons
       *[other] { $rest ->
            [0] { $minutes ->
                [one] 1 minut
               *[other] { $minutes } minuts
            }
           *[other] { $minutes } min { $rest } s
        }
    }.
timer-off = Sense límit de temps per torn.
time-left = ⏳ { $minutes ->
        [0] Queden { $seconds } s
        [one] Queda 1 min
       *[other] Queden { $minutes } min
    }
timed-out = { $name } no ha jugat a temps: s'ha jugat automàticament (avís { $strike }/{ $limit }).
absent = { $name } no hi és: a partir d'ara l'ordinador juga al seu lloc.
skipped = ⏭ { $name } trigava massa: l'ordinador ha jugat aquest torn.
back = 👋 { $name } ha tornat.
bot-removed = M'han tret d'aquest grup, així que la partida d'aquí s'ha acabat.
game-moved = Aquest grup s'ha convertit en supergrup: la partida l'ha seguit.
board-below = ▶️ Partida començada — mira el tauler, aquí sota.
unknown-command = No conec aquesta ordre. Envia /help per veure què sé fer.
bad-args = Així no es fa servir /{ $command }. /{ $command }: { $usage }.

## large boards (taulers per a 6 i 8 jugadors, R8)

rules-large = <b>Taulers per a 6 i 8 jugadors</b>: les mateixes regles en una volta més llarga, de 17 caselles per color (102 o 136 caselles), de manera que de la casella de sortida a la meta hi ha 105 o 139 caselles. Els colors juguen en aquest ordre: { colour-yellow }, { colour-blue }, { colour-red }, { colour-green }, { colour-orange }, { colour-purple } (i en el tauler per a 8, { colour-cyan }, { colour-pink }). Amb menys jugadors, les places es reparteixen pel tauler; per parelles, els companys seuen l'un davant de l'altre i s'omplen totes les places. /newgame 6 o /newgame 8 demana un tauler; sense mida, es fa servir el més petit on hi caben tots (Solidari: sempre el tauler per a 4).

# pace

cmd-dice = Qui tira el dau: auto (el tiro jo en començar el teu torn) o botó
dice-set-auto = 🎲 Tiraré el dau per tu en començar cada torn: el tauler et demana directament el moviment.
dice-set-button = 🎲 Cada jugador tira el dau amb el botó { btn-roll }.
dice-is = 🎲 Dau: { $mode ->
        [auto] el tiro jo en començar el teu torn (/dice botó per tenir el botó { btn-roll })
       *[button] el tires tu amb el botó { btn-roll } (/dice auto perquè el tiri jo)
    }.
rolled-short = 🎲 { $roll }
board-updating = { $what } — s'està actualitzant el tauler…
board-updating-in = { $what } — el tauler s'actualitzarà d'aquí a uns { $secs } s

## Avisos (/pings)

cmd-pings = Avisa qui té el torn si triga: cap, 30, 60 o 120 segons
pings-set = 🔔 Si un jugador triga { $seconds } s a jugar, l'avisaré amb una menció.
pings-off = 🔕 Sense avisos: no mencionaré ningú quan li toqui.
pings-is = 🔔 Avisos: { $seconds ->
        [0] cap (/pings 30 per avisar qui triga)
       *[other] després de { $seconds } s sense jugar (/pings cap per treure'ls)
    }.
ping-roll = { $dot } { $name }, et toca — tira el dau
ping-choose = { $dot } { $name }, et toca — tria una jugada
ping-warning = ⏳ { $name }, { $seconds } s — després jugarà l'ordinador
flood-quiet = { $name }, són moltes ordres: durant un parell de minuts no respondré les teves. La partida continua.
