"""Tiles played together (`tricks.combinations`): which groups of tiles may be led, and which
kind and rank a group of tiles makes, worked out once per ruleset from the file's list.

A group is a tuple of tiles in (low, high) order, sorted: two groups of the same tiles are the
same group, whichever copies of a tile a hand holds. A combination names, per place, the tiles
that may stand there; every way of filling the places is one group of that combination. A group
the set cannot hold (more copies of a tile than it has) is left out.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterable

from interpreter.engine.tiles import Tile
from interpreter.rulefile.trick_rules import MAX_GROUPS, Combination

Group = tuple[Tile, ...]


class Groups:
    """The groups of a ruleset's combinations, by their tiles."""

    def __init__(self, combinations: Iterable[Combination], copies: dict[Tile, int]) -> None:
        # group -> (kind, rank, name); a group listed under two combinations keeps the first.
        self.of: dict[Group, tuple[str, int, str]] = {}
        self._needs: dict[Group, Counter[Tile]] = {}  # per group: how many of each tile it takes
        combinations = tuple(combinations)
        # The loader refuses more (build_groups.py); a ruleset built another way is refused here,
        # before a single group is made: each way of filling the places is one group.
        ways = sum(math.prod(len(place) for place in c.tiles) for c in combinations)
        if ways > MAX_GROUPS:
            raise ValueError(f"tricks.combinations stand for {ways} groups of tiles; at most {MAX_GROUPS} are played")
        for combination in combinations:
            for filling in itertools.product(*combination.tiles):
                group = tuple(sorted(filling))
                if all(copies.get(tile, 0) >= n for tile, n in Counter(group).items()):
                    self.of.setdefault(group, (combination.kind, combination.rank, combination.name))
        self._needs = {group: Counter(group) for group in sorted(self.of)}

    def leads(self, hand: Iterable[Tile]) -> list[Group]:
        """The groups a hand (its tiles, a tile twice if it holds two) may lead, in group order."""
        held = Counter(hand)
        return [g for g, needs in self._needs.items() if all(held[tile] >= n for tile, n in needs.items())]

    def beats(self, group: Group, best: Group) -> bool:
        """Whether `group` takes the lead of a trick from `best` (the same kind, a higher rank)."""
        mine, theirs = self.of.get(group), self.of.get(best)
        return mine is not None and theirs is not None and mine[0] == theirs[0] and mine[1] > theirs[1]

    def name(self, group: Group) -> str:
        found = self.of.get(group)
        return "" if found is None else found[2]

