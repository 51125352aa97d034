"""The sections of a partition file (family: partition): `partition`, `ranking` and `showdown`,
checked against the set and the deal, each problem at its entry (docs/format.md, "Partition games")."""

from __future__ import annotations

import math
from collections import Counter
from typing import TYPE_CHECKING, Any

from interpreter.expressions.language import Type, compile_expression
from interpreter.rulefile.build_tricks import TRICK_ONLY, written
from interpreter.rulefile.partition_rules import (
    BANK_NAMES,
    EACH_SETTLE_NAMES,
    GROUP_NAMES,
    MAX_SPLITS,
    SETTLE_NAMES,
    TIEBREAK_NAMES,
    Against,
    Bank,
    BankerSplits,
    Group,
    HouseStep,
    PartitionRules,
    RankEntry,
    ShowdownTie,
    Wild,
    split_names,
)
from interpreter.rulefile.ruleset import Deal
from interpreter.text.tiles import parse_tile

if TYPE_CHECKING:
    from interpreter.rulefile.build import _Builder

Tile = tuple[int, int]
PARTITION_ONLY = (("partition",), ("ranking",), ("showdown",))
# The sections a partition file has no use for: said, never silently ignored.
_NOT_IN_PARTITION = {
    ("layout",): "nothing is laid out: the hands are split and shown down",
    ("play",): "nothing is played: each hand is split (partition.groups)",
    ("draw",): "nobody draws in a partition game",
    ("scoring",): "a hand is settled by showdown.settle",
    ("start",): "the banker is showdown.first_banker, then showdown.bank",
    ("deal", "reserve"): "nobody draws in a partition game",
    ("match", "target"): "a partition match plays match.rounds hands",
}
HOUSE_WAYS = ("max_total",)  # the named ways (partition.house_way)


def refuse_partition_sections(b: _Builder) -> None:
    """A layout or trick file that writes a partition section: said, never silently ignored."""
    for path in PARTITION_ONLY:
        if written(b.data, path):
            said = f"belongs to partition games (family: partition); this is a {b.get('family')} game"
            b.problem(path, said, key=True)


def build_partition(b: _Builder, deal: Deal, players_max: int, teams: bool) -> PartitionRules | None:
    """The partition rules of a file whose family is `partition`, or None where a part has a
    problem (reported)."""
    for path in TRICK_ONLY:
        if written(b.data, path):
            b.problem(path, "belongs to trick games (family: tricks); this is a partition game", key=True)
    for path, why in _NOT_IN_PARTITION.items():
        if written(b.data, path):
            b.problem(path, f"a partition game has no {'.'.join(map(str, path))}: {why}", key=True)
    if not written(b.data, ("partition", "groups")):
        where: tuple[str, ...] = ("partition",) if written(b.data, ("partition",)) else ("family",)
        b.problem(where, "a partition game needs partition.groups: the groups a hand is split into")
        return None
    if not written(b.data, ("ranking",)):
        b.problem(("family",), "a partition game needs a ranking: what a compared group is worth")
        return None
    if b.get("match", "rounds") is None:
        b.problem(("match",), "a partition match needs match.rounds: the hands it plays")
    if teams:
        alone = "every player settles with the banker alone: a partition game has no partnerships"
        b.problem(("players", "teams"), alone)
    set_tiles = b.tiles or tuple((lo, hi) for hi in range(b.get("set", "max_pip") + 1) for lo in range(hi + 1))
    held = Counter(set_tiles)
    shuffle = b.get("partition", "deals_per_shuffle") or 1
    groups = _groups(b, deal, players_max, len(set_tiles), shuffle)
    wild = _wild(b, held)
    ranks = {tile: named.rank for tile, named in zip(set_tiles, b.named, strict=False) if named.rank}
    ranking = _ranking(b, held, {g.size for g in groups if g.compared}, bool(ranks))
    compared = tuple(g.name for g in groups if g.compared)
    house_way, house_name = _house_way(b, compared)
    banker = b.option(BankerSplits, "partition", "banker")
    against = b.option(Against, "showdown", "against")
    tie = b.option(ShowdownTie, "showdown", "tie")
    if against is Against.EACH:
        _no_bank(b, banker, tie)
    settle_names = EACH_SETTLE_NAMES if against is Against.EACH else SETTLE_NAMES
    settle = b.formula(("showdown", "settle"), settle_names, Type.INT)
    stays = b.expr(("showdown", "bank_stays_when"), BANK_NAMES, Type.BOOL)
    bank = b.option(Bank, "showdown", "bank")
    if stays is not None and bank is Bank.FIXED:
        b.problem(("showdown", "bank_stays_when"), "with bank: fixed the banker always keeps the bank")
    if b.problems:
        return None
    return PartitionRules(
        groups=groups,
        wild=wild,
        banker=banker,
        house_way=house_way,
        house_way_name=house_name,
        show_all=b.get("partition", "show") == "all",
        ranking=ranking,
        tie=tie,
        settle=settle,
        bank=bank,
        bank_stays_when=stays,
        first_banker_random=b.get("showdown", "first_banker") == "random",
        ranks=ranks,
        deals_per_shuffle=shuffle,
        against=against,
    )


def _no_bank(b: _Builder, banker: BankerSplits, tie: ShowdownTie) -> None:
    """`against: each`: what only a banker gives meaning to, refused where it is written."""
    if banker is BankerSplits.HOUSE_WAY:
        said = "with showdown.against: each nobody banks: every player splits as he likes (banker: free)"
        b.problem(("partition", "banker"), said)
    if tie is ShowdownTie.BANKER:
        b.problem(("showdown", "tie"), "with showdown.against: each there is no bank to take a copy: write push")


def _groups(b: _Builder, deal: Deal, players_max: int, set_size: int, shuffle: int) -> tuple[Group, ...]:
    out: list[Group] = []
    names: set[str] = set()
    for i, entry in enumerate(b.get("partition", "groups")):
        path = ("partition", "groups", i)
        name = entry["name"]
        if name in names:
            b.problem((*path, "name"), f"another group is called {name!r} already")
        names.add(name)
        must = b.expr((*path, "must"), GROUP_NAMES, Type.BOOL)
        compared = entry.get("compared")
        out.append(Group(name, entry["size"], must, compared is not False))
    if not any(g.compared for g in out):
        b.problem(("partition", "groups"), "no group is compared at the showdown: give one compared: true")
    total = sum(g.size for g in out)
    for n, size in deal.hand_sizes.items():
        if size != total:
            said = f"the groups hold {total} tiles, but a hand has {size} (deal.hand_size with {n} players)"
            b.problem(("partition", "groups"), said)
            break
    if players_max * total * shuffle > set_size:
        hands = players_max * shuffle
        said = f"{hands} hands of {total} need {hands * total} tiles; the set has {set_size}"
        b.problem(("partition", "deals_per_shuffle") if shuffle > 1 else ("players", "max"), said)
    splits = _split_count(out)
    if splits > MAX_SPLITS:
        said = f"a hand splits {splits:,} ways into these groups; the most allowed is {MAX_SPLITS:,}"
        b.problem(("partition", "groups"), said)
    return tuple(out)


def _split_count(groups: list[Group]) -> int:
    """The ways n distinct tiles split into the groups: n! / (prod size! * prod m!), m counting the
    compared groups sharing a size (the engine orders them, so they are one group each way round)."""
    n = sum(g.size for g in groups)
    count = math.factorial(n)
    for g in groups:
        count //= math.factorial(g.size)
    for m in Counter(g.size for g in groups if g.compared).values():
        count //= math.factorial(m)
    return count


def _tile_of(b: _Builder, word: Any, held: Counter[Tile], path: tuple[str | int, ...]) -> Tile | None:
    tile = parse_tile(str(word))
    if tile not in held:
        b.problem(path, f"{tile[0]}-{tile[1]} is not a tile of the set")
        return None
    return tile


def _wild(b: _Builder, held: Counter[Tile]) -> tuple[Wild, ...]:
    out = []
    seen: set[Tile] = set()
    for i, entry in enumerate(b.get("partition", "wild") or ()):
        tiles = set()
        for j, word in enumerate(entry["tiles"]):
            tile = _tile_of(b, word, held, ("partition", "wild", i, "tiles", j))
            if tile is not None and tile in seen:
                b.problem(("partition", "wild", i, "tiles", j), f"{tile[0]}-{tile[1]} is wild already")
            if tile is not None:
                tiles.add(tile)
                seen.add(tile)
        out.append(Wild(frozenset(tiles), tuple(entry["counts"])))
    if len(seen) > 4:
        b.problem(("partition", "wild"), f"{len(seen)} wild tiles; at most 4 (a group is read 2^wild ways)")
    return tuple(out)


def _ranking(b: _Builder, held: Counter[Tile], sizes: set[int], ranked: bool) -> tuple[RankEntry, ...]:
    out = []
    names: set[str] = set()
    for i, entry in enumerate(b.get("ranking")):
        path = ("ranking", i)
        name = str(entry["name"])
        if name in names:
            b.problem((*path, "name"), f"another entry is called {name!r} already")
        names.add(name)
        if entry.get("tiles") is not None and entry.get("when") is not None:
            both = "an entry is a named combination (tiles) or a formula (when), not both"
            b.problem((*path, "when"), both, key=True)
        places = None
        if entry.get("tiles") is not None:
            places = _places(b, entry["tiles"], held, (*path, "tiles"), sizes)
        tiebreak = entry.get("tiebreak") == "top_rank"
        if tiebreak and not ranked:
            b.problem((*path, "tiebreak"), "top_rank reads the tiles' ranks, and set.tiles gives none (rank: N)")
        out.append(
            RankEntry(
                name=name,
                tiles=places,
                when=b.expr((*path, "when"), GROUP_NAMES, Type.BOOL),
                rank_class=entry.get("class") or 0,
                value=b.expr((*path, "value"), GROUP_NAMES, Type.INT),
                tiebreak=tiebreak,
                tiebreak_when=b.expr((*path, "tiebreak_when"), TIEBREAK_NAMES, Type.BOOL),
            )
        )
    return tuple(out)


def _places(
    b: _Builder, words: list[Any], held: Counter[Tile], path: tuple[str | int, ...], sizes: set[int]
) -> tuple[frozenset[Tile], ...] | None:
    if len(words) not in sizes:
        said = ", ".join(map(str, sorted(sizes)))
        b.problem(path, f"a combination of {len(words)} tiles, and the compared groups hold {said}")
        return None
    places = []
    for j, place in enumerate(words):
        options = place if isinstance(place, list) else [place]
        tiles = {_tile_of(b, word, held, (*path, j)) for word in options}
        places.append(frozenset(t for t in tiles if t is not None))
    # A combination naming one tile in more places than the set holds copies of it is never made.
    sure = Counter(next(iter(p)) for p in places if len(p) == 1)
    for tile, times in sure.items():
        if times > held[tile]:
            b.problem(path, f"{tile[0]}-{tile[1]} {times} times, and the set holds {held[tile]}")
    return tuple(places)


def _house_way(b: _Builder, compared: tuple[str, ...]) -> tuple[tuple[HouseStep, ...], str]:
    way = b.get("partition", "house_way")
    names = split_names(compared)
    if isinstance(way, str):  # max_total: the most value in all, then the strongest groups in order
        total = " + ".join(f"{g}_value" for g in compared)
        strongest = " + ".join(f"{g}_class * {10 ** (9 - 3 * i)}" for i, g in enumerate(compared[:3]))
        return tuple(HouseStep(None, compile_expression(f, names, Type.INT)) for f in (total, strongest)), way
    steps = []
    for i, step in enumerate(way):
        path = ("partition", "house_way", i)
        when = b.expr((*path, "when"), names, Type.BOOL) if step.get("when") is not None else None
        steps.append(HouseStep(when, b.formula((*path, "maximize"), names, Type.INT)))
    return tuple(steps), "steps"

