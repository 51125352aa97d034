"""What the hand's declarations that score (`declaration`) and its melds (`melds`) left on the
table: the points each side declared, who declared, the tiles shown and still held (every seat
knows them), the tiles the declarer must lead from next, and the melds shown. Small and copied
with the table; compared field by field with a search's sample (tests/engine/test_trick_resample.py)."""

from __future__ import annotations

from dataclasses import dataclass

Tile = tuple[int, int]
# A meld shown this hand (melds): (seat, its kind's name, its tiles sorted, those of the widow, points).
Meld = tuple[int, str, tuple[Tile, ...], tuple[Tile, ...], int]


@dataclass(slots=True)
class Declared:
    points: list[int]  # per side: declared this hand (counted as the rules say)
    shown: list[int]  # per seat: the tiles it showed that it still holds
    by: int = 0  # mask of the seats that declared this hand
    lead_from: int = 0  # the tiles the seat about to lead must lead one of (0: any)
    melds: tuple[Meld, ...] = ()  # the melds shown this hand, in order (public)
    won: int | None = None  # the side whose declaration ended the hand, won (declaration.wins_when)

    @classmethod
    def none(cls, n: int, sides: int) -> Declared:
        return cls([0] * sides, [0] * n)

    def copy(self) -> Declared:
        return Declared(self.points.copy(), self.shown.copy(), self.by, self.lead_from, self.melds, self.won)

    def played(self, seat: int, tile: int) -> None:
        """`seat` played `tile`: it is no longer shown in its hand, and the lead is free again."""
        self.shown[seat] &= ~(1 << tile)
        self.lead_from = 0
