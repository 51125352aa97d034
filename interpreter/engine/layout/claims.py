"""A redeal claimed from a player's own hand (`deal.redeal_claim`): the layout round's `calls`
phase, between the deal and the first play.

From the starter on, in the order of play, each player whose hand as dealt meets the condition is
asked to keep it or to show it and have the tiles dealt again (a player whose hand does not meet
it is passed over: no move without a choice). A claim deals the same round anew, and the asking
starts again from the new deal's starter; after `start.max_redeals` claims in a row the deal
stands. Play follows once every qualifying player has kept his hand.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from interpreter.engine import events as ev
from interpreter.engine import phases
from interpreter.engine.actions import KEEP, REDEAL, Action
from interpreter.engine.layout.dealing import deal_round, dealt_hand_env
from interpreter.engine.layout.phases import ENTRIES, LayoutPhase, hand_over
from interpreter.engine.layout.table import LayoutTable
from interpreter.engine.layout.views import seen
from interpreter.engine.tiles import bits

_CHOICES = [Action(KEEP), Action(REDEAL)]


class ClaimPhase(LayoutPhase):
    """Asks each player whose hand meets `deal.redeal_claim`, in turn, to keep it or claim a redeal."""

    kind = phases.CALLS
    name = "claiming"

    def __init__(self, table: LayoutTable, claims: int = 0, after: int = 0) -> None:
        self.listed = None  # set on the instance, as every layout phase does (phases.py: LayoutPhase)
        self.claims = claims  # deals of this round thrown in by a claim: at most start.max_redeals
        self.asked = 0  # the seat asked, counted from the starter in the order of play
        self.done = False
        self._ask_from(table, after)

    @classmethod
    def resumed(cls, table: LayoutTable, seat: int) -> ClaimPhase:
        """The phase as it stands when `seat` is asked (a round rebuilt from one seat's view)."""
        step = table.t.step
        return cls(table, after=next(i for i in range(table.n) if (table.starter + i * step) % table.n == seat))

    def _ask_from(self, table: LayoutTable, first: int) -> None:
        """Ask the first qualifying seat from the `first`-th after the starter on; none: play follows."""
        claim = table.rules.deal.redeal_claim
        assert claim is not None
        if self.claims < table.rules.start.max_redeals:
            for i in range(first, table.n):
                seat = (table.starter + i * table.t.step) % table.n
                if seat not in table.eliminated and claim(dealt_hand_env(table.t, table.hands[seat])):
                    self.asked = i
                    table.current = seat
                    return
        table.current = table.starter
        self.done = True

    def listing(self, table: LayoutTable) -> list[Action]:
        return _CHOICES

    def apply(self, table: LayoutTable, action: Action) -> None:
        seat = table.current
        table.events.append((ev.ACTION, seat, action))
        if action.kind == KEEP:
            self._ask_from(table, self.asked + 1)
            return
        table.events.append({"type": "redeal_claim", "seat": seat, "tiles": _shown(table, seat)})
        deal_round(table, again=True)
        self.claims += 1
        self._ask_from(table, 0)

    def why_illegal(self, table: LayoutTable, action: object) -> str:
        return "before the first play this player keeps the hand as dealt or claims a redeal: keep or redeal"

    def describe(self, table: LayoutTable, seat: int) -> Mapping[str, Any]:
        return seen(table, set())

    def playout(self, table: LayoutTable, rand: Callable[[], float], heavy: float) -> None:
        """Random decisions (`Match.playout`) until play follows."""
        while not self.done:
            self.apply(table, _CHOICES[int(rand() * len(_CHOICES))])

    def following(self, table: LayoutTable) -> LayoutPhase:
        return hand_over(table, self.kind)

    def copy(self) -> ClaimPhase:
        new = object.__new__(ClaimPhase)
        new.__dict__ = self.__dict__.copy()
        return new


def _shown(table: LayoutTable, seat: int) -> list[list[int]]:
    """The tiles a claimant shows: his doubles where the condition reads only them, else his hand."""
    claim = table.rules.deal.redeal_claim
    assert claim is not None
    t = table.t
    ids = bits(table.hands[seat])
    if set(claim.names) <= {"doubles", *t.count_env}:
        ids = [x for x in ids if t.low[x] == t.high[x]]
    return [[t.low[x], t.high[x]] for x in ids]


ENTRIES[phases.CALLS] = ClaimPhase
