"""`domino simulate`: many matches between computer players, summed up."""

from __future__ import annotations

import argparse
import json

from interpreter.commands.common import load_variant
from interpreter.commands.environment import Env, ExitStatus
from interpreter.players import PLAYERS
from interpreter.simulation import simulate


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "simulate",
        help="play many matches between computer players",
        description="Play N matches between computer players and report wins, scores and speed.",
    )
    parser.add_argument("variant", help="a bundled variant name (see 'domino list') or a rule file path")
    parser.add_argument("-n", "--matches", type=int, default=100, help="how many matches (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    parser.add_argument(
        "--players",
        help="strategies by seat, comma-separated, e.g. random,random,random "
        "(default: the variant's fewest players, all random)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--log", metavar="FILE", help="write every match's event log (JSON Lines) to FILE")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    if args.matches < 1:
        env.stderr.write("domino simulate: -n must be at least 1\n")
        return ExitStatus.USAGE
    ruleset = load_variant(args.variant, env)
    if ruleset is None:
        return ExitStatus.FAILURE
    strategies = args.players.split(",") if args.players else ["random"] * ruleset.players.min
    unknown = [s for s in strategies if s not in PLAYERS]
    if unknown:
        env.stderr.write(f"domino simulate: unknown player '{unknown[0]}'; choose from {', '.join(PLAYERS)}\n")
        return ExitStatus.USAGE
    if not ruleset.players.min <= len(strategies) <= ruleset.players.max:
        env.stderr.write(
            f"domino simulate: {ruleset.name} is for {ruleset.players.min}–{ruleset.players.max} players, "
            f"not {len(strategies)}\n"
        )
        return ExitStatus.USAGE
    if args.log:
        with open(env.cwd / args.log, "w", encoding="utf-8") as log:
            result = simulate(ruleset, strategies, args.matches, args.seed, log)
    else:
        result = simulate(ruleset, strategies, args.matches, args.seed)
    summary = result.to_json()
    if args.json:
        env.stdout.write(json.dumps(summary) + "\n")
        return ExitStatus.OK
    env.stdout.write(
        f"{summary['variant']}: {summary['matches']} matches, {summary['rounds']} rounds "
        f"({summary['blocked_share']:.1%} blocked) in {summary['seconds']:.2f} s "
        f"— {summary['matches_per_s']} matches/s, {summary['rounds_per_s']} rounds/s\n"
    )
    for seat, name in enumerate(strategies):
        env.stdout.write(
            f"  seat {seat + 1} {name:<8} wins {summary['wins'][seat]:>8.1f}"
            f"   mean score {summary['mean_scores'][seat]:>8.1f}\n"
        )
    return ExitStatus.OK
