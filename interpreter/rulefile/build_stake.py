"""Building how a match ends besides its winner: `match.void_when` (the match over at once, nobody
winning) and `match.stake` (what the sides settle as it ends: a stake the losers pay the winners,
and a difference every pair of sides settles). Layout games: a trick file's keys are refused in
build_tricks.LAYOUT_ONLY."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from interpreter.expressions.language import Expr, Type
from interpreter.rulefile.ruleset import COUNT_NAMES, ROUND_END_NAMES, STAKE_NAMES, Stake

if TYPE_CHECKING:
    from interpreter.rulefile.build import _Builder


def build_void(b: _Builder, tracked: Mapping[str, Type]) -> Expr[bool] | None:
    """`match.void_when`, over the round-end names (`score` after this round end's points) and the
    tracks; None when absent or never true."""
    when = b.expr(("match", "void_when"), {**ROUND_END_NAMES, **tracked}, Type.BOOL)
    return None if when is None or when.constant is False else when


def build_stake(b: _Builder, tracked: Mapping[str, Type]) -> Stake | None:
    """`match.stake`: `pay` over the count names, `settle` over the final score and the tracks."""
    if b.get("match", "stake") is None:
        return None
    pay = b.expr(("match", "stake", "pay"), COUNT_NAMES, Type.INT)
    settle = b.expr(("match", "stake", "settle"), {**STAKE_NAMES, **tracked}, Type.INT)
    for n, env in b.envs.items():
        value = None if pay is None else b.evaluate(pay, env, ("match", "stake", "pay"))
        if value is not None and value < 0:
            b.problem(("match", "stake", "pay"), f"is {value} with {n} players; a stake is 0 or more")
            break
    if pay is None and settle is None:
        if not any(p.path[:2] == ("match", "stake") for p in b.problems):
            b.problem(("match", "stake"), "settles nothing: give pay, settle, or both")
        return None
    return Stake(pay, settle)
