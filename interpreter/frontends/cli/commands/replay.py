"""`domino replay FILE`: re-execute a game log, or a saved game, and check every action and score in it."""

from __future__ import annotations

import argparse
from pathlib import Path

from interpreter.frontends.cli.commands.common import dash_refused, report_game_error
from interpreter.frontends.cli.commands.environment import Env, ExitStatus
from interpreter.frontends.cli.commands.resume import rules_of
from interpreter.frontends.cli.commands.validate import add_quiet_option
from interpreter.frontends.matches import GAME_ERRORS
from interpreter.records.replay import FROM_STDIN, RULES_FROM, SETTINGS, recorded_rule_file, replay
from interpreter.records.savegame import SaveError, cut_note, read_save, rebuild
from interpreter.resources import bundled_variants
from interpreter.rulefile.loader import RuleFileError
from interpreter.rulefile.overrides import SettingError, load_with_settings
from interpreter.rulefile.ruleset import Ruleset
from interpreter.text.diagnostics import shorten
from interpreter.text.untrusted import JsonProblem, LineProblem, bounded_lines, load_json, open_regular, printable

_PASS_RULES = "pass --rules FILE with the rule file the log was played by"


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "replay",
        help="re-execute a game log or a saved game and verify it",
        description="Replay a JSON Lines game log, or a saved game, through the engine: every action must be legal "
        "and every recorded deal, draw and score must come out the same. Exit 1 at the first divergence; a log cut "
        "short (as a killed run leaves it) replays as far as it goes, its last match unfinished, and a save of a "
        "game not yet over replays to where it stopped. The rules are the bundled variant the file names, or the "
        "rule file it was written from if that file is still there unchanged; --rules names them otherwise "
        "(always, for rules that were read from standard input).",
    )
    parser.add_argument(
        "log", help="the log (JSON Lines, as written by 'simulate --log'), or a game saved by 'play' or 'serve'"
    )
    parser.add_argument("--rules", metavar="FILE", help="the rule file to use instead of the one the log or save names")
    add_quiet_option(parser, "nothing when every action is consistent: only a divergence or an error is printed")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    if dash_refused("replay", args.log, "replay reads a file (a log or a save) twice, which standard input "
                    "cannot be read; write it to a file and name it", env) or dash_refused(
        "replay", args.rules, "--rules -: name the rule file; standard input is not read here", env
    ):  # fmt: skip
        return ExitStatus.USAGE
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
        if _is_save(env.cwd / args.log):
            return _replay_save(args, env)
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
    if not args.quiet:
        env.stdout.write(f"{log}: {report.matches} matches, {report.actions} actions replayed, all consistent{state}\n")
    return ExitStatus.OK


def _is_save(path: Path) -> bool:
    """Whether the file's first line is a save's header (a JSON object naming its format); a log's
    first line is a match header, which names none. OSError if it cannot be read."""
    with open_regular(path) as handle:  # a FIFO or a device is refused unopened
        try:
            first = load_json(next(bounded_lines(handle), ""))
        except (JsonProblem, LineProblem):
            return False  # not a save's header: the log's replay says what is wrong with the line
    return isinstance(first, dict) and "format" in first


def _replay_save(args: argparse.Namespace, env: Env) -> ExitStatus:
    """Check a save as `domino resume` and the browser's replay viewer do: read by `read_save`, its
    moves played again by `rebuild`, which requires every event of the save to come out the same."""
    try:
        game = read_save(env.cwd / args.log, args.log)
        match = rebuild(game, rules_of(game, args.log, args.rules, env))
    except SaveError as error:
        env.stderr.write(printable(f"domino replay: {error}") + "\n")  # a save's text never reaches the terminal raw
        return ExitStatus.FAILURE
    except GAME_ERRORS as error:  # the save's moves lead to where the rules stop the game
        return report_game_error(error, args.rules or game.variant, env)
    note = cut_note(game, "replayed")
    if note:  # even when quiet: an action was dropped
        env.stderr.write(printable(f"domino replay: {args.log}: {note}") + "\n")
    actions = sum(event.get("type") == "action" for event in game.events)
    state = "the game is over" if match.is_over else f"the game is unfinished: 'domino resume {args.log}' continues it"
    summary = f"{args.log}: a saved game, {actions} actions replayed, all consistent ({state})"
    if not args.quiet:
        env.stdout.write(printable(summary) + "\n")
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
