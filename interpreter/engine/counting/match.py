"""A match of the counting family: hands of a crib, a turned-up tile, the play to a running total
with go, and the show, until a side reaches the target (docs/format.md, "Counting games").

The match holds the hand's shared state, its table (counting/table.py), and the current phase
(counting/phases.py), and moves through the phases as every phased match does (phased.py); here
is what the table shows and the family's cheap policy. Every rule comes from the `Ruleset`;
nothing here names a game."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from interpreter.engine.actions import PLAY, Action
from interpreter.engine.counting import policy, tally
from interpreter.engine.counting.phases import CountingDeal, CountingPhase
from interpreter.engine.counting.table import CountingTable
from interpreter.engine.fixtures import ScriptedDeal
from interpreter.engine.match import register
from interpreter.engine.observation import CountingView
from interpreter.engine.phased import PhasedMatch
from interpreter.engine.tiles import Tile
from interpreter.rulefile.ruleset import Family, Ruleset

_NOBODY = -1  # the seat a view for every seat is taken for: what only one seat sees is not in it


class CountingMatch(PhasedMatch[CountingTable]):
    """A match of the counting family. Public API: as every Match (docs/engine.md). Its phases:
    "crib", "counting" or "show" (`phase`); crib discards are legal in tile order, the plays to the
    count in tile order or go alone when none fits under the limit."""

    _thumbs = True

    def _table_for(self, ruleset: Ruleset, rng: random.Random, deals: Sequence[ScriptedDeal]) -> CountingTable:
        return CountingTable(ruleset, self._seat_side, self._sides, self._scores, self._events, rng, deals)

    def _first_phase(self, table: CountingTable) -> CountingPhase:
        return CountingDeal(table)

    # --- the public API -------------------------------------------------------------------------

    @property
    def pool(self) -> int:
        return 0

    def hand(self, seat: int) -> tuple[Tile, ...]:
        return self._table.hands[seat]

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """The tiles the crib and the turn-up are still to take from the stock, next first."""
        return tuple(self._table.stock)

    @property
    def dead(self) -> tuple[Tile, ...]:
        return self._table.dead

    @property
    def counting_view(self) -> CountingView:
        """What every seat sees of the hand."""
        return self._view(_NOBODY)

    def crib(self, seat: int) -> tuple[Tile, ...]:
        """The tiles `seat` laid into the crib this hand."""
        return self._table.crib[seat]

    def _view(self, seat: int) -> CountingView:
        t = self._table
        to_crib = t.c.crib_from_each - len(t.crib[t.current]) if self._phase.kind == "crib" else 0
        return CountingView(
            dealer=t.dealer,
            starter=t.starter,
            phase=self._phase.name,
            limit=t.c.limit,
            total=t.total,
            count=tuple(t.count),
            laid=tuple(t.laid),
            gone=tuple(t.gone),
            crib_size=sum(len(c) for c in t.crib) + len(t.crib_stock),
            crib_counts=tuple(len(c) for c in t.crib),
            goes=tuple(t.goes),
            turn_up=t.turn_up,
            to_crib=to_crib,
            crib=t.crib[seat] if seat >= 0 else (),
        )

    def _seat_view(self, seat: int) -> dict[str, Any]:
        return {"counting": self._view(seat)}

    def policy_choice(self) -> Action | None:
        """At the crib, the named counting policy's tile (counting/policy.py): the one whose loss
        leaves the hand worth most at the show, over every turn-up its player cannot see."""
        if self._over or self._phase.kind != "crib":
            return None
        seat = self._table.current
        return policy.choose(self.observation(seat), self.legal_actions())

    def rule_of_thumb(self) -> Action:
        """The cheap policy (`playout`'s `heavy` share, and the greedy players'): at the crib, lay
        the tile whose loss leaves the rest of the hand worth most at a show without a turn-up; in
        the play, the tile that pegs most now, the highest-valued among equals; go when none fits."""
        legal = self.legal_actions()
        table = self._table
        if self._phase.kind != "counting":
            return max(legal, key=lambda a: (_kept_worth(table, a.tile), -legal.index(a)))
        return max(legal, key=lambda a: (_pegs(table, a), table.value[a.tile] if a.tile else 0))


def _pegs(table: CountingTable, action: Action) -> int:
    """What laying `action`'s tile would peg now (0 for a go)."""
    if action.kind != PLAY or action.tile is None:
        return 0
    ranks = [table.rank[t] for _, t in table.count] + [table.rank[action.tile]]
    total = table.total + table.value[action.tile]
    return sum(points for _, points in tally.peg(table.c, ranks, total))


def _kept_worth(table: CountingTable, tile: Tile | None) -> int:
    """What the hand without `tile` would show, without a turn-up."""
    kept = [t for t in table.hands[table.current] if t != tile]
    items = tally.show_items(table.c, [table.value[t] for t in kept], [table.rank[t] for t in kept])
    return sum(item[2] for item in items)


register(Family.COUNTING, CountingMatch)
