"""What becomes of the undealt tiles in a trick file beyond the stock's own keys (docs/format.md,
"The stock"): the dealer taking the turned-up tile for a discard (`stock.take_turn_up`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.rulefile.trick_rules import TakeTurnUp

if TYPE_CHECKING:
    from interpreter.rulefile.build import _Builder


def take_turn_up(b: _Builder, turn_up: bool, draw: bool) -> TakeTurnUp:
    """`stock.take_turn_up`: a turned-up tile left face up (not the stock's last tile, drawn), and
    calls in which the dealer keeps his hand."""
    taken = b.option(TakeTurnUp, "stock", "take_turn_up")
    if taken is TakeTurnUp.NONE:
        return taken
    path = ("stock", "take_turn_up")
    if not turn_up:
        b.problem(path, "gives the dealer the turned-up tile, so it needs stock.turn_up: true")
    elif draw:
        b.problem(path, "the turned-up tile is the stock's last tile, drawn in turn (stock.draw): nobody takes it")
    elif b.get("calls") is None:
        b.problem(path, "the dealer takes the turned-up tile when he keeps his hand, so it needs calls")
    return taken
