"""A draw of lots for who starts (start: lots, lots_lowest, {lots: FORMULA}) in `domino explain`'s
words, which both families say alike (explain.py for layout games, explain_tricks.py for trick games)."""

from __future__ import annotations

from interpreter.expressions import words as names
from interpreter.expressions.words import words
from interpreter.rulefile.ruleset import StartCriterion, StartRule


def lots_words(rule: StartRule) -> str:
    """A draw of lots for the starter (start: lots, lots_lowest, {lots: FORMULA}), in words; both families say it so."""
    if rule.rank is not None:
        order = f"the highest rank wins (rank: {words(rule.rank, names.TILE)})"
    else:
        order = f"the {'lowest' if rule.criterion is StartCriterion.LOTS_LOWEST else 'highest'} total wins"
    return (
        f"the winner of a draw of lots (each player draws a tile from a freshly shuffled set, {order}, tied players "
        "draw again, and the tiles go back)"
    )
