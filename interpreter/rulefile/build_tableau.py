"""The tableau family's half of building a ruleset (docs/format.md, "Patience by totals"): the
`tableau` section compiled into a `TableauRules`, the match's end over the patience's round-end
names, and the checks that keep the other families' sections out of a tableau file. Every check
reports a positioned problem through the builder, as build.py's own do.
"""

from __future__ import annotations

from math import comb
from typing import TYPE_CHECKING

from interpreter.expressions.language import Type, compile_expression
from interpreter.rulefile.build_tricks import LAYOUT_ONLY, TRICK_ONLY, written
from interpreter.rulefile.ruleset import MatchEnd, TargetCheck, TargetReach, Tie, Winner
from interpreter.rulefile.tableau_rules import Face, TableauRules, TableauStock, removal_count

if TYPE_CHECKING:
    from interpreter.rulefile.build import _Builder

# The names `match.win_requires` reads as a patience ends: every tile removed, the tiles left, the
# tiles removed.
TABLEAU_END_NAMES = {"cleared": Type.BOOL, "left": Type.INT, "removed": Type.INT}
MAX_REMOVALS = 5_000  # removals a turn may offer at most: C(columns + spares, size)
MAX_TILE_SETS = 20_000  # sets of tiles of the set that make the total: the removals a game may ever offer
# What a tableau file writes instead of the sections of the other families it may not.
_INSTEAD = {
    ("deal",): "the tableau section deals the tiles",
    ("start",): "the lone player starts",
    ("set", "tile_value"): "a removal adds the tiles' pips (tableau.remove.total)",
}
# The match keys a patience has: it is one deal, won as match.win_requires says.
_MATCH_KEYS = ("win_requires",)


def refuse_tableau_section(b: _Builder) -> None:
    """A file of another family that writes the tableau section: said, never silently ignored."""
    if written(b.data, ("tableau",)):
        b.problem(("tableau",), "belongs to patience games (family: tableau)", key=True)


def build_tableau(
    b: _Builder, tiles: tuple[tuple[int, int], ...], max_pip: int
) -> tuple[TableauRules | None, MatchEnd]:
    """The tableau rules of a file whose family is `tableau` (None when they could not be built:
    the problems are reported) and its match's end."""
    _refuse_other_sections(b)
    if b.get("players", "min") != 1 or b.get("players", "max") != 1:
        path = ("players", "max") if b.get("players", "max") != 1 else ("players", "min")
        b.problem(path, "a patience is one player's: players.min and players.max must be 1")
    if b.get("set", "copies") not in (None, 1):
        b.problem(("set", "copies"), "a tableau tells its tiles apart by their pips: one copy of each tile")
    match = _match(b)
    if not written(b.data, ("tableau",)):
        b.problem(("family",), "a patience needs a tableau section: its columns and what a removal makes")
        return None, match
    columns, depth = b.get("tableau", "columns"), b.get("tableau", "depth")
    for key, value in (("columns", columns), ("depth", depth)):
        if value is None:
            b.problem(("tableau",), f"tableau.{key} is required: how many {_SAID[key]}")
    if columns is None or depth is None:
        return None, match
    stock = b.option(TableauStock, "tableau", "stock")
    face = b.option(Face, "tableau", "face")
    spares = b.get("tableau", "spares")
    size = b.get("tableau", "remove", "size")
    total = _total(b, max_pip)
    rules = TableauRules(
        columns=columns,
        depth=depth,
        face=face,
        spares=spares,
        spares_together=bool(b.get("tableau", "spares_together")),
        stock=stock,
        move_to_empty=b.get("tableau", "empty_column") == "free_tile",
        size=size,
        total=total if total is not None else 0,
    )
    _check_counts(b, rules, len(tiles))
    if total is not None:
        _check_total(b, tiles, rules)
    return rules, match


_SAID = {"columns": "columns the tiles are dealt into", "depth": "tiles each column is dealt"}


def _refuse_other_sections(b: _Builder) -> None:
    for path, instead in {**LAYOUT_ONLY, **_INSTEAD}.items():
        if path[0] == "match":
            continue
        if written(b.data, path):
            b.problem(path, f"is not a patience's (family: tableau): {instead}", key=True)
    for path in TRICK_ONLY:
        if written(b.data, path):
            b.problem(path, "belongs to trick games (family: tricks); this is a patience (family: tableau)", key=True)
    match = b.data.get("match")
    if isinstance(match, dict):
        for key, value in match.items():
            if key not in _MATCH_KEYS and value is not None:
                b.problem(("match", key), "a patience is one deal, won as match.win_requires says", key=True)


def _match(b: _Builder) -> MatchEnd:
    """One deal, won when match.win_requires (default: cleared) holds as it ends."""
    if written(b.data, ("match", "win_requires")):
        requires = b.formula(("match", "win_requires"), TABLEAU_END_NAMES, Type.BOOL)
    else:
        requires = compile_expression("cleared", TABLEAU_END_NAMES, Type.BOOL)
    return MatchEnd(
        target=None,
        reach=TargetReach(b.default(("match", "reach"))),
        check=TargetCheck(b.default(("match", "check"))),
        rounds={1: 1},
        winner=Winner(b.default(("match", "winner"))),
        tie=Tie(b.default(("match", "tie"))),
        win_requires=requires,
    )


def _total(b: _Builder, max_pip: int) -> int | None:
    path = ("tableau", "remove", "total")
    expr = b.expr(path, {"max_pip": Type.INT}, Type.INT)
    if expr is None:
        return None
    return b.evaluate(expr, {"max_pip": max_pip}, path)


def _check_counts(b: _Builder, rules: TableauRules, set_size: int) -> None:
    dealt = rules.dealt
    said = f"{rules.columns} × {rules.depth}" + (f" + {rules.spares}" if rules.spares else "")
    if dealt > set_size:
        b.problem(("tableau",), f"{said} = {dealt} tiles dealt, and the set has {set_size}")
    elif rules.stock is TableauStock.NONE and dealt != set_size:
        b.problem(
            ("tableau",),
            f"{said} = {dealt} tiles dealt, and the set has {set_size}: {set_size - dealt} tiles would lie "
            "nowhere (tableau.stock: refill makes them a stock)",
        )
    if rules.stock is TableauStock.REFILL and rules.depth > 1:
        b.problem(("tableau", "stock"), "refill fills emptied columns one tile deep: it needs tableau.depth: 1")
    if rules.move_to_empty and rules.depth == 1 and rules.stock is TableauStock.REFILL:
        b.problem(("tableau", "empty_column"), "a refilled line has no empty column to fill")
    if rules.spares_together and rules.spares < 2:
        b.problem(("tableau", "spares_together"), f"needs two spares or more, and there are {rules.spares}")
    places = rules.columns + rules.spares
    if comb(places, rules.size) > MAX_REMOVALS:
        b.problem(
            ("tableau", "remove", "size"),
            f"up to {comb(places, rules.size):,} removals a turn from {places} free places; at most {MAX_REMOVALS:,}",
        )
    if rules.size > places:
        b.problem(("tableau", "remove", "size"), f"{rules.size} tiles a removal, and only {places} are ever free")


def _check_total(b: _Builder, tiles: tuple[tuple[int, int], ...], rules: TableauRules) -> None:
    """Some `size` tiles of the set make the total (else nothing could ever be removed), and not too
    many sets of them do (each is a move the agents' action space lists)."""
    found = removal_count(tiles, rules.size, rules.total)
    path = ("tableau", "remove", "total")
    if not found:
        pips = [low + high for low, high in tiles]
        counts = f"a tile counts {min(pips)} to {max(pips)}"
        b.problem(path, f"no {rules.size} tiles of the set make {rules.total} together ({counts})")
    elif found > MAX_TILE_SETS:
        said = f"{found:,} sets of {rules.size} tiles of the set make {rules.total}"
        b.problem(path, f"{said}; at most {MAX_TILE_SETS:,}")
