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
from interpreter.frontends.presentation.boards import board_of
from interpreter.resources import bundled_variants, schema_file
from interpreter.rulefile.loader import load_ruleset, load_ruleset_text, resolve_variant
from interpreter.rulefile.ruleset import DrawPolicy, Ruleset
from interpreter.rulefile.tableau_rules import Face, TableauRules
from interpreter.rulefile.trick_rules import AllPass
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
    lines = suggestions(base, extends, path.parent)
    text = starter(name, extends, base.name, schema_reference(schema_file().resolve()), base.title, lines)
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


def starter(name: str, extends: str, base: str, schema: str, base_title: str, lines: list[str]) -> str:
    """The text of a house rule `name` over `extends` that changes nothing yet: `lines` commented out."""
    suggested = "".join(f"# {line}\n" for line in lines)
    return f"""\
# yaml-language-server: $schema={schema}
# A house rule over {base}: write only what differs from it (`domino docs format`), e.g. the lines
# below without their '#'. Check it with `domino validate {name}.yaml`.
name: {name}
description: {json.dumps(base_title + " with house rules", ensure_ascii=False)}
extends: {extends}
{suggested}"""


def suggestions(base: Ruleset, extends: str, folder: Path) -> list[str]:
    """Lines a house rule over `base` may change, each with what it does: a target in the unit of
    the base's score, and a line of the base's family. Only lines that the base accepts (a house
    rule made of it loads) are kept."""
    if base.tableau is not None:  # a patience: one deal, won or lost; a line of its tableau
        return [line for line in _tableau_lines(base.tableau) if _accepted(base, extends, folder, line)]
    lines = []
    target = base.match.target
    if target is not None:
        more = target + max(1, target // 2)
        lines.append(_commented(f"match: {{target: {more}}}", f"to {more} {_unit(base)} instead of {target}"))
    elif base.match.rounds:
        counts = set(base.match.rounds.values())
        more = 2 * max(counts)
        rounds = board_of(base).round_word + "s"
        was = f" instead of {counts.pop()}" if len(counts) == 1 else ""
        lines.append(_commented(f"match: {{rounds: {more}}}", f"{more} {rounds}{was}"))
    elif base.match.eliminate_when is not None:  # played until one is left: a cap on its length
        rounds = board_of(base).round_word + "s"
        lines.append(_commented("match: {rounds: 20}", f"at most 20 {rounds}: then the best of those left wins"))
    tricks = base.tricks
    if tricks is None and base.draw.policy is DrawPolicy.UNTIL_PLAYABLE:
        lines.append(_commented("draw: {policy: one_then_pass}", "draw one tile when stuck, then pass"))
    elif tricks is None:
        lines.append(_commented("draw: {policy: until_playable}", "draw until a tile fits"))
    elif tricks.bidding is not None and tricks.bidding.all_pass is AllPass.FORCED:
        lines.append(_commented("bidding: {all_pass: redeal}", "when everyone passes, the tiles are dealt again"))
    elif tricks.bidding is not None:
        lines.append(_commented("bidding: {all_pass: forced}", "when the others pass, the last to speak must bid"))
    else:
        follow, why = ("false", "following suit is free") if tricks.must_follow else ("true", "one must follow suit")
        lines.append(_commented(f"tricks: {{must_follow: {follow}}}", why))
    return [line for line in lines if _accepted(base, extends, folder, line)]


def _tableau_lines(rules: TableauRules) -> list[str]:
    """A patience's house lines: tiles dealt face down where they lie face up, spares together, a
    longer line."""
    lines = []
    if rules.face is Face.UP and rules.depth > 1:
        lines.append(_commented("tableau: {face: top_up}", "the tiles dealt face down, each turned up once freed"))
    if rules.spares > 1 and not rules.spares_together:
        lines.append(_commented("tableau: {spares_together: true}", "two spares may be removed together"))
    if rules.depth == 1:
        lines.append(_commented(f"tableau: {{columns: {rules.columns + 1}}}", "a longer line: an easier game"))
    return lines


def _commented(line: str, why: str) -> str:
    return f"{line:<32}  # {why}"


def _unit(base: Ruleset) -> str:
    """What a score of `base` counts: marks where a trick game's hand scores its bid's marks."""
    return "marks" if base.tricks is not None and "bid_marks" in base.tricks.hand.names else "points"


def _accepted(base: Ruleset, extends: str, folder: Path, line: str) -> bool:
    try:
        load_ruleset_text(f"name: {base.name}-house\nextends: {extends}\n{line}\n", "house.yaml", folder)
    except RuleFileError:
        return False
    return True
