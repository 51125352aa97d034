"""Tiles laid face down from a hand before the tricks: the kitty's taker discarding as many as it
took (then the play), or a seat that exchanged its hand discarding down to a hand's size (then the
next seat's call). The others never see which tiles (the log's public form hides them)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from interpreter.engine import phases
from interpreter.engine.actions import DISCARD, Action
from interpreter.engine.tiles import bits
from interpreter.engine.tricks.phases import DISCARDING, TrickPhase, enter
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
        if self.leader is None:
            table.current = table.t.next_seat(seat)
            self.finish(enter("calls", table))
            return
        table.count_available(sum(h.bit_count() for h in table.hands) // table.n)  # the tricks of the hand
        table.current = self.leader
        self.finish(enter("tricks", table))

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
