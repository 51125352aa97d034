"""A partition match as one seat may imagine it: the other seats' hands dealt again at random
from the tiles it has not seen, consistent with what it has seen — who has split (their splits
stay hidden: each is given a random legal split of its new hand) and who was announced stuck
(dealt a hand with no legal split). Built from the seat's observation only.

A stuck seat's hand is found by rejection: at most STUCK_TRIES deals, then any hand (a seat
seldom stuck is rarely asked for); the search's steps are the match's own."""

from __future__ import annotations

import random
from typing import Any

from interpreter.engine.match import Match, register_resampler
from interpreter.engine.observation import Observation
from interpreter.engine.partition.match import PartitionMatch
from interpreter.engine.partition.phases import Splitting
from interpreter.engine.partition.splits import Split, legal_splits
from interpreter.engine.partition.table import PartitionTable
from interpreter.engine.partition.tables import partition_tables_for
from interpreter.rulefile.partition_rules import BankerSplits
from interpreter.rulefile.ruleset import Family, Ruleset

STUCK_TRIES = 50  # deals tried for a seat announced stuck before one is kept anyway


class PartitionDeterminizer:
    """`sample(rng)`: a PartitionMatch consistent with `observation` (module docstring)."""

    def __init__(self, rules: Ruleset, observation: Observation, *_: Any) -> None:
        view = observation.partition
        assert view is not None, "a partition match's observation has its view"
        self.rules = rules
        self.observation = observation
        self.n = len(observation.hand_counts)
        self.t = partition_tables_for(rules.for_players(self.n), self.n)
        self.view = view
        free = list(range(len(self.t.tiles)))
        self.used = []
        for tile in view.used:  # dealt earlier in this shuffle, and shown: not in this hand
            x = next(x for x in free if self.t.tiles[x] == tile)
            free.remove(x)
            self.used.append(x)
        own = 0
        for tile in observation.hand:
            x = next(x for x in free if self.t.tiles[x] == tile)
            free.remove(x)
            own |= 1 << x
        self.own = own
        self.unseen = free

    def sample(self, rng: random.Random) -> Match:
        obs, view, t, n = self.observation, self.view, self.t, self.n
        ranker = t.ranker
        hands = [0] * n
        splits: list[Split | None] = [None] * n
        hands[obs.seat] = self.own
        if view.own:
            splits[obs.seat] = view.own
        pool = self.unseen.copy()
        rng.shuffle(pool)
        for seat in range(n):
            if seat == obs.seat:
                continue
            size = obs.hand_counts[seat]
            for _ in range(STUCK_TRIES):
                chosen, rest = pool[:size], pool[size:]
                options = legal_splits(ranker, tuple(sorted(t.tiles[x] for x in chosen)))
                if (not options) if view.stuck[seat] else (bool(options) or not view.done[seat]):
                    break
                rng.shuffle(pool)
            pool = rest
            hands[seat] = sum(1 << x for x in chosen)
            if view.done[seat] and options:
                splits[seat] = options[int(rng.random() * len(options))]
        order, seat = [], view.banker
        for _ in range(n):
            seat = t.next_seat(seat)
            free_banker = t.rules.banker is BankerSplits.FREE
            if (seat != view.banker or free_banker) and not view.done[seat] and not view.stuck[seat]:
                order.append(seat)
        # The table as the seat imagines it; later deals come from `rng`.
        table = PartitionTable(t.ruleset, list(range(n)), n, list(obs.scores), [], rng, ())
        table.round, table.banker = obs.round, view.banker
        table.masks, table.splits, table.stuck = hands, splits, list(view.stuck)
        table.dead_ids = sorted([*pool, *self.used])
        table.pile, table.used = pool, self.used.copy()
        return PartitionMatch.resumed(t.ruleset, table, Splitting(table, order))


def _resample(match: Match, seat: int, rng: random.Random) -> Match:
    return PartitionDeterminizer(match.ruleset, match.observation(seat)).sample(rng)


def round_key(match: PartitionMatch) -> int:
    return match.round


def round_over(match: PartitionMatch, round_no: int) -> bool:
    """Whether the hand a determinization started in is over, or the match."""
    return match.is_over or match.round != round_no


# The tree path's steps (engine/search.py): the match's own, called as functions of the match.
legal_now = PartitionMatch.legal_now
advance = PartitionMatch.advance


register_resampler(Family.PARTITION, _resample)
