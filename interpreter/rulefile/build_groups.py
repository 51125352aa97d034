"""`tricks.combinations` and `tricks.face_down` of a trick file: the tiles that may be led
together, checked against the set (docs/format.md, "Tiles played together")."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from interpreter.rulefile.trick_rules import MAX_GROUPS, Combination

if TYPE_CHECKING:
    from interpreter.rulefile.build import _Builder

MAX_PLACES = 8  # a combination's tiles: a bound on the groups a hand is searched for

Tile = tuple[int, int]


def _text(tiles: tuple[Tile, ...]) -> str:
    return " ".join(f"{low}-{high}" for low, high in tiles)


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def build_combinations(
    b: _Builder,
    set_tiles: tuple[Tile, ...],
    hand_sizes: dict[int, int],
    parse_tile: Callable[[str], Tile],
) -> tuple[Combination, ...]:
    """The file's combinations, each checked: tiles of the set, no more copies than it holds, at
    most a hand's worth, one name each, a bounded number of ways to fill its places, and no group
    of tiles that another combination already makes (the engine would keep the first silently)."""
    entries = b.get("tricks", "combinations") or ()
    held = Counter(set_tiles)
    smallest = min(hand_sizes.values(), default=0)
    most = min(MAX_PLACES, smallest or MAX_PLACES)
    names: set[str] = set()
    made: dict[tuple[Tile, ...], str] = {}  # each group of tiles, and the combination it makes
    groups = 0
    out: list[Combination] = []
    for i, entry in enumerate(entries):
        path = ("tricks", "combinations", i)
        name = str(entry["name"])
        if name in names:
            b.problem((*path, "name"), f"another combination is called {name!r} already")
        names.add(name)
        places: list[tuple[Tile, ...]] = []
        ok = True
        for j, place in enumerate(entry["tiles"]):
            words: list[Any] = place if isinstance(place, list) else [place]
            tiles = []
            for k, word in enumerate(words):
                tile = parse_tile(str(word))
                if tile not in held:
                    where = (*path, "tiles", j, k) if isinstance(place, list) else (*path, "tiles", j)
                    b.problem(where, f"{tile[0]}-{tile[1]} is not a tile of the set")
                    ok = False
                tiles.append(tile)
            places.append(tuple(dict.fromkeys(tiles)))
        if not 2 <= len(places) <= most:
            b.problem((*path, "tiles"), f"a combination is 2 to {most} tiles (a hand holds {smallest})")
            ok = False
        if not ok:
            continue
        ways = math.prod(len(place) for place in places)
        groups += ways
        if groups > MAX_GROUPS:
            if groups - ways <= MAX_GROUPS:  # said once, at the combination that goes over
                b.problem(
                    (*path, "tiles"),
                    f"the combinations may stand for {MAX_GROUPS} groups of tiles at most (each way of filling "
                    f"their places is one), and this one brings them to {groups}",
                )
            continue
        fillings = {tuple(sorted(filling)) for filling in itertools.product(*places)}
        holdable = sorted(g for g in fillings if all(n <= held[t] for t, n in Counter(g).items()))
        if not holdable:
            b.problem((*path, "tiles"), _never_held(places, held))
            continue
        again = next((g for g in holdable if g in made), None)
        if again is not None:
            b.problem(
                (*path, "tiles"),
                f"{_text(again)} make the combination {made[again]!r} already: a group of tiles makes one combination",
            )
            continue
        made.update(dict.fromkeys(holdable, name))
        out.append(Combination(name, tuple(places), str(entry["kind"]), int(entry["rank"])))
    return tuple(out)


def _never_held(places: list[tuple[Tile, ...]], held: Counter[Tile]) -> str:
    """Why the set never holds a combination's tiles together."""
    if all(len(place) == 1 for place in places):
        need = Counter(place[0] for place in places)
        tile = next(t for t, n in need.items() if n > held[t])
        return f"{_text((tile,))} is {need[tile]} times here; the set holds {held[tile]}"
    tiles = dict.fromkeys(tile for place in places for tile in place)
    holds = ", ".join(f"{_text((tile,))} {_times(held[tile])}" for tile in tiles)
    return f"the set never holds one tile for each place together: it holds {holds}"
