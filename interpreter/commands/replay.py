"""`domino replay LOG`: re-execute a game log and check every action and score in it."""

from __future__ import annotations

import argparse

from interpreter.commands.environment import Env, ExitStatus
from interpreter.loader import RuleFileError, load_ruleset, resolve_variant
from interpreter.replay import replay
from interpreter.ruleset import Ruleset


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "replay",
        help="re-execute a game log and verify it",
        description="Replay a JSON Lines game log through the engine: every action must be legal and every "
        "recorded deal, draw and score must come out the same. Exit 1 at the first divergence.",
    )
    parser.add_argument("log", help="the log file (JSON Lines, as written by 'simulate --log' or 'play')")
    parser.add_argument("--rules", help="the rule file to use instead of the variant the log names")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    cache: dict[str, Ruleset] = {}

    def rules_for(header: dict) -> Ruleset:
        variant = args.rules or header.get("rules")
        if not isinstance(variant, str):
            raise ValueError("the header names no rules")
        if variant not in cache:
            try:
                cache[variant] = load_ruleset(resolve_variant(variant, env.cwd))
            except RuleFileError as error:
                raise ValueError("; ".join(d.format() for d in error.diagnostics)) from None
        ruleset = cache[variant]
        digest = header.get("digest")
        if digest and digest != ruleset.digest:
            raise ValueError(f"the log was played by other rules than today's '{variant}' (digest differs)")
        return ruleset

    try:
        with open(env.cwd / args.log, encoding="utf-8") as lines:
            report = replay(lines, rules_for)
    except (OSError, UnicodeDecodeError) as error:
        env.stderr.write(f"domino replay: cannot read {args.log}: {error}\n")
        return ExitStatus.FAILURE
    if report.divergence is not None:
        line, message = report.divergence
        env.stderr.write(f"{args.log}:{line}: {message}\n")
        return ExitStatus.FAILURE
    state = " (the last match is unfinished)" if report.unfinished else ""
    env.stdout.write(
        f"{args.log}: {report.matches} matches, {report.actions} actions replayed, all consistent{state}\n"
    )
    return ExitStatus.OK
