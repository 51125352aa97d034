"""`Refused`: typed words that name no legal move (presentation/moves.py reads them; a board's own
reader of words, presentation/tableau.py, refuses with it too)."""

from __future__ import annotations


class Refused(Exception):
    """The input names no legal move; `reason` is one line for the player."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
