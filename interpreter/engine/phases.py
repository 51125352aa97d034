"""A hand as a sequence of phases: the contract every phase object keeps.

A match holds the state its whole hand shares — the seats' hands, the stock, the tiles out of
play, the scores: its *table* — and one current `Phase`. A phase is an object with its own state
(an auction's bids, a trick on the table, the discards still owed) that lists what is legal,
applies an action, says why an action is refused, describes itself to one seat, and names the
phase that follows it once it is done. The match's `legal_actions`, `apply`, `observation` and
`phase` ask the current phase; nothing tests the phase by name in an if-ladder.

A phase takes the table as an argument rather than keeping a reference to it, so that a match's
`clone` copies its table and asks the phase for `copy()` without re-pointing anything.

Every phase has a `kind` (one of `KINDS`): the key under which every layer above the engine —
players, `explain`, the terminal, the web view and its renderer, the agents' encoding — registers
its part for that kind of step, instead of testing the game's family. `name` is the word
`Match.phase` says for it (docs/engine.md), kept as documented.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar, Generic, TypeVar

from interpreter.engine.actions import Action

# The kinds belong to the rule file (a ruleset's sequence of them is its hand's); re-exported here,
# where the Phase contract names them.
from interpreter.rulefile.phase_kinds import (
    AUCTION,
    CALLS,
    COUNTING,
    CRIB,
    DEAL,
    DECLARATION,
    DISCARD,
    DRAW_DISCARD,
    KINDS,
    LAYOUT,
    MELDING,
    PASSING,
    SCORING,
    TRICKS,
    UNDEALT,
)

__all__ = ["AUCTION", "CALLS", "COUNTING", "CRIB", "DEAL", "DECLARATION", "DISCARD", "DRAW_DISCARD", "KINDS",
           "LAYOUT", "MELDING", "PASSING", "SCORING", "TRICKS", "UNDEALT", "Phase"]  # fmt: skip

TableT = TypeVar("TableT")


class Phase(ABC, Generic[TableT]):
    """One step of a hand. Its own state lives on the object; the hand's shared state is the
    `table` each method is handed. A phase with no decisions (a deal, the scoring) does its work
    when entered and is `done` at once."""

    kind: ClassVar[str]  # one of KINDS
    name: ClassVar[str]  # what `Match.phase` says while this phase is current

    @abstractmethod
    def legal(self, table: TableT) -> list[Action]:
        """The current seat's legal actions in this phase, in the documented order (a fresh list)."""

    @abstractmethod
    def apply(self, table: TableT, action: Action) -> None:
        """Do a legal `action` for the current seat: change the phase's state and the table's, and
        log the events. The caller has checked that the action is legal."""

    @abstractmethod
    def why_illegal(self, table: TableT, action: Action) -> str:
        """Why `action` is refused now, in words a player reads (the action is not legal)."""

    @abstractmethod
    def describe(self, table: TableT, seat: int) -> Mapping[str, Any]:
        """What `seat` may see of this phase (nothing hidden from it is in here): the part of
        the observation a front end registered for this `kind` draws."""

    @property
    @abstractmethod
    def done(self) -> bool:
        """Whether the phase is over, so that the match moves on to `following`."""

    @abstractmethod
    def following(self, table: TableT) -> Phase[TableT] | None:
        """The phase that comes next once this one is done; None when the hand is over."""

    @abstractmethod
    def copy(self) -> Phase[TableT]:
        """An independent copy of this phase's own state (for `Match.clone`)."""
