"""The web view's part for a patience by totals (the tableau board): the moves with their tiles and
sums, and the tableau as its player sees it (the view's "tableau", for static/tableau.js to draw)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from interpreter.engine import Action, Match
from interpreter.engine.actions import REMOVE
from interpreter.frontends.presentation.seats import Seat
from interpreter.frontends.presentation.tableau import move_words, sum_words


def tableau_moves(out: list[dict[str, Any]], legal: Sequence[Action], match: Match, seats: Sequence[Seat]) -> None:
    """Each move's words, its tiles, and a removal's sum ("5 + 7 = 12"); a move's column as `value`."""
    for move, action in zip(out, legal, strict=True):
        move["text"] = move_words(action)
        move["tiles"] = [list(t) for t in action.tiles] if action.kind == REMOVE else [list(action.tile or ())]
        move["sum"] = sum_words(action.tiles) if action.kind == REMOVE else None
        move["value"] = action.value if action.kind != REMOVE else None


def tableau_json(match: Match) -> dict[str, Any] | None:
    """The tableau as its player sees it, None in a game without one. A spectator or a replay sees
    the same (nothing is hidden from one seat only): each column top first, null for a face-down
    tile; the spares, the stock's size, the tiles removed, what a removal takes, and how it ended."""
    view = match.observation(0).tableau
    if view is None:
        return None
    return {
        "columns": [[None if t is None else list(t) for t in column] for column in view.columns],
        "spares": [list(t) for t in view.spares],
        "stock": view.stock,
        "removed": [list(t) for t in view.removed],
        "size": view.size,
        "total": view.total,
        "set_size": match.ruleset.set_size,
        "outcome": view.outcome,
    }
