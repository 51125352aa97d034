"""What the counting family scores, as pure functions of tiles' values and ranks: the points a
tile pegs when laid to the count, and the items of a show (docs/format.md, "Counting games").

Bounds: a show looks at every subset of its tiles (a hand and the turned-up tile: at most
`counting_rules.MAX_SHOWN` tiles, which the loader keeps hands under, so at most 2^13 subsets); a peg looks at
the tiles laid since the count started, at most the tiles of every hand."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from interpreter.rulefile.counting_rules import CountingRules

# The reasons a score is logged with (the `score` event's `reason`).
TOTAL, PAIR, RUN, GO, HAND, CRIB = "total", "pair", "run", "go", "hand", "crib"


def peg(rules: CountingRules, ranks: Sequence[int], total: int) -> list[tuple[str, int]]:
    """What the tile laid last scores: `ranks` are the ranks of the tiles laid since the count
    started, the new one last, and `total` the count it made. (reason, points), in that order."""
    out: list[tuple[str, int]] = []
    for reached, points in rules.totals:
        if total == reached and points:
            out.append((TOTAL, points))
    same = 1
    while same < len(ranks) and ranks[-1 - same] == ranks[-1]:
        same += 1
    if same >= 2 and rules.pairs:
        out.append((PAIR, rules.pairs[min(same - 2, len(rules.pairs) - 1)]))
    run = longest_run(ranks, rules.run_min)
    if run:
        out.append((RUN, run))
    return out


def longest_run(ranks: Sequence[int], least: int) -> int:
    """The most of the last tiles whose ranks are all different and consecutive, in any order, if
    at least `least` (0 otherwise, and always when `least` is 0)."""
    if not least:
        return 0
    for length in range(len(ranks), least - 1, -1):
        last = ranks[-length:]
        if len(set(last)) == length and max(last) - min(last) == length - 1:
            return length
    return 0


def show_items(
    rules: CountingRules, values: Sequence[int], ranks: Sequence[int]
) -> list[tuple[str, tuple[int, ...], int]]:
    """The items a show of tiles with these `values` and `ranks` scores: (kind, the indices of its
    tiles, points), kind "fifteen", "pair" or "run"; fifteens first, then pairs, then runs."""
    show = rules.show
    n = len(values)
    out: list[tuple[str, tuple[int, ...], int]] = []
    if show.fifteen_points:
        for size in range(2, n + 1):
            for chosen in combinations(range(n), size):
                if sum(values[i] for i in chosen) == show.fifteen_total:
                    out.append(("fifteen", chosen, show.fifteen_points))
    if show.pair_points:
        for a, b in combinations(range(n), 2):
            if ranks[a] == ranks[b]:
                out.append(("pair", (a, b), show.pair_points))
    if show.run_min:
        out += _runs(ranks, show.run_min)
    return out


def _runs(ranks: Sequence[int], least: int) -> list[tuple[str, tuple[int, ...], int]]:
    """Every run: each longest stretch of `least` or more consecutive ranks held, once for each way
    of choosing one tile of each of its ranks, a point a tile."""
    held = Counter(ranks)
    out: list[tuple[str, tuple[int, ...], int]] = []
    for low in sorted(held):
        if low - 1 in held:
            continue  # not the stretch's lowest rank
        stretch = [low]
        while stretch[-1] + 1 in held:
            stretch.append(stretch[-1] + 1)
        if len(stretch) < least:
            continue
        ways: list[tuple[int, ...]] = [()]
        for rank in stretch:
            ways = [(*way, i) for way in ways for i, r in enumerate(ranks) if r == rank]
        out += [("run", way, len(stretch)) for way in ways]
    return out
