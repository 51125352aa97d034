"""What the open ends count, said only where the rules score it (the terminal's table and the web
page's status line use the same words)."""

from __future__ import annotations

from interpreter.engine import Match
from interpreter.expressions.words import in_play as in_play_names
from interpreter.rulefile.ruleset import Ruleset


def open_ends_line(ruleset: Ruleset, match: Match) -> str | None:
    """What the open ends count, in the words the rules use for it, where scoring during play reads
    that count (`end_sum`, or the `ends` it sums); None elsewhere, where it scores nothing."""
    scoring = ruleset.in_play
    if scoring is None or not match.layout.ends:
        return None
    if not {"end_sum", "ends"} & (scoring.when.names | scoring.points.names):
        return None
    said = in_play_names("player")["end_sum"]  # the same words for every side
    return f"{said[0].upper()}{said[1:]} is {match.layout.end_sum}."
