## provably fair dice: the sealed rolls, the reveal, /fair, /seed, parxis verify, dice statistics

fair-sealed = 🔒 Rolls sealed: <code>{ $commitment }</code>
fair-phrases = 🌱 { $count ->
        [one] 1 phrase
       *[other] { $count } phrases
    } for the rolls (/seed)
fair-reveal = 🔓 Seed of the rolls: <code>{ $seed }</code> (/fair: how to check)
fair-help = 🔒 Before the first roll the board shows the rolls sealed: a fingerprint (SHA-256) of a secret seed. In the lobby anyone may add a phrase with /seed.
    🎲 Every roll of the die comes from that seed, the game's public salt and the roll's number: once sealed, nobody can change them.
    🔓 At the end the seed is revealed: send /record and check the file with <code>parxis verify FILE</code> or the Python check in docs/FAIRNESS.md.
fair-seed-ok = 🌱 Your phrase goes into the rolls of this game: «{ $phrase }»
fair-seed-not-lobby = 🌱 /seed works in a lobby, before the start: the phrase goes into the rolls of the game it opens.
fair-seed-empty = 🌱 Write a phrase after /seed, for example: /seed green apples
fair-seed-full = 🌱 This lobby has its { $max } phrases already.
fair-verify-ok = ✅ Fair rolls: the seed gives the sealed fingerprint { $commitment } and { $rolls ->
        [one] the roll follows
       *[other] all { $rolls } rolls follow
    } from it.
fair-verify-commitment = ❌ The seed does not give the sealed fingerprint: this record was changed.
fair-verify-roll = ❌ Line { $line }: roll { $n } is a { $got }, but the seed gives a { $expected }: this record was changed.
fair-verify-predates = ⚠️ This game was played before the rolls were sealed: its dice cannot be checked.
fair-verify-invalid = ❌ This is not a game's record: { $reason }
fair-faces = 🎲 Rolls ({ $rolls }): ⚀ { $one } · ⚁ { $two } · ⚂ { $three } · ⚃ { $four } · ⚄ { $five } · ⚅ { $six }
fair-verdict = sixes { $sixes } %, expected 16.7 %: { $within ->
        [true] within chance
       *[false] more uneven than chance usually gives
    }
cmd-fair = How to check that a game's rolls were fair
cmd-seed = Add your phrase to the rolls of the game in the lobby
fair-group-title = 🎲 <b>The group's dice</b>: every player's rolls in the games played here.
fair-group-none = 🎲 No rolls counted in this group yet: they are counted from the first game with sealed rolls.
