"""The draw-and-discard family's compiled rules (`family: draw_discard`, docs/format.md "Draw and
discard games"): how a turn takes or draws and discards, the groups a hand is made of, when a
hand is complete, and what going out or a hand with nobody out scores."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from interpreter.expressions.language import Expr, Type
from interpreter.rulefile.ruleset import COUNT_NAMES

Tile = tuple[int, int]


class Take(enum.Enum):
    """Which face-up discard a player may pick up instead of drawing (`draw_discard.take`)."""

    NONE = "none"
    LAST = "last"
    LAST_TO_GROUP = "last_to_group"  # the last, only to lay it face up at once in a group with his tiles
    ANY = "any"  # any live face-up discard


class Drawn(enum.Enum):
    """What becomes of a drawn tile that does not complete the hand (`draw_discard.drawn`)."""

    KEEP = "keep"  # the player may keep it, discarding another tile
    DISCARD_UNLESS_OUT = "discard_unless_out"  # it is discarded face up at once, and the turn ends


class Untaken(enum.Enum):
    """What becomes of the discards when a player draws instead of taking (`draw_discard.untaken`)."""

    LIVE = "live"  # they stay face up, takeable while `take` allows
    DEAD = "dead"  # they are out of play for the rest of the hand (known to all)


class StockOut(enum.Enum):
    """What a draw from an empty stock does (`draw_discard.stock_out`)."""

    RESHUFFLE = "reshuffle"  # the discards, shuffled face down, are the new stock
    END = "end"  # the hand ends with nobody out


class ShowWhen(enum.Enum):
    """When a player's groups are laid face up (`draw_discard.show`)."""

    WHEN_MADE = "when_made"  # in his turn, before he discards
    AT_OUT = "at_out"  # only the whole hand, as he goes out


class PaidBy(enum.Enum):
    """Who pays the out player `scoring.out.points` (`scoring.out.from`)."""

    EACH = "each"  # every other player pays him the points
    DISCARDER = "discarder"  # the player whose discard completed it pays; from the stock, each pays
    NONE = "none"  # he scores the points, nobody pays


@dataclass(frozen=True)
class GroupKind:
    """One kind of group (`draw_discard.groups[]`): a pair of tiles meeting `when` (over PAIR_NAMES),
    or one of the listed groups `tiles` (each group a tuple of positions, each position the tiles
    that may stand there)."""

    name: str
    when: Expr[bool] | None = None
    tiles: tuple[tuple[tuple[Tile, ...], ...], ...] = ()


@dataclass(frozen=True)
class DrawDiscardRules:
    starter_extra: int  # the hand's starter is dealt this many more tiles, and opens by discarding
    take: Take
    then_draw: bool  # after a take and its discard, the player draws and discards again
    untaken: Untaken
    stock_out: StockOut
    turn_limit: Expr[int]  # over COUNT_NAMES: the turns a hand lasts at most (a safety bound)
    groups: tuple[GroupKind, ...]
    show: ShowWhen
    must_show: bool  # with show: when_made, every group a player can make is laid down before he discards
    complete: Expr[bool]  # over cover_names(groups): some split of the hand held meets it
    out_points: Expr[int]  # over out_names(groups)
    out_from: PaidBy
    stock_out_points: Expr[int]  # over stock_out_names(groups), for each player when nobody goes out
    values: tuple[int, ...]  # per tile id of the set: what it counts in pair formulas (value_a)
    # Over TAKEN_NAMES, of a face-up discard: whether taking it may complete a hand (None: always).
    # A take it forbids to complete the hand is not offered.
    take_to_out: Expr[bool] | None = None
    drawn: Drawn = Drawn.KEEP


# The most tiles a hand checked for completeness holds: the matcher explores at most 2^16 ways of
# setting tiles aside (a hand of 16 tiles has 65,536 sub-hands).
MAX_CHECKED = 16

# `groups[].when`: the two tiles of a pair, `_a` and `_b`, and whether they are copies of one tile.
PAIR_NAMES: dict[str, Type] = {
    **COUNT_NAMES,
    **{f"{name}_{x}": kind for x in "ab" for name, kind in (
        ("high", Type.INT), ("low", Type.INT), ("pips", Type.INT), ("is_double", Type.BOOL), ("value", Type.INT))},
    "same": Type.BOOL,
}  # fmt: skip

# `take_to_out`: the discard that would be taken.
TAKEN_NAMES: dict[str, Type] = {
    **COUNT_NAMES, "high": Type.INT, "low": Type.INT, "pips": Type.INT, "is_double": Type.BOOL, "value": Type.INT,
}  # fmt: skip


def pair_env(tile: Tile, value: int, x: str) -> dict[str, object]:
    """The PAIR_NAMES of one tile of a pair (`x`: "a" or "b")."""
    low, high = tile
    return {
        f"high_{x}": high,
        f"low_{x}": low,
        f"pips_{x}": low + high,
        f"is_double_{x}": low == high,
        f"value_{x}": value,
    }


# What a split of a hand into groups says, beside each group kind's name (how many of it).
_COVER_COUNTS = ("groups", "loose", "shown", "tiles")


def cover_names(kinds: tuple[str, ...]) -> dict[str, Type]:
    """`complete`'s names: each kind's count in the split, and the split's totals."""
    return {**COUNT_NAMES, **dict.fromkeys(kinds, Type.INT), **dict.fromkeys(_COVER_COUNTS, Type.INT)}


def out_names(kinds: tuple[str, ...]) -> dict[str, Type]:
    """`scoring.out.points`' names: the out player's split, how he went out, the others' tiles, the pool."""
    extra = dict.fromkeys(("from_discard", "first_turn"), Type.BOOL) | dict.fromkeys(("others_pips", "pool"), Type.INT)
    return {**cover_names(kinds), **extra}


def stock_out_names(kinds: tuple[str, ...]) -> dict[str, Type]:
    """`scoring.stock_out.points`' names: the player's own best split (the fewest loose tiles) and his pips."""
    return {**cover_names(kinds), "pips": Type.INT}
