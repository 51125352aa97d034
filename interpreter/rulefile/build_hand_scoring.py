"""How a trick hand was won, and what its tricks score as they are taken, as the rule file names
them: `tricks.last_bonus` (issue 29, M16), the plays that, taking the last trick, make the hand
name `last_bonus` hold — a combination by name, any combination of a kind, or exactly some tiles;
and `tricks.trick_scores` (M17), points scored the moment a trick is taken, for the tiles played
to it or the play that took it. Each is checked against the combinations and the set
(docs/format.md, "How the hand was won" and "Points scored as a trick is taken")."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from interpreter.rulefile.trick_rules import Combination, TrickPlay, TrickScore
from interpreter.text.diagnostics import suggestion

if TYPE_CHECKING:
    from interpreter.rulefile.build import Path_, _Builder

Tile = tuple[int, int]
_WAYS = ("combination", "kind", "tiles")
TRUMP_DOUBLE = "trump_double"  # in `played`: the double of the hand's trumps


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
    out: list[TrickPlay] = []
    for i, entry in enumerate(entries):
        path: Path_ = (*key, i)
        given = [way for way in _WAYS if entry.get(way) is not None]
        if len(given) != 1:
            b.problem(path, "name one play: a combination, a kind of combination, or tiles")
            continue
        play = _play(b, path, entry, given[0], combinations, set_tiles, parse_tile)
        if play is not None:
            out.append(play)
    return tuple(out)


def _play(
    b: _Builder,
    path: Path_,
    entry: dict[str, Any],
    way: str,
    combinations: tuple[Combination, ...],
    set_tiles: tuple[Tile, ...],
    parse_tile: Callable[[str], Tile],
) -> TrickPlay | None:
    """The play an entry names `way` (combination, kind or tiles), or None when it is wrong (said)."""
    if way == "combination":
        names = [c.name for c in combinations]
        ok = _named(b, (*path, "combination"), str(entry["combination"]), names, "combination name")
        return TrickPlay(name=str(entry["combination"])) if ok else None
    if way == "kind":
        kinds = list(dict.fromkeys(c.kind for c in combinations))
        ok = _named(b, (*path, "kind"), str(entry["kind"]), kinds, "combination kind")
        return TrickPlay(kind=str(entry["kind"])) if ok else None
    tiles = _tiles(b, (*path, way), entry[way], set_tiles, parse_tile, trump_double=False)
    return None if tiles is None else TrickPlay(tiles=tuple(sorted(t for t in tiles if t is not None)))


def _tiles(
    b: _Builder,
    path: Path_,
    words: list[Any],
    set_tiles: tuple[Tile, ...],
    parse_tile: Callable[[str], Tile],
    *,
    trump_double: bool,
) -> list[Tile | None] | None:
    """Tiles of the set as written at `path` (None for `trump_double` where it is allowed), or None
    when one is not (said)."""
    held = set(set_tiles)
    tiles: list[Tile | None] = []
    ok = True
    for j, word in enumerate(words):
        if trump_double and word == TRUMP_DOUBLE:
            tiles.append(None)
            continue
        tile = parse_tile(str(word))
        if tile not in held:
            b.problem((*path, j), f"{tile[0]}-{tile[1]} is not a tile of the set")
            ok = False
        tiles.append(tile)
    return tiles if ok else None


_SCORE_WAYS = ("played", "combination", "kind")


def trick_scores(
    b: _Builder,
    combinations: tuple[Combination, ...],
    set_tiles: tuple[Tile, ...],
    parse_tile: Callable[[str], Tile],
    trumped: bool,
) -> tuple[TrickScore, ...]:
    """`tricks.trick_scores`, each checked: one of played, combination or kind; `trump_double`
    only in a game with trumps."""
    key = ("tricks", "trick_scores")
    out: list[TrickScore] = []
    for i, entry in enumerate(b.get(*key) or []):
        path: Path_ = (*key, i)
        given = [way for way in _SCORE_WAYS if entry.get(way) is not None]
        if len(given) != 1:
            b.problem(path, "say when it scores: played (tiles played to it), or the combination or kind that took it")
            continue
        points, each = int(entry["points"]), entry.get("from") == "each"
        if given == ["played"]:
            if TRUMP_DOUBLE in entry["played"] and not trumped:
                at = (*path, "played", entry["played"].index(TRUMP_DOUBLE))
                b.problem(at, "this game never has trumps, so there is no double of trumps; leave it out")
                continue
            tiles = _tiles(b, (*path, "played"), entry["played"], set_tiles, parse_tile, trump_double=True)
            if tiles is not None:
                out.append(TrickScore(points, played=tuple(tiles), from_each=each))
            continue
        play = _play(b, path, entry, given[0], combinations, set_tiles, parse_tile)
        if play is not None:
            out.append(TrickScore(points, play=play, from_each=each))
    return tuple(out)
