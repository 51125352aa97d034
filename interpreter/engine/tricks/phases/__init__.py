"""The phases of a trick hand (engine/phases.py's `Phase`, over the trick table of table.py).

A hand goes deal (deal.py) -> the tiles passed (passing.py) -> auction (bidding.py) ->
declaration (declaring.py) -> the calls (calls.py) -> the discards of a kitty or an exchange
(discarding.py) -> the tricks (playing.py, with grouped.py for tricks of plays and thumb.py for
the playouts' cheap policy) -> the hand's scoring (scoring.py), then the next deal; a file
without passing, an auction or calls skips them. A phase that finishes names the phase that
follows (`finish`), built at that moment: entering a phase is building it, so a phase without
decisions (the deal, the scoring) does its work in its constructor and is done at once.

The phases follow one another in a cycle (the scoring deals the next hand, an exchange's discards
go back to the calls), so a phase names the next by the entry its module registered (`enter`)
rather than importing it where that would make the imports a cycle: this package imports every
phase's module once, at its end.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from interpreter.engine.actions import Action
from interpreter.engine.phases import Phase
from interpreter.engine.tricks.table import TrickTable

# What `Match.phase` says (docs/engine.md): the names of the phases with decisions.
BIDDING, DECLARING, CALLING, DISCARDING, PLAYING = "bidding", "declaring", "calling", "discarding", "playing"
PASSING = "passing"
CLOSE_WHY = "you may close the stock only when you lead, once you have taken a trick, while it holds tiles"


# The phases entered by a phase that comes later in a hand than they do: the deal (after the
# scoring, or a passed-out auction), the calls (after an exchange's discards), the tricks (after a
# kitty's discards). Each takes the table first.
_ENTRIES: dict[str, Callable[..., TrickPhase]] = {}


def entry(name: str) -> Callable[[Callable[..., TrickPhase]], Callable[..., TrickPhase]]:
    """Register the decorated function (or phase class) as the entry `name`."""

    def register(build: Callable[..., TrickPhase]) -> Callable[..., TrickPhase]:
        _ENTRIES[name] = build
        return build

    return register


def enter(name: str, table: TrickTable, *args: Any) -> TrickPhase:
    """The phase `name` entered now on `table` (what it does on entering is done)."""
    return _ENTRIES[name](table, *args)


class TrickPhase(Phase[TrickTable]):
    """A phase of a trick hand: done once it has named the phase that follows (`finish`)."""

    # Whether the playouts' cheap policy (`TrickMatch.rule_of_thumb`) may take this phase's decisions.
    heavy: ClassVar[bool] = False
    # Whether the phase is over (`Phase.done`): a plain attribute, read after every action.
    done: bool = False

    def __init__(self) -> None:
        self._next: TrickPhase | None = None

    def finish(self, following: TrickPhase | None) -> None:
        """This phase is over; `following` comes next (None: the match is over)."""
        self.done = True
        self._next = following

    def following(self, table: TrickTable) -> TrickPhase | None:
        return self._next

    def accepts(self, table: TrickTable, action: object) -> bool:
        """Whether `apply` takes `action` though `legal` does not list it (a shorthand)."""
        return False

    def describe(self, table: TrickTable, seat: int) -> Mapping[str, Any]:
        """The TrickView fields this phase holds (the table holds the rest)."""
        return {"phase": self.name, "phase_kind": self.kind}

    def copy(self) -> TrickPhase:
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        return new


class Automatic(TrickPhase):
    """A phase without decisions: it does its work when built, and is done at once."""

    def legal(self, table: TrickTable) -> list[Action]:
        return []

    def apply(self, table: TrickTable, action: Action) -> None:
        raise AssertionError(f"no decision is taken while {self.name}")  # never current: done when built

    def why_illegal(self, table: TrickTable, action: Action) -> str:
        return f"no decision is taken while {self.name}"


# Every phase registers its entries (above) when its module is imported.
from interpreter.engine.tricks.phases import (  # noqa: E402, F401
    bidding,
    calls,
    deal,
    declaring,
    discarding,
    passing,
    playing,
    scoring,
    turn_up,
    turn_up_auction,
)  # fmt: skip
