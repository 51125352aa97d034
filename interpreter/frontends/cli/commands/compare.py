"""`domino compare A B [C ...]`: the same matches under several rule files, side by side.

Match i is played under every file with the same seed and the same seating (simulation.py's
runner and seat rotation), so a difference B − A is measured on pairs of matches that differ
only by the rules: each measure's per-seed differences give its mean and 95% interval. The
statistics are interpreter/study/stats.py's; docs/compare.md says how to read them.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import methodcaller
from pathlib import Path
from typing import Any

from interpreter.frontends.cli.commands.common import (
    SEED,
    Bounded,
    add_settings_option,
    add_teams_option,
    dash_refused,
    for_players,
    load_rules,
    report_game_error,
    rules_label,
)
from interpreter.frontends.cli.commands.environment import Env, ExitStatus
from interpreter.frontends.cli.commands.simulate import (
    MATCHES,
    ProgressBar,
    add_backend_options,
    add_budget_options,
    backend_of,
    backend_problem,
    budget_lines,
    budget_of,
    report_option,
    same_file,
    shows_progress,
    unknown_player,
    workers_of,
    write_report,
)
from interpreter.frontends.cli.commands.validate import STDIN, add_quiet_option
from interpreter.frontends.cli.layout import grid, wrap
from interpreter.frontends.matches import GAME_ERRORS, teams_problem
from interpreter.records.replay import RulesOrigin
from interpreter.rulefile.ruleset import Ruleset
from interpreter.study import stats
from interpreter.study.ray_backend import BackendError
from interpreter.study.simulation import (
    MatchRecord,
    SimulationResult,
    SimulationStopped,
    budgets,
    is_reproducible,
    simulate,
)
from interpreter.study.stats import IntervalEstimate

UNITS = stats.UNITS  # what each measure of the JSON output is counted in
CSV_NAME = "matches.csv"
# As simulate's -n (simulate.py, MATCHES), from two: an interval needs two matches.
COMPARED_MATCHES = Bounded(int, 2, MATCHES.high)
CSV_COLUMNS = (
    "file", "match", "seed", "seat", "strategy", "final_score", "rounds", "winner",
    "blocked_rounds", "points", "turns", "tiles_drawn", "margin", "contracts", "made",
)  # fmt: skip


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "compare",
        help="play the same matches under several rule files and compare them",
        description="Play the same N matches (the same seeds, the same seating) under each rule file and report "
        "side by side, with 95% intervals, each strategy's and each seat's win rate, the first-seat advantage, "
        "points, turns and tiles drawn per round, rounds per match, the share of blocked rounds and the score "
        "margin, and the paired difference of every later file from the first (B − A).",
    )
    parser.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help="bundled variant names or rule file paths (2 or more); one of them may be '-', standard input",
    )
    parser.add_argument(
        "-n", "--matches", type=COMPARED_MATCHES, default=100,
        help=f"how many matches under each file ({COMPARED_MATCHES.span}: an interval needs two; default 100)",
    )  # fmt: skip
    parser.add_argument("--seed", type=SEED, default=0, help=f"the run's seed ({SEED.span}; default 0)")
    parser.add_argument(
        "--players",
        help="strategies, comma-separated, in the seating of the first match, e.g. greedy,random "
        "(default: the fewest players every file allows, all random)",
    )
    add_backend_options(parser)
    add_settings_option(parser)
    add_teams_option(parser)
    add_budget_options(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    add_quiet_option(parser, "no progress bar and no summary; what --json, --csv or --report ask for is still written")
    parser.add_argument("--csv", metavar="DIR", help=f"write one row per match and seat to DIR/{CSV_NAME}")
    parser.add_argument("--report", metavar="FILE.html", help="also write a self-contained HTML page with plots")
    parser.set_defaults(run=run)


@dataclass
class _Run:
    label: str  # the file as the command line names it
    ruleset: Ruleset
    origin: RulesOrigin
    result: SimulationResult | None = None


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    problem = _usage_problem(args)
    if problem:
        env.stderr.write(f"domino compare: {problem}\n")
        return ExitStatus.USAGE
    if args.csv and args.report and same_file(env.cwd / args.csv / CSV_NAME, env.cwd / args.report):
        rows = os.path.join(args.csv, CSV_NAME)
        env.stderr.write(
            f"domino compare: --report {args.report} and --csv {args.csv} both write {rows}; the report would "
            "replace the rows: name another file\n"
        )
        return ExitStatus.USAGE
    if dash_refused("compare", args.csv, f"--csv -: name a folder, where {CSV_NAME} is written", env):
        return ExitStatus.USAGE
    report_path, usable = report_option(args.report, env, "compare")
    if not usable:
        return ExitStatus.USAGE
    csv_dir = env.cwd / args.csv if args.csv else None
    if csv_dir is not None and csv_dir.exists() and not csv_dir.is_dir():
        env.stderr.write(f"domino compare: --csv {args.csv}: that is a file; name a folder\n")
        return ExitStatus.USAGE
    runs = []
    for name in args.files:
        loaded = load_rules(name, env, args.settings)
        if loaded is None:
            return ExitStatus.FAILURE
        runs.append(_Run(rules_label(name), *loaded))
    strategies, problem = _strategies(args, runs)
    if problem:
        env.stderr.write(f"domino compare: {problem}\n")
        return ExitStatus.USAGE

    budget = budget_of(args)
    workers = workers_of(args)
    bar = ProgressBar(env, args.matches * len(runs)) if shows_progress(env) and not args.quiet else None
    stopped: SimulationStopped | None = None
    with backend_of(args) as backend:  # one Ray instance for every file
        for number, each in enumerate(runs):
            progress = bar.part(number * args.matches) if bar is not None else None
            try:
                each.result = simulate(
                    each.ruleset, strategies, args.matches, args.seed, None, progress, workers, each.origin,
                    args.teams, detail=True, budget=budget, backend=backend,
                )  # fmt: skip
            except SimulationStopped as error:  # Ctrl-C or a dead worker: report what finished
                stopped, each.result = error, error.partial
                break
            except GAME_ERRORS as error:
                if bar is not None:
                    env.stderr.write("\n")
                return report_game_error(error, each.label, env)
            except BackendError as error:  # Ray could not be started or reached
                if bar is not None:
                    env.stderr.write("\n")
                env.stderr.write(f"domino compare: {error}\n")
                return ExitStatus.FAILURE
    if bar is not None:
        bar.clear()
    played = [each for each in runs if each.result is not None and each.result.records]
    summary = _summary(args, strategies, played, budget)
    text = _text(summary, budget_lines(strategies, budget), env.columns())
    if args.json or not args.quiet:
        env.stdout.write(json.dumps(summary) + "\n" if args.json else text)
    status = ExitStatus.OK
    if csv_dir is not None:
        status = _write_csv(env, csv_dir, args.csv, played)
    if report_path is not None and played:
        title = "domino compare " + " ".join(args.files)
        outcome = write_report(
            env, "compare", report_path, title, text, [(e.label, e.result) for e in played if e.result is not None]
        )
        status = max(status, outcome)
    if stopped is None:
        return status
    env.stdout.flush()
    env.stderr.write(f"domino compare: {stopped.reason}; the numbers are of the matches that finished\n")
    return ExitStatus.INTERRUPTED if stopped.interrupted else ExitStatus.FAILURE


def _usage_problem(args: argparse.Namespace) -> str | None:
    if len(args.files) < 2:
        return "name at least two rule files to compare"
    if args.files.count(STDIN) > 1:
        return "'-' (standard input) can be given once"
    return backend_problem(args)


def _strategies(args: argparse.Namespace, runs: Sequence[_Run]) -> tuple[list[str], str | None]:
    """The seating of the first match, and why it cannot be played under every file (or None)."""
    if args.players:
        strategies = args.players.split(",")
    else:
        strategies = ["random"] * max(each.ruleset.players.min for each in runs)
    problem = unknown_player(strategies)
    if problem:
        return strategies, problem
    for each in runs:
        players = each.ruleset.players
        if not players.min <= len(strategies) <= players.max:
            return strategies, f"{each.label} is {for_players(players)}, not {len(strategies)}"
        problem = teams_problem(each.ruleset, len(strategies), args.teams)
        if problem:
            return strategies, f"{each.label}: {problem}"
    return strategies, None


# --- the numbers --------------------------------------------------------------------------------


def measures(records: Sequence[MatchRecord], strategies: Sequence[str]) -> dict[str, Any]:
    """Every measure of one file's matches, as estimates with their 95% intervals."""
    seats = len(strategies)
    fair = stats.mean([sum(r.wins) / seats for r in records]).value  # an even share of the wins
    first = stats.rate([r.wins[0] for r in records])
    return {
        "strategies": {name: stats.rate([r.share_of(name) for r in records]) for name in dict.fromkeys(strategies)},
        "seats": [stats.rate([r.wins[seat] for r in records]) for seat in range(seats)],
        "first_seat_advantage": first.shifted(-fair),
        "fair_share": fair,
        "points_per_round": stats.ratio([sum(r.round_points) for r in records], [r.rounds for r in records]),
        "rounds_per_match": stats.mean([r.rounds for r in records]),
        "turns_per_round": stats.ratio([r.turns for r in records], [r.rounds for r in records]),
        "blocked_share": stats.share([r.blocked for r in records], [r.rounds for r in records]),
        "tiles_drawn_per_round": stats.ratio([r.drawn for r in records], [r.rounds for r in records]),
        "score_margin": stats.mean([r.margin for r in records]),
        # A trick game's hands under a bid (None where no hand had one: a layout game).
        "made_share": stats.share([r.made for r in records], [r.contracts for r in records])
        if any(r.contracts for r in records)
        else None,
    }


def differences(a: Sequence[MatchRecord], b: Sequence[MatchRecord], strategies: Sequence[str]) -> dict[str, Any]:
    """B − A on the matches both played (the same seeds and seating): every measure's paired difference."""
    played = {r.index: r for r in a}
    pairs = [(played[r.index], r) for r in b if r.index in played]
    xs, ys = [x for x, _ in pairs], [y for _, y in pairs]
    seats = len(strategies)

    def paired(value: Callable[[MatchRecord], float]) -> IntervalEstimate:
        return stats.paired_difference([value(x) for x in xs], [value(y) for y in ys])

    def paired_rate(value: Callable[[MatchRecord], float]) -> IntervalEstimate:  # a difference of rates: −1 to 1
        return paired(value).clipped(-1.0, 1.0)

    def paired_ratio(numerator: Callable[[MatchRecord], float]) -> IntervalEstimate:
        return stats.paired_ratio_difference(
            [numerator(x) for x in xs], [x.rounds for x in xs], [numerator(y) for y in ys], [y.rounds for y in ys]
        )

    def advantage(r: MatchRecord) -> float:
        return r.wins[0] - sum(r.wins) / seats

    return {
        "matches": len(pairs),
        "strategies": {name: paired_rate(methodcaller("share_of", name)) for name in dict.fromkeys(strategies)},
        "seats": [paired_rate(_win_of(seat)) for seat in range(seats)],
        "first_seat_advantage": paired_rate(advantage),
        "points_per_round": paired_ratio(lambda r: sum(r.round_points)),
        "rounds_per_match": paired(lambda r: r.rounds),
        "turns_per_round": paired_ratio(lambda r: r.turns),
        "blocked_share": paired_ratio(lambda r: r.blocked).clipped(-1.0, 1.0),
        "tiles_drawn_per_round": paired_ratio(lambda r: r.drawn),
        "score_margin": paired(lambda r: r.margin),
        "made_share": stats.paired_ratio_difference(
            [x.made for x in xs], [x.contracts for x in xs], [y.made for y in ys], [y.contracts for y in ys]
        ).clipped(-1.0, 1.0)
        if any(x.contracts for x in xs) and any(y.contracts for y in ys)
        else None,
    }


def _summary(args: argparse.Namespace, strategies: list[str], played: Sequence[_Run], budget: Any) -> dict[str, Any]:
    results = []
    for each in played:
        assert each.result is not None
        records = each.result.records
        results.append({
            "file": each.label,
            "variant": each.ruleset.name,
            "matches": len(records),
            "rounds": sum(r.rounds for r in records),
            "contracts": sum(r.contracts for r in records),
            "sides": each.result.sides,
            **stats.as_json(measures(records, strategies)),
        })  # fmt: skip
    baseline = played[0] if played else None
    diffs = []
    for each in played[1:]:
        assert baseline is not None and baseline.result is not None and each.result is not None
        found = differences(baseline.result.records, each.result.records, strategies)
        diffs.append({"file": each.label, "baseline": baseline.label, **stats.as_json(found)})
    return {
        "files": [rules_label(name) for name in args.files],
        "matches": args.matches,
        "seed": args.seed,
        "players": strategies,
        "seats_rotate": True,
        "paired": "match i has the same seed and seating under every file",
        "budgets": budgets(strategies, budget),
        "reproducible": is_reproducible(strategies, budget),
        "units": UNITS,
        "results": results,
        "differences": diffs,
    }


# --- the text -----------------------------------------------------------------------------------


def _cell(estimate: dict[str, Any] | None, kind: str, difference: bool = False) -> str:
    """One estimate as the table shows it: `75.0% [53.1, 88.8]`, `+3.0 pp [-2.1, 8.1]`, `8.23 [7.91, 8.60]`;
    "—" for a measure a file's games do not have (bids made, in a layout game)."""
    if estimate is None:
        return "—"
    value, (low, high) = estimate["value"], estimate["ci95"]
    # "rate": a share, in percent (a difference of two: percentage points); "pp": a difference of shares.
    scale = 100 if kind in ("rate", "pp") else 1
    unit = " pp" if kind == "pp" or (kind == "rate" and difference) else "%" if kind == "rate" else ""
    digits = 2 if kind == "mean" and abs(value) < 10 else 1  # the value's precision, its bounds' too
    show = lambda x: f"{x:.{digits}f}"  # noqa: E731
    sign = "+" if (difference or kind == "pp") and value * scale >= 0 else ""
    interval = "" if low is None or high is None else f" [{show(low * scale)}, {show(high * scale)}]"
    return f"{sign}{show(value * scale)}{unit}{interval}"


def _win_of(seat: int) -> Callable[[MatchRecord], float]:
    """A match's win share of `seat`."""
    return lambda record: record.wins[seat]


def _found(section: str, key: str | int) -> Callable[[dict], dict]:
    """Where one row's estimate is in a result: `result[section][key]`."""
    return lambda result: result[section][key]


def _rows(summary: dict[str, Any]) -> list[tuple[str, str, Callable[[dict], dict]]]:
    """(label, kind, where the estimate is in a result) of every row of the table."""
    rows: list[tuple[str, str, Callable[[dict], dict]]] = [
        (f"{name} win rate", "rate", _found("strategies", name)) for name in dict.fromkeys(summary["players"])
    ]
    rows += [(f"seat {seat + 1} win rate", "rate", _found("seats", seat)) for seat in range(len(summary["players"]))]
    rows += [
        ("first-seat advantage", "pp", lambda r: r["first_seat_advantage"]),
        ("points per round", "mean", lambda r: r["points_per_round"]),
        ("rounds per match", "mean", lambda r: r["rounds_per_match"]),
        ("turns per round", "mean", lambda r: r["turns_per_round"]),
        ("blocked rounds", "rate", lambda r: r["blocked_share"]),
        ("tiles drawn per round", "mean", lambda r: r["tiles_drawn_per_round"]),
        ("score margin", "mean", lambda r: r["score_margin"]),
    ]
    if any(r.get("contracts") for r in summary["results"]):  # a trick game's hands under a bid
        rows.append(("bids made", "rate", lambda r: r["made_share"]))
    return rows


def _text(summary: dict[str, Any], budget: list[str], width: int) -> str:
    """The summary as text within `width` columns: every line wrapped at words, the table whole,
    in blocks of columns or one column a line, whichever fits (layout.grid)."""
    results, diffs = summary["results"], summary["differences"]
    lines = [
        f"domino compare: {summary['matches']} matches under each file, seed {summary['seed']}, "
        f"players {','.join(summary['players'])}",
        "The same seeds and seating under every file (seats rotate between matches); 95% intervals in brackets; "
        "B − A is the mean of the per-seed differences (`domino docs compare`).",
        *budget,
    ]
    short = [r for r in results if r["matches"] < summary["matches"]]
    lines += [f"{r['file']}: only {r['matches']} matches finished" for r in short]
    for r in results:
        if 0 < r["sides"] < len(summary["players"]):
            partners = len(summary["players"]) // r["sides"]
            lines.append(f"{r['file']}: in partnerships of {partners}; a side's win counts for each partner")
    lines = [wrapped for line in lines for wrapped in wrap(line, width, hanging="  ")]
    if not results:
        return "\n".join([*lines, "No match finished."]) + "\n"
    headers = [r["file"] for r in results] + [f"{d['file']} − {d['baseline']}" for d in diffs]
    table = [["", *headers]]
    for label, kind, where in _rows(summary):
        cells = [_cell(where(r), kind) for r in results]
        cells += [_cell(where(d), kind, difference=True) for d in diffs]
        table.append([label, *cells])
    lines += grid(table, width)
    return "\n".join(line.rstrip() for line in lines) + "\n"


# --- the rows -----------------------------------------------------------------------------------


def _write_csv(env: Env, folder: Path, named: str, played: Sequence[_Run]) -> ExitStatus:
    """One row per match and seat of every file, in `folder`/matches.csv."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with (folder / CSV_NAME).open("w", newline="", encoding="utf-8") as out:
            writer = csv.writer(out)
            writer.writerow(CSV_COLUMNS)
            for each in played:
                assert each.result is not None
                for r in each.result.records:
                    for seat, strategy in enumerate(r.seated):
                        writer.writerow([
                            each.label, r.index, r.seed, seat + 1, strategy, r.scores[seat], r.rounds,
                            f"{r.wins[seat]:g}", r.blocked, sum(r.round_points), r.turns, r.drawn, r.margin,
                            r.contracts, r.made,
                        ])  # fmt: skip
    except OSError as error:
        with contextlib.suppress(Exception):
            env.stderr.write(f"domino compare: --csv {named}: {error.strerror or error}\n")
        return ExitStatus.FAILURE
    return ExitStatus.OK
