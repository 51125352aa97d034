"""The agents' encoding of a patience by totals (the tableau board): its action space (every set
of tiles of the set that makes the total, bounded by the loader; every tile moved into every
column) and its part of the observation array: each column's places, a face-down place marked as
such, the spares and the tiles removed. Only what the player sees is read (Observation.tableau)."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from interpreter.engine import Action
from interpreter.engine.actions import MOVE
from interpreter.engine.observation import TableauView
from interpreter.engine.tiles import Tile
from interpreter.rulefile.ruleset import Ruleset
from interpreter.rulefile.tableau_rules import removal_sets


def tableau_actions(ruleset: Ruleset, tiles: tuple[Tile, ...]) -> Iterable[Action]:
    rules = ruleset.tableau
    assert rules is not None, "a patience has tableau rules"
    yield from (Action.remove(chosen) for chosen in removal_sets(tiles, rules.size, rules.total))
    if rules.move_to_empty:
        yield from (Action(MOVE, tile, value=column) for tile in tiles for column in range(1, rules.columns + 1))


def tableau_sections(ruleset: Ruleset, t: int) -> list[tuple[str, int]]:
    """Per place of a column (a column holds at most `depth` tiles: a move or a refill fills only
    an empty one), its tile one-hot and one slot for a face-down tile; the spares; the tiles removed."""
    rules = ruleset.tableau
    assert rules is not None
    return [("columns", rules.columns * rules.depth * (t + 1)), ("spares", t), ("removed", t)]


def tableau_into(out: np.ndarray, sections: dict[str, slice], index: dict[Tile, int], view: TableauView) -> None:
    t = len(index)
    depth = (sections["columns"].stop - sections["columns"].start) // max(1, len(view.columns) * (t + 1))
    for c, column in enumerate(view.columns):
        for place, tile in enumerate(column):
            at = sections["columns"].start + (c * depth + place) * (t + 1)
            out[at + (t if tile is None else index[tile])] = 1
    for name, tiles in (("spares", view.spares), ("removed", view.removed)):
        for tile in tiles:
            out[sections[name].start + index[tile]] = 1
