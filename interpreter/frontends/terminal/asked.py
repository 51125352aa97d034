"""The terminal's part per kind of phase (`Match.phase_kind`): what the person is asked for."""

from __future__ import annotations

from interpreter.rulefile import phase_kinds as kinds
from interpreter.rulefile.phase_kinds import PhaseParts

# What the person is asked for in each kind of phase ("Your bid", "Your move"); a phase with no
# decision (the deal, the scoring) asks nothing.
ASKED: PhaseParts[str] = PhaseParts(
    "the terminal's prompt (terminal/asked.py)",
    {
        kinds.DEAL: "",
        kinds.AUCTION: "bid",
        kinds.DECLARATION: "trumps",
        kinds.CALLS: "call",
        kinds.DISCARD: "discard",
        kinds.LAYOUT: "move",
        kinds.TRICKS: "play",
        kinds.SCORING: "",
    },
)
