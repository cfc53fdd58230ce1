## assoliments (/stats, el peu del tauler final) i /notify

ach-first-win = Primera victòria
ach-first-win-desc = Guanya la primera partida.
ach-first-capture = Menjar i comptar 20
ach-first-capture-desc = Menja una fitxa per primera vegada i compta'n 20.
ach-three-captures = Golafre
ach-three-captures-desc = Menja i compta'n 20 tres vegades en una partida.
ach-iron-barrier = Barrera de ferro
ach-iron-barrier-desc = Mantén una barrera dreta durant tres torns teus.
ach-unlucky-six = El tercer sis
ach-unlucky-six-desc = Treu tres sisos seguits i mira com la teva fitxa torna a casa.
ach-comeback = Remuntada
ach-comeback-desc = Guanya una partida en què anaves l'últim a mitja partida.
ach-untouched = Intocable
ach-untouched-desc = Porta les quatre fitxes a la meta sense que te'n mengin cap.
ach-pairs-win = Bona parella
ach-pairs-win-desc = Guanya una partida per parelles.
ach-full-board = Tauler ple
ach-full-board-desc = Guanya després de tenir les quatre fitxes al tauler alhora.
ach-hard-beaten = Has guanyat la màquina
ach-hard-beaten-desc = Guanya una partida amb l'ordinador en nivell difícil a la taula.
ach-champion = Campió
ach-champion-desc = Guanya un torneig.
ach-season-champion = Campió de lliga
ach-season-champion-desc = Guanya una temporada o una lliga.
ach-games-10 = 10 partides
ach-games-10-desc = Juga 10 partides.
ach-games-50 = 50 partides
ach-games-50-desc = Juga 50 partides.
ach-games-100 = 100 partides
ach-games-100-desc = Juga 100 partides.
ach-week-top = El millor de la setmana
ach-week-top-desc = Acaba una setmana amb més punts que ningú en aquest xat.
# El tauler final: qui ha guanyat què, agrupat per jugador ("Aina 🥇🍽️ · Biel 😋", el codi ja
# escapa els noms).
ach-earned = ✨ { $list } — mira /stats
ach-title = 🏅 <b>Assoliments</b> ({ $count } de { $total } aquí · { $anywhere } en total):
ach-line = { $emoji } <b>{ $name }</b> — { $desc } { $holders ->
        [one] (1 jugador d'aquí)
       *[other] ({ $holders } jugadors d'aquí)
    }
ach-line-plain = { $emoji } <b>{ $name }</b> — { $desc }
ach-none = 🏅 Encara cap assoliment: surten del que passa a les teves partides.
ach-help = 🏅 <b>Assoliments</b>: els moments de les partides (una barrera tres torns, menjar tres fitxes, una remuntada…) donen assoliments, una vegada cadascun; el tauler final els anuncia i /stats els llista.

cmd-notify = Rep un missatge privat cada vegada que s'obri una partida aquí (/notify off per parar)
notify-on = 🔔 { $name }, t'avisaré en privat cada vegada que s'obri una partida aquí.
notify-off = 🔕 { $name }, ja no t'avisaré de les partides noves d'aquí.
notify-was-off = { $name }, no eres a la llista. /notify t'hi posa.
notify-start-first = 🔔 { $name }, no et puc escriure fins que no m'escriguis en privat: prem el botó de sota i després Inicia, i ja ets a la llista.
notify-start-btn = 🔔 Activa els avisos
notify-registered = 🔔 Fet: t'avisaré cada vegada que s'obri una partida a <b>{ $title }</b>. Envia-hi /notify off per parar.
notify-opened = 🎲 { $host } ha obert una partida a <b>{ $title }</b>: { $preset }{ $pairs ->
        [true] , per parelles
       *[false] {""}
    }, { $free ->
        [one] 1 plaça lliure
       *[other] { $free } places lliures
    }. Entra-hi abans que comenci!
notify-opened-no-link = 🎲 { $host } ha obert una partida a <b>{ $title }</b>: { $preset }{ $pairs ->
        [true] , per parelles
       *[false] {""}
    }, { $free ->
        [one] 1 plaça lliure
       *[other] { $free } places lliures
    }. Obre el grup i prem { btn-join } al missatge de la partida (Telegram no dona enllaços als missatges d'un grup bàsic).
notify-a-group = el teu grup
notify-btn = ➡️ Vés a la partida
notify-help = 🔔 /notify en un grup: un missatge privat cada vegada que s'hi obri una partida.
notify-welcome = 👋 Hola! Porto partides de parxís als grups: afegeix-me a un grup i envia /newgame. En un grup, /notify t'avisa en privat quan s'obre una partida.
