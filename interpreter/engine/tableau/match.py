"""A match of the tableau family: a patience by totals (docs/format.md, "Patience by totals").

One player. The set is shuffled and dealt into the tableau (tableau/table.py); the player removes
free tiles whose pips make the total, and may move a free tile into an empty column, until every
tile is removed or nothing is legal (tableau/phases.py, which also scores the end). The match is
that one deal, played as every phased match is (engine/phased.py); here are the deal and what the
player sees. Nothing here names a game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from interpreter.engine import events as ev
from interpreter.engine.actions import Action
from interpreter.engine.fixtures import ScriptedDeal
from interpreter.engine.match import register
from interpreter.engine.observation import TableauView
from interpreter.engine.phased import PhasedMatch
from interpreter.engine.tableau.phases import CLEARED, STUCK, TableauPlaying
from interpreter.engine.tableau.policy import by_totals
from interpreter.engine.tableau.table import TableauTable
from interpreter.engine.tiles import Tile
from interpreter.rulefile.ruleset import Family, Ruleset
from interpreter.rulefile.tableau_rules import TableauRules


def tableau_rules(ruleset: Ruleset) -> TableauRules:
    rules = ruleset.tableau
    if rules is None:
        raise ValueError(f"'{ruleset.name}' has no tableau")
    return rules


class TableauMatch(PhasedMatch[TableauTable]):
    """A match of the tableau family. Public API: as every Match (docs/engine.md); `phase` is
    always "playing". A playout's `heavy` share takes the family's cheap policy (`by_totals`)."""

    _thumbs = True

    def _table_for(self, ruleset: Ruleset, rng: random.Random, deals: Sequence[ScriptedDeal]) -> TableauTable:
        order = _order(ruleset, rng, deals)
        table = TableauTable.dealt(tableau_rules(ruleset), order, self._events, self._scores, rng)
        self._events.append((ev.HIDDEN, _deal_event(order), _shown_deal(view_of(table, over=False))))
        return table

    def _first_phase(self, table: TableauTable) -> TableauPlaying:
        return TableauPlaying.entered(table, self._rules.match.win_requires)

    def rule_of_thumb(self) -> Action:
        return by_totals(self._view(), self._phase.legal(self._table))

    # --- what the player sees -----------------------------------------------------------------

    def _view(self) -> TableauView:
        return view_of(self._table, self._over)

    @property
    def tableau_view(self) -> TableauView:
        """The tableau as its player sees it."""
        return self._view()

    def _seat_view(self, seat: int) -> dict[str, Any]:
        return {"tableau": self._view()}

    def hand(self, seat: int) -> tuple[Tile, ...]:
        return ()

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """The stock, next tile to draw first."""
        return tuple(self._table.stock)

    @property
    def dead(self) -> tuple[Tile, ...]:
        """The tiles removed."""
        return tuple(self._table.removed)

    @property
    def pool(self) -> int:
        return 0


def _order(ruleset: Ruleset, rng: random.Random, deals: Sequence[ScriptedDeal]) -> list[Tile]:
    """The tiles in the order they are dealt: a scripted deal's boneyard (its hands empty), the
    tiles it names first and the rest of the set after them in set order; else the set shuffled."""
    tiles = list(ruleset.set_tiles())
    if not deals:
        rng.shuffle(tiles)
        return tiles
    scripted = list(deals[0].boneyard)
    if any(deals[0].hands[0] if deals[0].hands else ()):
        raise ValueError("a tableau is dealt from a scripted deal's boneyard; its hand is empty")
    if len(set(scripted)) != len(scripted) or not set(scripted) <= set(tiles):
        raise ValueError("a scripted tableau names each tile of the set at most once")
    return scripted + [t for t in tiles if t not in set(scripted)]


def _deal_event(order: list[Tile]) -> dict[str, Any]:
    """The deal as the log keeps it (ScriptedDeal.from_event re-deals it): every tile in order."""
    return ev.deal(1, 0, "tableau", None, None, [[]], order, [], [], 0)


def _shown_deal(view: TableauView) -> dict[str, Any]:
    """The deal as the player sees it: the face-up tiles of each column, the spares, the stock's size."""
    columns = [[None if t is None else [*t] for t in column] for column in view.columns]
    spares = [[*t] for t in view.spares]
    return {"type": "tableau_dealt", "round": 1, "columns": columns, "spares": spares, "stock": view.stock}


def view_of(table: TableauTable, over: bool) -> TableauView:
    """The tableau as its player sees it (with how it ended once `over`)."""
    columns = tuple(
        tuple(None if i < table.hidden[c] else tile for i, tile in enumerate(column))
        for c, column in enumerate(table.columns)
    )
    outcome = None if not over else CLEARED if table.cleared else STUCK
    rules = table.rules
    return TableauView(
        columns, tuple(table.spares), len(table.stock), tuple(table.removed), rules.size, rules.total, outcome
    )


register(Family.TABLEAU, TableauMatch)
