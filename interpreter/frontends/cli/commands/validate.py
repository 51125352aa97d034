"""`domino validate PATH...`: check rule files and report every problem with its position."""

from __future__ import annotations

import argparse
import codecs
import json

from interpreter.frontends.cli.commands.environment import Env, ExitStatus
from interpreter.rulefile.loader import check_file, load_ruleset_text
from interpreter.rulefile.portable import STDIN_NAME  # how diagnostics call standard input
from interpreter.rulefile.yaml_source import MAX_BYTES
from interpreter.text.diagnostics import Diagnostic, RuleFileError

STDIN = "-"  # a rule file argument that means standard input (validate, explain, simulate, compare)


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "validate",
        help="check rule files",
        description="Check rule files (and the bases they extend): the YAML, the schema, expressions, "
        "and whether the game can be dealt. Prints FILE:LINE:COL: message for every problem. "
        "PATH '-' reads a rule file from standard input (a relative extends: is found from the "
        "current directory).",
    )
    parser.add_argument("paths", nargs="+", metavar="PATH", help="rule files to check ('-': standard input)")
    add_json_option(parser, "a list of {file, line, column, message}")
    parser.add_argument(
        "--format", choices=["text", "json"], default="text", help="--format json is the same as --json"
    )
    add_quiet_option(parser, "no summary line: only the problems are printed, nothing when every file is valid")
    parser.set_defaults(run=run)


def add_json_option(parser: argparse.ArgumentParser, what: str) -> None:
    """`--json`, the one spelling of machine-readable output on every command that prints data."""
    parser.add_argument("--json", action="store_true", help=f"print JSON: {what}")


def add_quiet_option(parser: argparse.ArgumentParser, what: str) -> None:
    """`-q`/`--quiet` on a command that prints a summary or progress; the exit status says the same."""
    parser.add_argument("-q", "--quiet", action="store_true", help=what)


def read_stdin_rules(env: Env) -> tuple[str | None, list[Diagnostic]]:
    """The rule file on standard input, checked as a file is read (size, UTF-8, no NUL), or why not."""
    data = env.read_stdin(MAX_BYTES + 1)
    problem = None
    if len(data) > MAX_BYTES:
        problem = f"standard input is larger than {MAX_BYTES // 1024} KiB; rule files are small text files"
    elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        problem = "the text is UTF-16 or UTF-32 encoded; a rule file is UTF-8"
    elif b"\0" in data:
        problem = "binary data (a NUL byte); a rule file is UTF-8 text"
    if problem:
        return None, [Diagnostic(STDIN_NAME, 0, 0, problem)]
    data = data.removeprefix(codecs.BOM_UTF8)
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        message = f"invalid UTF-8 (byte 0x{data[error.start]:02x} at byte offset {error.start}); a rule file is UTF-8"
        return None, [Diagnostic(STDIN_NAME, line, 0, message)]


def check_stdin(env: Env) -> list[Diagnostic]:
    """Every problem in the rule file on standard input, as `check_file` reports a file's."""
    text, problems = read_stdin_rules(env)
    if text is None:
        return problems
    try:
        load_ruleset_text(text, STDIN_NAME, env.cwd)
    except RuleFileError as error:
        return list(error.diagnostics)
    return []


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    if args.paths.count(STDIN) > 1:
        env.stderr.write("domino validate: '-' (standard input) can be given once\n")
        return ExitStatus.USAGE
    found = []
    invalid = 0
    for path in args.paths:
        diagnostics = check_stdin(env) if path == STDIN else check_file(env.cwd / path, name=path)
        invalid += bool(diagnostics)
        found += diagnostics
    if args.json or args.format == "json":
        rows = [{"file": d.file, "line": d.line, "column": d.column, "message": d.message} for d in found]
        env.stdout.write(json.dumps(rows, indent=2, ensure_ascii=False) + "\n")
    else:
        env.stdout.writelines(d.format() + "\n" for d in found)
    files = f"{len(args.paths)} file{'s' if len(args.paths) != 1 else ''} checked"
    problems = f"{len(found)} problem{'s' if len(found) != 1 else ''}"
    if not args.quiet:
        env.stderr.write(f"{files}, {invalid} invalid, {problems}\n" if invalid else f"{files}, all valid\n")
    return ExitStatus.FAILURE if invalid else ExitStatus.OK
