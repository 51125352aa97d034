"""The agents' encoding of a draw-and-discard board (agents/encoding.py ENCODED_BOARDS): its
actions (a take and a discard per tile, every group the set can make shown, then the bare kinds)
and its part of the observation, all of it public or the observer's own: the face-up discards and
the last one, the dead tiles, each seat's groups shown and the tiles it is known to hold (taken
from the discards), the tiles of the last refill, the turn's step and the turns played."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence

import numpy as np

from interpreter.engine.actions import DISCARD, TAKE, Action
from interpreter.engine.draw_discard.tables import tables_for
from interpreter.engine.observation import DrawDiscardView
from interpreter.engine.tiles import Tile
from interpreter.rulefile.ruleset import Ruleset

STEPS = ("start", "meld", "discard", "draw")

TilesInto = Callable[[np.ndarray, int, Iterable[Sequence[int]]], None]


def actions(ruleset: Ruleset, players: int, tiles: Sequence[Tile]) -> Iterable[Action]:
    """The takes and discards of every tile, then every group the set can make (its tiles sorted)."""
    yield from (Action(TAKE, tile) for tile in tiles)
    yield from (Action(DISCARD, tile) for tile in tiles)
    t = tables_for(ruleset, players)
    groups: dict[Action, None] = {}
    every = tuple(sorted(range(len(t.types)), key=lambda x: t.types[x][0]))
    for a, b in itertools.combinations_with_replacement(every, 2):
        if t.matcher.pair[a][b]:
            groups[Action.meld([t.types[a][0], t.types[b][0]])] = None
    for kind in ruleset.draw_discard.groups if ruleset.draw_discard is not None else ():
        for group in kind.tiles:
            for choice in itertools.product(*group):
                groups[Action.meld(list(choice))] = None
    yield from sorted(groups)


def sections(players: int, tiles: int) -> list[tuple[str, int]]:
    n, t = players, tiles
    return [
        ("discards", t), ("last_discard", t), ("discarder", n + 1), ("dead", t), ("shown", n * t),
        ("known", n * t), ("reshuffled", t), ("step", len(STEPS)), ("turns", 1), ("owed", t),
    ]  # fmt: skip


def encode_into(
    out: np.ndarray, sec: dict[str, slice], view: DrawDiscardView, me: int, n: int, t: int, tiles_into: TilesInto
) -> None:
    """The board's public part, seats counted from the observer `me`."""
    tiles_into(out, sec["discards"].start, [tile for _, tile in view.discards])
    if view.discards:
        seat, tile = view.discards[-1]
        tiles_into(out, sec["last_discard"].start, [tile])
        out[sec["discarder"].start + (seat - me) % n] = 1
    else:
        out[sec["discarder"].stop - 1] = 1
    tiles_into(out, sec["dead"].start, view.dead)
    for seat, groups in enumerate(view.shown):
        for _, shown in groups:
            tiles_into(out, sec["shown"].start + ((seat - me) % n) * t, shown)
    for seat, known in enumerate(view.known):
        tiles_into(out, sec["known"].start + ((seat - me) % n) * t, known)
    tiles_into(out, sec["reshuffled"].start, view.reshuffled)
    out[sec["step"].start + STEPS.index(view.step)] = 1
    out[sec["turns"].start] = view.turns / max(1, view.turn_limit)
    if view.owed is not None:
        tiles_into(out, sec["owed"].start, [view.owed])
