"""`domino simulate`: many matches between computer players, summed up per strategy and per seat."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import stat
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TextIO

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
from interpreter.frontends.cli.commands.validate import STDIN, add_quiet_option
from interpreter.frontends.cli.layout import wrap
from interpreter.frontends.matches import GAME_ERRORS, teams_problem
from interpreter.players import PLAYERS
from interpreter.rulefile.loader import resolve_variant
from interpreter.study import ray_backend
from interpreter.study.ray_backend import BackendError, RayBackend
from interpreter.study.simulation import Budget, SimulationResult, SimulationStopped, budgets, is_reproducible, simulate
from interpreter.text.untrusted import is_rule_file_name

_BAR = 30  # characters of the progress bar
_REDRAW = 0.1  # seconds between two drawings of the bar (the last match is always drawn)

# The bounds of the numbers of simulate and compare (docs: the README, "Numbers"). Matches: a run
# that keeps each match's record (compare, --report) holds about 0.8 KB a match, 0.8 GB a file at
# the bound; a million draw matches between random players take half an hour on one core, and a win
# rate's 95% interval is then ±0.1 point: more precision is had from runs with other seeds.
MATCHES = Bounded(int, 1, 1_000_000)
# Workers: each is a Python process of its own (40 MB before it plays), and few machines have more
# than 256 CPUs; 0 asks for one per CPU, however many.
WORKERS = Bounded(int, 0, 256)
# A searching player's budget: an ismcts iteration costs 0.09 ms (draw, 2 players) to 0.44 ms
# (Mexican Train on double-18, 8 players) and about 0.25 KB of search tree, so a million is 1.5 to 7
# minutes and 250 MB a decision. A minute a decision bounds the clock, under which the search is not
# capped by iterations (about 0.2 GB of tree at the fastest); under a millisecond a handful of
# playouts at best run, which is no search.
ITERATIONS = Bounded(int, 1, 1_000_000)
TIME_BUDGET_MS = Bounded(float, 1, 60_000)


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "simulate",
        help="play many matches between computer players",
        description="Play N matches between computer players and report wins (with 95% confidence intervals), "
        "scores, rounds, blocked rounds and the first seat's advantage. The strategies move one seat on "
        "from match to match, so none of them keeps the first seat.",
    )
    parser.add_argument(
        "variant", help="a bundled variant name (see 'domino list'), a rule file path, or '-' for standard input"
    )
    parser.add_argument(
        "-n", "--matches", type=MATCHES, default=100, help=f"how many matches ({MATCHES.span}; default 100)"
    )
    parser.add_argument("--seed", type=SEED, default=0, help=f"the run's seed ({SEED.span}; default 0)")
    parser.add_argument(
        "--players",
        help="strategies, comma-separated, in the seating of the first match, e.g. greedy,random,random "
        "(default: the variant's fewest players, all random)",
    )
    add_backend_options(parser)
    add_settings_option(parser)
    add_teams_option(parser)
    add_budget_options(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    add_quiet_option(parser, "no progress bar and no summary; what --json, --log or --report ask for is still written")
    parser.add_argument(
        "--log",
        metavar="FILE",
        help="write every match's event log (JSON Lines) to FILE; '-': to standard output, the summary then to "
        "standard error",
    )
    parser.add_argument(
        "--report",
        metavar="FILE.html",
        help="also write a self-contained HTML page with plots of the run (needs the report extra: matplotlib)",
    )
    parser.set_defaults(run=run)


def add_backend_options(parser: argparse.ArgumentParser) -> None:
    """`--workers K`, `--backend local|ray` and `--address ADDR`: where the matches are played
    (read by `backend_problem`, `workers_of` and `backend_of`)."""
    parser.add_argument(
        "--workers",
        type=WORKERS,
        metavar="K",
        help=f"play in K processes ({WORKERS.span}; default 1; same totals as one; 0: one per CPU); with --backend "
        "ray, the CPUs of its private Ray instance (there by default every CPU)",
    )
    parser.add_argument(
        "--backend",
        choices=BACKENDS,
        default="local",
        help="local: this machine, in --workers processes (the default); ray: Ray tasks, on a private Ray "
        f"instance here or on the cluster --address names, with the same totals (needs {ray_backend.INSTALL}; "
        "`domino docs cluster`)",
    )
    parser.add_argument(
        "--address",
        metavar="ADDR",
        help="with --backend ray: the Ray cluster to play on, HOST:PORT of its head (HOST:6379 after `ray start "
        "--head`), or auto for the cluster this machine is a node of",
    )


BACKENDS = ("local", "ray")


def backend_problem(args: argparse.Namespace) -> str | None:
    """Why the command line's choice of where to play is wrong (or cannot be had here), or None."""
    if args.address is not None and args.backend != "ray":
        return "--address names a Ray cluster: it needs --backend ray"
    if args.address is not None and args.workers is not None:
        return "--workers sets the CPUs of a private Ray instance, and a cluster has its own: drop one of them"
    if args.backend == "ray" and ray_backend.missing():
        return f"--backend ray needs Ray: {ray_backend.INSTALL}"
    return None


def workers_of(args: argparse.Namespace) -> int:
    """How many processes `--workers` asks for: one by default, one per CPU for 0."""
    return 1 if args.workers is None else args.workers or os.cpu_count() or 1


def backend_of(args: argparse.Namespace) -> AbstractContextManager[RayBackend | None]:
    """The Ray backend `--backend ray` asks for (None: local), closed with the command: one Ray
    instance for all of a command's runs, shut down at its end if it started it."""
    if args.backend != "ray":
        return contextlib.nullcontext()
    return RayBackend(args.address, args.workers or None)


def add_budget_options(parser: argparse.ArgumentParser) -> None:
    """`--iterations N` and `--time-budget MS`: what a searching player (ismcts) spends on a decision."""
    parser.add_argument(
        "--iterations",
        type=ITERATIONS,
        metavar="N",
        help=f"searching players (ismcts) decide after N iterations ({ITERATIONS.span}; default: their own "
        "budget); the results are the same on any machine",
    )
    parser.add_argument(
        "--time-budget",
        type=TIME_BUDGET_MS,
        metavar="MS",
        help=f"searching players decide after MS milliseconds instead ({TIME_BUDGET_MS.span}; with --iterations: "
        "whichever comes first); faster or idler machines search more, so the results are not reproducible",
    )


def budget_of(args: argparse.Namespace) -> Budget:
    return Budget(args.iterations, args.time_budget)


def budget_lines(strategies: list[str], budget: Budget) -> list[str]:
    """What the searching players of a run decide on, one line each ("ismcts: 600 iterations per decision")."""
    return [f"{name}: {said}" for name, said in budgets(strategies, budget).items()]


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    problem = backend_problem(args)
    if problem:
        env.stderr.write(f"domino simulate: {problem}\n")
        return ExitStatus.USAGE
    if args.log == STDIN and args.json:
        env.stderr.write("domino simulate: --log - and --json both write to standard output; name a file for one\n")
        return ExitStatus.USAGE
    if args.log and args.report and same_file(env.cwd / args.log, env.cwd / args.report):
        env.stderr.write(
            f"domino simulate: --log {args.log} and --report {args.report} are the same file; the report would "
            "replace the log: name two files\n"
        )
        return ExitStatus.USAGE
    report_path, usable = report_option(args.report, env, "simulate")
    if not usable:
        return ExitStatus.USAGE
    loaded = load_rules(args.variant, env, args.settings)
    if loaded is None:
        return ExitStatus.FAILURE
    ruleset, origin = loaded
    label = rules_label(args.variant)
    strategies = args.players.split(",") if args.players else ["random"] * ruleset.players.min
    problem = unknown_player(strategies)
    if problem:
        env.stderr.write(f"domino simulate: {problem}\n")
        return ExitStatus.USAGE
    if not ruleset.players.min <= len(strategies) <= ruleset.players.max:
        env.stderr.write(f"domino simulate: {ruleset.name} is {for_players(ruleset.players)}, not {len(strategies)}\n")
        return ExitStatus.USAGE
    problem = teams_problem(ruleset, len(strategies), args.teams)
    if problem:
        env.stderr.write(f"domino simulate: {problem}\n")
        return ExitStatus.USAGE
    workers = workers_of(args)
    budget = budget_of(args)
    bar = ProgressBar(env, args.matches) if shows_progress(env) and not args.quiet else None
    progress = bar.show if bar is not None else None
    log = None
    if args.log == STDIN:  # the log on standard output, kept open when the run ends
        log = env.stdout
    elif args.log:  # refused before the run: a folder, a missing folder, a rule file (it would be erased)
        try:
            rule_file = None if args.variant == STDIN else resolve_variant(args.variant, env.cwd)
            log = _open_log(env.cwd / args.log, rule_file)
        except OSError as error:
            env.stderr.write(f"domino simulate: --log {args.log}: {error.strerror or error}\n")
            return ExitStatus.USAGE
    stopped: SimulationStopped | None = None
    try:
        with log if log not in (None, env.stdout) else contextlib.nullcontext(), backend_of(args) as backend:
            result = simulate(
                ruleset, strategies, args.matches, args.seed, log, progress, workers, origin, args.teams,
                detail=report_path is not None, budget=budget, backend=backend,
            )  # fmt: skip
    except SimulationStopped as error:
        # Ctrl-C or a dead worker: the matches that finished are still worth their summary.
        stopped, result = error, error.partial
    except GAME_ERRORS as error:
        if bar is not None:
            env.stderr.write("\n")
        return report_game_error(error, label, env)
    except BackendError as error:
        if bar is not None:
            env.stderr.write("\n")
        env.stderr.write(f"domino simulate: {error}\n")
        return ExitStatus.FAILURE
    except OSError as error:
        if log is None:
            raise
        if bar is not None:
            env.stderr.write("\n")
        env.stderr.write(f"domino simulate: cannot write the log to {args.log}: {error.strerror or error}\n")
        return ExitStatus.FAILURE
    if bar is not None:
        bar.clear()
    summary = result.to_json()
    summary["budgets"] = budgets(strategies, budget)
    summary["reproducible"] = is_reproducible(strategies, budget)
    text = _report(result, summary, budget_lines(strategies, budget), env.columns())
    if args.json or not args.quiet:  # out of the log's way when the log is standard output
        (env.stderr if log is env.stdout else env.stdout).write(json.dumps(summary) + "\n" if args.json else text)
    status = ExitStatus.OK
    if report_path is not None:
        status = write_report(env, "simulate", report_path, f"domino simulate {label}", text, [(label, result)])
    if stopped is None:
        return status
    env.stdout.flush()  # the summary, then the message that ends the run
    finished = f"the summary is of the {result.matches} of {args.matches} matches that finished"
    env.stderr.write(f"domino simulate: {stopped.reason}; {finished}\n")
    return ExitStatus.INTERRUPTED if stopped.interrupted else ExitStatus.FAILURE


def _open_log(path: Path, rule_file: Path | None) -> TextIO:
    """`path` opened for the log, emptied only once it is known not to be a rule file; OSError if it
    cannot be written or is a rule file (the one simulated, or any .yaml/.yml file; None: the rules
    came from standard input)."""
    if is_rule_file_name(path) or is_rule_file_name(path.resolve()):
        raise OSError("a log is JSON Lines; that name is a rule file's (.yaml/.yml), which it would erase")
    if path.is_dir():
        raise OSError("that is a folder; name a file in it")
    if not path.parent.is_dir():
        raise OSError(f"there is no folder {path.parent.name or path.parent}")
    # Not truncated on opening, and non-blocking: a FIFO without a reader fails instead of waiting.
    flags = os.O_WRONLY | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    descriptor = os.open(path, flags, 0o666)
    try:
        opened = os.fstat(descriptor)
        try:
            same = rule_file is not None and os.path.samestat(opened, os.stat(rule_file))
        except OSError:
            same = False
        if same:
            raise OSError("that is the rule file being simulated, which the log would erase")
        if stat.S_ISREG(opened.st_mode):
            os.ftruncate(descriptor, 0)
        if hasattr(os, "set_blocking"):
            os.set_blocking(descriptor, True)
        return os.fdopen(descriptor, "w", encoding="utf-8")
    except BaseException:
        os.close(descriptor)
        raise


def same_file(first: Path, second: Path) -> bool:
    """Whether two names of files a command writes lead to one file: the same path once `.`, `..` and
    links are resolved (a link to a file not there yet included), or one file on disk (a hard link)."""
    try:
        if first.resolve() == second.resolve():
            return True
    except (OSError, RuntimeError):  # a loop of links (RuntimeError before Python 3.13): opening it fails later
        pass
    try:
        return os.path.samefile(first, second)
    except OSError:  # one of them is not there yet
        return False


def unknown_player(strategies: list[str]) -> str | None:
    unknown = [s for s in strategies if s not in PLAYERS]
    return f"unknown player '{unknown[0]}'; choose from {', '.join(PLAYERS)}" if unknown else None


def report_option(named: str | None, env: Env, command: str) -> tuple[Path | None, bool]:
    """Where `--report` goes (None: no report), and whether it may: checked before a run, with
    the reason on stderr when it may not (a rule file's name, no such folder, no matplotlib)."""
    if not named:
        return None, True
    why = "--report -: the report is an HTML page with its plots, to open in a browser; name its file"
    if dash_refused(command, named, why, env):
        return None, False
    from interpreter.study import report  # matplotlib is imported only when a report is written

    missing = report.missing_library()
    if missing:  # said as the other extras say it (--backend ray, lsp)
        env.stderr.write(f"domino {command}: --report {missing}\n")
        return None, False
    path = env.cwd / named
    problem = report.path_problem(path)
    if problem:
        env.stderr.write(f"domino {command}: --report {named}: {problem}\n")
        return None, False
    return path, True


def write_report(
    env: Env, command: str, path: Path, title: str, text: str, runs: list[tuple[str, SimulationResult]]
) -> ExitStatus:
    """The HTML report of `runs` written to `path`; on failure a line on stderr and status 1."""
    from interpreter.study import report

    try:
        report.write(path, title, text, runs)
    except OSError as error:
        env.stderr.write(f"domino {command}: cannot write the report to {path}: {error.strerror or error}\n")
        return ExitStatus.FAILURE
    return ExitStatus.OK


def shows_progress(env: Env) -> bool:
    """A progress bar for a person watching standard error: drawn when it is a terminal, whatever
    standard output is (the summary piped on is the same), as pip, cargo and rsync draw theirs."""
    return env.is_tty(env.stderr)


class ProgressBar:
    """`[#####.....] 40/100 matches  12.5/s  ETA 0:05` on standard error, redrawn in place."""

    def __init__(self, env: Env, total: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.env = env
        self.total = total
        self.clock = clock
        self.start = clock()
        self.drawn = -_REDRAW  # when the bar was last drawn, from the start
        self.width = 0

    def show(self, done: int) -> None:
        elapsed = self.clock() - self.start
        if done < self.total and elapsed - self.drawn < _REDRAW:
            return
        self.drawn = elapsed
        filled = _BAR * done // self.total
        line = f"[{'#' * filled}{'.' * (_BAR - filled)}] {done}/{self.total} matches"
        if done and elapsed > 0:
            rate = done / elapsed
            line += f"  {rate:.3g}/s  ETA {_clock_time((self.total - done) / rate)}"
        self.env.stderr.write("\r" + line.ljust(self.width))
        self.width = max(self.width, len(line))
        self.env.stderr.flush()

    def part(self, offset: int) -> Callable[[int], None]:
        """The progress of a run that is one part of the total, after `offset` matches of it."""
        return lambda done: self.show(offset + done)

    def clear(self) -> None:
        self.env.stderr.write("\r" + " " * self.width + "\r")
        self.env.stderr.flush()


def _clock_time(seconds: float) -> str:
    seconds = round(seconds)
    hours, rest = divmod(seconds, 3600)
    return f"{hours}:{rest // 60:02}:{rest % 60:02}" if hours else f"{rest // 60}:{rest % 60:02}"


def _partners(result: SimulationResult) -> list[str]:
    """The report's line on partnerships, if any: who plays with whom, and that a side's win is each partner's."""
    seats = len(result.strategies)
    if not 0 < result.sides < seats:
        return []
    teams = [" & ".join(str(seat + 1) for seat in range(side, seats, result.sides)) for side in range(result.sides)]
    return [f"In partnerships: seats {' against '.join(teams)}; a side's win and score count for each partner."]


def _speed(summary: dict, rounds: str) -> str:
    """ " — N matches/s, M rounds/s", or nothing when no time was measured (no match finished)."""
    if summary["matches_per_s"] is None:
        return ""
    return f" — {summary['matches_per_s']} matches/s, {summary['rounds_per_s']} {rounds}/s"


def _report(result: SimulationResult, summary: dict, budget: list[str], width: int) -> str:
    """The summary as text; its sentences wrapped at words within `width` (the table fits 80 columns)."""
    alone = len(summary["seats"]) == 1  # a patience: no other seat to rotate with or be ahead of
    if result.contract_rounds:  # a trick game: hands, and how often their bids were made
        how = f"{summary['made_share']['value']:.1%} of {result.contract_rounds} bids made"
        rounds = "hands"
    else:
        how, rounds = f"{summary['blocked_share']['value']:.1%} blocked", "rounds"
    said = [
        f"{summary['variant']}: {summary['matches']} matches, {summary['rounds']} {rounds} "
        f"({summary['rounds_per_match']['value']:.1f} a match, {how}) "
        f"in {summary['seconds']:.2f} s{_speed(summary, rounds)}",
        *budget,
        *(
            ["One seat: each match is won or lost alone."]
            if alone
            else ["Seats rotate between matches, so every strategy takes every seat."]
        ),
        *_partners(result),
    ]
    lines = [
        *(wrapped for line in said for wrapped in wrap(line, width, hanging="  ")),
        f"  {'strategy':<10} {'matches':>8} {'wins':>9} {'win rate':>9}   {'95% CI':<16} {'mean score':>10}",
    ]
    for name, tally in summary["tallies"].items():
        rate = summary["strategies"][name]
        low, high = rate["ci95"]
        lines.append(
            f"  {name:<10} {tally['matches']:>8} {tally['wins']:>9.1f} {rate['value']:>9.1%}   "
            f"{f'[{low:.1%}, {high:.1%}]':<16} {tally['mean_score']:>10.1f}"
        )
    if alone:
        return "\n".join(lines) + "\n"
    first, (low, high) = summary["seats"][0]["value"], summary["seats"][0]["ci95"]
    lines += wrap(
        f"First seat: wins {first:.1%} of matches (95% CI {low:.1%}–{high:.1%}; the seats' average is "
        f"{summary['fair_share']:.1%}): advantage {summary['first_seat_advantage']['value'] * 100:+.1f} pp.",
        width,
        hanging="  ",
    )
    return "\n".join(lines) + "\n"
