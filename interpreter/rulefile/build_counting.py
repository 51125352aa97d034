"""The counting family's half of building a ruleset (docs/format.md, "Counting games"): the
sections `crib`, `counting` and `show` compiled into a `CountingRules`, and the checks that keep
each family's sections out of the others' files. Every check reports a positioned problem
through the builder, as build.py's own checks do."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from interpreter.expressions.language import Expr, Type
from interpreter.rulefile.build_tricks import TRICK_ONLY, written
from interpreter.rulefile.counting_rules import MAX_SHOWN, CountingRules, ShowRules
from interpreter.rulefile.ruleset import TILE_NAMES, Deal, StartCriterion, Undealt, double_set

if TYPE_CHECKING:
    from interpreter.rulefile.build import _Builder

COUNTING_ONLY: tuple[tuple[str, ...], ...] = (("crib",), ("counting",), ("show",))
# The layout sections a counting file may not write, and what it says instead.
NOT_COUNTING: dict[tuple[str, ...], str] = {
    ("layout",): "tiles are laid to a running total, not to a layout",
    ("play",): "what may be laid is what fits under counting.limit",
    ("draw",): "nobody draws in a counting game",
    ("scoring",): "the play pegs by counting's keys, and the hands and crib score by show's",
    ("start", "lead"): "the seat after the dealer lays first",
    ("start", "lead_from"): "the seat after the dealer lays first",
    ("deal", "reserve"): "nobody draws in a counting game",
    ("deal", "refill"): "nobody draws in a counting game",
}
_STARTS = (StartCriterion.RANDOM, StartCriterion.NEXT_SEAT)


def refuse_counting_sections(b: _Builder) -> None:
    """A layout or trick file that writes a counting section: said, never silently ignored."""
    for path in COUNTING_ONLY:
        if written(b.data, path):
            b.problem(path, "belongs to counting games (family: counting)", key=True)


def build_counting(
    b: _Builder, counts: range, max_pips: Mapping[int, int], deal: Deal, tile_value: Expr[int]
) -> CountingRules | None:
    """The counting rules of a file whose family is `counting`, or None when a part could not be
    built (its problems are reported)."""
    for path, instead in NOT_COUNTING.items():
        if written(b.data, path):
            b.problem(
                path, f"belongs to layout games, and this is a counting game (family: counting): {instead}", key=True
            )
    for path in TRICK_ONLY:
        if written(b.data, path):
            b.problem(path, "belongs to trick games; this is a counting game (family: counting)", key=True)
    if not written(b.data, ("counting",)):
        b.problem(("family",), "a counting game needs a counting section: at least the limit of the running total")
        return None
    if not written(b.data, ("crib",)):
        b.problem(("family",), "a counting game needs a crib section: crib.from_each, the tiles each lays into it")
        return None
    _check_start(b)
    if deal.undealt not in (Undealt.DEAD, Undealt.BONEYARD):
        b.problem(
            ("deal", "undealt"), "in a counting game the undealt tiles are dead (the crib and the turn-up take theirs)"
        )
    value = (
        b.expr(("counting", "value"), TILE_NAMES, Type.INT) if written(b.data, ("counting", "value")) else tile_value
    )
    rank = b.formula(("counting", "rank"), TILE_NAMES, Type.INT)
    if value is None:
        return None
    from_each, from_stock = b.get("crib", "from_each"), b.get("crib", "from_stock")
    turn_up = bool(b.get("crib", "turn_up"))
    limit = b.get("counting", "limit")
    _check_deal(b, counts, deal, from_each, (from_stock, int(turn_up)))
    _check_limit(b, counts, max_pips, value, limit)
    runs = b.get("counting", "runs")
    shown_runs = b.get("show", "runs")
    fifteens = b.get("show", "fifteens")
    show = ShowRules(
        fifteen_total=fifteens["total"] if fifteens else 0,
        fifteen_points=fifteens["points"] if fifteens else 0,
        pair_points=b.get("show", "pairs"),
        run_min=shown_runs["min"] if shown_runs else 0,
    )
    return CountingRules(
        crib_from_each=from_each,
        crib_from_stock=from_stock,
        turn_up=turn_up,
        value=value,
        rank=rank,
        limit=limit,
        go=b.get("counting", "go"),
        totals=tuple((entry["total"], entry["points"]) for entry in b.get("counting", "totals")),
        pairs=tuple(b.get("counting", "pairs")),
        run_min=runs["min"] if runs else 0,
        show=show,
    )


def _check_start(b: _Builder) -> None:
    """The seat that lays first is chosen at random or is the next seat: the dealer is the seat before it."""
    for key in ("first_round", "later_rounds"):
        for i, item in enumerate(b.get("start", key) or ()):
            name = item if isinstance(item, str) else next(iter(item))
            if name not in [c.value for c in _STARTS] or (key == "first_round" and name == "next_seat"):
                words = "random" if key == "first_round" else "random or next_seat"
                b.problem(("start", key, i), f"'{name}' does not choose who lays first in a counting game; use {words}")


def _check_deal(b: _Builder, counts: range, deal: Deal, from_each: int, drawn: tuple[int, int]) -> None:
    """Every hand keeps a tile, holds no more than a show can count, and the set has the tiles the
    deal, the crib's stock and the turn-up take."""
    for n in counts:
        size = deal.hand_sizes.get(n)
        if size is None or n not in b.envs:
            continue
        if size - from_each < 1:
            b.problem(
                ("crib", "from_each"),
                f"with {n} players a hand of {size} keeps no tile after laying {from_each} into the crib",
            )
            return
        if size > MAX_SHOWN - 1:
            most = MAX_SHOWN - 1
            b.problem(("deal", "hand_size"), f"a counting hand holds at most {most} tiles (its show counts every "
                      f"combination of them), not {size}")  # fmt: skip
            return
        have = b.envs[n]["set_size"]
        need = n * size + sum(drawn)
        if need > have:
            b.problem(("deal", "hand_size"), f"{n} × {size} + {drawn[0]} + {drawn[1]} = {need} "
                      f"tiles are needed with {n} players (hands, the crib's from the stock, the turn-up), more than "
                      f"the {have} of the set")  # fmt: skip
            return


def _check_limit(b: _Builder, counts: range, max_pips: Mapping[int, int], value: Expr[int], limit: int) -> None:
    """No tile counts more than the limit: it could never be laid (the heaviest tile is named)."""
    for n in counts:
        if n not in b.envs:
            continue
        heaviest: tuple[int, tuple[int, int]] | None = None
        for low, high in b.tiles or double_set(max_pips.get(n, 0)):
            env = {**b.envs[n], "high": high, "low": low, "pips": low + high, "is_double": low == high}
            counted = b.evaluate(value, env, ("counting", "value"))
            if counted is not None and (heaviest is None or counted > heaviest[0]):
                heaviest = (counted, (low, high))
        if heaviest is not None and heaviest[0] > limit:
            (counted, (low, high)) = heaviest
            b.problem(("counting", "limit"), f"{limit} is less than {low}-{high} counts {counted}, so that tile "
                      "could never be laid")  # fmt: skip
            return
