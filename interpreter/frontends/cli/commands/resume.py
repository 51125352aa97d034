"""`domino resume [FILE]`: continue a saved game exactly where it stopped."""

from __future__ import annotations

import argparse
from pathlib import Path

from interpreter.frontends.cli.commands.common import (
    dash_refused,
    lasting_name,
    load_variant,
    report_game_error,
)
from interpreter.frontends.cli.commands.environment import Env, ExitStatus
from interpreter.frontends.cli.commands.play import play_saved
from interpreter.frontends.matches import GAME_ERRORS
from interpreter.frontends.presentation.boards import board_of
from interpreter.frontends.presentation.narration import result_line
from interpreter.frontends.presentation.seats import seats_for, turn_order_line
from interpreter.frontends.saves import check_seats, rules_of_save
from interpreter.records.savegame import (
    SavedGame,
    SaveError,
    cut_note,
    default_directory,
    default_directory_help,
    latest_save,
    open_save,
    read_save,
    rebuild,
    record_rule_file,
    refuse_read_only,
)
from interpreter.rulefile.ruleset import Direction, Ruleset
from interpreter.text.untrusted import printable


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "resume",
        help="continue a saved game",
        description="Continue a game saved by `domino play`, from the move where it stopped.",
    )
    env = getattr(parser, "env", None)  # the Env this command line is parsed for, as play's help reads it
    folder = str(default_directory(env.environ, env.cwd) if env else default_directory_help()).replace("%", "%%")
    parser.add_argument("file", nargs="?", help=f"the save (default: the newest in {folder})")
    parser.add_argument(
        "--rules",
        metavar="FILE",
        help="the rule file the game was played by, when the one the save names is not there or has changed",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    why = "a save is read and written again as the game goes on, which standard input cannot be; name the save"
    if dash_refused("resume", args.file, why, env):
        return ExitStatus.USAGE
    if args.file:
        path = env.cwd / args.file
    else:
        directory = default_directory(env.environ, env.cwd)
        found = latest_save(directory) if directory.is_dir() else None
        if found is None:
            env.stderr.write(f"domino resume: no saved game in {directory}; name the save file\n")
            return ExitStatus.FAILURE
        path = found
    shown = args.file or str(path)
    try:
        lock = open_save(path, shown)  # a FIFO is refused unopened; a second process on the save too
    except SaveError as error:
        env.stderr.write(printable(f"domino resume: {error}") + "\n")
        return ExitStatus.FAILURE
    with lock:
        return _resume(path, shown, args, env)


def _resume(path: Path, shown: str, args: argparse.Namespace, env: Env) -> ExitStatus:
    try:
        game = read_save(path, shown)
        check_seats(game, shown)
        ruleset = rules_of(game, shown, args.rules, env)
        match = rebuild(game, ruleset)
        if not match.is_over:
            refuse_read_only(path, shown)
    except SaveError as error:
        env.stderr.write(printable(f"domino resume: {error}") + "\n")  # a save's text never reaches the terminal raw
        return ExitStatus.FAILURE
    except GAME_ERRORS as error:  # the save's moves lead to where the rules stop the game
        return report_game_error(error, game.variant, env)
    note = cut_note(game, "resumed")  # the save is written whole again below, without the torn action
    if note:
        env.stderr.write(printable(f"domino resume: {shown}: {note}") + "\n")
    if match.is_over:
        env.stdout.write(f"This game is over. {result_line(match, seats_for(game.seats))}\n")
        return ExitStatus.OK
    rounds = board_of(match).round_word  # a trick game's rounds are hands
    env.stdout.write(printable(f"Resuming {shown}: {ruleset.title}, {rounds} {match.round}.") + "\n")
    counterclockwise = ruleset.players.direction is Direction.COUNTERCLOCKWISE
    env.stdout.write(turn_order_line(seats_for(game.seats), counterclockwise) + "\n")
    return play_saved(match, ruleset, game, path, env)


def rules_of(game: SavedGame, shown: str, rules: str | None, env: Env) -> Ruleset:
    """The rules a save was played by: the file `--rules` names, or else as every front end finds
    them (frontends/saves.py)."""
    if not rules:
        return rules_of_save(game, shown, env.cwd)
    ruleset = load_variant(rules, env, game.settings)
    if ruleset is None:
        raise SaveError(f"the rules --rules names ({rules}) cannot be loaded")
    game.variant, game.rules_file, game.rules_sha256 = lasting_name(rules, env), None, None
    record_rule_file(game)  # later saves name the file the game now continues with
    return ruleset
