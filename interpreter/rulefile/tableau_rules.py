"""The compiled rules of the tableau family (patience by totals): one player, the tiles dealt into
columns (and spares, and maybe a stock), removed in sets whose pips make a total. A `Ruleset` of
family `tableau` carries one `TableauRules` (docs/format.md, "Patience by totals"); the layout
sections of such a ruleset are unused.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Sequence
from dataclasses import dataclass


class Face(enum.Enum):
    """How the columns are dealt: every tile face up (`up`), or only each column's free tile, a
    tile under it turned up once it is freed (`top_up`)."""

    UP = "up"
    TOP_UP = "top_up"


class TableauStock(enum.Enum):
    """What becomes of the tiles not dealt to the columns and spares: none are left (`none`), or
    they are a face-down stock that refills, at once, each column a removal empties (`refill`)."""

    NONE = "none"
    REFILL = "refill"


@dataclass(frozen=True)
class TableauRules:
    columns: int  # columns dealt (a line: columns one tile deep)
    depth: int  # tiles dealt to each column; the last dealt is its free tile
    face: Face
    spares: int  # tiles dealt face up beside the columns, usable in any removal
    spares_together: bool  # a removal may take more than one spare
    stock: TableauStock
    move_to_empty: bool  # a free tile (not its column's only one) may be moved into an empty column
    size: int  # tiles a removal takes
    total: int  # what their pips must add up to

    @property
    def dealt(self) -> int:
        """The tiles dealt to the columns and the spares; the rest of the set is the stock."""
        return self.columns * self.depth + self.spares


def removal_sets(tiles: Sequence[tuple[int, int]], size: int, total: int) -> Iterator[tuple[tuple[int, int], ...]]:
    """Every set of `size` distinct tiles of `tiles` whose pips make `total`, in the tiles' order (a
    depth-first walk that leaves a branch once its pips pass the total: pips are never negative).
    Their number is bounded by the loader (rulefile/build_tableau.py, `removal_count`)."""
    chosen: list[tuple[int, int]] = []

    def walk(start: int, left: int) -> Iterator[tuple[tuple[int, int], ...]]:
        if len(chosen) == size:
            if left == 0:
                yield tuple(chosen)
            return
        for i in range(start, len(tiles)):
            pips = tiles[i][0] + tiles[i][1]
            if pips <= left:
                chosen.append(tiles[i])
                yield from walk(i + 1, left - pips)
                chosen.pop()

    yield from walk(0, total)


def removal_count(tiles: Sequence[tuple[int, int]], size: int, total: int) -> int:
    """How many sets `removal_sets` gives, counted without listing them (by the totals each number
    of tiles makes)."""
    ways = [[0] * (total + 1) for _ in range(size + 1)]
    ways[0][0] = 1
    for low, high in tiles:
        pips = low + high
        for k in range(size, 0, -1):
            for made in range(total, pips - 1, -1):
                ways[k][made] += ways[k - 1][made - pips]
    return ways[size][total]
