## tornejos per parelles (R6.2 amb R10): la inscripció de parelles

pairs-signup-line = 👥 Un torneig per parelles: dos parelles a cada taula, els companys asseguts l'un enfront de l'altre.
pairs-signup-hint = Per a fer parella, respon a un missatge del teu company amb /tournament parella; ell ho confirma amb el botó. En començar, els inscrits sense company s'aparellen a l'atzar; si en sobra un, queda fora.
pairs-singles = Sense company:
pairs-invite = 🤝 <b>{ $from }</b> convida <b>{ $to }</b> a fer parella en el torneig. { $to }, polsa 🤝 Confirma la parella.
pairs-btn-confirm = 🤝 Confirma la parella
pairs-paired = Ara fas parella amb { $name }.
pairs-made = 🤝 <b>{ $name }</b> fan parella.
pairs-how-to = Respon a un missatge del teu company amb /tournament parella.
pairs-not-invited = Ací no tens cap invitació a fer parella.
pairs-already-paired = Eixa persona ja té company.
pairs-not-pairs = Este torneig és individual, no per parelles.
pairs-need-two = Fan falta almenys 2 parelles.
pairs-random = 🎲 Parelles a l'atzar: { $pairs }
pairs-left-out = { $name } queda fora del torneig: no quedava ningú amb qui fer parella.
