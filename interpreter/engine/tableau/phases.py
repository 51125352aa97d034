"""The tableau family's one phase with decisions: removing tiles by their totals (and moving one
into an empty column) until every tile is removed ("cleared") or nothing is legal ("stuck"),
which may be at once. The deal is done before it (tableau/match.py), and its end scores the round
and the match: a patience is one deal. The score is the tiles removed, kept as they go; the match
is won when `match.win_requires` (names: cleared, left, removed; default `cleared`) holds as it
ends, else lost (no winner).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from interpreter.engine import events as ev
from interpreter.engine.actions import REMOVE, Action
from interpreter.engine.phases import Phase
from interpreter.engine.tableau.table import TableauTable
from interpreter.expressions.language import Expr
from interpreter.rulefile.phase_kinds import TABLEAU

CLEARED = "cleared"
STUCK = "stuck"


class TableauPlaying(Phase[TableauTable]):
    """The removals and moves. It keeps the legal actions of the tableau as it stands, computed
    as it is entered and after each action: whether it is done is whether there are none."""

    kind = TABLEAU
    name = "playing"

    def __init__(self, requires: Expr[bool] | None, legal: list[Action]) -> None:
        self._requires = requires
        self._legal = legal

    @classmethod
    def entered(cls, table: TableauTable, requires: Expr[bool] | None) -> TableauPlaying:
        """The phase on `table` as it stands; `requires` is `match.win_requires`."""
        return cls(requires, table.legal())

    def legal(self, table: TableauTable) -> list[Action]:
        """The removals (by the places of their tiles: columns left to right, then the spares),
        then the moves into an empty column."""
        return self._legal.copy()

    def apply(self, table: TableauTable, action: Action) -> None:
        table.events.append((ev.ACTION, 0, action))
        table.apply(action)
        if action.kind == REMOVE:  # the score is the tiles removed, kept as they go
            taken = len(action.tiles)
            table.scores[0] += taken
            table.events.append((ev.SCORE, 0, 0, taken, table.scores[0], "removed"))
        self._legal = table.legal()

    def why_illegal(self, table: TableauTable, action: Action) -> str:
        return table.why_illegal(action)

    def describe(self, table: TableauTable, seat: int) -> Mapping[str, Any]:
        return {"phase": self.name}

    @property
    def done(self) -> bool:
        """Nothing is legal: every tile is removed, or the player is stuck."""
        return not self._legal

    def following(self, table: TableauTable) -> None:
        """The round's and the match's end, logged; no phase follows."""
        removed = len(table.removed)
        cleared = table.cleared
        left = [[*t] for column in table.columns for t in column] + [[*t] for t in (*table.spares, *table.stock)]
        scores = table.scores
        end = {"type": "round_end", "round": 1, "reason": CLEARED if cleared else STUCK, "seat": None,
               "hands": [[]], "pips": [0], "scores": scores.copy(), "cleared": cleared, "left": left}  # fmt: skip
        table.events.append(end)
        env = {"cleared": cleared, "left": table.left, "removed": removed}
        won = self._requires(env) if self._requires is not None else cleared
        table.winners = (0,) if won else ()
        table.events.append(ev.match_end(table.winners, scores))
        return None

    def copy(self) -> TableauPlaying:
        return TableauPlaying(self._requires, self._legal)  # the list is replaced, never changed
