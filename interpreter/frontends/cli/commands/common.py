"""What several commands share: naming a variant, house rules over it, and reporting why it cannot be loaded."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass

from interpreter.expressions.language import ExpressionRuntimeError
from interpreter.frontends.cli.commands.environment import Env, ExitStatus
from interpreter.frontends.cli.commands.validate import STDIN, read_stdin_rules
from interpreter.records.replay import RulesOrigin
from interpreter.resources import bundled_variants
from interpreter.rulefile.loader import RuleFileError, resolve_variant
from interpreter.rulefile.overrides import SettingError, load_with_settings
from interpreter.rulefile.portable import STDIN_NAME, stdin_rules
from interpreter.rulefile.ruleset import Players, Ruleset
from interpreter.text.diagnostics import shorten
from interpreter.text.untrusted import printable


@dataclass(frozen=True)
class Bounded:
    """The argparse `type=` of every number a user passes: an int (or a float) from `low` to `high`,
    both included; anything else (out of bounds, not a number, NaN, an int too long to convert) is
    a usage error, which argparse prints as one line naming the option: "argument --seed: expected a
    whole number from 0 to 9223372036854775807, not '-1'". The option's help says `span`."""

    kind: type[int] | type[float]
    low: int | float
    high: int | float

    @property
    def span(self) -> str:
        """The bounds as a help text says them: "1 to 1000000"."""
        return f"{self.low} to {self.high}"

    def __call__(self, text: str) -> int | float:
        try:
            value = self.kind(text)
        except ValueError:  # not a number, or an int of more digits than Python converts (4300)
            value = None
        if value is None or not self.low <= value <= self.high:  # NaN compares false: refused too
            what = "a whole number" if self.kind is int else "a number"
            raise argparse.ArgumentTypeError(f"expected {what} from {self.span}, not {shorten(text)!r}")
        return value


# A seed, of a game or of a run: what a signed 64-bit integer holds, as the web server bounds a
# table's seed (frontends/web/registry.py), so that saves and logs hold one range of seeds.
SEED = Bounded(int, 0, 2**63 - 1)


def add_settings_option(parser: argparse.ArgumentParser) -> None:
    """`--set KEY=VALUE`, repeatable: house rules laid over the variant (read by `load_variant`)."""
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        dest="settings",
        metavar="KEY=VALUE",
        help="a house rule, as a rule file would write it: --set match.target=150 (repeatable)",
    )


def add_teams_option(parser: argparse.ArgumentParser) -> None:
    """`--teams` / `--no-teams`: partnerships or individual play, where the rule file lets a match
    choose (players.teams_optional); None, the default, is the file's own choice."""
    parser.add_argument(
        "--teams",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="play in partnerships (--teams) or each for themselves (--no-teams), where the rule file lets "
        "a match choose (players.teams_optional: true); default: the rule file's choice",
    )


def load_variant(variant: str, env: Env, settings: Sequence[str] = ()) -> Ruleset | None:
    """The ruleset named by `variant` (a bundled name or a path) with the `--set` options in
    `settings` laid over it, or None after printing why it cannot be loaded."""
    if variant == STDIN:  # the commands that read rules from standard input call load_rules
        env.stderr.write(
            "domino: '-' (rules on standard input) is not taken here: a game is saved and resumed by its rule "
            "file, and play reads the moves from standard input; write the rules to a file (`domino new NAME`) "
            "and name it\n"
        )
        return None
    try:
        return load_with_settings(variant, settings, env.cwd)
    except (SettingError, RuleFileError) as error:
        _report_load_error(error, env)
    return None


def load_rules(variant: str, env: Env, settings: Sequence[str] = ()) -> tuple[Ruleset, RulesOrigin] | None:
    """As `load_variant`, where `variant` may also be '-', a rule file on standard input; with the
    ruleset, how another process builds it again (rules from standard input travel with it)."""
    if variant != STDIN:
        ruleset = load_variant(variant, env, settings)
        return None if ruleset is None else (ruleset, RulesOrigin(lasting_name(variant, env), tuple(settings)))
    text, problems = read_stdin_rules(env)
    if text is None:
        _report_load_error(RuleFileError(problems), env)
        return None
    try:
        rules = stdin_rules(text, settings, env.cwd)
    except (SettingError, RuleFileError) as error:
        _report_load_error(error, env)
        return None
    return rules.load(), RulesOrigin(STDIN_NAME, tuple(settings), rules)


def rules_label(variant: str) -> str:
    """How messages and tables call the rules the command line names (standard input: <stdin>)."""
    return STDIN_NAME if variant == STDIN else variant


def _report_load_error(error: SettingError | RuleFileError, env: Env) -> None:
    if isinstance(error, SettingError):
        env.stderr.write(printable(f"domino: {error}") + "\n")
        return
    for diagnostic in error.diagnostics:  # escaped: the settings and the name may come from a save
        env.stderr.write(printable(diagnostic.format()) + "\n")


# What stops a game under rules that loaded fine: a formula failing on the values met (its message
# starts with the rule's file:line:col (key)), or a safety bound of the engine (its message names the key).
def report_game_error(error: Exception, rules: str, env: Env) -> ExitStatus:
    """Print why the rules stopped the game, as `file: message` (`rules` names the rule file), exit 1."""
    # (an error from a worker process has its origin in its message only)
    message = str(error) if isinstance(error, ExpressionRuntimeError) else f"{rules}: {error}"
    env.stderr.write(printable(message) + "\n")
    return ExitStatus.FAILURE


def lasting_name(variant: str, env: Env) -> str:
    """`variant` as a record that outlives this directory names it: a bundled name, or an absolute path."""
    return variant if variant in bundled_variants() else str(resolve_variant(variant, env.cwd).resolve())


def player_counts(players: Players) -> str:
    """The allowed player counts as a sentence says them: "4", "2–4"."""
    return str(players.min) if players.min == players.max else f"{players.min}–{players.max}"


def for_players(players: Players) -> str:
    """ "for 1 player", "for 2–4 players": how a message says whom a game is for."""
    return f"for {player_counts(players)} player{'' if players.max == 1 else 's'}"


def dash_refused(command: str, named: str | None, why: str, env: Env) -> bool:
    """Whether `named`, a file the command line gives, is '-' where no standard stream will do; then
    the reason `why` is said (so that no file named '-' is ever written or looked for)."""
    if named != STDIN:
        return False
    env.stderr.write(f"domino {command}: {why}\n")
    return True
