"""Following a lead of several tiles (`tricks.combinations`) tile by tile: the picks.

A seat that follows a lead of k tiles may play any k tiles it holds, and listing every group
would list C(hand, k) moves (millions for a big hand). It builds its play instead, one pick at a
time in the order of its hand's tiles: each pick a tile after the previous one, with enough tiles
after it to finish, and of a tile held twice the first copy left. So every group of k tiles is
exactly one path of picks, and each list of picks is at most the hand's size. The k-th pick makes
the play. The helpers here work on tile ids in that order; the match keeps the picks so far.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from interpreter.engine.tiles import Tile, bits
from interpreter.engine.tricks.groups import Group, Groups


def next_picks(hand: int, picked: Sequence[int], size: int, tiles: Sequence[Tile]) -> list[int]:
    """The ids that may be picked next (one per tile) towards a play of `size` tiles, after
    `picked` (ids of `hand`, in pick order). `hand` holds the picked tiles too."""
    ids = sorted(bits(hand), key=lambda x: (tiles[x], x))
    if picked:
        last = (tiles[picked[-1]], picked[-1])
        ids = [x for x in ids if (tiles[x], x) > last]
    need = size - len(picked)
    out: dict[Tile, int] = {}
    for x in ids[: len(ids) - need + 1]:
        out.setdefault(tiles[x], x)
    return list(out.values())


def picks_for(
    group: Sequence[Tile], hand: int, picked: Sequence[int], size: int, tiles: Sequence[Tile]
) -> list[int] | None:
    """The ids a whole play of `group` (sorted) still picks after `picked`, each as `next_picks`
    would offer it; None when the group is not such a play. O(size · hand): no group is listed."""
    if len(group) != size:
        return None
    rest = Counter(group)
    rest.subtract(tiles[x] for x in picked)
    if any(n < 0 for n in rest.values()):
        return None
    chosen = list(picked)
    for tile in sorted(rest.elements()):
        offered = {tiles[x]: x for x in next_picks(hand, chosen, size, tiles)}
        if tile not in offered:
            return None
        chosen.append(offered[tile])
    return chosen[len(picked) :]


def completes(group: Sequence[Tile], picked: Sequence[Tile]) -> bool:
    """Whether a whole play of `group` (held) may still follow picks of `picked` (in pick order):
    it holds them, and its other tiles come after the last of them."""
    rest = Counter(group)
    rest.subtract(picked)
    last = picked[-1] if picked else None
    return all(n >= 0 for n in rest.values()) and (last is None or all(t >= last for t in rest.elements()))


def toward(
    held: Sequence[Tile], picked: Sequence[Tile], size: int, best: Sequence[Sequence[Tile]], cost: dict[Tile, int]
) -> Tile:
    """The next pick towards a play of `size` tiles from `held` (the hand, picked tiles included)
    after `picked` (in pick order): towards the first of `best` (groups, best first) that the
    picks so far can still make, else towards the tiles that cost least (`cost`, then tile
    order) among those the picks may still take. The same target at every pick: a player
    that follows it builds the play it chose at the first."""
    last = picked[-1] if picked else None
    for group in best:
        if completes(group, picked):
            rest = Counter(group)
            rest.subtract(picked)
            return min(rest.elements())
    left = Counter(held)
    left.subtract(picked)
    free = sorted((t for t in left.elements() if last is None or t >= last), key=lambda t: (cost[t], t))
    return min(free[: size - len(picked)])


def pick_towards(
    groups: Groups, held: Sequence[Tile], picked: Sequence[Tile], size: int,
    takes_lead: Callable[[Group], bool] | None, rank: Callable[[Tile], int],
) -> Tile:  # fmt: skip
    """The next pick of a player that follows with the cheapest combination held that takes the
    lead (the lowest rank; none where `takes_lead` is None: taking does not pay), else with the
    tiles of lowest `rank`: `toward` that target, the same at every pick."""
    taking = []
    if takes_lead is not None:
        taking = [g for g in groups.leads(held) if len(g) == size and takes_lead(g)]
        taking.sort(key=lambda g: (groups.of[g][1], g))
    return toward(held, picked, size, taking, {tile: rank(tile) for tile in held})
