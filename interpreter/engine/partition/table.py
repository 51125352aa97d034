"""A partition hand's shared state (a phased match's table, engine/phased.py): the seats' hands
(as masks of tile ids), the dead tiles, the splits made and the seats announced stuck, the banker,
the shuffle's tiles still to deal and those its earlier hands dealt, the last showdown, the scores.
The phases (partition/phases.py) hold only where the hand is."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from interpreter.engine import events as ev
from interpreter.engine.fixtures import ScriptedDeal
from interpreter.engine.partition.splits import Split, legal_splits
from interpreter.engine.partition.tables import PartitionTables, partition_tables_for
from interpreter.engine.tiles import Tile
from interpreter.rulefile.partition_rules import PartitionRules
from interpreter.rulefile.ruleset import Ruleset


class PartitionTable:
    """Everything a partition hand shares."""

    def __init__(
        self,
        ruleset: Ruleset,
        seat_side: list[int],
        sides: int,
        scores: list[int],
        events: list[ev.Record],
        rng: random.Random,
        deals: Sequence[ScriptedDeal],
    ) -> None:
        self.n = n = len(seat_side)
        self.t: PartitionTables = partition_tables_for(ruleset, n)
        self.rules: PartitionRules = self.t.rules
        self.ruleset = ruleset
        self.seat_side = seat_side
        self.sides = sides
        self.scores = scores
        self.events = events
        self.rng = rng
        self.deals = tuple(deals)
        self.round = 0
        self.banker = -1
        self.banker_stuck = False  # the last hand's banker was stuck (showdown.bank_stays_when reads it)
        self.current = 0
        self.shown: dict[str, Any] | None = None  # the last showdown, as PartitionView shows it
        # The shuffle's tiles not dealt yet, in the order they are dealt (partition.deals_per_shuffle),
        # and those dealt in its earlier hands: every seat saw them at their showdowns.
        self.pile: list[int] = []
        self.used: list[int] = []
        self.masks = [0] * n  # per seat, its hand's tile ids
        self.dead_ids: list[int] = []
        self.splits: list[Split | None] = [None] * n
        self.stuck = [False] * n
        self.legal: dict[int, list[Split]] = {}  # per seat, its hand's legal splits once asked
        self.winners: tuple[int, ...] = ()
        self.finished = False  # the match is over

    def copy(self) -> PartitionTable:
        new = object.__new__(PartitionTable)
        new.__dict__.update(self.__dict__)
        new.scores = self.scores.copy()
        new.masks = self.masks.copy()
        new.dead_ids = self.dead_ids.copy()
        new.splits = self.splits.copy()
        new.stuck = self.stuck.copy()
        new.legal = self.legal.copy()
        new.pile = self.pile.copy()
        new.used = self.used.copy()
        return new

    @property
    def hands(self) -> list[tuple[Tile, ...]]:
        return [self.t.tiles_of(mask) for mask in self.masks]

    @property
    def stock(self) -> tuple[Tile, ...]:
        return ()  # every tile not dealt is dead

    def splits_of(self, seat: int) -> list[Split]:
        """The distinct legal splits of `seat`'s hand (empty: it is stuck)."""
        found = self.legal.get(seat)
        if found is None:
            found = self.legal[seat] = legal_splits(self.t.ranker, self.t.tiles_of(self.masks[seat]))
        return found
