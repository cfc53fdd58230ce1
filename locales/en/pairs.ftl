## pairs tournaments (R6.2 with R10): the sign-up of pairs

pairs-signup-line = 👥 A pairs tournament: two pairs at each table, partners sitting opposite.
pairs-signup-hint = To make a pair, reply to your partner's message with /tournament partner; they confirm with the button. When the host starts, the entrants without a partner are paired at random; an odd one out is left out.
pairs-singles = Without a partner:
pairs-invite = 🤝 <b>{ $from }</b> invites <b>{ $to }</b> to be partners in the tournament. { $to }, press 🤝 Confirm partner.
pairs-btn-confirm = 🤝 Confirm partner
pairs-paired = You are partners with { $name }.
pairs-made = 🤝 <b>{ $name }</b> are partners.
pairs-how-to = Reply to your partner's message with /tournament partner.
pairs-not-invited = There is no partner invitation for you here.
pairs-already-paired = That person already has a partner.
pairs-not-pairs = This tournament is for single players, not pairs.
pairs-need-two = At least 2 pairs are needed.
pairs-random = 🎲 Paired at random: { $pairs }
pairs-left-out = { $name } is left out of the tournament: nobody was left to pair with.
