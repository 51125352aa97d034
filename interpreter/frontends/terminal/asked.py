"""The terminal's part per kind of phase (`Match.phase_kind`): what the person is asked for."""

from __future__ import annotations

from interpreter.rulefile import phase_kinds as kinds
from interpreter.rulefile.phase_kinds import PhaseParts

# What the person is asked for in each kind of phase a match stops in ("Your bid", "Your move"); the
# deal and the scoring take no decision (`Match.phase_kind` is never one of them).
ASKED: PhaseParts[str] = PhaseParts(
    "the terminal's prompt (terminal/asked.py)",
    {
        kinds.AUCTION: "bid",
        kinds.DECLARATION: "trumps",
        kinds.CALLS: "call",
        kinds.DISCARD: "discard",
        kinds.PASSING: "pass",
        kinds.MELDING: "meld",
        kinds.UNDEALT: "discard",  # the dealer lays a tile away for the turned-up tile he took
        kinds.LAYOUT: "move",
        kinds.TRICKS: "play",
        kinds.CRIB: "discard",  # a tile laid face down into a counting game's crib
        kinds.COUNTING: "move",
        kinds.TABLEAU: "move",
        kinds.DRAW_DISCARD: "move",
        kinds.PARTITION: "split",
    },
)
