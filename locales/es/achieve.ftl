## logros (/stats, el pie del tablero final) y /notify

ach-first-win = Primera victoria
ach-first-win-desc = Gana tu primera partida.
ach-first-capture = Comer y contar 20
ach-first-capture-desc = Cómete una ficha por primera vez y cuenta 20.
ach-three-captures = Glotón
ach-three-captures-desc = Come y cuenta 20 tres veces en una partida.
ach-iron-barrier = Barrera de hierro
ach-iron-barrier-desc = Mantén una barrera en pie durante tres turnos tuyos.
ach-unlucky-six = El tercer seis
ach-unlucky-six-desc = Saca tres seises seguidos y mira cómo tu ficha vuelve a casa.
ach-comeback = Remontada
ach-comeback-desc = Gana una partida en la que ibas el último a mitad de partida.
ach-untouched = Intocable
ach-untouched-desc = Mete las cuatro fichas en la meta sin que te coman ninguna.
ach-pairs-win = Buena pareja
ach-pairs-win-desc = Gana una partida por parejas.
ach-full-board = Tablero lleno
ach-full-board-desc = Gana después de tener las cuatro fichas en el tablero a la vez.
ach-hard-beaten = Le has ganado a la máquina
ach-hard-beaten-desc = Gana una partida con un jugador difícil del ordenador en la mesa.
ach-champion = Campeón
ach-champion-desc = Gana un torneo.
ach-season-champion = Campeón de liga
ach-season-champion-desc = Gana una temporada o una liga.
ach-games-10 = 10 partidas
ach-games-10-desc = Juega 10 partidas.
ach-games-50 = 50 partidas
ach-games-50-desc = Juega 50 partidas.
ach-games-100 = 100 partidas
ach-games-100-desc = Juega 100 partidas.
ach-week-top = El mejor de la semana
ach-week-top-desc = Termina una semana con más puntos que nadie en este chat.
# El tablero final: quién ha ganado qué, agrupado por jugador ("Aina 🥇🍽️ · Biel 😋", el código
# ya escapa los nombres).
ach-earned = ✨ { $list } — mira /stats
ach-title = 🏅 <b>Logros</b> ({ $count } de { $total } aquí · { $anywhere } en total):
ach-line = { $emoji } <b>{ $name }</b> — { $desc } { $holders ->
        [one] (1 jugador de aquí)
       *[other] ({ $holders } jugadores de aquí)
    }
ach-line-plain = { $emoji } <b>{ $name }</b> — { $desc }
ach-none = 🏅 Aún no tienes logros: salen de lo que pasa en tus partidas.
ach-help = 🏅 <b>Logros</b>: los momentos de tus partidas (una barrera tres turnos, comer tres fichas, una remontada…) dan logros, una vez cada uno; el tablero final los anuncia y /stats los lista.

cmd-notify = Recibe un mensaje privado cada vez que se abra una partida aquí (/notify off para dejarlo)
notify-on = 🔔 { $name }, te avisaré por privado cada vez que se abra una partida aquí.
notify-off = 🔕 { $name }, ya no te avisaré de las partidas nuevas de aquí.
notify-was-off = { $name }, no estabas en la lista. /notify te apunta.
notify-start-first = 🔔 { $name }, no puedo escribirte hasta que me escribas por privado: pulsa el botón de abajo y luego Iniciar, y ya estás en la lista.
notify-start-btn = 🔔 Activa los avisos
notify-registered = 🔔 Hecho: te avisaré cada vez que se abra una partida en <b>{ $title }</b>. Envía allí /notify off para dejarlo.
notify-opened = 🎲 { $host } ha abierto una partida en <b>{ $title }</b>: { $preset }{ $pairs ->
        [true] , por parejas
       *[false] {""}
    }, { $free ->
        [one] 1 plaza libre
       *[other] { $free } plazas libres
    }. ¡Únete antes de que empiece!
notify-opened-no-link = 🎲 { $host } ha abierto una partida en <b>{ $title }</b>: { $preset }{ $pairs ->
        [true] , por parejas
       *[false] {""}
    }, { $free ->
        [one] 1 plaza libre
       *[other] { $free } plazas libres
    }. Abre el grupo y pulsa { btn-join } en el mensaje de la partida (Telegram no da enlaces a los mensajes de un grupo básico).
notify-a-group = tu grupo
notify-btn = ➡️ Ir a la partida
notify-help = 🔔 /notify en un grupo: un mensaje privado cada vez que se abra allí una partida.
notify-welcome = 👋 ¡Hola! Llevo partidas de parchís en grupos: añádeme a uno y envía /newgame. En un grupo, /notify te avisa por privado cuando se abre una partida.
