"""How a trick hand was won, as the rule file names it (issue 29, M16): `tricks.last_bonus`, the
plays that, taking the last trick, make the hand name `last_bonus` hold — a combination by name,
any combination of a kind, or exactly some tiles — each checked against the combinations and the
set (docs/format.md, "How the hand was won")."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from interpreter.rulefile.trick_rules import Combination, TrickPlay
from interpreter.text.diagnostics import suggestion

if TYPE_CHECKING:
    from interpreter.rulefile.build import Path_, _Builder

Tile = tuple[int, int]
_WAYS = ("combination", "kind", "tiles")


def _named(b: _Builder, path: Path_, word: str, known: list[str], what: str) -> bool:
    """Whether `word` is one of `known` (a combination's name or kind); said, with the closest, if not."""
    if word in known:
        return True
    if not known:
        b.problem(path, f"names a {what} of tricks.combinations, and this game has none")
        return False
    close = suggestion(word, known)
    hint = f"; did you mean '{close}'?" if close else f"; the {what}s are {', '.join(known)}"
    b.problem(path, f"'{word}' is not a {what} of tricks.combinations{hint}")
    return False


def trick_plays(
    b: _Builder,
    key: tuple[str, ...],
    combinations: tuple[Combination, ...],
    set_tiles: tuple[Tile, ...],
    parse_tile: Callable[[str], Tile],
) -> tuple[TrickPlay, ...]:
    """The plays listed at `key` (each {combination}, {kind} or {tiles}), checked."""
    entries: list[dict[str, Any]] = b.get(*key) or []
    names = [c.name for c in combinations]
    kinds = list(dict.fromkeys(c.kind for c in combinations))
    held = set(set_tiles)
    out: list[TrickPlay] = []
    for i, entry in enumerate(entries):
        path: Path_ = (*key, i)
        given = [way for way in _WAYS if entry.get(way) is not None]
        if len(given) != 1:
            b.problem(path, "name one play: a combination, a kind of combination, or tiles")
            continue
        if given == ["combination"]:
            if _named(b, (*path, "combination"), str(entry["combination"]), names, "combination name"):
                out.append(TrickPlay(name=str(entry["combination"])))
        elif given == ["kind"]:
            if _named(b, (*path, "kind"), str(entry["kind"]), kinds, "combination kind"):
                out.append(TrickPlay(kind=str(entry["kind"])))
        else:
            tiles = [parse_tile(str(word)) for word in entry["tiles"]]
            wrong = [j for j, tile in enumerate(tiles) if tile not in held]
            for j in wrong:
                b.problem((*path, "tiles", j), f"{tiles[j][0]}-{tiles[j][1]} is not a tile of the set")
            if not wrong:
                out.append(TrickPlay(tiles=tuple(sorted(tiles))))
    return tuple(out)
