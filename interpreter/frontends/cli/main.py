"""The `domino` command: a thin front that dispatches to interpreter.frontends.cli.commands.

Each subcommand is a module in interpreter/frontends/cli/commands with `add_parser(subparsers)` and
`run(args, env) -> ExitStatus`; all I/O goes through the injected `Env`, so tests run the
command in-process with their own streams. The entry point of the installed command is `main`
here; `python cli.py` (the repository's root) and `python -m interpreter` run the same.
"""

from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TextIO, cast

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

from interpreter.frontends.cli.commands import COMMANDS
from interpreter.frontends.cli.commands.environment import (
    Env,
    ExitStatus,
    OutputError,
    output_failed,
    terminal_stream,
)
from interpreter.frontends.cli.help_format import MOST, HelpFormatter, help_width
from interpreter.frontends.cli.streams import InputError, stand_in_for_closed_streams
from interpreter.version import version

EXAMPLES = """\
examples:
  domino play                               a game of draw dominoes against the computer
  domino play straight --players human,greedy,random
  domino play draw --target 50 --set 'start.first_round=[random]'    house rules, no file needed
  domino resume                             continue the last game where it stopped
  domino list                               the bundled variants
  domino explain mexican-train              the rules in plain English
  domino explain draw-50 --diff draw        what a variant changes
  domino docs format                        the manual's page on rule files
  domino simulate straight -n 1000 --players greedy,random --workers 2
  domino validate rules/*.yaml              check rule files
  domino new my-rules --extends straight    a house-rule file your editor completes and checks
  source <(domino completion bash)          completion of commands, options and variants
"""


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors as an exception instead of exiting the process. `env` is
    the Env the command line is parsed for (None for a parser built only to be looked at, as
    `domino completion` does); a command's help may read it (`domino play -h` shows the save folder
    in use). --help and --version print to the process's stdout, as argparse does."""

    def __init__(self, *args: Any, env: Env | None = None, **kwargs: Any) -> None:
        self.env = env  # before argparse's own __init__, which asks for a formatter
        super().__init__(*args, **kwargs)

    def _get_formatter(self) -> argparse.HelpFormatter:
        # Within the terminal's width (Env.columns) and 80 columns; 80 for a parser with no Env.
        return HelpFormatter(self.prog, help_width(self.env.columns()) if self.env is not None else MOST)

    def error(self, message: str) -> None:  # type: ignore[override]
        raise _UsageError(f"{self.prog}: error: {message}\n{self.format_usage()}")

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        # argparse drops a failed write of --help or --version (a full disk, a closed stdout) and
        # exits 0: here it fails as every command's output does (an OutputError, see `main`).
        stream = file or sys.stderr
        if message and stream is not None:
            terminal_stream(cast("TextIO", stream), checked=stream is sys.stdout).write(message)


class _UsageError(Exception):
    pass


def build_parser(env: Env | None = None) -> argparse.ArgumentParser:
    parser = _Parser(
        prog="domino",
        description="Play, explain, check and simulate domino games defined in YAML rule files.",
        epilog=EXAMPLES,
        env=env,
    )
    parser.add_argument("-V", "--version", action="version", version=f"%(prog)s {version()}")
    # COMMAND rather than the list of them in braces, a line longer than any terminal is wide
    sub = parser.add_subparsers(  # type: ignore[call-overload]  # argparse calls parser_class(...): a partial does
        dest="command", metavar="COMMAND", parser_class=functools.partial(_Parser, env=env)
    )
    for module in COMMANDS:
        module.add_parser(sub)
    # `domino completion` describes the command line from a parser of its own, built with no Env
    # (so no help text depends on this machine), without importing this module.
    parser.set_defaults(fresh_parser=build_parser)
    return parser


def run(argv: Sequence[str], env: Env) -> ExitStatus:
    parser = build_parser(env)
    if not argv:
        env.stdout.write(parser.format_help())
        return ExitStatus.OK
    try:
        args = parser.parse_args(list(argv))
    except _UsageError as usage:
        env.stderr.write(str(usage))
        return ExitStatus.USAGE
    except SystemExit as done:  # --help and --version exit through argparse
        return ExitStatus.OK if done.code in (0, None) else ExitStatus.USAGE
    if args.command is None:
        env.stdout.write(parser.format_help())
        return ExitStatus.OK
    return args.run(args, env)


def main(argv: Sequence[str] | None = None) -> int:
    stand_in_for_closed_streams()
    env = Env.from_process()
    try:
        status = run(sys.argv[1:] if argv is None else argv, env)
        env.stdout.flush()  # here, where a write error is handled, rather than at exit
        return int(status)
    except KeyboardInterrupt:
        env.stderr.write("\ninterrupted\n")
        return int(ExitStatus.INTERRUPTED)
    except OutputError as error:  # a closed pipe, a full disk: a line on stderr, never a traceback
        return int(output_failed(error, env))
    except InputError as error:  # a closed standard input, for a command that reads it
        env.stderr.write(f"domino: cannot read standard input: {error.error.strerror}\n")
        return int(ExitStatus.FAILURE)
