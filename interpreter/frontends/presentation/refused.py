"""What a move typed or sent that names no legal move raises: its reason, one line for the player
(its own module, so that a board's reader of words may refuse without reading the moves' module)."""

from __future__ import annotations


class Refused(Exception):
    """The input names no legal move; `reason` is one line for the player."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
