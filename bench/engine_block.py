"""The same rounds through this project's engine, playing `rules/block.yaml`.

The engine plays whole matches (to 100 points); a round is over when `match.round` moves on or
the match ends, and a new match starts whenever one ends, so constructing a Match is part of the
cost of a round. The engine asks for every decision, the lead and passes included: a decision
with one legal action takes it without drawing a random number, like the other contenders.

The engine lists a play per arm, so when both ends show the same value every fitting tile appears
twice (arm 0 and arm 1), where the benchmark's move definition counts it once. Every move then
appears exactly twice, so a uniform pick from the engine's list is still uniform over the moves:
the games are the same, the engine just generates the longer list.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from interpreter.engine import Match
from interpreter.rulefile.loader import load_ruleset
from interpreter.rulefile.ruleset import Ruleset

BLOCK = Path(__file__).resolve().parent.parent / "rules" / "block.yaml"
SEATS = 4


@functools.cache
def block_rules() -> Ruleset:
    return load_ruleset(BLOCK)


def rounds(n: int, seed: int) -> int:
    """Play n random rounds; the checksum is the total of the pips left in all hands at the ends
    of the rounds, which depends on every move and is comparable across the contenders.

    The pips come from the match's `round_end` records, read once when the match is over (or when
    the n-th round has ended) with `Match.events_of`, which builds those records' dicts only."""
    return _rounds(n, seed, lambda match: match.events_of("round_end"))


def rounds_with_log(n: int, seed: int) -> int:
    """`rounds`, reading each match's whole event log (`match.events`, every record built as a
    JSON-ready dict) as `domino simulate` does: the cost of keeping a full log, for comparison."""
    return _rounds(n, seed, lambda match: [e for e in match.events if e["type"] == "round_end"])


def rounds_playout(n: int, seed: int) -> int:
    """`rounds` with the engine's own random play: `match.playout(rng)` plays each round out
    inside the engine by the same rule (`int(rng.random() * k)` per decision with k > 1 legal
    actions, nothing drawn for a forced one), as simulations and AI playouts use it: the same
    games as `rounds` on the same seed."""
    rules = block_rules()
    rng = random.Random(seed)
    pips_left = 0
    played = 0
    matches = 0
    while played < n:
        match = Match(rules, players=SEATS, seed=seed * 1_000_003 + matches)
        matches += 1
        while played < n and not match.is_over:
            match.playout(rng)
            played += 1
        pips_left += sum(sum(event["pips"]) for event in match.events_of("round_end"))
    return pips_left


def _rounds(n: int, seed: int, round_ends: Callable[[Match], list[dict[str, Any]]]) -> int:
    rules = block_rules()
    rand = random.Random(seed).random
    pips_left = 0
    played = 0
    matches = 0
    while played < n:
        match = Match(rules, players=SEATS, seed=seed * 1_000_003 + matches)
        matches += 1
        round_no = match.round
        while played < n and not match.is_over:
            legal = match.legal_actions()
            k = len(legal)
            match.apply(legal[int(rand() * k)] if k > 1 else legal[0])
            if match.is_over or match.round != round_no:
                played += 1
                round_no = match.round
        pips_left += sum(sum(event["pips"]) for event in round_ends(match))
    return pips_left
