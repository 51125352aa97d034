"""The layout keys that change who is out and what a hand may do (docs/format.md): `play.until`
(a round that goes on until a whole side is out), checked against the rest of the file."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.rulefile.ruleset import Players, PlayUntil

if TYPE_CHECKING:
    from interpreter.rulefile.build import _Builder


def play_until(b: _Builder, players: Players) -> PlayUntil:
    """`play.until`: side_out needs partnerships at some player count (alone, a side is a player)."""
    until = b.option(PlayUntil, "play", "until")
    if until is PlayUntil.SIDE_OUT and not players.team_counts:
        b.problem(
            ("play", "until"), "side_out waits for a whole side to be out, so it needs partnerships (players.teams)"
        )
    return until
