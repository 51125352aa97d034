"""What `domino explain` says of the tiles passed before play (`passing`), and the words of
`explain --diff` for it; explain_tricks.py takes them from here."""

from __future__ import annotations

import enum
from typing import Any

from interpreter.rulefile.phase_kinds import AUCTION, DECLARATION, PASSING
from interpreter.rulefile.trick_rules import PassingRules, PassTo

# No passing compares as a passing of no tile (explain_tricks.compared), so adding one is said key by key.
NOTHING = PassingRules(count=0)

_TO = {
    PassTo.LEFT: "the next player in turn",
    PassTo.RIGHT: "the player before them in turn",
    PassTo.ACROSS: "the player opposite",
}

LABELS = {
    "tricks.passing.count": "the tiles each player passes before play",
    "tricks.passing.to": "whom the tiles are passed to",
}

ENUM_WORDS: dict[enum.Enum, str] = {to: words for to, words in _TO.items()}


def _tiles(count: int) -> str:
    return "1 tile" if count == 1 else f"{count} tiles"


def late(kinds: tuple[str, ...]) -> bool:
    """Whether the hand of `kinds` passes tiles once trumps are named (its file's `phases`)."""
    return PASSING in kinds and DECLARATION in kinds[: kinds.index(PASSING)]


def sentences(passing: PassingRules | None, kinds: tuple[str, ...]) -> list[str]:
    """The passing before the auction or the first lead, in sentences (none without passing), in
    a hand going through `kinds`."""
    if passing is None:
        return []
    if late(kinds):
        when, first = "Once trumps are named, before the first lead,", "the first leader"
    else:
        when, first = f"Before {'the auction' if AUCTION in kinds else 'the first lead'}", "the starter"
    return [
        f"{when} each player, from {first}, passes {_tiles(passing.count)} face down, one at a time, "
        f"to {_TO[passing.to]}. The tiles change hands once every player has passed; only the giver and the "
        "receiver see them."
    ]


def say(path: str, value: Any) -> str | None:
    """A passing key's value in words for `explain --diff`, or None for another key."""
    if path == "tricks.passing.count":
        return "none" if not value else _tiles(value)
    return None
