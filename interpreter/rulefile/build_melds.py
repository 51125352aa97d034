"""`melds` compiled into the trick rules' `Melds` (docs/format.md, "Melds"), with its checks against
the rest of the trick rules and the set."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.expressions.language import Type
from interpreter.rulefile.trick_rules import MAX_MELDS, MELD_NAMES, MeldKind, Melds, MeldsWhen, MeldWidow, Run

if TYPE_CHECKING:
    from interpreter.rulefile.build import _Builder


def build_melds(
    b: _Builder, written: bool, numbers: int, widow_face_up: bool, before: tuple[str, ...]
) -> Melds | None:
    """The melds, or None when the file has none (`written`: it has a section). `numbers`: how many
    numbers the set's halves show (max_pip + 1); `before`: the sections that come between the deal
    and the first lead (bidding, calls, declaration), which melds shown before the tricks are not
    played with."""
    if not written:
        return None
    when = b.option(MeldsWhen, "melds", "when")
    widow = b.option(MeldWidow, "melds", "widow")
    if when is MeldsWhen.BEFORE_TRICKS and before:
        message = f"melds shown before the tricks come straight after the deal: not with {', '.join(before)} " \
            "(shown after_tricks they may)"  # fmt: skip
        b.problem(("melds", "when"), message)
    if widow is MeldWidow.SHARED and not widow_face_up:
        message = "shared needs deal.undealt_face_up: true (a widow every player sees)"
        b.problem(("melds", "widow"), message)
    kinds = []
    groups = 0
    for i, _ in enumerate(b.get("melds", "kinds") or ()):
        run, length = b.option(Run, "melds", "kinds", i, "run"), b.get("melds", "kinds", i, "length")
        if length > numbers:
            message = f"a run of {length} needs {length} numbers; the set has {numbers}"
            b.problem(("melds", "kinds", i, "length"), message)
        kinds.append(MeldKind(str(b.get("melds", "kinds", i, "name")), run, length))
        runs = sum(numbers - k + 1 for k in range(length, numbers + 1))  # the runs of consecutive numbers
        groups += runs * (numbers if run is Run.SUIT else 1)
    if groups > MAX_MELDS:
        message = f"these kinds make {groups} runs over the set; at most {MAX_MELDS} (a longer length makes fewer)"
        b.problem(("melds", "kinds"), message)
    points = b.expr(("melds", "points"), MELD_NAMES, Type.INT)
    if points is None:
        return None  # the problem is reported where the formula is
    return Melds(tuple(kinds), points, when, bool(b.get("melds", "optional")), widow)
