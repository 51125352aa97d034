"""How fast this engine's round could be at best: its data, none of its generality.

    python bench/folded.py [--rounds N] [--repeats K]

A loop that plays block (the rules of run.py) on the engine's own data — the engine's tables and
matching masks, its deal (`dealing.shuffle` of the tile bits), an `Arm` object per end with its
list of (tile, half), a compact log record per action, passes counted to find a blocked round,
the pips left read with `Tables.hand_values` — with every rule test folded away, as if a code
generator had specialised the engine to these rules. It has no match either: no Match object,
no round scoring, no target, no winners, no reading of the log afterwards.

It is not a contender and the engine does not use it. It answers one question for issue 6: what
share of the specialised loop's speed is left once a round keeps the engine's general data at
all, before any test of which rules are in force. The figure it prints against the specialised
loop bounds what any reorganisation of the engine's Python could reach with this data.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # `python bench/folded.py` puts bench/, not the repository, on the path
    sys.path.insert(0, str(ROOT))

from bench import engine_block, specialised  # noqa: E402
from interpreter.engine.layout.arms import END, Arm  # noqa: E402
from interpreter.engine.layout.dealing import shuffle  # noqa: E402
from interpreter.engine.layout.tables import tables_for  # noqa: E402

SEATS = 4
HAND = 7
PASS, PLAYED, DEAL, ROUND_END = 0, 4, 2, 3  # the engine's record tags (events.py)


def rounds(n: int, seed: int) -> int:
    """Play n random rounds (run.py's random-play rule); the pips left, as the contenders return."""
    t = tables_for(engine_block.block_rules(), SEATS)
    masks, halves_of = t.fits(0).masks, t.fits(0).halves
    pips, tiles, hand_values = t.pips, t.tiles, t.hand_values
    lead = t.index[(6, 6)]
    deal_rng = random.Random(seed * 1_000_003)
    rand = random.Random(seed).random
    pips_left = 0
    for _ in range(n):
        events: list[tuple[object, ...]] = []  # a round's log, as the engine would keep it
        pool = t.bit_pool(None)
        shuffle(deal_rng, pool)
        hands = [sum(pool[start : start + HAND]) for start in range(0, SEATS * HAND, HAND)]
        seat = next(s for s in range(SEATS) if hands[s] >> lead & 1)
        events.append((DEAL, t, 1, seat, "holder", lead, None, tuple(hands), [], [], [], 0))
        hands[seat] ^= 1 << lead
        events.append((PLAYED, seat, tiles[lead], None, None))
        arms = [Arm(0, END, None, lead, 6, None), Arm(1, END, None, lead, 6, None)]
        passes = 0
        while True:
            seat = (seat + 1) % SEATS
            hand = hands[seat]
            total = 0
            for arm in arms:
                fit = hand & masks[arm.value]
                if fit:
                    total += fit.bit_count()
            if not total:
                events.append((PASS, seat, None))
                passes += 1
                if passes >= SEATS:
                    reason = "blocked"
                    break
                continue
            i = int(rand() * total) if total > 1 else 0
            for arm in arms:
                value = arm.value
                fit = hand & masks[value]
                if fit:
                    count = fit.bit_count()
                    if i < count:
                        break
                    i -= count
            while i:
                fit &= fit - 1
                i -= 1
            low = fit & -fit
            tile = low.bit_length() - 1
            half = halves_of[value][tile][0]
            hand ^= low
            hands[seat] = hand
            events.append((PLAYED, seat, tiles[tile], arm.id, half))
            arm.tiles.append((tile, half))
            arm.value = pips[tile] - half
            passes = 0
            if not hand:
                reason = "domino"
                break
        seat_pips = hand_values(hands)
        events.append((ROUND_END, t, 1, reason, seat, tuple(hands), seat_pips, [0] * SEATS))
        pips_left += sum(seat_pips)
    return pips_left


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5000, help="rounds per repetition (default 5000)")
    parser.add_argument("--repeats", type=int, default=5, help="repetitions; the median counts (default 5)")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.repeats < 1:
        parser.error("--rounds and --repeats must be at least 1")
    contenders = {"folded": rounds, "engine (playout)": engine_block.rounds_playout, "specialised": specialised.rounds}
    rates: dict[str, list[float]] = {name: [] for name in contenders}
    for play in contenders.values():
        play(max(args.rounds // 10, 1), args.repeats + 1)  # warm-up, on a seed no repetition uses
    for repeat in range(args.repeats):
        for name, play in contenders.items():
            start = time.perf_counter()
            play(args.rounds, repeat + 1)
            rates[name].append(args.rounds / (time.perf_counter() - start))
    median = {name: statistics.median(r) for name, r in rates.items()}
    for name, rps in median.items():
        print(f"{name:<17} {rps:>10.0f} rounds/s {1e6 / rps:>7.1f} µs/round")
    for name in ("folded", "engine (playout)"):
        print(f"{name} / specialised: {median[name] / median['specialised']:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
