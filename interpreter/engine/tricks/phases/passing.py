"""Tiles passed before play (docs/format.md, `passing`): every seat from the one to act when
the passing begins (the starter; after the declaration, the first leader) gives its tiles face
down, one a move, to the seat the file names; they change hands only once every seat has given,
so that no seat's choice depends on what it receives, and the seat that began acts next. The
log's public form hides the tiles (only the giver and the receiver know them: `TrickTable.given`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from interpreter.engine import phases
from interpreter.engine.actions import GIVE, Action
from interpreter.engine.tricks.phases import PASSING, TrickPhase, entry, hand_over
from interpreter.engine.tricks.table import TrickTable
from interpreter.engine.tricks.tables import TrickTables
from interpreter.rulefile.trick_rules import PassTo


class Passing(TrickPhase):
    kind = phases.PASSING
    name = PASSING

    def __init__(self, first: int) -> None:
        super().__init__()
        self.first = first  # the seat that gives first, and acts once the tiles have changed hands

    def legal(self, table: TrickTable) -> list[Action]:
        """A tile of the hand, each once, in tile order."""
        return table.hand_actions(GIVE)

    def apply(self, table: TrickTable, action: Action) -> None:
        seat = table.current
        table.given[seat] |= 1 << table.lay_face_down(action)
        passing = table.t.rules.passing
        assert passing is not None
        if table.given[seat].bit_count() < passing.count:
            return
        following = table.t.next_seat(seat)
        if following != self.first:
            table.current = following
            return
        for giver, tiles in enumerate(table.given):  # every seat has given: the tiles change hands
            table.hands[table.t.passes_to(giver)] |= tiles
        table.delivered = True
        to = [table.t.passes_to(s) for s in range(table.n)]
        table.events.append({"type": "passed", "round": table.round, "to": to, "count": passing.count})
        table.current = self.first
        self.finish(hand_over(table, self.kind))

    def why_illegal(self, table: TrickTable, action: Action) -> str:
        return f"give a tile of your hand to {receiver_words(table.t)} (give)"

    def describe(self, table: TrickTable, seat: int) -> Mapping[str, Any]:
        passing = table.t.rules.passing
        assert passing is not None
        return {"phase": self.name, "to_give": passing.count - table.given[table.current].bit_count()}


def receiver_words(t: TrickTables) -> str:
    """Whom a player passes tiles to (passing.to), as the player reads it."""
    passing = t.rules.passing
    return _TO_WORDS[passing.to if passing is not None else PassTo.LEFT]


_TO_WORDS = {
    PassTo.LEFT: "the next player", PassTo.RIGHT: "the player before you", PassTo.ACROSS: "the player opposite",
}  # fmt: skip


@entry(phases.PASSING)
def start(table: TrickTable) -> Passing | None:
    """The passing from the seat to act on (the starter after the deal), in a hand with one."""
    return Passing(table.current) if table.t.rules.passing is not None else None
