"""`domino explain VARIANT [--diff OTHER]`: a variant's rules in English, or what it changes relative to another."""

from __future__ import annotations

import argparse

from interpreter.commands.common import load_variant
from interpreter.commands.environment import Env, ExitStatus
from interpreter.explain import explain, explain_difference


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "explain",
        help="print a variant's rules in English",
        description="Print the rules of a variant (a bundled name or any rule file, house rules included) as "
        "text to read at the table, generated from the rule file.",
    )
    parser.add_argument("variant", help="a bundled variant name or a rule file path")
    parser.add_argument("--diff", metavar="OTHER", help="say instead what VARIANT changes relative to OTHER")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    ruleset = load_variant(args.variant, env)
    if ruleset is None:
        return ExitStatus.FAILURE
    if args.diff is None:
        env.stdout.write(explain(ruleset))
        return ExitStatus.OK
    other = load_variant(args.diff, env)
    if other is None:
        return ExitStatus.FAILURE
    env.stdout.write(explain_difference(ruleset, other))
    return ExitStatus.OK
