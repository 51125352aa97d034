"""The rules a save was played by, found the same way by every front end that continues one (`domino
resume`, `domino replay`, the browser table opening a save or a table of its own after a restart):
a bundled variant by its name, or the rule file the save names while its bytes still have the
recorded sha256. A save may come from anyone, so it makes domino read no other file
(docs/security.md); and it may seat only the computer players this domino has."""

from __future__ import annotations

from pathlib import Path

from interpreter.frontends.presentation.seats import HUMAN
from interpreter.players import PLAYERS
from interpreter.records.replay import RULES_FILE, RULES_SHA256, recorded_rule_file
from interpreter.records.savegame import SavedGame, SaveError
from interpreter.resources import bundled_variants
from interpreter.rulefile.overrides import SettingError, load_with_settings
from interpreter.rulefile.ruleset import Ruleset
from interpreter.text.diagnostics import RuleFileError, shorten

PASS_RULES = "pass --rules FILE with the rule file it was played by"


def check_seats(game: SavedGame, shown: str) -> None:
    """SaveError unless every seat of the save is a person or a computer player this domino has."""
    unknown = [kind for kind in game.seats if kind != HUMAN and kind not in PLAYERS]
    if unknown:
        raise SaveError(f"{shown} seats a computer player this domino does not have: '{shorten(unknown[0])}'")


def rules_of_save(game: SavedGame, shown: str, cwd: Path) -> Ruleset:
    """The rules `game` (called `shown` in messages) was played by, its `--set` settings laid over
    them; SaveError, saying why, when there are none to be had. `cwd` is where a relative path in
    the save's settings is read from."""
    if game.variant in bundled_variants():
        try:
            return load_with_settings(game.variant, game.settings, cwd)
        except (RuleFileError, SettingError) as error:
            raise SaveError(f"the rules of {shown} ({game.variant}) cannot be loaded: {_first_reason(error)}") from None
    found = recorded_rule_file({RULES_FILE: game.rules_file, RULES_SHA256: game.rules_sha256})
    if found is None:  # the same words whether or not the path exists
        raise SaveError(
            f"{shown} was played by the rule file '{shorten(Path(game.variant).name)}', which is not here or has "
            f"changed since; {PASS_RULES}"
        )
    try:
        return load_with_settings(str(found), game.settings, cwd)
    except (RuleFileError, SettingError):
        raise SaveError(f"the rule file {shown} names does not load; {PASS_RULES}") from None


def _first_reason(error: RuleFileError | SettingError) -> str:
    if isinstance(error, RuleFileError) and error.diagnostics:
        return error.diagnostics[0].format()
    return str(error)
