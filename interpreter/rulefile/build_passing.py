"""`passing` compiled into the trick rules' `PassingRules` (docs/format.md, "Passing tiles before
play"), with its checks against the player counts and hand sizes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.rulefile.ruleset import Deal
from interpreter.rulefile.trick_rules import PassingRules, PassTo

if TYPE_CHECKING:
    from interpreter.rulefile.build import _Builder


def build_passing(b: _Builder, counts: range, deal: Deal, written: bool) -> PassingRules | None:
    """The passing before play, or None when the file has none (`written`: it has a section)."""
    if not written:
        return None
    count = b.get("passing", "count")
    to = b.option(PassTo, "passing", "to")
    for n in counts:
        size = deal.hand_sizes.get(n)
        if size is not None and count >= size:
            message = f"with {n} players a hand is {size} tiles: a player passes fewer than a hand, not {count}"
            b.problem(("passing", "count"), message)
            break
    odd = [n for n in counts if n % 2]
    if to is PassTo.ACROSS and odd:
        b.problem(("passing", "to"), f"across needs an even number of players; {odd[0]} is allowed (players.min/max)")
    return PassingRules(count=count, to=to)
