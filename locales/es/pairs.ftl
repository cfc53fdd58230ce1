## torneos por parejas (R6.2 con R10): la inscripción de parejas

pairs-signup-line = 👥 Un torneo por parejas: dos parejas en cada mesa, los compañeros sentados uno frente al otro.
pairs-signup-hint = Para formar pareja, responde a un mensaje de tu compañero con /tournament pareja; él lo confirma con el botón. Al empezar, los inscritos sin compañero se emparejan al azar; si sobra uno, queda fuera.
pairs-singles = Sin compañero:
pairs-invite = 🤝 <b>{ $from }</b> invita a <b>{ $to }</b> a formar pareja en el torneo. { $to }, pulsa 🤝 Confirmar pareja.
pairs-btn-confirm = 🤝 Confirmar pareja
pairs-paired = Ahora formas pareja con { $name }.
pairs-made = 🤝 <b>{ $name }</b> forman pareja.
pairs-how-to = Responde a un mensaje de tu compañero con /tournament pareja.
pairs-not-invited = Aquí no tienes ninguna invitación a formar pareja.
pairs-already-paired = Esa persona ya tiene compañero.
pairs-not-pairs = Este torneo es individual, no por parejas.
pairs-need-two = Hacen falta al menos 2 parejas.
pairs-random = 🎲 Parejas al azar: { $pairs }
pairs-left-out = { $name } queda fuera del torneo: no quedaba nadie con quien formar pareja.
