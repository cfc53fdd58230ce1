## dados justos y comprobables: las tiradas selladas, la revelación, /fair, /seed, parxis verify, estadísticas del dado

fair-sealed = 🔒 Tiradas selladas: <code>{ $commitment }</code>
fair-phrases = 🌱 { $count ->
        [one] 1 frase
       *[other] { $count } frases
    } para las tiradas (/seed)
fair-reveal = 🔓 Semilla de las tiradas: <code>{ $seed }</code> (/fair: cómo comprobarlo)
fair-help = 🔒 Antes de la primera tirada el tablero muestra las tiradas selladas: una huella (SHA-256) de una semilla secreta. En la sala cualquiera puede añadir una frase con /seed.
    🎲 Cada tirada del dado sale de esa semilla, de la sal pública de la partida y del número de la tirada: una vez selladas, nadie puede cambiarlas.
    🔓 Al final se revela la semilla: envía /record y comprueba el fichero con <code>parxis verify FICHERO</code> o con la comprobación en Python de docs/FAIRNESS.md.
fair-seed-ok = 🌱 Tu frase entra en las tiradas de esta partida: «{ $phrase }»
fair-seed-not-lobby = 🌱 /seed funciona en la sala, antes de empezar: la frase entra en las tiradas de la partida que abre.
fair-seed-empty = 🌱 Escribe una frase después de /seed, por ejemplo: /seed manzanas verdes
fair-seed-full = 🌱 Esta sala ya tiene sus { $max } frases.
fair-verify-ok = ✅ Tiradas justas: la semilla da la huella sellada { $commitment } y { $rolls ->
        [one] la tirada sale
       *[other] las { $rolls } tiradas salen
    } de ella.
fair-verify-commitment = ❌ La semilla no da la huella sellada: este registro se ha cambiado.
fair-verify-roll = ❌ Línea { $line }: la tirada { $n } es un { $got }, pero la semilla da un { $expected }: este registro se ha cambiado.
fair-verify-predates = ⚠️ Esta partida se jugó antes de sellar las tiradas: su dado no se puede comprobar.
fair-verify-invalid = ❌ Esto no es el registro de una partida: { $reason }
fair-faces = 🎲 Tiradas ({ $rolls }): ⚀ { $one } · ⚁ { $two } · ⚂ { $three } · ⚃ { $four } · ⚄ { $five } · ⚅ { $six }
fair-verdict = seises { $sixes } %, se esperaba 16,7 %: { $within ->
        [true] dentro de lo que da el azar
       *[false] más desigual de lo que suele dar el azar
    }
cmd-fair = Cómo comprobar que las tiradas de una partida fueron justas
cmd-seed = Añade tu frase a las tiradas de la partida en la sala
fair-group-title = 🎲 <b>El dado del grupo</b>: las tiradas de todos los jugadores en las partidas jugadas aquí.
fair-group-none = 🎲 Aún no hay tiradas contadas en este grupo: se cuentan desde la primera partida con las tiradas selladas.
