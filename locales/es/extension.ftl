## prórrogas en una mesa de torneo con límite de tiempo (R10.5)

ext-offer = ⏱ Cualquier bando puede pedir más tiempo: se añade si el otro bando lo acepta.
ext-btn-minutes = +{ $minutes } min
ext-proposed = ⏱ <b>{ $name }</b> pide { $minutes } minutos más: el otro bando acepta o rechaza.
ext-btn-accept = ✅ Aceptar
ext-btn-refuse = ❌ Rechazar
ext-sent = Propuesta enviada.
ext-added = ⏱ Se añaden { $minutes } minutos a la partida.
ext-waiting = Aceptada; aún deben responder los otros bandos.
ext-refused = La prórroga se ha rechazado: el tiempo de la partida no cambia.
ext-time-up = El tiempo de la partida ya se ha acabado.
ext-over = La partida de esta mesa ya ha terminado.
ext-pending = Ya hay una prórroga esperando respuesta.
ext-no-proposal = No hay ninguna prórroga esperando respuesta.
ext-own-proposal = Tu propuesta la responde el otro bando.
ext-no-limit = Esta mesa no tiene límite de tiempo.
