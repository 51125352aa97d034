"""The compiled rules of the tableau family (patience by totals): one player, the tiles dealt into
columns (and spares, and maybe a stock), removed in sets whose pips make a total. A `Ruleset` of
family `tableau` carries one `TableauRules` (docs/format.md, "Patience by totals"); the layout
sections of such a ruleset are unused.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Face(enum.Enum):
    """How the columns are dealt: every tile face up (`up`), or only each column's free tile, a
    tile under it turned up once it is freed (`top_up`)."""

    UP = "up"
    TOP_UP = "top_up"


class Stock(enum.Enum):
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
    stock: Stock
    move_to_empty: bool  # a free tile (not its column's only one) may be moved into an empty column
    size: int  # tiles a removal takes
    total: int  # what their pips must add up to

    @property
    def dealt(self) -> int:
        """The tiles dealt to the columns and the spares; the rest of the set is the stock."""
        return self.columns * self.depth + self.spares
