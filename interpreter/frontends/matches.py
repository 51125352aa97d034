"""What every front end asks before and while a match runs: whether a seating's partnership choice
can be played, and which errors are the rules stopping a game (a formula that fails, a bound of
the engine's met) rather than a fault of the program. Shared by the command line, the terminal
game and the browser table."""

from __future__ import annotations

from interpreter.engine.limits import MatchLimitError
from interpreter.engine.match import partnerships
from interpreter.expressions.language import ExpressionRuntimeError
from interpreter.rulefile.ruleset import Ruleset

GAME_ERRORS = (ExpressionRuntimeError, MatchLimitError)


def teams_problem(ruleset: Ruleset, players: int, teams: bool | None) -> str | None:
    """Why a match of `players` cannot be played with the `--teams` choice `teams`, as the engine says it."""
    try:
        partnerships(ruleset, players, teams)
    except ValueError as error:
        return str(error)
    return None
