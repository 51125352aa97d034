"""A patience's tableau: the columns, the spares, the stock and the tiles removed, what is legal on
it and what an action does to it (the tableau family, docs/format.md "Patience by totals").

A column lists its tiles top first; its last tile is its *free* tile, the only one a removal or a
move may take. Spares are always free. A removal takes `size` free tiles, at most one from a
column (a column offers only its free tile) and at most one spare unless `spares_together`, whose
pips make `total`. A move takes a free tile that is not its column's only tile into an empty
column (`move_to_empty`).

Bound: every removal takes `size` ≥ 2 tiles off for good, and a move adds a non-empty column
that only a removal can empty again, so a round lasts at most (tiles / size) removals and
columns + tiles moves; the removals offered at once are at most C(columns + spares, size), which
the loader caps (rulefile/build_tableau.py).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from interpreter.engine.actions import MOVE, REMOVE, Action
from interpreter.engine.tiles import Tile
from interpreter.rulefile.tableau_rules import TableauRules, TableauStock

SPARE = -1  # the place of a spare among the free places (a column's is its index)


class TableauTable:
    """The tableau's state. `hidden[c]` is how many of column c's tiles, from its top, lie face down.
    A phased match's table (engine/phased.py): one seat, one side, one round, no hand; the score
    is the tiles removed, the random stream the one the tableau was shuffled with."""

    __slots__ = ("columns", "events", "hidden", "removed", "rng", "rules", "scores", "spares", "stock", "winners")

    n = 1
    sides = 1
    seat_side = (0,)
    round = 1
    current = 0
    hands = ((),)

    def __init__(
        self,
        rules: TableauRules,
        columns: list[list[Tile]],
        hidden: list[int],
        spares: list[Tile],
        stock: list[Tile],
        removed: list[Tile],
        events: list[Any],
        scores: list[int],
        rng: random.Random,
    ) -> None:
        self.rules = rules
        self.columns = columns
        self.hidden = hidden
        self.spares = spares
        self.stock = stock  # next to draw first
        self.removed = removed
        self.events = events
        self.scores = scores
        self.rng = rng
        self.winners: tuple[int, ...] = ()

    @classmethod
    def dealt(
        cls, rules: TableauRules, order: Sequence[Tile], events: list[Any], scores: list[int], rng: random.Random
    ) -> TableauTable:
        """The tableau dealt from `order`: column 1 top to bottom, then column 2, …, then the
        spares, then the stock."""
        depth = rules.depth
        columns = [list(order[c * depth : (c + 1) * depth]) for c in range(rules.columns)]
        spares = list(order[rules.columns * depth : rules.dealt])
        hidden = [depth - 1 if rules.face.value == "top_up" else 0] * rules.columns
        return cls(rules, columns, hidden, spares, list(order[rules.dealt :]), [], events, scores, rng)

    def copy(self) -> TableauTable:
        new = TableauTable(
            self.rules,
            [column.copy() for column in self.columns],
            self.hidden.copy(),
            self.spares.copy(),
            self.stock.copy(),
            self.removed.copy(),
            self.events,
            self.scores.copy(),
            self.rng,
        )
        new.winners = self.winners
        return new

    @property
    def cleared(self) -> bool:
        """Every tile is removed: the columns, the spares and the stock are empty."""
        return not self.spares and not self.stock and not any(self.columns)

    @property
    def left(self) -> int:
        """The tiles not removed."""
        return sum(map(len, self.columns)) + len(self.spares) + len(self.stock)

    def free(self) -> list[tuple[int, Tile]]:
        """The free places: (column, its free tile), left to right, then (SPARE, a spare)."""
        out = [(c, column[-1]) for c, column in enumerate(self.columns) if column]
        return out + [(SPARE, tile) for tile in self.spares]

    def legal(self) -> list[Action]:
        """The removals, in the order of their places (columns left to right, then the spares),
        then the moves, by the column moved from and then the empty column moved to."""
        rules = self.rules
        out = []
        for chosen in combinations(self.free(), rules.size):
            if sum(tile[0] + tile[1] for _, tile in chosen) != rules.total:
                continue
            if not rules.spares_together and sum(1 for place, _ in chosen if place == SPARE) > 1:
                continue
            out.append(Action.remove([tile for _, tile in chosen]))
        if rules.move_to_empty:
            empty = [c for c, column in enumerate(self.columns) if not column]
            if empty:
                for column in self.columns:
                    if len(column) > 1:
                        out += [Action(MOVE, column[-1], value=e + 1) for e in empty]
        return out

    def why_illegal(self, action: Action) -> str:
        """Why `action`, not legal now, is refused, in a player's words."""
        rules = self.rules
        if action.kind == REMOVE:
            tiles = action.tiles
            if len(tiles) != rules.size:
                return f"a removal takes {rules.size} tiles, not {len(tiles)}"
            free = {tile for _, tile in self.free()}
            for tile in tiles:
                if tile not in free:
                    return f"{_text(tile)} is not free: {self._where(tile)}"
            pips = sum(a + b for a, b in tiles)
            if pips != rules.total:
                return f"those tiles make {pips}, not {rules.total}"
            return "only one spare may go in a removal"
        if action.kind == MOVE:
            if not rules.move_to_empty:
                return "no tile is moved in this game"
            return "a move takes a free tile that is not its column's only one into an empty column"
        return f"'{action}' is not a move in a patience: remove tiles, or move one into an empty column"

    def _where(self, tile: Tile) -> str:
        """Why a tile is not free, in what the player sees: the face-up tile on it, or that it is
        removed; an unseen tile is said to be unseen, whatever place it holds."""
        for c, column in enumerate(self.columns):
            if tile in column and column.index(tile) >= self.hidden[c]:
                return f"{_text(column[column.index(tile) + 1])} lies on it"
        if tile in self.removed:
            return "it is already removed"
        return "it is not in sight (face down, or still in the stock)"

    def apply(self, action: Action) -> None:
        """Do a legal `action`, logging what it turned up or drew."""
        if action.kind == MOVE:
            column = next(c for c, col in enumerate(self.columns) if col and col[-1] == action.tile)
            target = int(action.value) - 1  # type: ignore[arg-type]  # a move's value is its column
            self.columns[target].append(self.columns[column].pop())
            self._turn_up(column)
            return
        taken = []
        for tile in action.tiles:
            column = next((c for c, col in enumerate(self.columns) if col and col[-1] == tile), SPARE)
            if column == SPARE:
                self.spares.remove(tile)
            else:
                self.columns[column].pop()
                taken.append(column)
            self.removed.append(tile)
        for column in sorted(taken):  # what each column shows next, in the order the columns were dealt
            self._turn_up(column)
            if not self.columns[column] and self.rules.stock is TableauStock.REFILL and self.stock:
                tile = self.stock.pop(0)
                self.columns[column].append(tile)
                self.events.append({"type": "refilled", "column": column + 1, "tile": [*tile]})

    def _turn_up(self, column: int) -> None:
        """A column's new free tile, face down until now, is turned up (face: top_up)."""
        tiles = self.columns[column]
        if self.hidden[column] >= len(tiles) and tiles:
            self.hidden[column] = len(tiles) - 1
            self.events.append({"type": "turned", "column": column + 1, "tile": [*tiles[-1]]})
        elif not tiles:
            self.hidden[column] = 0


def _text(tile: Tile) -> str:
    return f"{tile[0]}-{tile[1]}"
