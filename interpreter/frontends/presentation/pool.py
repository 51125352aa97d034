"""A pool's score records in words (match.pool: engine/pool.py), for every family's narration."""

from __future__ import annotations

from typing import Any

from interpreter.engine.pool import ANTE, POOL


def pool_words(event: dict[str, Any], who: str, many: bool) -> str | None:
    """A stake or a take of the pool ("Ann stakes 1 in the pool (total -1)."), or None for a
    score of another reason."""
    if event["reason"] == ANTE:
        return f"{who} {'stake' if many else 'stakes'} {-event['points']} in the pool (total {event['total']})."
    if event["reason"] == POOL:
        return f"{who} {'take' if many else 'takes'} {event['points']} from the pool (total {event['total']})."
    return None
