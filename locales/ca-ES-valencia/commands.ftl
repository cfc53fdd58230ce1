### Valencià: ajuda, menú d'ordres, regles i preferències. Vocabulari com en main.ftl.

## Menú d'ordres (text pla, una línia)

cmd-newgame = Obrir una partida nova (regles: jcf, clàssic o solidari; afig «parelles» per a jugar per parelles; 4, 6 o 8 per a la grandària del tauler)
cmd-join = Apuntar-se a la partida oberta
cmd-leave = Eixir de la partida
cmd-start = Començar la partida (de 2 a 8 jugadors)
cmd-cancel = Cancel·lar la partida (qui l'ha oberta o un administrador)
cmd-board = Tornar a mostrar el tauler
cmd-rules = Veure les regles d'esta partida
cmd-language = Canviar la llengua d'este xat: /language va, ca, es o en (sense res: els botons)
cmd-help = Com es juga i llista d'ordres
cmd-addbot = Afegir un jugador ordinador (fàcil, normal o difícil)
cmd-display = Veure el tauler com a imatge o amb emojis
cmd-timer = Temps per torn (30s, 90s, 2m, 5 min…; de 10 s a 60 min), o «sense» per a llevar el límit
cmd-skip = Que l'ordinador jugue per qui tarda massa
cmd-kick = Llevar un jugador (amfitrió o administrador): /kick 2 o /kick roig

help =
    <b>Parxís</b>: jugueu al parxís en un grup, amb amics o contra l'ordinador.

    Obri una partida amb /newgame; cadascú s'hi apunta amb { btn-join } i qui l'ha oberta polsa { btn-start }. Quan et toque, el dau el tire jo i tries la jugada amb els botons (amb /dice botó, primer polses { btn-roll }).

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
    🎲 <b>Parxís</b> en este grup: /newgame obri una partida, tots polseu { btn-join } i qui l'ha oberta, { btn-start }. { $mode ->
        [auto] Quan et toque, el dau el tire jo: tria la jugada amb els botons.
       *[button] Quan et toque, polsa { btn-roll } i tria la jugada amb els botons.
    }

    /newgame — obrir una partida
    /board — tornar a mostrar el tauler
    /rules — les regles d'esta partida
    /top — la classificació de la setmana
    /stats — les teues partides i assoliments
    /notify — un missatge privat cada vegada que s'òbriga una partida ací
    /language — canviar la llengua
btn-full-help = 📖 Ajuda completa

## Regles

rules-title = 📖 Regles d'esta partida: <b>{ $preset }</b>{ $pairs ->
        [true] , per parelles
       *[false] {""}
    }. Sense fitxes en el quadre d'espera, el 6 compta { $six }.
rules-common =
    <b>Com es juga</b>
    • Porta les teues quatre fitxes des del 🏠 quadre d'espera, una volta al tauler i pel teu corredor fins a 🏁 casa.
    • Amb un 5 ix una fitxa del quadre d'espera a la teua casella d'eixida; si en pots traure una, ho has de fer.
    • Si acabes en una casella amb una fitxa sola d'un altre color, fora dels segurs, te la menges: torna al seu quadre d'espera i tu comptes 20 amb una de les teues fitxes.
    • Quan una fitxa arriba a casa, comptes 10. Per a entrar a casa cal el valor exacte.
    • Amb un 6 tornes a tirar, però el tercer 6 seguit envia al quadre d'espera l'última fitxa que has mogut.
    • Dues fitxes del mateix color en una casella formen una barrera que ningú no pot passar. Amb un 6 has de desfer la teua barrera si pots.
    • En una casella caben dues fitxes com a màxim. Guanya qui porta primer les quatre fitxes a casa.
rules-jcf = <b>Regles JCF</b> (campionat de la Junta Central Fallera), les predeterminades. Sense fitxes en el quadre d'espera, el 6 compta 7 (12 en la variant). Amb el tercer 6 només se salva una fitxa que ja estiga a casa. Les barreres valen en qualsevol casella. Es pot jugar per parelles: els companys seuen l'un davant de l'altre (groc amb roig, blau amb verd) i qui acaba juga amb les fitxes del company.
rules-classic = <b>Regles clàssiques</b>, les de sempre. Sense fitxes en el quadre d'espera, el 6 compta 7. Amb el tercer 6 se salva la fitxa que estiga en el seu corredor o a casa. Les barreres valen en qualsevol casella. Es pot jugar per parelles.
rules-solidari = <b>Regles del Parxís Solidari</b> (torneig per parelles). Sempre 4 jugadors per parelles, els companys l'un davant de l'altre (groc amb roig, blau amb verd); qui acaba juga amb les fitxes del company. Cada jugador comença amb 2 fitxes ja en la casella d'eixida. Sense fitxes en el quadre d'espera, el 6 compta 7. Amb el tercer 6 se salva la fitxa que estiga en el seu corredor o a casa. Només hi ha barrera en els segurs. Als 30 minuts guanya la parella amb més fitxes a casa.
rules-short-jcf =
    • Amb un 5 ix una fitxa del 🏠 quadre d'espera; amb un 6 tornes a tirar (el tercer 6 torna al quadre d'espera l'última fitxa moguda).
    • Menja't una fitxa sola fora dels segurs i compta 20; una fitxa que entra a 🏁 casa compta 10.
    • Dues fitxes del mateix color fan una barrera que ningú no passa; amb un 6 l'has de desfer.
rules-short-classic =
    • Amb un 5 ix una fitxa del 🏠 quadre d'espera; amb un 6 tornes a tirar (el tercer 6 torna al quadre d'espera l'última fitxa moguda, si no està en el seu corredor).
    • Menja't una fitxa sola fora dels segurs i compta 20; una fitxa que entra a 🏁 casa compta 10.
    • Dues fitxes del mateix color fan una barrera que ningú no passa; amb un 6 l'has de desfer.
rules-short-solidari =
    • 4 jugadors per parelles, els companys l'un davant de l'altre; cadascú comença amb 2 fitxes en la casella d'eixida.
    • Menja't una fitxa sola fora dels segurs i compta 20; una fitxa que entra a 🏁 casa compta 10.
    • Només hi ha barrera en els segurs. Als 30 minuts guanya la parella amb més fitxes a casa.
btn-all-rules = 📖 Totes les regles
no-game-in-play = Ací no hi ha cap partida en joc: /newgame n'obri una.
no-rematch-at-tourney = Una taula de torneig no té revenja: el quadre continua.

## Preferències

language-prompt = 🌐 Tria la llengua d'este xat:
language-set = 🌐 Llengua canviada: { $language }.
display-prompt = Com vols que mostre el tauler?
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
absent = { $name } no hi és: des d'ara l'ordinador juga en el seu lloc.
skipped = ⏭ { $name } tardava massa: l'ordinador ha jugat este torn.
back = 👋 { $name } ha tornat.
bot-removed = M'han llevat d'este grup, així que la partida d'ací s'ha acabat.
game-moved = Este grup s'ha convertit en supergrup: la partida l'ha seguit.
board-below = ▶️ Partida començada — mira el tauler, ací baix.
unknown-command = No conec eixa ordre. Envia /help per a veure què sé fer.
bad-args = Així no es fa servir /{ $command }. /{ $command }: { $usage }.

## large boards (taulers per a 6 i 8 jugadors, R8)

rules-large = <b>Taulers per a 6 i 8 jugadors</b>: les mateixes regles en una volta més llarga, de 17 caselles per color (102 o 136 caselles), de manera que de la casella d'eixida a casa hi ha 105 o 139 caselles. Els colors juguen en este orde: { colour-yellow }, { colour-blue }, { colour-red }, { colour-green }, { colour-orange }, { colour-purple } (i en el tauler per a 8, { colour-cyan }, { colour-pink }). Amb menys jugadors, les places es repartixen pel tauler; per parelles, els companys seuen l'un davant de l'altre i s'omplin totes les places. /newgame 6 o /newgame 8 demana un tauler; sense grandària, s'usa el més xicotet on caben tots (Solidari: sempre el tauler per a 4).

# pace

cmd-dice = Qui tira el dau: auto (el tire jo en començar el teu torn) o botó
dice-set-auto = 🎲 Tiraré el dau per tu en començar cada torn: el tauler et demana directament el moviment.
dice-set-button = 🎲 Cada jugador tira el dau amb el botó { btn-roll }.
dice-is = 🎲 Dau: { $mode ->
        [auto] el tire jo en començar el teu torn (/dice botó per a tindre el botó { btn-roll })
       *[button] el tires tu amb el botó { btn-roll } (/dice auto perquè el tire jo)
    }.
rolled-short = 🎲 { $roll }
board-updating = { $what } — s'està actualitzant el tauler…
board-updating-in = { $what } — el tauler s'actualitzarà d'ací a uns { $secs } s

## Avisos (/pings)

cmd-pings = Avisa qui té el torn si tarda: cap, 30, 60 o 120 segons
pings-set = 🔔 Si un jugador tarda { $seconds } s a jugar, l'avisaré amb una menció.
pings-off = 🔕 Sense avisos: no mencionaré ningú quan li toque.
pings-is = 🔔 Avisos: { $seconds ->
        [0] cap (/pings 30 per a avisar qui tarda)
       *[other] després de { $seconds } s sense jugar (/pings cap per a llevar-los)
    }.
ping-roll = { $dot } { $name }, et toca — tira el dau
ping-choose = { $dot } { $name }, et toca — tria una jugada
ping-warning = ⏳ { $name }, { $seconds } s — després jugarà l'ordinador
flood-quiet = { $name }, són moltes ordres: durant un parell de minuts no respondré les teues. La partida continua.
