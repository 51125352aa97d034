"""What one seat knows of the tiles passed before play (passing), for a determinization
(tricks/determinize.py): the tiles it gave, which stay in its receiver's hand until played, and
those it received; of the others' gifts only how many. A sample puts the known tiles where they
are and deals the unknown gifts from the tiles hidden from the seat."""

from __future__ import annotations

from collections import Counter

from interpreter.engine.observation import Observation
from interpreter.engine.tiles import bits
from interpreter.engine.tricks.table import TrickTable
from interpreter.engine.tricks.tables import TrickTables


class PassedKnown:
    """The passing as `observation`'s seat knows it (`seen`: the ids it has seen so far)."""

    def __init__(self, t: TrickTables, observation: Observation, played: list[int], seen: int) -> None:
        view = observation.tricks
        assert view is not None
        n, seat = len(observation.hand_counts), observation.seat
        self.seat = seat
        self.to = t.passes_to(seat)
        self.sender = next(s for s in range(n) if t.passes_to(s) == seat)
        self.delivered = bool(view.passed) and view.phase != "passing"
        # Per other seat, the tiles it has given and that still wait on the table (hidden).
        self.waiting = [0] * n
        self.in_hand = 0  # this seat's gift still in its receiver's hand (after delivery)
        own = t.mask_of(observation.hand)
        if self.delivered:
            unplayed = Counter(view.passed) - Counter(view.played[self.to])
            self.in_hand = t.mask_of(list(unplayed.elements()), seen)
            gift = self.in_hand | _ids(t, view.passed, played[self.to] & ~self.in_hand)
            self.received = _ids(t, view.received, own | played[seat])
        else:
            gift = t.mask_of(view.passed, seen)
            self.received = 0
            for other in range(n):
                if other != seat:
                    self.waiting[other] = t.hand_size - observation.hand_counts[other]
        self.gift = gift
        self.seen = seen | gift  # the ids this seat now knows the place of

    def counts(self, counts: list[int]) -> None:
        """Hand sizes to deal: the receiver's less the gift known in it."""
        counts[self.to] -= self.in_hand.bit_count()

    def place(self, table: TrickTable, hands: list[int], rest: list[int]) -> list[int]:
        """Put the known gift in its receiver's hand and deal the hidden gifts from `rest` (taken
        from its end); set `table.given`. The tiles of `rest` left."""
        hands[self.to] |= self.in_hand
        given = [0] * table.n
        given[self.seat] = self.gift
        for other, count in enumerate(self.waiting):
            if count:
                given[other] = sum(1 << x for x in rest[-count:])
                rest = rest[:-count]
        if self.delivered:
            given[self.sender] = self.received
            count = self.gift.bit_count()
            for other in range(table.n):  # the others' gifts: as many tiles of their receivers'
                if other not in (self.seat, self.sender):
                    to = table.t.passes_to(other)
                    held = bits((hands[to] | table.played[to]) & ~self.gift & ~self.received)
                    given[other] = sum(1 << x for x in held[:count])
        table.given = given
        table.delivered = self.delivered
        return rest


def _ids(t: TrickTables, tiles: tuple[tuple[int, int], ...], among: int) -> int:
    """The ids of `tiles` among the ids of `among`."""
    mask = 0
    for tile in tiles:
        x = next((x for x in t.copies[tile] if (among >> x) & 1 and not (mask >> x) & 1), None)
        if x is not None:
            mask |= 1 << x
    return mask
