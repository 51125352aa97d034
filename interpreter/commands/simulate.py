"""`domino simulate`: many matches between computer players, summed up per strategy and per seat."""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable

from interpreter.commands.common import (
    add_settings_option,
    add_teams_option,
    lasting_name,
    load_variant,
    player_counts,
    teams_problem,
)
from interpreter.commands.environment import Env, ExitStatus
from interpreter.players import PLAYERS
from interpreter.replay import RulesOrigin
from interpreter.simulation import SimulationResult, simulate

_BAR = 30  # characters of the progress bar


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "simulate",
        help="play many matches between computer players",
        description="Play N matches between computer players and report wins (with 95% confidence intervals), "
        "scores, rounds, blocked rounds and the first seat's advantage. The strategies move one seat on "
        "from match to match, so none of them keeps the first seat.",
    )
    parser.add_argument("variant", help="a bundled variant name (see 'domino list') or a rule file path")
    parser.add_argument("-n", "--matches", type=int, default=100, help="how many matches (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    parser.add_argument(
        "--players",
        help="strategies, comma-separated, in the seating of the first match, e.g. greedy,random,random "
        "(default: the variant's fewest players, all random)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="K",
        help="play in K processes (same totals as one; 0: one per CPU)",
    )
    add_settings_option(parser)
    add_teams_option(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--log", metavar="FILE", help="write every match's event log (JSON Lines) to FILE")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    if args.matches < 1:
        env.stderr.write("domino simulate: -n must be at least 1\n")
        return ExitStatus.USAGE
    if args.workers < 0:
        env.stderr.write("domino simulate: --workers must be 0 (one per CPU) or more\n")
        return ExitStatus.USAGE
    ruleset = load_variant(args.variant, env, args.settings)
    if ruleset is None:
        return ExitStatus.FAILURE
    origin = RulesOrigin(lasting_name(args.variant, env), tuple(args.settings))
    strategies = args.players.split(",") if args.players else ["random"] * ruleset.players.min
    unknown = [s for s in strategies if s not in PLAYERS]
    if unknown:
        env.stderr.write(f"domino simulate: unknown player '{unknown[0]}'; choose from {', '.join(PLAYERS)}\n")
        return ExitStatus.USAGE
    if not ruleset.players.min <= len(strategies) <= ruleset.players.max:
        env.stderr.write(
            f"domino simulate: {ruleset.name} is for {player_counts(ruleset.players)} players, not {len(strategies)}\n"
        )
        return ExitStatus.USAGE
    problem = teams_problem(ruleset, len(strategies), args.teams)
    if problem:
        env.stderr.write(f"domino simulate: {problem}\n")
        return ExitStatus.USAGE
    workers = args.workers or os.cpu_count() or 1
    progress = _progress_bar(env, args.matches) if env.is_tty(env.stderr) else None
    if args.log:
        with open(env.cwd / args.log, "w", encoding="utf-8") as log:
            result = simulate(ruleset, strategies, args.matches, args.seed, log, progress, workers, origin, args.teams)
    else:
        result = simulate(ruleset, strategies, args.matches, args.seed, None, progress, workers, origin, args.teams)
    if progress is not None:
        env.stderr.write("\r" + " " * (_BAR + 30) + "\r")
    summary = result.to_json()
    if args.json:
        env.stdout.write(json.dumps(summary) + "\n")
    else:
        env.stdout.write(_report(result, summary))
    return ExitStatus.OK


def _progress_bar(env: Env, total: int) -> Callable[[int], None]:
    def show(done: int) -> None:
        filled = _BAR * done // total
        env.stderr.write(f"\r[{'#' * filled}{'.' * (_BAR - filled)}] {done}/{total} matches")
        env.stderr.flush()

    return show


def _partners(result: SimulationResult) -> list[str]:
    """The report's line on partnerships, if any: who plays with whom, and that a side's win is each partner's."""
    seats = len(result.strategies)
    if not 0 < result.sides < seats:
        return []
    teams = [" & ".join(str(seat + 1) for seat in range(side, seats, result.sides)) for side in range(result.sides)]
    return [f"In partnerships: seats {' against '.join(teams)}; a side's win and score count for each partner."]


def _report(result: SimulationResult, summary: dict) -> str:
    lines = [
        f"{summary['variant']}: {summary['matches']} matches, {summary['rounds']} rounds "
        f"({summary['rounds_per_match']:.1f} a match, {summary['blocked_share']:.1%} blocked) "
        f"in {summary['seconds']:.2f} s — {summary['matches_per_s']} matches/s, {summary['rounds_per_s']} rounds/s",
        "Seats rotate between matches, so every strategy takes every seat.",
        *_partners(result),
        f"  {'strategy':<10} {'matches':>8} {'wins':>9} {'win rate':>9}   {'95% CI':<16} {'mean score':>10}",
    ]
    for name, tally in summary["strategies"].items():
        low, high = tally["ci95"]
        lines.append(
            f"  {name:<10} {tally['matches']:>8} {tally['wins']:>9.1f} {tally['win_rate']:>9.1%}   "
            f"{f'[{low:.1%}, {high:.1%}]':<16} {tally['mean_score']:>10.1f}"
        )
    first = summary["first_seat"]
    lines.append(
        f"First seat: wins {first['win_rate']:.1%} of matches (95% CI {first['ci95'][0]:.1%}–{first['ci95'][1]:.1%}; "
        f"the seats' average is {first['fair_share']:.1%}): advantage {first['advantage'] * 100:+.1f} points."
    )
    return "\n".join(lines) + "\n"
