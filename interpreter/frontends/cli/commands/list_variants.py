"""`domino list`: the bundled variants by family, with their player ranges, tags and descriptions."""

from __future__ import annotations

import argparse
import json
from typing import Any

from interpreter.frontends.cli.commands.common import player_counts
from interpreter.frontends.cli.commands.environment import Env, ExitStatus
from interpreter.frontends.cli.commands.validate import add_json_option
from interpreter.frontends.cli.layout import columns
from interpreter.resources import bundled_variants
from interpreter.rulefile.loader import RuleFileError, load_ruleset

# The families (a rule file's `tags`, schema/rules.schema.json) in the order `domino list` shows
# them; a variant goes under its first tag, and one without tags under OTHER, last.
FAMILIES = (
    "block",
    "draw",
    "scoring",
    "cross",
    "train",
    "partnership",
    "matching",
    "trick",
    "rummy",
    "counting",
    "patience",
    "partition",
)
OTHER = "other"


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "list",
        help="list the bundled variants",
        description="List the bundled variants grouped by family (their first tag): name, player counts, "
        "tags and description.",
    )
    add_json_option(parser, "a list of {variant, family, title, players: {min, max}, tags, description, error}")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    groups: dict[str, list[tuple[str, str, str, str]]] = {family: [] for family in (*FAMILIES, OTHER)}
    records: list[dict[str, Any]] = []  # for --json
    broken = False
    for name, path in bundled_variants().items():
        try:
            ruleset = load_ruleset(path)
        except RuleFileError as error:
            # One broken bundled file must not hide the others: show why it cannot be played.
            broken = True
            first = error.diagnostics[0].format().splitlines()[0] if error.diagnostics else "cannot be loaded"
            groups[OTHER].append((name, "?", "", f"BROKEN: {first}"))
            records.append({"variant": name, "family": OTHER, "error": first})
            continue
        tags = ruleset.tags
        family = tags[0] if tags and tags[0] in groups else OTHER
        groups[family].append((name, player_counts(ruleset.players), ", ".join(tags), ruleset.description))
        players = {"min": ruleset.players.min, "max": ruleset.players.max}
        records.append(
            {"variant": name, "family": family, "title": ruleset.title, "players": players, "tags": list(tags)}
            | {"description": ruleset.description, "error": None}
        )
    status = ExitStatus.FAILURE if broken else ExitStatus.OK
    if args.json:  # in the order of the table: by family, then by name
        order = {family: i for i, family in enumerate(groups)}
        records.sort(key=lambda r: (order[r["family"]], r["variant"]))
        env.stdout.write(json.dumps(records, indent=2, ensure_ascii=False) + "\n")
        return status
    rows = [("VARIANT", "PLAYERS", "TAGS", "DESCRIPTION"), *(row for group in groups.values() for row in group)]
    line = columns(rows, env.columns())  # descriptions wrapped at words within the terminal's width
    env.stdout.writelines(text + "\n" for text in line(rows[0]))
    for family, group in groups.items():
        if group:  # a heading line per family, its variants indented under it, by name
            env.stdout.write(f"\n{family}\n")
            env.stdout.writelines(text + "\n" for row in sorted(group) for text in line(row))
    return status
