## daus justos i comprovables: les tirades segellades, la revelació, /fair, /seed, parxis verify, estadístiques del dau

fair-sealed = 🔒 Tirades segellades: <code>{ $commitment }</code>
fair-phrases = 🌱 { $count ->
        [one] 1 frase
       *[other] { $count } frases
    } per a les tirades (/seed)
fair-reveal = 🔓 Llavor de les tirades: <code>{ $seed }</code> (/fair: com comprovar-ho)
fair-help = 🔒 Abans de la primera tirada el tauler mostra les tirades segellades: una empremta (SHA-256) d'una llavor secreta. A la sala tothom pot afegir-hi una frase amb /seed.
    🎲 Cada tirada del dau surt d'aquesta llavor, de la sal pública de la partida i del número de la tirada: un cop segellades, ningú no les pot canviar.
    🔓 Al final es revela la llavor: envia /record i comprova el fitxer amb <code>parxis verify FITXER</code> o amb la comprovació en Python de docs/FAIRNESS.md.
fair-seed-ok = 🌱 La teva frase entra a les tirades d'aquesta partida: «{ $phrase }»
fair-seed-not-lobby = 🌱 /seed funciona a la sala, abans de començar: la frase entra a les tirades de la partida que obre.
fair-seed-empty = 🌱 Escriu una frase després de /seed, per exemple: /seed pomes verdes
fair-seed-full = 🌱 Aquesta sala ja té les seves { $max } frases.
fair-verify-ok = ✅ Tirades justes: la llavor dona l'empremta segellada { $commitment } i { $rolls ->
        [one] la tirada en surt
       *[other] les { $rolls } tirades en surten
    }.
fair-verify-commitment = ❌ La llavor no dona l'empremta segellada: aquest registre s'ha canviat.
fair-verify-roll = ❌ Línia { $line }: la tirada { $n } és un { $got }, però la llavor dona un { $expected }: aquest registre s'ha canviat.
fair-verify-predates = ⚠️ Aquesta partida es va jugar abans de segellar les tirades: el seu dau no es pot comprovar.
fair-verify-invalid = ❌ Això no és el registre d'una partida: { $reason }
fair-faces = 🎲 Tirades ({ $rolls }): ⚀ { $one } · ⚁ { $two } · ⚂ { $three } · ⚃ { $four } · ⚄ { $five } · ⚅ { $six }
fair-verdict = sisos { $sixes } %, s'esperava 16,7 %: { $within ->
        [true] dins del que dona l'atzar
       *[false] més desigual del que sol donar l'atzar
    }
cmd-fair = Com comprovar que les tirades d'una partida van ser justes
cmd-seed = Afegeix la teva frase a les tirades de la partida de la sala
fair-group-title = 🎲 <b>El dau del grup</b>: les tirades de tots els jugadors a les partides jugades aquí.
fair-group-none = 🎲 Encara no hi ha tirades comptades en aquest grup: es compten des de la primera partida amb les tirades segellades.
