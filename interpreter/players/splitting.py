"""What the computer players do in a partition phase (a hand split into groups, compared at the
showdown): `counter` follows the file's house way, `heavy` takes the strongest split, `greedy`
the split whose showdowns pay best on average against sampled hands (each seat then splitting
by the house way). The house way and the ranking are the engine's (engine/partition/): no rule
is re-implemented here."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from interpreter.engine import Action, Observation
from interpreter.engine.partition.splits import Split, house_way
from interpreter.engine.partition.tables import partition_tables_for
from interpreter.engine.search import search_support

SAMPLES = 16  # sampled deals a greedy split is weighed over (the bound of its work: SAMPLES x splits playouts)


def _splits(legal: Sequence[Action]) -> list[Split]:
    return [action.groups for action in legal]


def _ranker(observation: Observation) -> Any:
    n = len(observation.hand_counts)
    return partition_tables_for(observation.rules.for_players(n), n).ranker


def by_house_way(observation: Observation, legal: Sequence[Action]) -> Action:
    """The split the file's house way picks (partition.house_way)."""
    chosen, _ = house_way(_ranker(observation), _splits(legal))
    return next(action for action in legal if action.groups == chosen)


def strongest(observation: Observation, legal: Sequence[Action]) -> Action:
    """The split whose compared groups rank highest together (their classes first, then their
    values); the first listed of equals."""
    ranker = _ranker(observation)
    compared = [i for i, g in enumerate(ranker.rules.groups) if g.compared]

    def strength(action: Action) -> tuple[int, int]:
        keys = [ranker.rank(action.groups[i]).key for i in compared]
        return sum(k[0] for k in keys), sum(k[1] for k in keys)

    return max(legal, key=strength)


def best_on_average(observation: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """The split that gains the seat most over SAMPLES deals of the hidden tiles, the rest of the
    hand played by the house way (ties: the house way's own split, then the first listed)."""
    rules = observation.rules
    deals = search_support(rules).determinizer(rules, observation)
    totals = [0.0] * len(legal)
    for _ in range(SAMPLES):
        table = deals.sample(rng)
        for i, action in enumerate(legal):
            after = table.clone()
            after.apply(action)
            after.playout(random.Random(0), until="round", heavy=1.0)
            totals[i] += after.scores[observation.side] - observation.scores[observation.side]
    house = by_house_way(observation, legal)
    best = max(totals)
    ties = [a for a, total in zip(legal, totals, strict=True) if total == best]
    return house if house in ties else ties[0]


def counter_split(player: object, observation: Observation, legal: Sequence[Action]) -> Action:
    """The counter player's part at a partition board: the house way, a person's rule of thumb."""
    return by_house_way(observation, legal)
