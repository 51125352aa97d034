"""`domino resume [FILE]`: continue a saved game exactly where it stopped."""

from __future__ import annotations

import argparse

from interpreter.commands.common import load_variant
from interpreter.commands.environment import Env, ExitStatus
from interpreter.commands.play import play_saved
from interpreter.players import PLAYERS
from interpreter.savegame import SaveError, default_directory, latest_save, read_save, rebuild
from interpreter.ui.narration import result_line
from interpreter.ui.seats import HUMAN, seats_for


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "resume",
        help="continue a saved game",
        description="Continue a game saved by `domino play`, from the move where it stopped.",
    )
    parser.add_argument("file", nargs="?", help="the save (default: the newest in ~/.local/state/domino)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    if args.file:
        path = env.cwd / args.file
    else:
        directory = default_directory(env.environ, env.cwd)
        found = latest_save(directory) if directory.is_dir() else None
        if found is None:
            env.stderr.write(f"domino resume: no saved game in {directory}; name the save file\n")
            return ExitStatus.FAILURE
        path = found
    try:
        game = read_save(path)
        unknown = [kind for kind in game.seats if kind != HUMAN and kind not in PLAYERS]
        if unknown:
            raise SaveError(f"{path} seats a computer player this domino does not have: '{unknown[0]}'")
        ruleset = load_variant(game.variant, env, game.settings)
        if ruleset is None:
            raise SaveError(f"the rules of {path} ({game.variant}) cannot be loaded")
        match = rebuild(game, ruleset)
    except SaveError as error:
        env.stderr.write(f"domino resume: {error}\n")
        return ExitStatus.FAILURE
    if match.is_over:
        env.stdout.write(f"This game is over. {result_line(match, seats_for(game.seats))}\n")
        return ExitStatus.OK
    env.stdout.write(f"Resuming {path}: {ruleset.title}, round {match.round}.\n")
    return play_saved(match, ruleset, game, path, env)
