"""The engine's safety bounds: what stops a match that would otherwise never end (docs/engine.md, Limits).

The loader refuses the matches that provably cannot end (interpreter/rulefile/build.py); whatever it cannot
decide is stopped here, with an error that names the rule.
"""

from __future__ import annotations

from interpreter.rulefile.ruleset import MatchEnd

# Rounds one match may play. Real matches play tens of rounds; a fixed round count is at most 1,000
# (the schema's bound), so ten times that leaves room for a long target or ties played on, and it is
# a second or so of simulation at most — not the minutes and gigabytes of a match that never ends.
MAX_ROUNDS = 10_000


class MatchLimitError(ValueError):
    """A match went past a safety bound: the message names the rule (`match.target`, `match.tie`)."""


def round_limit_error(match: MatchEnd, scores: list[int], goal: int | None, rounds: int) -> MatchLimitError:
    """The error for a match still running after `rounds` rounds, naming what keeps it going."""
    if match.rounds is not None or (goal is not None and max(scores) >= goal):
        return MatchLimitError(
            f"match.tie: the sides were still tied after {rounds:,} rounds (tie: play_on), so the match was "
            f"stopped; the engine plays at most {MAX_ROUNDS:,} rounds a match"
        )
    return MatchLimitError(
        f"match.target: no side has reached {match.target} after {rounds:,} rounds, so the match was stopped; "
        f"the engine plays at most {MAX_ROUNDS:,} rounds a match (can the sides score enough?)"
    )
