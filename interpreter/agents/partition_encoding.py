"""The agents' encoding of a partition table (a hand split into groups, shown down against a
bank): the action space and the observation's own sections.

A split is named by its groups but the last (the last is the rest of the hand): the action space
is every way the set's tiles can fill those groups (Pai Gow: the 221 high hands; Tau Ngau: the
1,550 triples laid aside), each index standing for the split of the seat's own hand whose first
groups those are. The observation adds the banker, which seats have split or are stuck, the own
split, and the last showdown (public once shown): nothing another seat holds before it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

import numpy as np

from interpreter.engine import Action
from interpreter.engine.actions import SPLIT
from interpreter.engine.observation import PartitionView
from interpreter.engine.tiles import Tile
from interpreter.rulefile.ruleset import Ruleset

if TYPE_CHECKING:
    from interpreter.agents.encoding import Encoding

MAX_ACTIONS = 200_000  # the action space's bound: a file whose first groups fill more ways is not encoded

Prefix = tuple[tuple[Tile, ...], ...]


def _groups(held: Counter[Tile], sizes: tuple[int, ...]) -> Iterator[Prefix]:
    """Every way the tiles `held` (with their copies) fill groups of `sizes`, in order."""
    if not sizes:
        yield ()
        return
    for group in combinations_with_replacement(sorted(held), sizes[0]):
        used = Counter(group)
        if all(used[t] <= held[t] for t in used):
            for rest in _groups(held - used, sizes[1:]):
                yield (group, *rest)


def split_actions(ruleset: Ruleset) -> list[Action]:
    """The action space: a split named by its groups but the last, in a fixed order."""
    rules = ruleset.partition
    assert rules is not None
    sizes = tuple(g.size for g in rules.groups[:-1])
    out = []
    for prefix in _groups(Counter(ruleset.set_tiles()), sizes):
        out.append(Action(SPLIT, value=prefix))
        if len(out) > MAX_ACTIONS:
            raise ValueError(f"'{ruleset.name}': more than {MAX_ACTIONS:,} first groups to encode as actions")
    return out


def prefix_of(action: Action) -> Action:
    """The action-space entry of a split: its groups but the last."""
    return Action(SPLIT, value=action.groups[:-1])


def section_sizes(encoding: Encoding) -> list[tuple[str, int]]:
    rules = encoding.ruleset.partition
    assert rules is not None
    t, n, k = len(encoding.tiles), encoding.players, len(rules.groups)
    return [("banker", n), ("done", n), ("stuck", n), ("own", k * t), ("shown", n * k * t), ("settled", n)]


def encode_into(encoding: Encoding, out: np.ndarray, view: PartitionView, me: int) -> None:
    sec = encoding.sections
    n, t = encoding.players, len(encoding.tiles)

    def at(seat: int) -> int:
        return (seat - me) % n

    out[sec["banker"].start + at(view.banker)] = 1
    for seat in range(n):
        out[sec["done"].start + at(seat)] = view.done[seat]
        out[sec["stuck"].start + at(seat)] = view.stuck[seat]
    _groups_into(encoding, out, sec["own"].start, view.own)
    k = len(view.groups)
    for seat, groups in enumerate(view.shown):
        _groups_into(encoding, out, sec["shown"].start + at(seat) * k * t, groups)
    for seat, points in enumerate(view.settled):
        out[sec["settled"].start + at(seat)] = points / encoding.score_scale


def _groups_into(encoding: Encoding, out: np.ndarray, start: int, groups: Iterable[Iterable[Tile]]) -> None:
    t = len(encoding.tiles)
    for i, group in enumerate(groups):
        encoding._tiles_into(out, start + i * t, group)
