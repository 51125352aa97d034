"""Random hands of Texas 42 (`rules/texas-42.yaml`) through the engine's own random play, for
bench/run.py's trick-family row: `match.playout(rng)` per hand, whole matches to 7 marks, a new
match whenever one ends (constructing a Match is part of the cost of a hand).

A hand is dealt, bid (a redeal after four passes counts as part of the same hand), declared and
played until its contract is decided (texas-42's `stop_when_decided`). There is no outside
contender for trick games, so this row has no ratio: it is the figure to watch from run to run.
"""

from __future__ import annotations

import functools
import random

from interpreter.engine import Match
from interpreter.loader import load_ruleset
from interpreter.rulefile.ruleset import Ruleset

SEATS = 4


@functools.cache
def texas_42() -> Ruleset:
    return load_ruleset("texas-42")


def hands_playout(n: int, seed: int) -> int:
    """Play n random hands; the checksum is the total of the points the bidders' sides took,
    which depends on every move."""
    rules = texas_42()
    rng = random.Random(seed)
    taken = 0
    played = 0
    matches = 0
    while played < n:
        match = Match(rules, SEATS, seed=seed * 100_003 + matches)
        matches += 1
        while not match.is_over and played < n:
            match.playout(rng)
            played += 1
        for end in match.events_of("round_end"):
            if end["seat"] is not None:
                taken += end["pips"][match.side_of(end["seat"])]
    return taken
