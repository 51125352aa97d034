"""A match of the draw-and-discard family (docs/format.md, "Draw and discard games"): hands in
which each turn a player takes a discard or draws, may show groups, and discards, until a hand is
complete; scored by the rule file, until the match ends. The table (table.py) holds the hand and
its turns; the phases (phases.py) deal, play the turns and score. Nothing here names a game."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from interpreter.engine import events as ev
from interpreter.engine.actions import Action, IllegalAction
from interpreter.engine.draw_discard.phases import Deal
from interpreter.engine.draw_discard.table import Table
from interpreter.engine.draw_discard.tables import tables_for
from interpreter.engine.fixtures import ScriptedDeal
from interpreter.engine.match import Match, register
from interpreter.engine.observation import DrawDiscardView, LayoutView, Observation
from interpreter.engine.phases import Phase
from interpreter.engine.tiles import Tile
from interpreter.rulefile.ruleset import Family, Ruleset

_EMPTY_LAYOUT = LayoutView(arms=(), lead=None, hub=None, spinners=(), open_doubles=(), tiles=(), ends=(), end_sum=0)


class DrawDiscardMatch(Match):
    """A match of the draw-and-discard family. Public API: as every Match (docs/engine.md)."""

    _table: Table
    _phase: Phase[Table]

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
        t = tables_for(ruleset, players)
        self._table = Table(t, self._sides, self._scores, self._events, random.Random(seed), deals or ())
        self._enter(Deal(self._table))

    @classmethod
    def resumed(cls, ruleset: Ruleset, table: Table, phase: Phase[Table]) -> DrawDiscardMatch:
        """A match that goes on from `table` in `phase` (a determinization's), with a log of its own future."""
        new = object.__new__(cls)
        new._rules = ruleset
        new._n = table.n
        new._sides = table.sides
        new._seat_side = table.seat_side
        new._scores = table.scores
        new._restart_log()
        table.events = new._events
        new._winners = ()
        new._over = False
        new._table = table
        new._phase = phase
        return new

    def _enter(self, phase: Phase[Table]) -> None:
        self._phase = phase
        self._advance()

    def _advance(self) -> None:
        """On to the first phase that is not done; the match ends when none follows."""
        table = self._table
        phase = self._phase
        while phase.done:
            following = phase.following(table)
            if following is None:
                self._over = True
                self._winners = table.winners
                return
            phase = following
        self._phase = phase

    def legal_actions(self) -> list[Action]:
        """Start of a turn: the takes (tile order), then draw; then the groups to show (their tiles
        in order), then the discards (tile order)."""
        return [] if self._over else self._phase.legal(self._table)

    def apply(self, action: Action) -> Sequence[dict[str, Any]]:
        if self._over:
            raise IllegalAction("the match is over")
        if not isinstance(action, Action) or action not in self._phase.legal(self._table):
            said = action if isinstance(action, Action) else repr(action)
            raise IllegalAction(
                self._phase.why_illegal(self._table, action)
                if isinstance(action, Action)
                else f"{said} is not an action"
            )
        start = len(self._events)
        self.advance(action)
        return self._logged_since(start)

    def advance(self, action: Action) -> None:
        """`apply` for an action known to be legal, without checking it again."""
        self._phase.apply(self._table, action)
        self._advance()

    def legal_now(self) -> list[Action]:
        return self.legal_actions()

    @property
    def pool(self) -> int:
        return self._table.pool

    @property
    def round(self) -> int:
        return self._table.round

    @property
    def current_player(self) -> int | None:
        return None if self._over else self._table.current

    @property
    def phase_kind(self) -> str:
        return self._phase.kind

    @property
    def phase_kinds(self) -> tuple[str, ...]:
        return self._rules.phase_kinds

    @property
    def phase(self) -> str:
        return self._phase.name

    def hand(self, seat: int) -> tuple[Tile, ...]:
        return tuple(sorted(self._table.tile(x) for x in self._table.hands[seat]))

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        return tuple(self._table.tile(x) for x in reversed(self._table.stock))

    @property
    def dead(self) -> tuple[Tile, ...]:
        return tuple(self._table.tile(x) for x in self._table.dead + self._table.out)

    @property
    def layout(self) -> LayoutView:
        return _EMPTY_LAYOUT

    @property
    def draw_discard_view(self) -> DrawDiscardView:
        return DrawDiscardView(**self._table.view_fields())

    def observation(self, seat: int) -> Observation:
        table = self._table
        return Observation(
            seat=seat,
            side=self._seat_side[seat],
            round=table.round,
            current_player=self.current_player,
            hand=self.hand(seat),
            hand_counts=tuple(len(h) for h in table.hands),
            boneyard_count=len(table.stock),
            layout=_EMPTY_LAYOUT,
            scores=self.scores,
            legal_actions=tuple(self.legal_actions()) if seat == self.current_player else (),
            history=self._history(),
            rules=self._rules,
            draw_discard=self.draw_discard_view,
        )

    def clone(self) -> DrawDiscardMatch:
        new = object.__new__(DrawDiscardMatch)
        new.__dict__.update(self.__dict__)
        self._copy_log(new)
        table = new._table = self._table.copy()
        table.rng = random.Random.__new__(random.Random)
        table.rng.setstate(self._table.rng.getstate())
        table.events = new._events
        new._scores = table.scores
        new._phase = self._phase.copy()
        return new

    def playout(self, rng: random.Random, *, until: str = "round", heavy: float = 0.0) -> None:
        """Random legal actions until the round or the match ends (`heavy` is not used: the family's
        cheap policy is the greedy player's, too dear for a playout)."""
        if until not in ("round", "match"):
            raise ValueError(f"until must be 'round' or 'match', not {until!r}")
        if not 0.0 <= heavy <= 1.0:
            raise ValueError(f"heavy is a share between 0 and 1, not {heavy!r}")
        table = self._table
        round_no = table.round
        while not self._over and (until == "match" or table.round == round_no):
            legal = self._phase.legal(table)
            action = legal[0] if len(legal) == 1 else legal[int(rng.random() * len(legal))]
            self.advance(action)


register(Family.DRAW_DISCARD, DrawDiscardMatch)
