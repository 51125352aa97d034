"""What one seat knows of the undealt tiles (deal.undealt: first_trick / last_trick,
deal.undealt_face_up), for a determinization (tricks/determinize.py): how many wait on the table
for a trick's winner, and the tiles once shown (face up, or taken). A sample puts the tiles seen
where they are and deals the unseen ones waiting from the tiles hidden from the seat."""

from __future__ import annotations

from interpreter.engine.observation import TrickView
from interpreter.engine.tiles import bits
from interpreter.engine.tricks.table import TrickTable
from interpreter.engine.tricks.tables import TrickTables


class UndealtKnown:
    def __init__(self, t: TrickTables, view: TrickView, seen: int) -> None:
        self.shown = bits(t.mask_of(view.widow, seen)) if view.widow else []
        self.waiting = view.widow_size  # tiles still on the table for a trick's winner
        self.seen = seen | sum(1 << x for x in self.shown)

    def take(self, rest: list[int]) -> tuple[list[int], list[int]]:
        """The tiles waiting on the table (the seen ones, else as many of `rest`, from its end),
        and what is left of `rest`."""
        if not self.waiting or self.shown:
            return self.shown if self.waiting else [], rest
        return rest[-self.waiting :], rest[: -self.waiting]

    def place(self, table: TrickTable, widow: list[int]) -> None:
        """Set the sample's undealt tiles: waiting, or shown and out of play."""
        table.widow = widow
        table.widow_shown = self.shown.copy()
        if not self.waiting and self.shown:  # taken, or shown and never in play
            table.dead += self.shown
            dealt = sum(h.bit_count() for h in table.hands) + sum(p.bit_count() for p in table.played)
            table.count_available(dealt // table.n)
