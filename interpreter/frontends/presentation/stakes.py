"""What the sides settle as a match ends (`match.stake`) in words, for every view: each `stake`
event ("Ann collects 20 (the stake)", "Bob pays 2 (settling up)") and each side's net at the end."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from interpreter.engine import Match
from interpreter.engine.stakes import STAKE

_WHY = {STAKE: "the stake"}  # any other reason: settling up (match.stake.settle)


def stake_words(event: dict[str, Any], who: str, many: bool) -> str:
    """One side's part of the settling, `who` its players' names ("Ann & Carl")."""
    why = _WHY.get(event["reason"], "settling up")
    amount = event["amount"]
    if amount > 0:
        return f"{who} {'collect' if many else 'collects'} {amount} ({why})."
    return f"{who} {'pay' if many else 'pays'} {-amount} ({why})."


def stakes_line(match: Match, name_of: Callable[[int], str]) -> str | None:
    """Each side's net once the match is settled ("Stakes — Ann: +12, Bob: -12"); None before its
    end, when nothing changed hands, and in a game without match.stake."""
    if match.ruleset.match.stake is None or not match.is_over:
        return None
    nets: Sequence[int] = match.stakes
    if not any(nets):  # nobody won, and nothing to settle
        return None
    return "Stakes — " + ", ".join(f"{name_of(side)}: {net:+d}" for side, net in enumerate(nets))
