"""What `domino explain` says of the declarations that score (`declaration`), and the words of
`explain --diff` for them; explain_tricks.py takes them from here."""

from __future__ import annotations

from typing import Any

from interpreter.expressions import words as names
from interpreter.expressions.words import words
from interpreter.rulefile.trick_rules import Declaration, Shows

# The names of `declaration.requires` and `points` (DECLARE_NAMES), of the player about to lead.
DECLARE = {
    **names.COUNT,
    "doubles": "the number of doubles the leader holds",
    "tiles": "the number of tiles the leader holds",
    "trumps": "the number of trumps the leader holds",
    "shown": "the number of tiles the declaration shows",
    "top_shown": "a tile over every suit (tricks.top) is among them",
}

_SHOWS = {Shows.DOUBLES: "the doubles in his hand", Shows.HAND: "his whole hand"}

LABELS = {
    "tricks.declaration.requires": "who may declare",
    "tricks.declaration.shows": "what a declaration shows",
    "tricks.declaration.points": "what a declaration scores",
    "tricks.declaration.after_trick": "declared points waiting for a trick",
    "tricks.declaration.lead_shown": "the declarer leading a tile he showed",
    "tricks.declaration.wins_when": "a declaration that wins the hand",
}

BOOLEAN_WORDS = {
    "tricks.declaration.after_trick": ("yes, they count once the side has a trick", "no, they count at once"),
    "tricks.declaration.lead_shown": ("yes", "no, he leads any tile"),
}

ENUM_WORDS: dict[Any, str] = {Shows.DOUBLES: "the doubles", Shows.HAND: "the whole hand"}


def sentences(declaration: Declaration | None, side: str) -> list[str]:
    """The declaration a player about to lead may make, in sentences (none without)."""
    if declaration is None:
        return []
    scorer = "he" if side == "player" else f"his {side}"
    counted = ", counted once it has taken a trick this hand." if declaration.after_trick else ", counted at once."
    said = [
        f"A player about to lead may declare if {words(declaration.requires, DECLARE)}, counting only tiles he "
        f"has not shown before: he shows {_SHOWS[declaration.shows]} to everybody (they stay known until "
        f"played), and {scorer} scores {words(declaration.points, DECLARE)} points{counted}"
    ]
    if declaration.lead_shown:
        said.append("He then leads one of the tiles he showed.")
    if declaration.wins_when is not None:
        winner = "he wins" if side == "player" else f"his {side} wins"
        said.append(
            f"A declaration for which {words(declaration.wins_when, DECLARE)} ends the hand at once: {winner} it "
            "(the score of the hand reads declared_win)."
        )
    return said


def say(path: str, value: Any) -> str | None:
    """A declaration key's value in words for `explain --diff`, or None for a value said the usual way."""
    if path == "tricks.declaration.wins_when":
        return "none (a declaration only scores)" if value is None else words(value, DECLARE)
    if value is None:
        return "no declaration"
    if path in ("tricks.declaration.requires", "tricks.declaration.points"):
        return words(value, DECLARE)
    return None
