"""`match.pool` (issue 29, M18): each player stakes into a pool as a hand starts, and the side that
won the hand takes it, or, in a trick game, each side takes and puts in what formulas say
(docs/format.md, "A pool"). Beyond the schema: the side that won the hand must be one side, so a
layout round-end scorer that scores every side is refused, and `take` and `pay_in` read a trick
hand's names, so a layout game may not give them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.expressions.language import Type
from interpreter.rulefile.ruleset import ANTE_NAMES, Pool, PoolTie
from interpreter.rulefile.trick_rules import HAND_NAMES

if TYPE_CHECKING:
    from interpreter.rulefile.build import _Builder

# The names `take` and `pay_in` read, for each side at a trick hand's end.
POOL_HAND_NAMES = {**HAND_NAMES, "pool": Type.INT}  # the pool as the hand ended, before anyone takes from it


def build_pool(b: _Builder) -> Pool | None:
    """The pool of the file, or None without one."""
    if b.get("match", "pool") is None:
        return None
    tricks = b.get("family") == "tricks"
    if not tricks:
        for which in ("domino", "blocked"):
            if b.get("scoring", which, "scorer") == "each":
                b.problem(
                    ("match", "pool"),
                    f"the side that won the hand takes the pool, and scoring.{which}.scorer is each: "
                    "no one side wins such a hand",
                )
        for key in ("take", "pay_in"):
            if b.get("match", "pool", key) is not None:
                b.problem(("match", "pool", key), "reads a trick hand's names: it is for trick games", key=True)
    ante = b.expr(("match", "pool", "ante"), ANTE_NAMES, Type.INT)
    take = b.expr(("match", "pool", "take"), POOL_HAND_NAMES, Type.INT) if tricks else None
    pay_in = b.expr(("match", "pool", "pay_in"), POOL_HAND_NAMES, Type.INT) if tricks else None
    if ante is None:
        return None
    return Pool(ante=ante, tie=b.option(PoolTie, "match", "pool", "tie"), take=take, pay_in=pay_in)
