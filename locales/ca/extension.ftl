## pròrrogues en una taula de torneig amb límit de temps (R10.5)

ext-offer = ⏱ Qualsevol bàndol pot demanar més temps: s'afegeix si l'altre bàndol ho accepta.
ext-btn-minutes = +{ $minutes } min
ext-proposed = ⏱ <b>{ $name }</b> demana { $minutes } minuts més: l'altre bàndol accepta o rebutja.
ext-btn-accept = ✅ Accepta
ext-btn-refuse = ❌ Rebutja
ext-sent = Proposta enviada.
ext-added = ⏱ S'afegeixen { $minutes } minuts a la partida.
ext-waiting = Acceptada; encara han de respondre els altres bàndols.
ext-refused = S'ha rebutjat la pròrroga: el temps de la partida no canvia.
ext-time-up = El temps de la partida ja s'ha acabat.
ext-over = La partida d'aquesta taula ja s'ha acabat.
ext-pending = Ja hi ha una pròrroga esperant resposta.
ext-no-proposal = No hi ha cap pròrroga esperant resposta.
ext-own-proposal = La teva proposta la respon l'altre bàndol.
ext-no-limit = Aquesta taula no té límit de temps.
