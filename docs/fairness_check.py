#!/usr/bin/env python3
"""Check the dice of a Parxis game's record (the JSON Lines file /record sends).

Only Python 3's standard library. Usage:

    python3 fairness_check.py record.jsonl          # exit 0: fair, 1: changed, 2: cannot check
    python3 fairness_check.py record.jsonl --rolls  # also print the recomputed rolls (JSON)

See FAIRNESS.md for what it checks and why.
"""
import hashlib
import hmac
import json
import sys


def roll(seed, salt, n):
    """Roll number n (from 0): the first byte below 252 of HMAC-SHA256(seed, "salt:n")."""
    k = 0
    while True:
        message = f"{salt}:{n}" if k == 0 else f"{salt}:{n}:{k}"
        for b in hmac.new(seed, message.encode("utf-8"), hashlib.sha256).digest():
            if b < 252:
                return 1 + b % 6
        k += 1


def main(path, show_rolls):
    with open(path, encoding="utf-8") as f:
        lines = [json.loads(line) for line in f if line.strip()]
    header = lines[0]
    fair = header.get("fair")
    if not isinstance(fair, dict):
        print("This game was played before the rolls were sealed: its dice cannot be checked.")
        return 2
    seed = bytes.fromhex(fair["seed"])
    if hashlib.sha256(seed).hexdigest() != fair["commitment"].lower():
        print("The seed does not give the sealed fingerprint: this record was changed.")
        return 1
    rolls = [r for rnd in header["roll_off"] for _colour, r in rnd]
    rolls += [line["roll"] for line in lines[1:] if "roll" in line]
    expected = [roll(seed, fair["salt"], n) for n in range(len(rolls))]
    if show_rolls:
        print(json.dumps(expected))
    for n, (got, want) in enumerate(zip(rolls, expected)):
        if got != want:
            print(f"Roll {n} is a {got}, but the seed gives a {want}: this record was changed.")
            return 1
    print(f"Fair rolls: the seed gives the sealed fingerprint {fair['commitment']} "
          f"and all {len(rolls)} rolls follow from it.")
    return 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print(__doc__)
        sys.exit(2)
    sys.exit(main(sys.argv[1], "--rolls" in sys.argv[2:]))
