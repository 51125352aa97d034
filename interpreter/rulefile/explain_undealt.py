"""What `domino explain` says of a trick game's undealt tiles taken with a trick or shown face up
(`deal.undealt: first_trick / last_trick`, `deal.undealt_face_up`), and the words of `explain
--diff` for them; explain_tricks.py takes them from here."""

from __future__ import annotations

import enum

from interpreter.rulefile.explain_common import per_count, say_players
from interpreter.rulefile.ruleset import Ruleset, Undealt
from interpreter.rulefile.trick_rules import TrickRules

_TRICK = {Undealt.FIRST_TRICK: "first", Undealt.LAST_TRICK: "last"}

ENUM_WORDS: dict[enum.Enum, str] = {
    Undealt.FIRST_TRICK: "they go, with what they count, to the winner of the first trick",
    Undealt.LAST_TRICK: "they go, with what they count, to the winner of the last trick",
}
LABELS = {"tricks.undealt_face_up": "showing the tiles not dealt face up"}
BOOLEAN_WORDS = {"tricks.undealt_face_up": ("yes, every player sees them", "no, they stay face down")}


def taken(ruleset: Ruleset) -> bool:
    """Whether the undealt tiles go to a trick's winner (so a hand's count holds every tile)."""
    return ruleset.deal.undealt in _TRICK


def applies(ruleset: Ruleset, tricks: TrickRules) -> bool:
    return ruleset.deal.undealt in _TRICK or tricks.undealt_face_up


def sentence(ruleset: Ruleset, tricks: TrickRules, left: dict[int, int]) -> str:
    """The undealt tiles, in a sentence: how many, shown or not, and who takes them."""
    counts = {n: k for n, k in left.items() if k}
    only = "" if len(counts) == len(left) else f" with {say_players(sorted(counts))}"
    said = f"The tiles not dealt ({per_count(counts, 'tiles')}{only})"
    shown = "are turned face up for every player to see" if tricks.undealt_face_up else "stay face down on the table"
    which = _TRICK.get(ruleset.deal.undealt)
    if which is None:
        return f"{said} {shown}, out of play."
    return f"{said} {shown}; the winner of the {which} trick takes them with it, and what they count."
