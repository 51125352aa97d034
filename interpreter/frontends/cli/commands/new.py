"""`domino new NAME [--extends BASE]`: a starter house-rule file whose first line points editors at
the installed schema, so that completion and help work wherever the file is written."""

from __future__ import annotations

import argparse
import json
import os
import re
from pathlib import Path

from interpreter.frontends.cli.commands.environment import Env, ExitStatus
from interpreter.frontends.cli.commands.validate import add_quiet_option
from interpreter.resources import bundled_variants, schema_file
from interpreter.rulefile.loader import load_ruleset, resolve_variant
from interpreter.text.diagnostics import RuleFileError
from interpreter.text.untrusted import printable

DEFAULT_BASE = "draw"  # what `domino play` plays with no argument
_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")  # the schema's pattern for `name`


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "new",
        help="write a starter house-rule file",
        description="Write NAME.yaml, a house rule over BASE that changes nothing yet, with a first line "
        "that points editors using the YAML language server (VS Code's YAML extension, for one) at the "
        "installed schema: keys complete, options show their help, mistakes are underlined "
        "(`domino docs editors`). An existing file is never overwritten.",
    )
    parser.add_argument("name", metavar="NAME", help="the variant's name (lower case, digits, '-'), or NAME.yaml")
    parser.add_argument(
        "--extends",
        metavar="BASE",
        default=DEFAULT_BASE,
        help=f"the variant it changes: a bundled name or a rule file (default {DEFAULT_BASE})",
    )
    add_quiet_option(parser, "nothing on success (no 'wrote NAME.yaml' line); a problem is still said")
    parser.set_defaults(run=run)


def schema_reference(schema: Path) -> str:
    """How a modeline names `schema`: its absolute path, or a file: URI where the path has a
    character the modeline cannot carry (yaml-language-server reads up to the first space)."""
    text = str(schema)
    return text if re.fullmatch(r"[^\s#%]+", text) else schema.as_uri()


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    path = env.cwd / (args.name if args.name.endswith((".yaml", ".yml")) else f"{args.name}.yaml")
    name = path.stem
    if not _NAME.fullmatch(name):
        env.stderr.write(
            f"domino new: '{printable(name)}' is not a variant name: lower-case letters, digits and '-', "
            "starting with a letter or digit, e.g. my-house-rules\n"
        )
        return ExitStatus.USAGE
    if path.exists() or path.is_symlink():
        env.stderr.write(f"domino new: {printable(args.name)} exists; it is not overwritten (choose another NAME)\n")
        return ExitStatus.FAILURE
    try:
        base_file = resolve_variant(args.extends, env.cwd)
        base = load_ruleset(base_file)
    except RuleFileError as error:
        for diagnostic in error.diagnostics:
            env.stderr.write(printable(diagnostic.format()) + "\n")
        return ExitStatus.FAILURE
    if args.extends in bundled_variants():
        extends = args.extends
    else:  # a path is relative to the file that names it
        extends = os.path.relpath(base_file.resolve(), path.parent.resolve()).replace(os.sep, "/")
        extends = extends if extends.startswith(".") else f"./{extends}"
        extends = extends if re.fullmatch(r"[A-Za-z0-9._/-]+", extends) else json.dumps(extends)
    text = starter(name, extends, base.name, schema_reference(schema_file().resolve()), base.title)
    try:
        with open(path, "x", encoding="utf-8") as out:  # "x": never over a file made meanwhile
            out.write(text)
    except OSError as error:  # FileExistsError: made between the check above and now
        why = "it exists and is not overwritten" if isinstance(error, FileExistsError) else error.strerror or error
        env.stderr.write(f"domino new: cannot write {printable(args.name)}: {why}\n")
        return ExitStatus.FAILURE
    shown = os.path.relpath(path, env.cwd)
    if not args.quiet:
        env.stderr.write(
            f"wrote {shown}: a house rule over {base.name}; change what differs, then "
            f"`domino explain {shown} --diff {args.extends}`\n"
        )
    return ExitStatus.OK


def starter(name: str, extends: str, base: str, schema: str, base_title: str) -> str:
    """The text of a house rule `name` over `extends` that changes nothing yet."""
    return f"""\
# yaml-language-server: $schema={schema}
# A house rule over {base}: write only what differs from it (`domino docs format`), e.g. the lines
# below without their '#'. Check it with `domino validate {name}.yaml`.
name: {name}
description: {json.dumps(base_title + " with house rules", ensure_ascii=False)}
extends: {extends}
# match: {{target: 150}}
# draw: {{policy: until_playable}}
"""
