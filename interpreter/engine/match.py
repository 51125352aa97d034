"""What every family's match shares: seats and sides, the scores, the winners and the returns,
and `Match(ruleset, players, ...)`, which builds the match of the ruleset's family.

A family (interpreter/engine/layout, interpreter/engine/tricks) subclasses `Match`, registers
itself with `register`, and keeps its own state: its deal, legal moves, apply and fast playout.
The attributes this base reads (`_rules`, `_n`, `_sides`, `_seat_side`, `_scores`, `_winners`,
`_over`) are set by every family's constructor, and their meaning is the same in all of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from interpreter.engine.observation import LayoutView
from interpreter.engine.scoring import check_scores
from interpreter.rulefile.ruleset import Family, Ruleset, Teams

_FAMILIES: dict[Family, type[Match]] = {}


def register(family: Family, cls: type[Match]) -> None:
    """`cls` plays the rulesets of `family` (called once, where the family's match is defined)."""
    _FAMILIES[family] = cls


class Match:
    """One match under one ruleset. Public API: docs/engine.md. `Match(ruleset, players, seed=0,
    deals=None, scores=None, teams=None)` is a match of the ruleset's family (its subclass)."""

    _rules: Ruleset
    _n: int
    _sides: int
    _seat_side: list[int]
    _scores: list[int]
    _winners: tuple[int, ...]
    _over: bool

    def __new__(cls, ruleset: Ruleset | None = None, *args: Any, **kwargs: Any) -> Match:
        if cls is Match:
            if not isinstance(ruleset, Ruleset):
                raise TypeError(f"a Match is built from a Ruleset, not {type(ruleset).__name__}")
            cls = _FAMILIES[ruleset.family]
        return object.__new__(cls)

    def _seat(self, ruleset: Ruleset, players: int, teams: bool | None, scores: Sequence[int] | None) -> Ruleset:
        """Set the seats, sides and starting scores every family's constructor begins with; the
        ruleset as a match of `players` plays it (`ruleset.for_players`)."""
        check_players(ruleset, players)
        partnered = partnerships(ruleset, players, teams)
        ruleset = ruleset.for_players(players, partnered)
        self._rules = ruleset
        self._n = players
        self._sides = players // 2 if partnered else players
        self._seat_side = [seat % self._sides for seat in range(players)]
        if scores is not None and len(scores) != self._sides:
            raise ValueError(f"{len(scores)} initial scores for {self._sides} sides")
        self._scores = [0] * self._sides if scores is None else [int(s) for s in scores]
        if scores is not None:
            check_scores(self._scores)
        return ruleset

    @property
    def ruleset(self) -> Ruleset:
        return self._rules

    @property
    def players(self) -> int:
        return self._n

    @property
    def sides(self) -> int:
        return self._sides

    def side_of(self, seat: int) -> int:
        return self._seat_side[seat]

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def winners(self) -> tuple[int, ...]:
        return self._winners

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self._scores)

    @property
    def finished_layout(self) -> LayoutView | None:
        """The layout of the last round that ended, as it ended; None while none has, and in a
        family that lays no tiles out (a trick game)."""
        return None

    def returns(self) -> tuple[float, ...]:
        """Per seat: its side's share of the win (1/k for k winning sides), 0.0 otherwise or before the end."""
        share = 1.0 / len(self._winners) if self._winners else 0.0
        return tuple(share if self._seat_side[s] in self._winners else 0.0 for s in range(self._n))


def check_players(ruleset: Ruleset, players: int) -> None:
    if not ruleset.players.min <= players <= ruleset.players.max:
        low, high = ruleset.players.min, ruleset.players.max
        allowed = str(low) if low == high else f"{low}–{high}"
        raise ValueError(f"'{ruleset.name}' is for {allowed} players, not {players}")


def partnerships(ruleset: Ruleset, players: int, teams: bool | None) -> bool:
    """Whether a match of `players` is played in partnerships: the file's choice, or `teams` where
    the file lets a match choose (players.teams_optional)."""
    rules = ruleset.players
    default = rules.teams is Teams.OPPOSITE and players in rules.team_counts
    if teams is None or teams == default:
        return default
    if not rules.teams_optional:
        raise ValueError(f"'{ruleset.name}' does not let a match choose partnerships")
    if teams and players not in rules.team_counts:
        raise ValueError(f"'{ruleset.name}' has no partnerships with {players} players")
    return teams
