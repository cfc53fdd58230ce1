## repeticions: el botó 🎞, /replay, /record i parxis replay

replay-btn = 🎞 Repetició
replay-caption = 🎞 Repetició de { $seconds } s · 🏆 ha guanyat <b>{ $winner }</b> · la partida: { $moves ->
        [one] 1 jugada
       *[other] { $moves } jugades
    } en { $minutes ->
        [one] 1 minut
       *[other] { $minutes } minuts
    }
replay-caption-draw = 🎞 Repetició de { $seconds } s · ⏰ s'ha acabat el temps: empat · la partida: { $moves ->
        [one] 1 jugada
       *[other] { $moves } jugades
    } en { $minutes ->
        [one] 1 minut
       *[other] { $minutes } minuts
    }
replay-here = 🎞 Ací està la repetició d'esta partida.
replay-on-its-way = 🎞 La repetició ja va de camí…
replay-no-game = Encara no hi ha cap partida acabada per a repetir ací.
replay-not-kept = Eixa partida es va jugar abans que es guardaren les repeticions: no en té.
replay-not-finished = Respon amb /replay al tauler d'una partida acabada, o envia /replay a soles per a l'última.
replay-failed = Ara no s'ha pogut enviar la repetició; torna-ho a provar d'ací a un moment.
replay-record-caption = 📄 El registre de la partida <code>{ $game }</code>: { $steps ->
        [one] 1 pas
       *[other] { $steps } passos
    }, una línia cadascun. Qualsevol el pot comprovar: <code>parxis replay FITXER</code>.
replay-title = 🎞 Partida { $game }: { $steps ->
        [one] 1 pas
       *[other] { $steps } passos
    }, { $moves ->
        [one] 1 jugada
       *[other] { $moves } jugades
    }.
replay-checked = ✅ Tots els passos són legals ({ $steps ->
        [one] 1 pas comprovat
       *[other] { $steps } passos comprovats
    } amb les regles).
replay-winner = 🏆 Ha guanyat { $name }.
replay-draw = ⏰ S'ha acabat el temps: empat (R6.3).
replay-gif-written = 🎞 L'animació ({ $frames } fotogrames, { $kb } kB) està en { $file }.
cmd-replay = Envia l'última partida acabada com a animació (responent a un tauler acabat: eixa partida)
cmd-record = Envia el registre de l'última partida acabada, un fitxer que qualsevol pot comprovar
