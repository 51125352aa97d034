"""`domino explain VARIANT [--diff OTHER]`: a variant's rules in English, or what it changes relative to another."""

from __future__ import annotations

import argparse
import json
from typing import Any

from interpreter.frontends.cli.commands.common import load_variant
from interpreter.frontends.cli.commands.environment import Env, ExitStatus
from interpreter.frontends.cli.commands.validate import STDIN, add_json_option, read_stdin_rules
from interpreter.rulefile.explain import differences, explain, explain_difference
from interpreter.rulefile.loader import load_ruleset_text
from interpreter.rulefile.portable import STDIN_NAME
from interpreter.rulefile.ruleset import Ruleset
from interpreter.text.diagnostics import RuleFileError
from interpreter.text.untrusted import printable


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "explain",
        help="print a variant's rules in English",
        description="Print the rules of a variant (a bundled name or any rule file, house rules included) as "
        "text to read at the table, generated from the rule file. '-' reads the rule file from standard input.",
    )
    parser.add_argument("variant", help="a bundled variant name, a rule file path, or '-' for standard input")
    parser.add_argument("--diff", metavar="OTHER", help="say instead what VARIANT changes relative to OTHER")
    add_json_option(
        parser, "{variant, title, text, sections: [{title, text}]}; with --diff {variant, other, changes, text}"
    )
    parser.set_defaults(run=run)


def _load(variant: str, env: Env) -> Ruleset | None:
    if variant != STDIN:
        return load_variant(variant, env)
    text, problems = read_stdin_rules(env)
    try:
        if text is not None:
            return load_ruleset_text(text, STDIN_NAME, env.cwd)
    except RuleFileError as error:
        problems = list(error.diagnostics)
    for diagnostic in problems:
        env.stderr.write(printable(diagnostic.format()) + "\n")
    return None


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    if args.variant == STDIN and args.diff == STDIN:
        env.stderr.write("domino explain: '-' (standard input) can be given once\n")
        return ExitStatus.USAGE
    ruleset = _load(args.variant, env)
    if ruleset is None:
        return ExitStatus.FAILURE
    width = env.columns()  # a terminal's (COLUMNS first); else 80, the text of --json too
    if args.diff is None:
        text = explain(ruleset, width)
        data: dict[str, Any] = {"variant": ruleset.name, "title": ruleset.title, "text": text}
        data["sections"] = sections(text)
    else:
        other = _load(args.diff, env)
        if other is None:
            return ExitStatus.FAILURE
        text = explain_difference(ruleset, other, width)
        data = {"variant": ruleset.name, "other": other.name, "changes": differences(ruleset, other), "text": text}
    env.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n" if args.json else text)
    return ExitStatus.OK


def sections(text: str) -> list[dict[str, str]]:
    """The explanation cut at its headings (a line underlined with '=' or '-'): [{title, text}]."""
    lines = text.splitlines()
    found: list[dict[str, Any]] = []
    i = 0
    while i < len(lines):
        underline = lines[i + 1] if i + 1 < len(lines) else ""
        if lines[i] and underline and set(underline) <= {"=", "-"} and len(underline) == len(lines[i]):
            found.append({"title": lines[i], "lines": []})
            i += 2
            continue
        if found:
            found[-1]["lines"].append(lines[i])
        i += 1
    return [{"title": s["title"], "text": "\n".join(s["lines"]).strip("\n")} for s in found]
