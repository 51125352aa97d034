"""The `domino` command: a thin front that dispatches to interpreter.commands.

Each subcommand is a module in interpreter/commands with `add_parser(subparsers)` and
`run(args, env) -> ExitStatus`; all I/O goes through the injected `Env`, so tests run the
command in-process with their own streams. The entry point of the installed command is `main`
here; `python cli.py` (the repository's root) and `python -m interpreter` run the same.
"""

from __future__ import annotations

import argparse
import functools
import importlib.metadata
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from interpreter.commands import COMMANDS
from interpreter.commands.environment import Env, ExitStatus, OutputError, output_failed

DISTRIBUTION = "domino-rules"

EXAMPLES = """\
examples:
  domino play                               a game of draw dominoes against the computer
  domino play straight --players human,greedy,random
  domino play draw --target 50 --set 'start.first_round=[random]'    house rules, no file needed
  domino resume                             continue the last game where it stopped
  domino list                               the bundled variants
  domino explain mexican-train              the rules in plain English
  domino explain draw-50 --diff draw        what a variant changes
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
        super().__init__(*args, **kwargs)
        self.env = env

    def error(self, message: str) -> None:  # type: ignore[override]
        raise _UsageError(f"{self.prog}: error: {message}\n{self.format_usage()}")


class _UsageError(Exception):
    pass


def version() -> str:
    """This domino's version: the checkout's pyproject.toml when run from a checkout (which may be
    newer than an installed copy), else the installed distribution's metadata."""
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    try:
        text = pyproject.read_text(encoding="utf-8")
    except OSError:
        text = ""
    if f'name = "{DISTRIBUTION}"' in text:
        found = re.search(r'^version = "([^"]+)"', text, re.MULTILINE)
        if found:
            return found.group(1)
    try:
        return importlib.metadata.version(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def build_parser(env: Env | None = None) -> argparse.ArgumentParser:
    parser = _Parser(
        prog="domino",
        description="Play, explain, check and simulate domino games defined in YAML rule files.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        env=env,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    sub = parser.add_subparsers(dest="command", parser_class=functools.partial(_Parser, env=env))
    for module in COMMANDS:
        module.add_parser(sub)
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
