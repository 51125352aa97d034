"""The auction's own limits in a trick file (docs/format.md, `bidding`): how far a bid may raise
the standing one (`max_raise`), a bid that names its suit (`names_suit`), and which tiles the
kitty's taker may lay away (`kitty_discard`). Built beside build_tricks.py's ladder, which it reads."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from interpreter.expressions.language import Expr, Type
from interpreter.rulefile.trick_rules import KITTY_TILE_NAMES, MAX_BIDS, BiddingRules, NamesSuit, Trump

if TYPE_CHECKING:
    from interpreter.rulefile.build import _Builder


def max_raise(b: _Builder, low: int, step: int) -> int | None:
    """`bidding.max_raise`: at least the step (else no bid could be raised) and at least the lowest
    bid (the opening bid raises nothing, 0, by its value)."""
    raised = b.get("bidding", "max_raise")
    if raised is None:
        return None
    path = ("bidding", "max_raise")
    if raised < step:
        b.problem(path, f"{raised} is below the step between bids ({step}), so no bid could be raised")
    elif raised < low:
        b.problem(path, f"{raised} is below the lowest bid ({low}), so nobody could open the auction")
    return int(raised)


def names_suit(b: _Builder) -> NamesSuit:
    return b.option(NamesSuit, "bidding", "names_suit")


def check_names_suit(
    b: _Builder, bidding: BiddingRules | None, trumps: frozenset[Trump], contracts: object, max_pips: Mapping[int, int]
) -> None:
    """A bid's suit is the trumps: so only suits may be declared, and no contract is declared in
    their place; each number bid is offered once per suit, within the bound on the moves."""
    if bidding is None or bidding.names_suit is NamesSuit.NONE:
        return
    path = ("bidding", "names_suit")
    if trumps != {Trump.SUITS}:
        b.problem(path, "the suit named with the winning bid is trumps, so trumps.choices can only be [suits]")
    if contracts:
        b.problem(path, "the winning bid's suit is trumps, so no special contract can be declared; leave one out")
    bids = len(range(bidding.min, bidding.max + 1, bidding.step)) + len(bidding.special)
    most = bids * (max(max_pips.values(), default=0) + 1)
    if most > MAX_BIDS:
        b.problem(path, f"{bids:,} bids in each suit are {most:,} moves; an auction offers {MAX_BIDS:,} at most")


def kitty_discard(b: _Builder, kitty: bool) -> Expr[bool] | None:
    """`bidding.kitty_discard`: a condition over a tile and its count (KITTY_TILE_NAMES), only
    where there is a kitty; worked out for every tile under every trump by `check_kitty_discard`."""
    path = ("bidding", "kitty_discard")
    condition = b.expr(path, KITTY_TILE_NAMES, Type.BOOL)
    if condition is not None and not kitty:
        b.problem(path, "names the tiles the kitty's taker may lay away, but there is no kitty (bidding.kitty)")
    return condition


def check_kitty_discard(b: _Builder, bidding: BiddingRules | None, count: Expr[int] | None, tiles: object) -> None:
    """The condition for every tile of the set, under every trump pip and none, with its count:
    a formula that fails on some tile is refused at load, not in the middle of a hand."""
    condition = None if bidding is None else bidding.kitty_discard
    if condition is None or count is None or not isinstance(tiles, tuple):
        return
    top = max((max(tile) for tile in tiles), default=0)
    for trump in range(-1, top + 1):
        for low, high in tiles:
            env: dict[str, object] = {**(next(iter(b.envs.values()), {})), "high": high, "low": low,
                                      "pips": low + high, "is_double": low == high, "rank": 0,
                                      "is_trump": trump in (low, high), "trump": trump}  # fmt: skip
            value = b.evaluate(count, env, ("tricks", "count"))
            if value is None or b.evaluate(condition, {**env, "count": value}, ("bidding", "kitty_discard")) is None:
                return
