"""`domino validate PATH...`: check rule files and report every problem with its position."""

from __future__ import annotations

import argparse
import json

from interpreter.commands.environment import Env, ExitStatus
from interpreter.loader import check_file


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "validate",
        help="check rule files",
        description="Check rule files (and the bases they extend): the YAML, the schema, expressions, "
        "and whether the game can be dealt. Prints FILE:LINE:COL: message for every problem.",
    )
    parser.add_argument("paths", nargs="+", metavar="PATH", help="rule files to check")
    parser.add_argument(
        "--format", choices=["text", "json"], default="text", help="json: a list of {file, line, column, message}"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    found = []
    invalid = 0
    for path in args.paths:
        diagnostics = check_file(env.cwd / path, name=path)
        invalid += bool(diagnostics)
        found += diagnostics
    if args.format == "json":
        rows = [{"file": d.file, "line": d.line, "column": d.column, "message": d.message} for d in found]
        env.stdout.write(json.dumps(rows, indent=2, ensure_ascii=False) + "\n")
    else:
        env.stdout.writelines(d.format() + "\n" for d in found)
    files = f"{len(args.paths)} file{'s' if len(args.paths) != 1 else ''} checked"
    if invalid:
        problems = f"{len(found)} problem{'s' if len(found) != 1 else ''}"
        env.stderr.write(f"{files}, {invalid} invalid, {problems}\n")
        return ExitStatus.FAILURE
    env.stderr.write(f"{files}, all valid\n")
    return ExitStatus.OK
