"""The phases of a trick hand (engine/phases.py's `Phase`, over the trick table of table.py).

A hand follows its ruleset's sequence of phase kinds (`Ruleset.phase_kinds`: the file's own
`phases`, or the default deal -> the tiles passed (passing.py) -> auction (bidding.py) ->
declaration (declaring.py) -> the calls (calls.py) -> the discards of a kitty (discarding.py) ->
the melds (melding.py; or after the tricks) -> the tricks (playing.py, with grouped.py for tricks
of plays and thumb.py for the playouts' cheap policy) -> the hand's scoring (scoring.py)). A phase
that finishes hands over (`hand_over`) to the next kind of the sequence that applies to this hand:
each kind's module registers its `entry`, which builds the phase on the table as it stands, or
says (None) that the kind has nothing to do in this hand (the kitty's discards without a kitty).
Entering a phase is building it, so a phase without decisions (the deal, the scoring) does its
work in its constructor and is done at once; a phase may also move straight on (a declaration with nothing to choose).

The phases that go back, or skip ahead, name their phase themselves (`enter`), since no sequence
says it: the scoring deals the next hand, an auction everyone passed deals again, an exchange's
discards and the dealer's exchange of the turned-up tile go back to the calls (calls.py), and a
hand every other side dropped out of is scored unplayed. This package imports every phase's
module once, at its end, so that a phase names the next without its imports making a cycle.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, cast

from interpreter.engine.actions import Action
from interpreter.engine.phases import Phase
from interpreter.engine.tricks.table import TrickTable

# What `Match.phase` says (docs/engine.md): the names of the phases with decisions.
BIDDING, DECLARING, CALLING, DISCARDING, PLAYING = "bidding", "declaring", "calling", "discarding", "playing"
PASSING = "passing"
MELDING = "melding"
CLOSE_WHY = "you may close the stock only when you lead, once you have taken a trick, while it holds tiles"


# Per kind of phase, how a hand enters it (on the table, which it takes first): the phase, or
# None where the kind has nothing to do in this hand.
Entry = Callable[[TrickTable], "TrickPhase | None"]
_ENTRIES: dict[str, Entry] = {}


def entry(kind: str) -> Callable[[Entry], Entry]:
    """Register the decorated function (or phase class) as how a hand enters a phase of `kind`."""

    def register(build: Entry) -> Entry:
        _ENTRIES[kind] = build
        return build

    return register


def enter(kind: str, table: TrickTable) -> TrickPhase:
    """The phase of `kind` entered now on `table` (what it does on entering is done): for the
    phases that go back (the next deal, the calls again), which always have something to do."""
    phase = _ENTRIES[kind](table)
    assert phase is not None, kind
    return phase


def hand_over(table: TrickTable, finished: str) -> TrickPhase:
    """The phase after one of kind `finished`: the next kind of the hand's sequence that applies,
    entered now. The scoring, last, always applies."""
    t = table.t
    following = cast("tuple[Entry, ...] | None", t.entries_after.get(finished))
    if following is None:  # worked out once per rules and kind: a hand hands over several times
        sequence = t.phase_kinds
        following = tuple(_ENTRIES[k] for k in sequence[sequence.index(finished) + 1 :])
        t.entries_after[finished] = following
    for build in following:
        phase = build(table)
        if phase is not None:
            return phase
    raise AssertionError(f"nothing follows {finished} in {t.phase_kinds}")  # the loader puts the scoring last


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


class TrickAutomatic(TrickPhase):
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
    melding,
    passing,
    playing,
    scoring,
    turn_up,
    turn_up_auction,
)  # fmt: skip
