"""How far each side moved ahead of the others while the scores moved: the one measure of a score
change that the search player's evaluation and the agents' environment's rewards both read."""

from __future__ import annotations

from collections.abc import Sequence


def lead_changes(before: Sequence[int], after: Sequence[int], lowest_wins: bool) -> list[float]:
    """Per side, its score's move less the mean move of the other sides, in points (lowest wins:
    negated, so that ahead is always positive); a side alone (patience): its own move."""
    moved = [a - b for a, b in zip(after, before, strict=True)]
    sides, total = len(moved), sum(moved)
    sign = -1.0 if lowest_wins else 1.0
    if sides == 1:
        return [sign * moved[0]]
    return [sign * (mine - (total - mine) / (sides - 1)) for mine in moved]
