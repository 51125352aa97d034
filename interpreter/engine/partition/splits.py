"""The ways a hand may be split into the file's groups, and the house way's choice among them.

A split is a tuple of groups in the order `partition.groups` lists them, each group its tiles
sorted. The compared groups of one size are kept in rank order (the higher ranked stands in the
place listed first: the "high" hand), so writing the two hands either way is the same split, and
copies of a tile are one tile: the legal splits are the distinct ones. A hand has at most
MAX_SPLITS of them (the loader refuses a file whose groups allow more): the bound of every loop here.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from interpreter.engine.partition.ranking import Ranker
from interpreter.rulefile.partition_rules import PartitionRules, Tile

Split = tuple[tuple[Tile, ...], ...]


def legal_splits(ranker: Ranker, hand: Sequence[Tile]) -> list[Split]:
    """Every distinct legal split of `hand`, in a fixed order (by their tiles); empty: the holder is stuck."""
    found: set[Split] = set()
    _fill(ranker, tuple(sorted(hand)), 0, (), found)
    return sorted(found)


def _fill(ranker: Ranker, left: tuple[Tile, ...], index: int, made: Split, found: set[Split]) -> None:
    groups = ranker.rules.groups
    if index == len(groups):
        found.add(ordered(ranker, made))
        return
    size = groups[index].size
    seen: set[tuple[Tile, ...]] = set()
    for chosen in combinations(range(len(left)), size):
        group = tuple(left[i] for i in chosen)
        if group in seen or not ranker.holds(index, group):
            continue
        seen.add(group)
        rest = tuple(tile for i, tile in enumerate(left) if i not in chosen)
        _fill(ranker, rest, index + 1, (*made, group), found)


def ordered(ranker: Ranker, split: Split) -> Split:
    """`split` with its compared groups of each size in rank order: the higher ranked first (of
    equal rank, the higher tiles first)."""
    groups = ranker.rules.groups
    out = list(split)
    sizes = {g.size for g in groups if g.compared}
    for size in sizes:
        places = [i for i, g in enumerate(groups) if g.compared and g.size == size]
        if len(places) > 1:
            placed = sorted((split[i] for i in places), key=lambda g: (ranker.rank(g).key, g), reverse=True)
            for i, group in zip(places, placed, strict=True):
                out[i] = group
    return tuple(out)


def flat(split: Split) -> tuple[Tile, ...]:
    """A split as an action carries it: its groups' tiles one after another."""
    return tuple(tile for group in split for tile in group)


def unflat(rules: PartitionRules, tiles: Sequence[Tile]) -> Split:
    """The split whose groups' tiles are `tiles` one after another (the inverse of `flat`)."""
    out, at = [], 0
    for group in rules.groups:
        out.append(tuple(sorted(tiles[at : at + group.size])))
        at += group.size
    return tuple(out)


def split_names(ranker: Ranker, split: Split) -> dict[str, int]:
    """What a house way's step reads of `split` (partition_rules.split_names)."""
    out = {}
    for group, tiles in zip(ranker.rules.groups, split, strict=True):
        if group.compared:
            rank = ranker.rank(tiles)
            out[f"{group.name}_value"] = rank.value
            out[f"{group.name}_class"] = rank.key[0]
            out[f"{group.name}_top_rank"] = max((ranker.rules.ranks.get(t, 0) for t in tiles), default=0)
    return out


def house_way(ranker: Ranker, splits: Sequence[Split]) -> tuple[Split, int]:
    """The split the house way picks from `splits` (not empty), and the number of the step (from 1)
    that decided it (0: none did, every step kept them all, and the first is taken). Each step
    whose `when` holds for some of the splits left keeps, of those, the ones maximizing its formula."""
    left = list(splits)
    decided = 0
    for number, step in enumerate(ranker.rules.house_way, 1):
        if len(left) == 1:
            break
        names = [split_names(ranker, s) for s in left]
        keep = [i for i, env in enumerate(names) if step.when is None or step.when(env)]
        if not keep:
            continue
        values = {i: step.maximize(names[i]) for i in keep}
        best = max(values.values())
        chosen = [left[i] for i in keep if values[i] == best]
        if len(chosen) < len(left):
            decided = number
        left = chosen
    return left[0], decided
