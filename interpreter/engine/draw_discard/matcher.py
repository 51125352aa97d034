"""The one matcher of the draw-and-discard family: every way a hand's tiles split into the groups a
rule file declares (pairs meeting a formula, listed groups) and tiles left loose.

A split is summed up as a count vector: how many groups of each kind, then the loose tiles. The
search takes the hand's lowest tile and either leaves it loose or puts it in each group it can be
in with the other tiles (each step removes it), memoised on the hand left (a sorted tuple of tile
types). Bound: a hand checked holds at most MAX_CHECKED (16) tiles (the loader refuses more), so
at most 2^16 sub-hands are ever explored for one hand; the memo is shared by a match's hands and
emptied past MAX_MEMO entries."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

from interpreter.rulefile.draw_discard_rules import GroupKind, Tile, pair_env

Vector = tuple[int, ...]  # per kind its groups, then the loose tiles
MAX_MEMO = 200_000


class Matcher:
    """The splits of hands of tile *types* (tiles with the same face and value are one type)."""

    def __init__(
        self, kinds: Sequence[GroupKind], types: Sequence[tuple[Tile, int]], counts: Mapping[str, object]
    ) -> None:
        self.k = len(kinds)
        n = len(types)
        # pair[a][b]: the pair kinds two tiles of types a and b make (either way round).
        self.pair: list[list[tuple[int, ...]]] = [[() for _ in range(n)] for _ in range(n)]
        for i, kind in enumerate(kinds):
            if kind.when is None:
                continue
            for a, b in itertools.combinations_with_replacement(range(n), 2):
                env = {**counts, **pair_env(*types[a], "a"), **pair_env(*types[b], "b"), "same": a == b}
                if kind.when(env):
                    self.pair[a][b] += (i,)
                    if a != b:
                        self.pair[b][a] += (i,)
        by_tile: dict[Tile, list[int]] = {}
        for t, (tile, _) in enumerate(types):
            by_tile.setdefault(tile, []).append(t)
        # listed[t]: (kind, the other positions, each the types that may stand there) for a tile of type t.
        self.listed: list[list[tuple[int, tuple[tuple[int, ...], ...]]]] = [[] for _ in range(n)]
        for i, kind in enumerate(kinds):
            for group in kind.tiles:
                for p, place in enumerate(group):
                    rest = tuple(
                        tuple(t for tile in other for t in by_tile.get(tile, ()))
                        for other in group[:p] + group[p + 1 :]
                    )
                    for tile in place:
                        for t in by_tile.get(tile, ()):
                            self.listed[t].append((i, rest))
        self.zero: Vector = (0,) * (self.k + 1)
        self._memo: dict[tuple[int, ...], frozenset[Vector]] = {(): frozenset({self.zero})}

    def splits(self, hand: tuple[int, ...]) -> frozenset[Vector]:
        """Every count vector a split of `hand` (sorted tile types) makes."""
        found = self._memo.get(hand)
        if found is not None:
            return found
        if len(self._memo) > MAX_MEMO:
            self._memo = {(): frozenset({self.zero})}
        first, rest = hand[0], hand[1:]
        loose = self.k
        out = {_plus(v, loose) for v in self.splits(rest)}
        for j, other in enumerate(rest):
            if j and rest[j - 1] == other:
                continue  # the same partner type again: the same splits
            kinds = self.pair[first][other]
            if kinds:
                left = rest[:j] + rest[j + 1 :]
                for v in self.splits(left):
                    out.update(_plus(v, i) for i in kinds)
        for i, places in self.listed[first]:
            for left in _fill(rest, places):
                out.update(_plus(v, i) for v in self.splits(left))
        result = frozenset(out)
        self._memo[hand] = result
        return result

    def groups_with(self, hand: tuple[int, ...], t: int) -> list[tuple[int, tuple[int, ...]]]:
        """The groups a tile of type `t` makes with tiles of `hand` (types): (kind, the hand's types used)."""
        out: list[tuple[int, tuple[int, ...]]] = []
        seen: set[tuple[int, tuple[int, ...]]] = set()
        for other in sorted(set(hand)):
            for i in self.pair[t][other]:
                seen.add((i, (other,)))
                out.append((i, (other,)))
        for i, places in self.listed[t]:
            for left in _fill(hand, places):
                used = _minus(hand, left)
                if (i, used) not in seen:
                    seen.add((i, used))
                    out.append((i, used))
        return out


def _plus(v: Vector, i: int) -> Vector:
    return (*v[:i], v[i] + 1, *v[i + 1 :])


def _fill(hand: tuple[int, ...], places: tuple[tuple[int, ...], ...]) -> set[tuple[int, ...]]:
    """The hands left once each of `places` takes one tile of `hand` of a type it allows."""
    if not places:
        return {hand}
    out: set[tuple[int, ...]] = set()
    for j, t in enumerate(hand):
        if t in places[0] and (j == 0 or hand[j - 1] != t):
            out |= _fill(hand[:j] + hand[j + 1 :], places[1:])
    return out


def _minus(hand: tuple[int, ...], left: tuple[int, ...]) -> tuple[int, ...]:
    rest = list(left)
    used = []
    for t in hand:
        if t in rest:
            rest.remove(t)
        else:
            used.append(t)
    return tuple(used)
