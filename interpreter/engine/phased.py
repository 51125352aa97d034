"""A match played as a sequence of phases over one table (phases.py): what a family's `Match`
holds that does not depend on its game.

The match holds the hand's shared state, its *table*, and one current `Phase`; it asks the phase
what is legal, to apply an action and why an action is refused, and when the phase is done moves
on to the phase it names; when none follows, the match is over and the table names its winners.
A family subclasses `PhasedMatch` with its table's type, builds its table (`_table_for`) and names
the hand's first phase (`_first_phase`); what differs is in those objects, and the subclass adds
only what its table shows (hand, boneyard, dead, its view in the observation, pool) and its cheap
playout policy. The trick family (tricks/match.py) has the same shape, with a cached legal list
and its phase kept at the match's end, on its own for its benchmarked hot path.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Sequence, Sized
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from interpreter.engine import events as ev
from interpreter.engine.actions import Action, IllegalAction
from interpreter.engine.fixtures import ScriptedDeal
from interpreter.engine.match import Match
from interpreter.engine.observation import LayoutView, Observation
from interpreter.engine.phases import Phase
from interpreter.engine.tiles import normal
from interpreter.rulefile.ruleset import Ruleset

# The layout of a family without one: its observation's and `Match.layout`'s.
EMPTY_LAYOUT = LayoutView(arms=(), lead=None, hub=None, spinners=(), open_doubles=(), tiles=(), ends=(), end_sum=0)


class PhasedTable(Protocol):
    """What a phased match reads of its table: the seats, the scores, the log, the deals' random
    stream, the round, whose turn it is, the hands and the stock, and the winners once it is over."""

    events: list[ev.Record]
    rng: random.Random

    @property
    def n(self) -> int: ...
    @property
    def sides(self) -> int: ...
    @property
    def seat_side(self) -> Sequence[int]: ...
    @property
    def scores(self) -> list[int]: ...
    @property
    def round(self) -> int: ...
    @property
    def current(self) -> int: ...
    @property
    def winners(self) -> tuple[int, ...]: ...
    @property
    def hands(self) -> Sequence[Sized]: ...
    @property
    def stock(self) -> Sized: ...
    def copy(self) -> Self: ...


TableT = TypeVar("TableT", bound=PhasedTable)


class PhasedMatch(Match, Generic[TableT]):
    """A match whose hands are sequences of phases over one table. Public API: as every Match."""

    _table: TableT
    _phase: Phase[TableT]
    # Whether a playout's `heavy` share takes `rule_of_thumb()` (a family with a cheap policy sets it).
    _thumbs: ClassVar[bool] = False

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
        self._table = self._table_for(ruleset, random.Random(seed), deals or ())
        self._enter(self._first_phase(self._table))

    @abstractmethod
    def _table_for(self, ruleset: Ruleset, rng: random.Random, deals: Sequence[ScriptedDeal]) -> TableT:
        """A new match's table, over the seats, scores and log the match has just set."""

    @abstractmethod
    def _first_phase(self, table: TableT) -> Phase[TableT]:
        """The phase a new match begins in (its first deal)."""

    @classmethod
    def resumed(cls, ruleset: Ruleset, table: TableT, phase: Phase[TableT]) -> Self:
        """A match that goes on from `table` in `phase` (a determinization's), with a log of its
        own future only."""
        new = object.__new__(cls)
        new._rules = ruleset
        new._n = table.n
        new._sides = table.sides
        new._seat_side = list(table.seat_side)
        new._scores = table.scores
        new._restart_log()
        table.events = new._events
        new._winners = ()
        new._over = False
        new._table = table
        new._phase = phase
        return new

    # --- moving through the phases ------------------------------------------------------------

    def _enter(self, phase: Phase[TableT]) -> None:
        self._phase = phase
        if phase.done:
            self._advance()

    def _advance(self) -> None:
        """The current phase is done: on to the first phase that is not, or the match's end."""
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
        return [] if self._over else self._phase.legal(self._table)

    def legal_now(self) -> list[Action]:
        return self.legal_actions()

    def apply(self, action: Action) -> Sequence[dict[str, Any]]:
        legal = self.legal_actions()
        if isinstance(action, Action) and action.tile is not None:
            action = action._replace(tile=normal(action.tile))
        if action not in legal:
            raise IllegalAction(self._why_illegal(action))
        start = len(self._events)
        self.advance(action)
        return self._logged_since(start)

    def advance(self, action: Action) -> None:
        """`apply` for a legal action, without checking it again."""
        self._phase.apply(self._table, action)
        if self._phase.done:
            self._advance()

    def _why_illegal(self, action: object) -> str:
        if self._over:
            return "the match is over"
        if not isinstance(action, Action):
            return f"{action!r} is not an action"
        return self._phase.why_illegal(self._table, action)

    def rule_of_thumb(self) -> Action:
        """The family's cheap policy (taken by a playout's `heavy` share when `_thumbs` is set)."""
        raise NotImplementedError(f"{type(self).__name__} has no cheap policy")

    def clone(self) -> Self:
        """An independent copy with the same future (its random stream included)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        self._copy_log(new)
        table = new._table = self._table.copy()
        table.rng = random.Random.__new__(random.Random)  # the same stream, without seeding one first
        table.rng.setstate(self._table.rng.getstate())
        table.events = new._events
        new._scores = table.scores
        new._phase = self._phase.copy()
        return new

    def playout(self, rng: random.Random, *, until: str = "round", heavy: float = 0.0) -> None:
        """Random legal actions until the round or the match ends: a single legal action is taken
        without a draw; among k > 1, in a family with a cheap policy and `heavy` > 0, a first draw
        below `heavy` takes `rule_of_thumb()`, else `legal[int(rng.random() * k)]`."""
        if until not in ("round", "match"):
            raise ValueError(f"until must be 'round' or 'match', not {until!r}")
        if not 0.0 <= heavy <= 1.0:
            raise ValueError(f"heavy is a share between 0 and 1, not {heavy!r}")
        rand = rng.random
        thumbs = heavy and self._thumbs
        table = self._table
        round_no = table.round
        while not self._over and (until == "match" or table.round == round_no):
            legal = self._phase.legal(table)
            k = len(legal)
            if k == 1:
                action = legal[0]
            elif thumbs and rand() < heavy:
                action = self.rule_of_thumb()
            else:
                action = legal[int(rand() * k)]
            self.advance(action)

    # --- what the table shows -----------------------------------------------------------------

    @abstractmethod
    def _seat_view(self, seat: int) -> dict[str, Any]:
        """The family's part of `seat`'s observation, by its field name (e.g. {"counting": view})."""

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
            layout=EMPTY_LAYOUT,
            scores=self.scores,
            legal_actions=tuple(self.legal_actions()) if seat == self.current_player else (),
            history=self._history(),
            rules=self._rules,
            **self._seat_view(seat),
        )

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

    @property
    def layout(self) -> LayoutView:
        return EMPTY_LAYOUT
