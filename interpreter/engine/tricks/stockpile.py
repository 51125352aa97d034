"""A trick hand's stock (docs/format.md, "The stock"): the undealt tiles in drawing order, the
tile turned up for trumps and who drew it, and the close.

The stock draws from its end (`draw`); a turned-up tile that is drawn lies at its start, the
last tile drawn. Closing records each side's tricks and points at that moment, which a hand's
score may read (`tricks_at_close`, ...).
"""

from __future__ import annotations


class StockPile:
    __slots__ = ("at_close", "closed_by", "holder", "taken", "tiles", "turn_up")

    def __init__(self, tiles: list[int]) -> None:
        self.tiles = tiles  # tile ids; the next drawn is the last
        self.turn_up: int | None = None  # the tile turned up for trumps
        self.holder: int | None = None  # the seat that drew the turned-up tile and still holds it
        self.taken = False  # a turn-up left face up was taken into a hand (stock.take_turn_up)
        self.closed_by: int | None = None
        self.at_close: tuple[list[int], list[int]] = ([], [])  # per side: tricks, points when closed

    def copy(self) -> StockPile:
        new = StockPile(self.tiles.copy())
        new.turn_up, new.holder, new.closed_by, new.at_close = self.turn_up, self.holder, self.closed_by, self.at_close
        new.taken = self.taken
        return new

    @property
    def open(self) -> bool:
        """Tiles left to draw, and nobody closed it."""
        return bool(self.tiles) and self.closed_by is None

    def turn(self, out_of_play: bool) -> int:
        """Turn up the tile to be drawn last; `out_of_play`: it leaves the stock and stays face up."""
        up = self.turn_up = self.tiles[0]
        if out_of_play:
            self.tiles.pop(0)
        return up

    def draw(self, seat: int) -> int:
        """`seat` draws the next tile: its id."""
        x = self.tiles.pop()
        if x == self.turn_up:
            self.holder = seat
        return x

    def played(self, seat: int, tile: int) -> None:
        """`seat` played `tile`: if it was the turned-up tile, nobody holds it now."""
        if seat == self.holder and tile == self.turn_up:
            self.holder = None

    def close(self, seat: int, tricks: list[int], points: list[int]) -> None:
        self.closed_by = seat
        self.at_close = (tricks, points)
