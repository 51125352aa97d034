"""The cost of one decision in a trick game whose plays are tiles played together (issue 28): a
valid file with hands of 40 or 60 and pair combinations, four tiles led together, the next seat to follow.

Measures, per hand size: how many legal moves the follower is offered, the time and the peak
Python memory (tracemalloc) of listing them (`Match.legal_actions`), of building the web page's
state answer (`views.seat_view`), and of building the PettingZoo encoding's action space.

    python bench/group_plays.py            # hands of 40 and 60
    python bench/group_plays.py --hands 40
"""

from __future__ import annotations

import argparse
import sys
import time
import tracemalloc
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from interpreter.engine import Match
from interpreter.loader import load_ruleset_text


def big_hands_file(hand: int) -> str:
    """Two players, double-nine tiles in named suits, as many copies as hands of `hand` need, and
    a pair combination of each double and a quartet of any four of the low doubles."""
    copies = -(-2 * hand // 55) + 1
    tiles = "\n".join(
        f"    - {{tile: {a}-{b}, copies: {copies}, suit: {'civil' if a == b else 'military'}, rank: {a + b}}}"
        for a in range(10) for b in range(a, 10)
    )  # fmt: skip
    pairs = "\n".join(f"    - {{name: pair {a}, tiles: [{a}-{a}, {a}-{a}], kind: pair, rank: {a}}}" for a in range(10))
    doubles = "[" + ", ".join(f"{a}-{a}" for a in range(6)) + "]"
    four = ", ".join([doubles] * 4)
    pairs += f"\n    - {{name: four doubles, tiles: [{four}], kind: quartet, rank: 1}}"
    return f"""name: big-hands
title: Big hands
family: tricks
set:
  tiles:
{tiles}
players: {{min: 2, max: 2}}
deal: {{hand_size: {hand}}}
start: {{first_round: [random]}}
tricks:
  led_suit: named
  must_follow: false
  face_down: true
  combinations:
{pairs}
scoring: {{hand: captured}}
match: {{rounds: 1}}
"""


def measured(work: Callable[[], Any]) -> tuple[Any, float, float]:
    tracemalloc.start()
    start = time.perf_counter()
    out = work()
    seconds = time.perf_counter() - start
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return out, seconds, peak / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, nargs="*", default=[40, 60])
    args = parser.parse_args()
    from interpreter.agents.encoding import Encoding
    from interpreter.frontends.web.views import seat_view

    for hand in args.hands:
        ruleset = load_ruleset_text(big_hands_file(hand), "big-hands.yaml", Path.cwd())
        seed = 0
        while True:  # the first seed whose leader holds four tiles it may lead together
            match = Match(ruleset, 2, seed=seed)
            lead = max(match.legal_actions(), key=lambda a: len(a.tiles))
            if len(lead.tiles) == 4:
                break
            seed += 1
        match.apply(lead)
        seat = match.current_player
        legal, s1, m1 = measured(match.clone().legal_actions)
        _, s2, m2 = measured(partial(seat_view, match.clone(), ruleset, ["human", "human"], seat, 1))
        print(f"hands of {hand}, {lead} led: {len(legal)} legal moves; legal_actions {s1:.3f} s {m1:.1f} MiB; "
              f"seat_view {s2:.3f} s {m2:.1f} MiB")  # fmt: skip
        encoding, s3, m3 = measured(partial(Encoding, match.ruleset, 2, 2, 1.0))
        print(f"  encoding: {len(encoding.actions)} actions, built in {s3:.2f} s, {m3:.1f} MiB")


if __name__ == "__main__":
    main()
