"""A match of the partition family (docs/format.md, "Partition games").

A hand goes deal -> partition -> scoring (partition/phases.py) over one table (partition/table.py),
moving through the phases as every phased match does (engine/phased.py). The deal gives every seat
`hand_size` tiles (the rest are dead) and names the banker. In the partition phase each seat in
turn, from the one after the banker round to the banker, splits its hand face down into the file's
groups: one decision (a SPLIT action); a seat whose hand has no legal split is announced stuck and
has none, and a banker who splits by the house way has none either (the policy splits for him at
the showdown, from his own tiles only). The scoring shows every split, ranks the groups, compares
each player's with the banker's and settles by the file's formula; then the bank stays or moves,
and the next hand is dealt until the match's rounds are played. Nothing here names a game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from interpreter.engine.actions import SPLIT, Action
from interpreter.engine.fixtures import ScriptedDeal
from interpreter.engine.match import register
from interpreter.engine.observation import PartitionView
from interpreter.engine.partition.phases import PartitionDeal, Splitting
from interpreter.engine.partition.splits import Split, house_way
from interpreter.engine.partition.table import PartitionTable
from interpreter.engine.phased import PhasedMatch
from interpreter.engine.phases import Phase
from interpreter.engine.tiles import Tile
from interpreter.rulefile.ruleset import Family, Ruleset


class PartitionMatch(PhasedMatch[PartitionTable]):
    """A match of the partition family. Public API: as every Match (docs/engine.md). Its phases:
    "dealing", "splitting" or "showdown" (`phase`); only the splitting takes decisions."""

    _thumbs = True  # a playout's `heavy` share splits by the house way

    def _table_for(self, ruleset: Ruleset, rng: random.Random, deals: Sequence[ScriptedDeal]) -> PartitionTable:
        return PartitionTable(ruleset, self._seat_side, self._sides, self._scores, self._events, rng, deals)

    def _first_phase(self, table: PartitionTable) -> Phase[PartitionTable]:
        return PartitionDeal(table)

    def apply(self, action: Action) -> Sequence[dict[str, Any]]:
        """Split the current seat's hand as `action` says (its groups in any order, the compared
        ones too); the events it produced."""
        phase = self._phase
        if not self._over and isinstance(phase, Splitting) and isinstance(action, Action):
            action = Action(SPLIT, value=phase.legal_split(self._table, action))  # else refused, saying why
        return super().apply(action)

    def splits_of(self, seat: int) -> list[Split]:
        """The distinct legal splits of `seat`'s hand (empty: it is stuck)."""
        return self._table.splits_of(seat)

    def _seat_view(self, seat: int) -> dict[str, Any]:
        return {"partition": self.view(seat)}

    def view(self, seat: int | None) -> PartitionView:
        """The hand as `seat` sees it (None: as every seat does, without anybody's own split)."""
        table = self._table
        rules = table.rules
        over = self._over
        own = table.splits[seat] if seat is not None and not over else None
        shown = table.shown or {}
        return PartitionView(
            banker=table.banker,
            groups=tuple(g.name for g in rules.groups),
            sizes=tuple(g.size for g in rules.groups),
            compared=tuple(g.compared for g in rules.groups),
            done=tuple(s is not None and not over for s in table.splits),
            stuck=tuple(table.stuck),
            own=own or (),
            shown=shown.get("groups", ()),
            shown_hands=shown.get("hands", ()),
            ranks=shown.get("ranks", ()),
            settled=shown.get("points", ()),
            shown_banker=shown.get("banker"),
            used=tuple(sorted(table.t.tiles[x] for x in table.used)),
        )

    @property
    def banker(self) -> int:
        """The seat that banks this hand."""
        return self._table.banker

    def hand(self, seat: int) -> tuple[Tile, ...]:
        return self._table.t.tiles_of(self._table.masks[seat])

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        return ()

    @property
    def dead(self) -> tuple[Tile, ...]:
        return tuple(self._table.t.tiles[x] for x in self._table.dead_ids)

    @property
    def pool(self) -> int:
        return 0

    def house_split(self) -> Action:
        """The current seat's split by the file's house way (the computer players' named policy)."""
        split, _ = house_way(self._table.t.ranker, self._table.splits_of(self._table.current))
        return Action(SPLIT, value=split)

    def rule_of_thumb(self) -> Action:
        return self.house_split()


register(Family.PARTITION, PartitionMatch)
