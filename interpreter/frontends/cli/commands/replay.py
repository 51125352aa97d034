"""`domino replay LOG`: re-execute a game log and check every action and score in it."""

from __future__ import annotations

import argparse

from interpreter.frontends.cli.commands.common import GAME_ERRORS, report_game_error
from interpreter.frontends.cli.commands.environment import Env, ExitStatus
from interpreter.records.replay import FROM_STDIN, RULES_FROM, SETTINGS, recorded_rule_file, replay
from interpreter.resources import bundled_variants
from interpreter.rulefile.loader import RuleFileError
from interpreter.rulefile.overrides import SettingError, load_with_settings
from interpreter.rulefile.ruleset import Ruleset
from interpreter.text.diagnostics import shorten
from interpreter.text.untrusted import bounded_lines, open_regular, printable

_PASS_RULES = "pass --rules FILE with the rule file the log was played by"


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "replay",
        help="re-execute a game log and verify it",
        description="Replay a JSON Lines game log through the engine: every action must be legal and every "
        "recorded deal, draw and score must come out the same. Exit 1 at the first divergence; a log cut short (as a "
        "killed run leaves it) replays as far as it goes, its last match unfinished. The rules are "
        "the bundled variant the log names, or the rule file it was written from if that file is still there "
        "unchanged; --rules names them otherwise (always, for rules that were read from standard input).",
    )
    parser.add_argument("log", help="the log file (JSON Lines, as written by 'simulate --log' or 'play')")
    parser.add_argument("--rules", metavar="FILE", help="the rule file to use instead of the variant the log names")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    cache: dict[tuple[str, tuple[str, ...]], Ruleset] = {}

    def rules_for(header: dict) -> Ruleset:
        name = header.get("rules")
        settings = header.get(SETTINGS, [])
        if not isinstance(name, str) or not isinstance(settings, list) or not all(isinstance(s, str) for s in settings):
            raise ValueError("the header names no rules")
        if args.rules:
            variant = args.rules
        elif header.get(RULES_FROM) == FROM_STDIN:
            raise ValueError(f"the log was played by '{shorten(name)}', read from standard input; {_PASS_RULES}")
        elif name in bundled_variants() and not settings:
            variant = name
        else:
            found = recorded_rule_file(header)
            if found is None:
                raise ValueError(
                    f"the log was played by '{shorten(name)}', from a rule file that is not here or has changed "
                    f"since; {_PASS_RULES}"
                )
            variant = str(found)
        key = (variant, tuple(settings))
        if key not in cache:
            cache[key] = _load(variant, settings, env, trusted=bool(args.rules) or variant == name)
        ruleset = cache[key]
        digest = header.get("digest")
        if digest and digest != ruleset.digest:
            raise ValueError(f"the log was played by other rules than today's '{shorten(name)}' (digest differs); "
                             f"{_PASS_RULES}")  # fmt: skip
        return ruleset

    log = printable(args.log)
    try:
        with open_regular(env.cwd / args.log) as handle:  # a FIFO or a device is refused unopened
            report = replay(bounded_lines(handle), rules_for)
    except OSError as error:
        env.stderr.write(f"domino replay: cannot read {log}: {printable(str(error.strerror or error))}\n")
        return ExitStatus.FAILURE
    except GAME_ERRORS as error:  # the log's moves lead to where the rules stop the game
        return report_game_error(error, args.rules or args.log, env)
    if report.divergence is not None:
        line, message = report.divergence
        env.stderr.write(printable(f"{log}:{line}: {message}") + "\n")  # a log's text never reaches the terminal raw
        return ExitStatus.FAILURE
    state = " (the last match is unfinished)" if report.unfinished else ""
    env.stdout.write(f"{log}: {report.matches} matches, {report.actions} actions replayed, all consistent{state}\n")
    return ExitStatus.OK


def _load(variant: str, settings: list[str], env: Env, *, trusted: bool) -> Ruleset:
    """The rules, or ValueError saying why not. Only the user's own choice of file (`trusted`) has
    its problems shown: a file found through a log is not quoted back."""
    try:
        return load_with_settings(variant, settings, env.cwd)
    except (RuleFileError, SettingError) as error:
        if not trusted:
            raise ValueError(f"the rule file the log names does not load; {_PASS_RULES}") from None
        diagnostics = error.diagnostics if isinstance(error, RuleFileError) else []
        raise ValueError("; ".join(d.format() for d in diagnostics) or str(error)) from None
