"""`domino play [VARIANT]`: a game at the terminal against computer players or friends, saved as it goes."""

from __future__ import annotations

import argparse
import shlex
from datetime import datetime
from pathlib import Path

from interpreter import players
from interpreter.engine import Match
from interpreter.engine.match import new_match
from interpreter.frontends.cli.commands.common import (
    SEED,
    Bounded,
    add_settings_option,
    add_teams_option,
    dash_refused,
    for_players,
    lasting_name,
    load_variant,
    report_game_error,
)
from interpreter.frontends.cli.commands.environment import Env, ExitStatus
from interpreter.frontends.matches import GAME_ERRORS, teams_problem
from interpreter.frontends.presentation.seats import HUMAN, seats_for, turn_order_line
from interpreter.frontends.terminal.session import Ending, Session
from interpreter.records.savegame import (
    SavedGame,
    SaveError,
    SaveJournal,
    default_directory,
    default_directory_help,
    new_save_path,
    open_save,
    record_rule_file,
)
from interpreter.records.seeds import secret_seed
from interpreter.rulefile.explain import explain
from interpreter.rulefile.ruleset import Direction, Ruleset
from interpreter.text.untrusted import printable

DEFAULT_VARIANT = "draw"  # the game `domino play` starts with no argument: S0's draw game
TARGET = Bounded(int, 1, 1_000_000)  # the schema's bounds of match.target, which --target sets

EXAMPLES = """\
examples:
  domino play                                   you against the strongest computer player
  domino play VARIANT --players human,greedy,random
  domino play --players human,human             two people taking turns at one keyboard
  domino play --target 50 --seed 7
  domino play my-house-rules.yaml --players human,greedy,greedy,greedy --no-teams
  domino play --set 'start.first_round=[random]' --set draw.policy=until_playable
  domino play my-house-rules.yaml
"""


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "play",
        help="play a game at the terminal",
        description="Play a game: you against computer players, or several people taking turns at one "
        "keyboard. The game is saved after every move; `domino resume` continues it.",
        epilog=EXAMPLES,
    )
    parser.add_argument(
        "variant",
        nargs="?",
        default=DEFAULT_VARIANT,
        help=f"a bundled variant or a rule file (default {DEFAULT_VARIANT})",
    )
    parser.add_argument(
        "--players",
        metavar="SEATS",
        help=f"who sits where, in turn order: 'human' or a computer player ({', '.join(players.PLAYERS)}); "
        "default: you and the strongest computer player, as many of it as the game needs at the least",
    )
    parser.add_argument(
        "--seed", type=SEED, help=f"the deal's seed, to play the same game again ({SEED.span}; default: secret)"
    )
    parser.add_argument(
        "--target", type=TARGET, metavar="N", help=f"play to N points ({TARGET.span}; same as --set match.target=N)"
    )
    add_settings_option(parser)
    add_teams_option(parser)
    env = getattr(parser, "env", None)  # the Env this command line is parsed for (interpreter/frontends/cli/main.py)
    folder = default_directory(env.environ, env.cwd) if env else default_directory_help()
    shown = str(folder).replace("%", "%%")  # argparse %-formats help
    parser.add_argument("--save", metavar="FILE", help=f"where to save the game (default: a new file in {shown})")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    settings = args.settings + ([f"match.target={args.target}"] if args.target is not None else [])
    ruleset = load_variant(args.variant, env, settings)
    if ruleset is None:
        return ExitStatus.FAILURE
    strongest = getattr(players, "STRONGEST", "random")
    # By default you and the strongest computer, once or as often as the game's fewest seats need.
    default = [HUMAN] + [strongest] * (max(ruleset.players.min, min(2, ruleset.players.max)) - 1)  # alone: a solitaire
    kinds = [k.strip() for k in args.players.split(",")] if args.players else default
    problem = _seating_problem(kinds, ruleset) or teams_problem(ruleset, len(kinds), args.teams)
    if problem:
        env.stderr.write(f"domino play: {problem}\n")
        return ExitStatus.USAGE
    if dash_refused("play", args.save, "--save -: a game is saved to a file, to be resumed from it; name a file", env):
        return ExitStatus.USAGE
    if args.save:
        path = env.cwd / args.save
        if path.exists():
            env.stderr.write(
                f"domino play: {args.save} exists; continue that game with `domino resume {shlex.quote(args.save)}` "
                "or choose another --save\n"
            )
            return ExitStatus.USAGE
    else:
        directory = default_directory(env.environ, env.cwd)
        path = new_save_path(directory, datetime.now())
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        env.stderr.write(f"domino play: cannot create {path.parent}: {error.strerror or error}\n")
        return ExitStatus.FAILURE
    seed = args.seed if args.seed is not None else secret_seed()
    # A path is saved absolute, so that `domino resume` finds the rules from any directory.
    game = SavedGame(lasting_name(args.variant, env), settings, ruleset.digest, seed, kinds)
    record_rule_file(game)  # resume reads the rule file only while its bytes are these
    try:
        match = new_match(ruleset, players=len(kinds), seed=seed, teams=args.teams)
    except GAME_ERRORS as error:  # the first deal evaluates formulas too (the engine, tile values)
        return report_game_error(error, args.variant, env)
    order = turn_order_line(seats_for(kinds), ruleset.players.direction is Direction.COUNTERCLOCKWISE)
    try:
        lock = open_save(path, args.save)  # no second process on this save while the game goes on
        if path.exists():  # another process started a game in it since the check above
            lock.release()
            raise SaveError(f"{args.save or path} exists now: another game took it; choose another --save")
    except SaveError as error:
        env.stderr.write(printable(f"domino play: {error}") + "\n")
        return ExitStatus.FAILURE
    # The title and description are the rule file's words: shown, never obeyed as escapes.
    about = printable(f"{ruleset.title} — {ruleset.description}")
    # A seed nobody chose names every hand: said once the match is over (play_saved), never before.
    said = f" Seed {seed} (chosen)." if args.seed is not None else ""
    env.stdout.write(f"{about}\n{order}{said}\n")
    with lock:
        return play_saved(match, ruleset, game, path, env)


def _seating_problem(kinds: list[str], ruleset: Ruleset) -> str | None:
    known = [HUMAN, *players.PLAYERS]
    for kind in kinds:
        if kind not in known:
            return f"unknown player '{kind}' in --players; choose from {', '.join(known)}"
    if not ruleset.players.min <= len(kinds) <= ruleset.players.max:
        return f"{ruleset.name} is {for_players(ruleset.players)}; --players names {len(kinds)}"
    return None


def play_saved(match: Match, ruleset: Ruleset, game: SavedGame, path: Path, env: Env) -> ExitStatus:
    """Play `match` at the terminal from where it stands, saving `game` to `path` after every action:
    written whole once (a version 1 save becomes a journal), then each action's events appended."""
    game.events = match.events

    def save() -> None:
        journal.record(match.events)  # the log only grows: what it gained since the last save

    where = shlex.quote(str(path))
    try:
        journal = SaveJournal.start(path, game)
    except SaveError as error:
        env.stderr.write(f"domino: {error}\n")
        return ExitStatus.FAILURE
    env.stdout.write(f"The game is saved after every move in {path}\nType help at any prompt, rules for the rules.\n")
    style = env.style()  # colour at a terminal; the output lets its colours pass, no file's escapes
    session = Session(
        match,
        ruleset,
        seats_for(game.seats),
        game.seed,
        (env.stdin, env.stdout),
        style,
        save,
        lambda: explain(ruleset, env.columns()),  # the terminal's width, asked when shown
        (env.is_tty(env.stdin), env.is_tty(env.stdout)),
    )
    try:
        ending = session.run()
    except KeyboardInterrupt:
        env.stdout.write(f"\nInterrupted. The game is saved; continue it with: domino resume {where}\n")
        return ExitStatus.INTERRUPTED
    except SaveError as error:
        env.stderr.write(f"\ndomino: {error}; the last move was not saved\n")
        return ExitStatus.FAILURE
    except GAME_ERRORS as error:
        env.stdout.write("\nThe rules stopped the game (the save keeps it up to the move before).\n")
        return report_game_error(error, game.variant, env)
    finally:
        journal.close()
    if ending is Ending.FINISHED:
        env.stdout.write(f"The whole game is in {path}.\n")
        env.stdout.write(f"Dealt from seed {game.seed}: domino play --seed {game.seed} deals it again.\n")
    elif ending is Ending.QUIT:
        env.stdout.write(f"The game is saved; continue it with: domino resume {where}\n")
    else:
        env.stdout.write(f"End of input. The game is saved; continue it with: domino resume {where}\n")
    return ExitStatus.OK
