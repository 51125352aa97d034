"""A match of the draw-and-discard family (docs/format.md, "Draw and discard games"): hands in
which each turn a player takes a discard or draws, may show groups, and discards, until a hand is
complete; scored by the rule file, until the match ends. The table (table.py) holds the hand and
its turns; the phases (phases.py) deal, play the turns and score; the match moves through them as
every phased match does (phased.py) and adds what the table shows. Nothing here names a game."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from interpreter.engine.draw_discard.phases import DrawDiscardDeal
from interpreter.engine.draw_discard.table import DrawDiscardTable
from interpreter.engine.draw_discard.tables import tables_for
from interpreter.engine.fixtures import ScriptedDeal
from interpreter.engine.match import register
from interpreter.engine.observation import DrawDiscardView
from interpreter.engine.phased import PhasedMatch
from interpreter.engine.phases import Phase
from interpreter.engine.tiles import Tile
from interpreter.rulefile.ruleset import Family, Ruleset


class DrawDiscardMatch(PhasedMatch[DrawDiscardTable]):
    """A match of the draw-and-discard family. Public API: as every Match (docs/engine.md). Its
    legal actions: at the start of a turn the takes (tile order), then draw; then the groups to show
    (their tiles in order), then the discards (tile order). A playout's `heavy` is not used: the
    family's cheap policy is the greedy player's, too dear for a playout."""

    def _table_for(self, ruleset: Ruleset, rng: random.Random, deals: Sequence[ScriptedDeal]) -> DrawDiscardTable:
        return DrawDiscardTable(tables_for(ruleset, self._n), self._sides, self._scores, self._events, rng, deals)

    def _first_phase(self, table: DrawDiscardTable) -> Phase[DrawDiscardTable]:
        return DrawDiscardDeal(table)

    @property
    def pool(self) -> int:
        return self._table.pool

    def hand(self, seat: int) -> tuple[Tile, ...]:
        return tuple(sorted(self._table.tile(x) for x in self._table.hands[seat]))

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        return tuple(self._table.tile(x) for x in reversed(self._table.stock))

    @property
    def dead(self) -> tuple[Tile, ...]:
        return tuple(self._table.tile(x) for x in self._table.dead + self._table.out)

    @property
    def draw_discard_view(self) -> DrawDiscardView:
        return DrawDiscardView(**self._table.view_fields())

    def _seat_view(self, seat: int) -> dict[str, Any]:
        return {"draw_discard": self.draw_discard_view}


register(Family.DRAW_DISCARD, DrawDiscardMatch)
