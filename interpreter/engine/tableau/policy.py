"""`by_totals`: the tableau family's named policy, a one-ply look at the tableau as its player sees it
(the playouts' cheap policy, and what the greedy, heavy and counter players follow).

Each removal is weighed by, in order:
1. what it frees: a tile freed whose pips make the total with a tile free after the removal
   counts 2, a face-down tile turned up 1, any other tile freed 1 (a new choice);
2. with `looks_ahead` (the counter player), the removals open after it among the tiles it can see;
3. the spares it spends: each one less (a spare is free at any time, a column's tile only once
   freed, so a spare kept is a partner kept);
4. the tiles left in the columns it takes from (deeper columns first: they bury the most).
A removal is taken before any move; a move takes the free tile of the column with the most tiles.
Only what the player sees is read: the policy is the same on a determinization and on the match.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from interpreter.engine.actions import REMOVE, Action
from interpreter.engine.observation import TableauView
from interpreter.engine.tiles import Tile


def by_totals(view: TableauView, legal: Sequence[Action], looks_ahead: bool = False) -> Action:
    """The removal this policy prefers among `legal` (else its move), as the module says."""
    removals = [a for a in legal if a.kind == REMOVE]
    if not removals:
        return max(legal, key=lambda a: len(_column_of(view, a.tile)))
    return max(removals, key=lambda a: _weigh(view, a, looks_ahead))


def _column_of(view: TableauView, tile: Tile | None) -> tuple[Tile | None, ...]:
    for column in view.columns:
        if column and column[-1] == tile:
            return column
    return ()


def _weigh(view: TableauView, action: Action, looks_ahead: bool) -> tuple[int, int, int, int]:
    tiles = action.tiles
    free_after: list[Tile] = [t for t in view.spares if t not in tiles]
    freed: list[Tile | None] = []
    depth = 0
    spent = 0
    for column in view.columns:
        if not column:
            continue
        if column[-1] in tiles:
            depth += len(column)
            if len(column) > 1:
                freed.append(column[-2])
                if column[-2] is not None:
                    free_after.append(column[-2])
        elif column[-1] is not None:
            free_after.append(column[-1])
    spent = sum(1 for t in tiles if t in view.spares)
    counts = {a + b for a, b in free_after}
    gain = 0
    for tile in freed:
        if tile is None:
            gain += 1
        else:
            gain += 2 if view.size == 2 and view.total - tile[0] - tile[1] in counts else 1
    ahead = 0
    if looks_ahead:
        pips = [a + b for a, b in free_after]
        ahead = sum(1 for chosen in combinations(pips, view.size) if sum(chosen) == view.total)
    return gain, ahead, -spent, depth
