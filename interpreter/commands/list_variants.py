"""`domino list`: the bundled variants, with their player ranges and descriptions."""

from __future__ import annotations

import argparse

from interpreter.commands.common import player_counts
from interpreter.commands.environment import Env, ExitStatus
from interpreter.loader import RuleFileError, load_ruleset
from interpreter.resources import bundled_variants


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "list",
        help="list the bundled variants",
        description="List the bundled variants: name, player counts and description.",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    rows = [("VARIANT", "PLAYERS", "DESCRIPTION")]
    broken = False
    for name, path in bundled_variants().items():
        try:
            ruleset = load_ruleset(path)
        except RuleFileError as error:
            # One broken bundled file must not hide the others: show why it cannot be played.
            broken = True
            first = error.diagnostics[0].format().splitlines()[0] if error.diagnostics else "cannot be loaded"
            rows.append((name, "?", f"BROKEN: {first}"))
            continue
        rows.append((name, player_counts(ruleset.players), ruleset.description))
    widths = [max(len(row[i]) for row in rows) for i in range(2)]
    for row in rows:
        env.stdout.write(f"{row[0]:<{widths[0]}}  {row[1]:<{widths[1]}}  {row[2]}".rstrip() + "\n")
    return ExitStatus.FAILURE if broken else ExitStatus.OK
