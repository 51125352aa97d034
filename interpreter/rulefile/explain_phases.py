"""What `domino explain` says of a hand's sequence of phases when the file writes its own
(`phases`), and the words of `explain --diff` for it; explain.py takes them from here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.rulefile import phase_kinds as k

if TYPE_CHECKING:
    from interpreter.rulefile.ruleset import Ruleset

LABEL = "the order of a hand's phases"

# Each kind as a reader meets it in a hand.
_WORDS = {
    k.DEAL: "the deal", k.CALLS: "the calls", k.AUCTION: "the auction", k.DECLARATION: "the declaration",
    k.UNDEALT: "the undealt tiles", k.DISCARD: "the discards", k.PASSING: "the passing", k.MELDING: "the melding",
    k.LAYOUT: "the play to the layout", k.TRICKS: "the tricks", k.DRAW_DISCARD: "the draws and discards",
    k.CRIB: "the crib", k.COUNTING: "the play to a running total", k.SCORING: "the scoring",
}  # fmt: skip


def _listed(kinds: tuple[str, ...]) -> str:
    return ", ".join(_WORDS.get(kind, kind) for kind in kinds)


def placed(ruleset: Ruleset, sections: list[tuple[str, list[str]]]) -> list[tuple[str, list[str]]]:
    """`sections` with the hand's sequence said after the players and hands, where the file
    writes its own (the default order goes without saying: the sections follow it)."""
    if not ruleset.phases:
        return sections
    said = ("The phases of a hand", [f"A hand goes: {_listed(ruleset.phases)}."])
    at = next((i + 1 for i, (title, _) in enumerate(sections) if title == "Players and hands"), 1)
    return [*sections[:at], said, *sections[at:]]


def say(value: tuple[str, ...], ruleset: Ruleset) -> str:
    """The sequence for `explain --diff`: as written, or the rules' default (none written)."""
    return _listed(value) if value else f"{_listed(ruleset.phase_kinds)} (the rules' default)"
