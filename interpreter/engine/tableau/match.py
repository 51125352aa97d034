"""A match of the tableau family: a patience by totals (docs/format.md, "Patience by totals").

One player. The set is shuffled and dealt into the tableau (tableau/table.py); the player removes
free tiles whose pips make the total, and may move a free tile into an empty column, until every
tile is removed (the round ends "cleared") or nothing is legal ("stuck"), which may be at once.
The match is that one deal: its score is the tiles removed (scored as they go), and it is won when `match.win_requires`
(names: cleared, left, removed; default `cleared`) holds as it ends, else lost (no winner).
Nothing here names a game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from interpreter.engine import events as ev
from interpreter.engine.actions import REMOVE, Action, IllegalAction
from interpreter.engine.fixtures import ScriptedDeal
from interpreter.engine.match import Match, register
from interpreter.engine.observation import LayoutView, Observation, TableauView
from interpreter.engine.tableau.policy import by_totals
from interpreter.engine.tableau.table import TableauTable
from interpreter.engine.tiles import Tile
from interpreter.rulefile.phase_kinds import TABLEAU
from interpreter.rulefile.ruleset import Family, Ruleset
from interpreter.rulefile.tableau_rules import TableauRules

_EMPTY_LAYOUT = LayoutView(arms=(), lead=None, hub=None, spinners=(), open_doubles=(), tiles=(), ends=(), end_sum=0)
CLEARED = "cleared"
STUCK = "stuck"


def tableau_rules(ruleset: Ruleset) -> TableauRules:
    rules = ruleset.tableau
    if rules is None:
        raise ValueError(f"'{ruleset.name}' has no tableau")
    return rules


class TableauMatch(Match):
    """A match of the tableau family. Public API: as every Match (docs/engine.md)."""

    _table: TableauTable
    _legal: list[Action] | None
    _rng: random.Random

    def __init__(
        self,
        ruleset: Ruleset,
        players: int,
        seed: int = 0,
        deals: Sequence[ScriptedDeal] | None = None,
        scores: Sequence[int] | None = None,
        teams: bool | None = None,
    ) -> None:
        ruleset = self._seat(ruleset, players, teams, scores)
        self._events.append(ev.match_header(ruleset.name, ruleset.digest, seed, players, self._sides, self._scores))
        self._winners: tuple[int, ...] = ()
        self._over = False
        self._rng = random.Random(seed)
        order = self._order(ruleset, deals)
        self._table = TableauTable.dealt(tableau_rules(ruleset), order, self._events)
        self._events.append((ev.HIDDEN, self._deal_event(order), self._shown_deal()))
        self._legal = None
        self._check_end()

    def _order(self, ruleset: Ruleset, deals: Sequence[ScriptedDeal] | None) -> list[Tile]:
        """The tiles in the order they are dealt: a scripted deal's boneyard (its hands empty), the
        tiles it names first and the rest of the set after them in set order; else the set shuffled."""
        tiles = list(ruleset.set_tiles())
        if not deals:
            self._rng.shuffle(tiles)
            return tiles
        scripted = list(deals[0].boneyard)
        if any(deals[0].hands[0] if deals[0].hands else ()):
            raise ValueError("a tableau is dealt from a scripted deal's boneyard; its hand is empty")
        if len(set(scripted)) != len(scripted) or not set(scripted) <= set(tiles):
            raise ValueError("a scripted tableau names each tile of the set at most once")
        return scripted + [t for t in tiles if t not in set(scripted)]

    def _deal_event(self, order: list[Tile]) -> dict[str, Any]:
        """The deal as the log keeps it (ScriptedDeal.from_event re-deals it): every tile in order."""
        return ev.deal(1, 0, "tableau", None, None, [[]], order, [], [], 0)

    def _shown_deal(self) -> dict[str, Any]:
        """The deal as the player sees it: the face-up tiles of each column, the spares, the stock's size."""
        view = self._view()
        columns = [[None if t is None else [*t] for t in column] for column in view.columns]
        spares = [[*t] for t in view.spares]
        return {"type": "tableau_dealt", "round": 1, "columns": columns, "spares": spares, "stock": view.stock}

    @classmethod
    def resumed(cls, ruleset: Ruleset, table: TableauTable, scores: Sequence[int], rng: random.Random) -> TableauMatch:
        """A match that goes on from `table` (a determinization's, tableau/determinize.py), with a
        log of its own future only."""
        new = object.__new__(cls)
        new._rules = ruleset
        new._n = 1
        new._sides = 1
        new._seat_side = [0]
        new._scores = list(scores)
        new._restart_log()
        table.events = new._events
        new._table = table
        new._winners = ()
        new._over = False
        new._legal = None
        new._rng = rng
        new._check_end()
        return new

    # --- play ---------------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The removals (by the places of their tiles: columns left to right, then the spares),
        then the moves into an empty column."""
        return [] if self._over else self.legal_now().copy()

    def legal_now(self) -> list[Action]:
        """The legal actions without the copy (the match's own list: read it, never change it)."""
        if self._legal is None:
            self._legal = [] if self._over else self._table.legal()
        return self._legal

    def apply(self, action: Action) -> Sequence[dict[str, Any]]:
        if action not in self.legal_now():
            if self._over:
                raise IllegalAction("the match is over")
            if not isinstance(action, Action):
                raise IllegalAction(f"{action!r} is not an action")
            raise IllegalAction(self._table.why_illegal(action))
        start = len(self._events)
        self.advance(action)
        return self._logged_since(start)

    def advance(self, action: Action) -> None:
        """`apply` for an action taken from `legal_now()`, without checking it again."""
        self._events.append((ev.ACTION, 0, action))
        self._table.apply(action)
        if action.kind == REMOVE:  # the score is the tiles removed, kept as they go
            taken = len(action.tiles)
            self._scores[0] += taken
            self._events.append((ev.SCORE, 0, 0, taken, self._scores[0], "removed"))
        self._legal = None
        self._check_end()

    def _check_end(self) -> None:
        """End the round (and the match) once every tile is removed or nothing is legal."""
        table = self._table
        if not table.cleared and self.legal_now():
            return
        self._legal = []
        self._over = True
        removed = len(table.removed)
        cleared = table.cleared
        reason = CLEARED if cleared else STUCK
        left = [[*t] for column in table.columns for t in column] + [[*t] for t in (*table.spares, *table.stock)]
        end = {"type": "round_end", "round": 1, "reason": reason, "seat": None, "hands": [[]], "pips": [0],
               "scores": self._scores.copy(), "cleared": cleared, "left": left}  # fmt: skip
        self._events.append(end)
        requires = self._rules.match.win_requires
        env = {"cleared": cleared, "left": table.left, "removed": removed}
        won = requires(env) if requires is not None else cleared
        self._winners = (0,) if won else ()
        self._events.append(ev.match_end(self._winners, self._scores))

    def playout(self, rng: random.Random, *, until: str = "round", heavy: float = 0.0) -> None:
        """Random legal actions until the deal (the match) ends. A decision with one legal action
        takes it and draws nothing; one with k > 1, with `heavy` > 0, first draws `rng.random()`
        and below `heavy` takes the family's cheap policy (`by_totals`), else draws again and
        takes `legal[int(rng.random() * k)]`."""
        if until not in ("round", "match"):
            raise ValueError(f"until must be 'round' or 'match', not {until!r}")
        if not 0.0 <= heavy <= 1.0:
            raise ValueError(f"heavy is a share between 0 and 1, not {heavy!r}")
        rand = rng.random
        while not self._over:
            legal = self.legal_now()
            k = len(legal)
            if k == 1:
                action = legal[0]
            elif heavy and rand() < heavy:
                action = by_totals(self._view(), legal)
            else:
                action = legal[int(rand() * k)]
            self.advance(action)

    def clone(self) -> TableauMatch:
        new = object.__new__(TableauMatch)
        new.__dict__.update(self.__dict__)
        self._copy_log(new)
        new._table = self._table.copy()
        new._table.events = new._events
        new._scores = self._scores.copy()
        new._rng = random.Random.__new__(random.Random)
        new._rng.setstate(self._rng.getstate())
        new._legal = None if self._legal is None else self._legal.copy()
        return new

    # --- what the player sees -----------------------------------------------------------------

    def _view(self) -> TableauView:
        table = self._table
        columns = tuple(
            tuple(None if i < table.hidden[c] else tile for i, tile in enumerate(column))
            for c, column in enumerate(table.columns)
        )
        outcome = None if not self._over else CLEARED if table.cleared else STUCK
        rules = table.rules
        return TableauView(
            columns, tuple(table.spares), len(table.stock), tuple(table.removed), rules.size, rules.total, outcome
        )

    @property
    def tableau_view(self) -> TableauView:
        """The tableau as its player sees it."""
        return self._view()

    def observation(self, seat: int) -> Observation:
        return Observation(
            seat=seat,
            side=0,
            round=1,
            current_player=self.current_player,
            hand=(),
            hand_counts=(0,),
            boneyard_count=len(self._table.stock),
            layout=_EMPTY_LAYOUT,
            scores=self.scores,
            legal_actions=tuple(self.legal_actions()) if seat == self.current_player else (),
            history=self._history(),
            rules=self._rules,
            tableau=self._view(),
        )

    @property
    def current_player(self) -> int | None:
        return None if self._over else 0

    @property
    def phase_kind(self) -> str:
        return TABLEAU

    @property
    def phase_kinds(self) -> tuple[str, ...]:
        return self._rules.phase_kinds

    @property
    def phase(self) -> str:
        """Always "playing": a patience has one phase with decisions."""
        return "playing"

    @property
    def round(self) -> int:
        return 1

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
    def layout(self) -> LayoutView:
        return _EMPTY_LAYOUT

    @property
    def pool(self) -> int:
        return 0


register(Family.TABLEAU, TableauMatch)
