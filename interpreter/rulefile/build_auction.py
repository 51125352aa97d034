"""The auction's own limits in a trick file (docs/format.md, `bidding`): how far a bid may raise
the standing one (`max_raise`), and a bid that names its suit (`names_suit`). Built beside
build_tricks.py's ladder, which it reads."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from interpreter.rulefile.trick_rules import MAX_BIDS, Bidding, NamesSuit, Trump

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
    b: _Builder, bidding: Bidding | None, trumps: frozenset[Trump], contracts: object, max_pips: Mapping[int, int]
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
