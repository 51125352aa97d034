"""What a group of tiles is worth at the showdown: the first entry of the file's `ranking` that
matches it, and its rank key (class, value, tiebreak) — compared as a tuple, the higher wins.

A group holding wild tiles (`partition.wild`) is read every way they may count (at most
2^MAX_WILD_TILES readings): a condition holds if one reading makes it hold, a value is the best
reading's. Keys are cached per group (a hand of a few tiles has few groups), per ruleset.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import permutations, product
from typing import NamedTuple

from interpreter.rulefile.partition_rules import PartitionRules, RankEntry, Tile

UNRANKED = "nothing"  # the name of a group no entry of the ranking matches (it loses to any that does)


class Rank(NamedTuple):
    key: tuple[int, int, int]  # (class, value, tiebreak): compared as a tuple
    name: str  # the entry's name, as the showdown says it
    value: int  # the entry's value (the points)
    valued: bool  # the entry has a value formula (a named combination usually has none)


class Ranker:
    """The ranking of one ruleset's groups (`rank`), and the checks of its groups' `must`."""

    def __init__(self, rules: PartitionRules) -> None:
        self.rules = rules
        self._wild = {tile: wild.counts for wild in rules.wild for tile in wild.tiles}
        self.rank = lru_cache(maxsize=None)(self._rank)
        self.holds = lru_cache(maxsize=None)(self._holds)

    def readings(self, group: tuple[Tile, ...]) -> Iterator[dict[str, int]]:
        """The group's names (GROUP_NAMES) under each reading of its wild tiles."""
        ranks = [self.rules.ranks.get(tile, 0) for tile in group]
        base = {
            "pips": sum(a + b for a, b in group),
            "size": len(group),
            "doubles": sum(1 for a, b in group if a == b),
            "top_rank": max(ranks, default=0),
            "low_rank": min(ranks, default=0),
        }
        choices = [self._wild.get(tile, (tile[0] + tile[1],)) for tile in group]
        for counts in product(*choices):
            yield {**base, "total": sum(counts)}

    def _holds(self, index: int, group: tuple[Tile, ...]) -> bool:
        """Whether group `index`'s `must` holds for `group` (for some reading of its wild tiles)."""
        must = self.rules.groups[index].must
        return must is None or any(must(env) for env in self.readings(group))

    def _rank(self, group: tuple[Tile, ...]) -> Rank:
        for entry in self.rules.ranking:
            if entry.tiles is not None:
                if not _is_combination(entry, group):
                    continue
                envs = list(self.readings(group))
            else:
                envs = [env for env in self.readings(group) if entry.when is None or entry.when(env)]
                if not envs:
                    continue
            values = [0 if entry.value is None else entry.value(env) for env in envs]
            best = max(range(len(envs)), key=values.__getitem__)  # the best reading (the first of equals)
            value, env = values[best], envs[best]
            breaks = entry.tiebreak and (entry.tiebreak_when is None or entry.tiebreak_when({**env, "value": value}))
            key = (entry.rank_class, value, env["top_rank"] if breaks else 0)
            return Rank(key, entry.name, value, entry.value is not None)
        return Rank((-1, 0, 0), UNRANKED, 0, False)


def _is_combination(entry: RankEntry, group: tuple[Tile, ...]) -> bool:
    """Whether `group` is the entry's named combination: its tiles fill the entry's places, each
    with one of the tiles that place allows (a group has a few tiles: every order is tried)."""
    places = entry.tiles
    assert places is not None
    if len(places) != len(group):
        return False
    return any(
        all(tile in allowed for tile, allowed in zip(order, places, strict=True)) for order in permutations(group)
    )
