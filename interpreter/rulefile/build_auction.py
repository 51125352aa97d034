"""The auction's own limits in a trick file (docs/format.md, `bidding`): how far a bid may raise
the standing one (`max_raise`). Built beside build_tricks.py's ladder, which it reads."""

from __future__ import annotations

from typing import TYPE_CHECKING

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
