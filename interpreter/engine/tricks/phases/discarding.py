"""Tiles laid face down from a hand before the tricks: the kitty's taker discarding as many as it
took (then the hand goes on), or a seat that exchanged its hand discarding down to a hand's size
(then back to the calls: the next seat's call). The others never see which tiles (the log's public
form hides them)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from interpreter.engine import events as ev
from interpreter.engine import phases
from interpreter.engine.actions import DISCARD, Action
from interpreter.engine.tiles import bits
from interpreter.engine.tricks.phases import DISCARDING, TrickPhase, enter, entry, hand_over
from interpreter.engine.tricks.table import TrickTable


class Discarding(TrickPhase):
    kind = phases.DISCARD
    name = DISCARDING

    def __init__(self, owed: int, leader: int | None) -> None:
        super().__init__()
        self.owed = owed  # tiles still to lay face down
        self.leader = leader  # who leads the first trick once they are down; None: back to the calls

    def legal(self, table: TrickTable) -> list[Action]:
        """A tile of the hand, each once, in tile order (of a kitty's taker: one it may lay away)."""
        return table.hand_actions(DISCARD, self._layable(table))

    def _layable(self, table: TrickTable) -> int:
        hand = table.hands[table.current]
        if self.leader is None or table.suits is None:  # an exchange's discards: any tile
            return hand
        return table.t.layable(table.suits, hand)

    def apply(self, table: TrickTable, action: Action) -> None:
        seat = table.current
        tile = table.lay_face_down(action)
        table.discards.append(tile)
        table.discard_seats.append(seat)
        table.dead.append(tile)
        self.owed -= 1
        if self.owed:
            return
        if self.leader is None:  # an exchange's: a cycle back to the calls
            table.current = table.t.next_seat(seat)
            self.finish(enter(phases.CALLS, table))
            return
        table.count_available(sum(h.bit_count() for h in table.hands) // table.n)  # the tricks of the hand
        table.current = self.leader
        self.finish(hand_over(table, self.kind))

    def why_illegal(self, table: TrickTable, action: Action) -> str:
        held = action.kind == DISCARD and action.tile is not None and action.tile in {
            table.t.tiles[x] for x in bits(table.hands[table.current])
        }
        if held:  # a tile of the hand that the kitty's rule keeps in it
            return f"{action.tile[0]}-{action.tile[1]} may not be laid away: the rules keep it in your hand"  # type: ignore[index]
        return "lay a tile of your hand face down (discard)"

    def describe(self, table: TrickTable, seat: int) -> Mapping[str, Any]:
        owed = self.owed
        return {"phase": self.name, "phase_kind": self.kind, "to_discard": owed, "kitty": len(table.discards) + owed}


@entry(phases.DISCARD)
def kitty(table: TrickTable) -> Discarding | None:
    """The kitty face down to the auction's winner, who discards as many before the first lead
    (the table's current seat leads it): in a hand whose auction's winner takes the undealt tiles."""
    bidding = table.t.rules.bidding
    bidder = table.auction.bidder
    if bidding is None or not bidding.kitty or not table.dead or bidder is None:
        return None
    leader = table.current
    table.current = bidder
    tiles = table.t.tiles
    for x in table.dead:
        table.hands[bidder] |= 1 << x
        table.events.append((ev.DRAW, bidder, tiles[x]))
    taken = len(table.dead)
    table.dead = []
    return Discarding(taken, leader)
