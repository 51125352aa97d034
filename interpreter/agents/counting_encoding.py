"""The agents' encoding of a counting hand (encoding.py's part for the `counting` board): its
actions (a tile laid to the count or into the crib, go) and the sections of the observation a
counting view fills, seats counted from the observer. Only what the view holds: the observer's
own crib tiles, never another's."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import numpy as np

from interpreter.engine import Action
from interpreter.engine.actions import DISCARD, GO, PLAY
from interpreter.engine.observation import CountingView
from interpreter.engine.tiles import Tile


def actions(tiles: Sequence[Tile]) -> Iterable[Action]:
    """The counting board's own actions, in index order (the bare kinds follow, as in every game)."""
    yield from (Action(PLAY, tile) for tile in tiles)
    yield from (Action(DISCARD, tile) for tile in tiles)
    yield Action(GO)


def sections(t: int, n: int) -> list[tuple[str, int]]:
    """The sections a counting view fills: the phase (crib, play), the dealer, the running total
    over the limit, the tiles laid since the count started, each seat's tiles laid this hand, the
    seats gone, the crib's size and the observer's own crib tiles, the turned-up tile, and per
    seat the highest floor its gos put on the tiles it holds."""
    return [
        ("count_phase", 2), ("dealer", n), ("total", 1), ("count", t), ("laid", n * t), ("gone", n),
        ("crib_size", 1), ("crib", t), ("turn_up", t), ("floors", n),
    ]  # fmt: skip


def encode_into(
    out: np.ndarray,
    where: dict[str, slice],
    view: CountingView,
    me: int,
    n: int,
    tiles_into: Callable[[np.ndarray, int, Iterable[Sequence[int]]], None],
) -> None:
    def rel(seat: int) -> int:
        return (seat - me) % n

    out[where["count_phase"].start + (0 if view.phase == "crib" else 1)] = 1
    out[where["dealer"].start + rel(view.dealer)] = 1
    out[where["total"].start] = view.total / view.limit
    tiles_into(out, where["count"].start, [tile for _, tile in view.count])
    t = where["count"].stop - where["count"].start
    for seat, laid in enumerate(view.laid):
        tiles_into(out, where["laid"].start + rel(seat) * t, laid)
    for seat in view.gone:
        out[where["gone"].start + rel(seat)] = 1
    out[where["crib_size"].start] = view.crib_size
    tiles_into(out, where["crib"].start, view.crib)
    if view.turn_up is not None:
        tiles_into(out, where["turn_up"].start, [view.turn_up])
    for seat, total in view.goes:
        at = where["floors"].start + rel(seat)
        out[at] = max(out[at], (view.limit - total) / view.limit)
