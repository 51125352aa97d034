"""What `domino explain` says of the melds (`melds`), and the words of `explain --diff` for them;
explain_tricks.py takes them from here."""

from __future__ import annotations

from typing import Any

from interpreter.expressions import words as names
from interpreter.expressions.words import words
from interpreter.rulefile.trick_rules import MeldKind, Melds, MeldsWhen, MeldWidow, Run

# The names of `melds.points` (MELD_NAMES), of one meld.
MELD = {
    **names.COUNT,
    "from_hand": "the number of its tiles from the player's hand",
    "length": "the number of its tiles",
    "widow_used": "the number of its tiles from the widow",
    "widow_suit": "the widow shows the run's number (for doubles: the widow is a double)",
    "high": "the run's highest number",
    "low": "the run's lowest number",
}

LABELS = {
    "tricks.melds.when": "when the melds are shown",
    "tricks.melds.optional": "showing fewer melds than one holds",
    "tricks.melds.widow": "the widow in a meld",
    "tricks.melds.kinds": "what counts as a meld",
    "tricks.melds.points": "what a meld scores",
}

ENUM_WORDS: dict[Any, str] = {
    MeldsWhen.BEFORE_TRICKS: "before the first lead, scored at once",
    MeldsWhen.AFTER_TRICKS: "after the last trick, from the hand as dealt, scored with the hand",
    MeldWidow.NONE: "no, from the hand alone",
    MeldWidow.SHARED: "yes, in anyone's meld",
}

BOOLEAN_WORDS = {"tricks.melds.optional": ("yes", "no, every meld one holds is shown")}


def _kind(kind: MeldKind) -> str:
    if kind.run is Run.DOUBLES:
        return f"{kind.name}: {kind.length} or more doubles of consecutive numbers"
    return (
        f"{kind.name}: {kind.length} or more tiles sharing a number whose other numbers are consecutive "
        "(a double's other number is its own)"
    )


def sentences(melds: Melds | None, side: str, before: bool) -> list[str]:
    """The melds shown `before` the tricks (where the hand starts is told) or after them (where
    its play is), in sentences; none without, or shown at the other time."""
    if melds is None or before != (melds.when is MeldsWhen.BEFORE_TRICKS):
        return []
    when = "Before the first lead" if melds.when is MeldsWhen.BEFORE_TRICKS else "After the last trick"
    scorer = "the player" if side == "player" else f"the player's {side}"
    said = [
        f"{when}, each player from the starter shows the melds it holds"
        + (" from its hand as dealt" if melds.when is MeldsWhen.AFTER_TRICKS else "")
        + f", one at a time, then passes: {'; '.join(_kind(k) for k in melds.kinds)}. A tile stands in one meld "
        f"only. Each meld scores {words(melds.points, MELD)} points for {scorer}, at once."
    ]
    if melds.widow is MeldWidow.SHARED:
        said.append("The widow shown face up may stand in any player's meld as if in his hand; it stays on the table.")
    if melds.when is MeldsWhen.BEFORE_TRICKS:
        said.append("The tiles shown stay in the hand, known to every player until played.")
    if not melds.optional:
        said.append("A player shows every meld he holds before passing.")
    return said


def say(path: str, value: Any) -> str | None:
    """A melds key's value in words for `explain --diff`, or None for a value said the usual way."""
    if value is None:
        return "no melds"
    if path == "tricks.melds.points":
        return words(value, MELD)
    if path == "tricks.melds.kinds":
        return "; ".join(_kind(k) for k in value)
    return None
