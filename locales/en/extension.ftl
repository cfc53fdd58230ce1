## time extensions at a timed tournament table (R10.5)

ext-offer = ⏱ Either side may ask for more time: it is added when the other side accepts.
ext-btn-minutes = +{ $minutes } min
ext-proposed = ⏱ <b>{ $name }</b> asks for { $minutes } more minutes: the other side accepts or refuses.
ext-btn-accept = ✅ Accept
ext-btn-refuse = ❌ Refuse
ext-sent = Proposal sent.
ext-added = ⏱ { $minutes } minutes added to the game.
ext-waiting = Accepted; the other sides must still answer.
ext-refused = The extension was refused: the game's time stays as it was.
ext-time-up = The game's time has already run out.
ext-over = This table's game is over.
ext-pending = An extension is already waiting for an answer.
ext-no-proposal = No extension is waiting for an answer.
ext-own-proposal = The other side answers your proposal.
ext-no-limit = This table has no time limit.
