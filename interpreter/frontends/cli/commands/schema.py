"""`domino schema [--path]`: the JSON Schema of a rule file, for editors and other checkers."""

from __future__ import annotations

import argparse

from interpreter.frontends.cli.commands.environment import Env, ExitStatus
from interpreter.resources import schema_file


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "schema",
        help="print the JSON Schema of a rule file",
        description="Print the JSON Schema of a rule file (what editors use to complete keys and show help; "
        "`domino docs editors`), or with --path where the installed copy is, for an editor's settings or a "
        "'# yaml-language-server: $schema=PATH' first line.",
    )
    parser.add_argument("--path", action="store_true", help="print the schema file's absolute path instead")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    path = schema_file().resolve()
    if args.path:
        env.stdout.write(f"{path}\n")
        return ExitStatus.OK
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        env.stderr.write(f"domino schema: cannot read {path}: {error.strerror or error}\n")
        return ExitStatus.FAILURE
    env.stdout.write(text if text.endswith("\n") else text + "\n")
    return ExitStatus.OK
