"""Random-play throughput of four-player block dominoes: this engine against the PyPI `dominoes`
package and a loop specialised to these rules, side by side in one process.

    python bench/run.py [--rounds N] [--repeats K] [--seed S] [--json-only]

Every contender plays N rounds K times, interleaved (engine, dominoes, specialised, then again)
so that drift in the machine's speed hits all of them alike, after one untimed warm-up call each.
The figure is the median rounds per second; the last line is a JSON summary.
"""

from __future__ import annotations

import argparse
import importlib
import json
import platform
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # `python bench/run.py` puts bench/, not the repository, on the path
    sys.path.insert(0, str(ROOT))

# name -> "module" (its `rounds`) or "module:function"
CONTENDERS = {
    # The engine driven through its API, one decision at a time (legal_actions / apply).
    "engine": "bench.engine_block",
    # The engine's own random play: Match.playout(rng) per round, as simulations and AI use it.
    "engine (playout)": "bench.engine_block:rounds_playout",
    "dominoes": "bench.dominoes_pkg",
    "specialised": "bench.specialised",
    # Not in the ratios: the engine again, building and reading every match's whole event log.
    "engine+log": "bench.engine_block:rounds_with_log",
    # Not in the ratios: the trick family's random play, hands of Texas 42 (bench/engine_tricks.py).
    "42 (playout)": "bench.engine_tricks:hands_playout",
}
# What may be missing: the package, without the bench extra.
OPTIONAL = {"dominoes": "dominoes package not available (pip install -e '.[bench]')"}
RATIOS = ("engine_vs_dominoes", "engine_vs_specialised")
# The bar (DEVELOPERS.md, issue 13): random play, as simulations and searches run it, at least 3×
# the `dominoes` package. The other ratios are for reference.
GOALS = {"playout_vs_dominoes": 3.0}
# The ratios are reported for both engine rows: (label, JSON key prefix, contender).
ENGINE_ROWS = (("engine, per decision", "engine", "engine"), ("engine, playout", "playout", "engine (playout)"))


@dataclass
class Contender:
    name: str
    rounds: Callable[[int, int], int]
    rates: list[float] = field(default_factory=list)
    pips_left: int = 0
    played: int = 0

    @property
    def median(self) -> float:
        return statistics.median(self.rates)


def load_contenders() -> tuple[list[Contender], dict[str, str]]:
    """The importable contenders, and why each other one is skipped."""
    found, skipped = [], {}
    for name, target in CONTENDERS.items():
        module, _, function = target.partition(":")
        try:
            found.append(Contender(name, getattr(importlib.import_module(module), function or "rounds")))
        except ImportError as error:
            if name not in OPTIONAL:
                raise
            skipped[name] = f"{OPTIONAL[name]}: {error}"
    return found, skipped


def measure(contenders: list[Contender], n: int, repeats: int, seed: int) -> None:
    for contender in contenders:
        contender.rounds(max(n // 10, 1), seed + repeats)  # a seed no timed repetition uses
    for repeat in range(repeats):
        for contender in contenders:
            start = time.perf_counter()
            contender.pips_left += contender.rounds(n, seed + repeat)
            contender.rates.append(n / (time.perf_counter() - start))
            contender.played += n


def ratio(numerator: float | None, denominator: float | None) -> float | None:
    return round(numerator / denominator, 3) if numerator and denominator else None


def json_name(name: str) -> str:
    """"engine (playout)" -> "engine_playout", "engine+log" -> "engine_log"."""
    return "_".join(name.replace("+", " ").replace("(", "").replace(")", "").split())


def summary(contenders: list[Contender], n: int) -> dict[str, object]:
    rps = {c.name: round(c.median, 1) for c in contenders}
    out: dict[str, object] = {"rounds": n, **{f"{json_name(name)}_rps": rps.get(name) for name in CONTENDERS}}
    for _, prefix, name in ENGINE_ROWS:
        for key in RATIOS:
            other = key.removeprefix("engine_vs_")
            out[key.replace("engine", prefix, 1)] = ratio(rps.get(name), rps.get(other))
    return out


def print_table(contenders: list[Contender], skipped: dict[str, str], result: dict[str, object], repeats: int) -> None:
    try:
        package = f"dominoes {version('dominoes')}"
    except PackageNotFoundError:
        package = "dominoes not installed"
    print(f"block dominoes, 4 players, double-six — Python {platform.python_version()}, {package}")
    print(f"{result['rounds']} rounds per repetition, median of {repeats}\n")
    print(f"{'contender':<17} {'rounds/s':>10} {'min':>10} {'max':>10} {'µs/round':>9} {'pips left/round':>16}")
    print("(the 42 row: hands of Texas 42 a second; its last column is the points its bidders took a hand)")
    for c in contenders:
        print(
            f"{c.name:<17} {c.median:>10.0f} {min(c.rates):>10.0f} {max(c.rates):>10.0f} "
            f"{1e6 / c.median:>9.1f} {c.pips_left / c.played:>16.2f}"
        )
    for name, why in skipped.items():
        print(f"{name:<17} skipped — {why}")
    print()
    for label, prefix, _ in ENGINE_ROWS:
        for key in RATIOS:
            name = key.replace("engine", prefix, 1)
            value, goal = result[name], GOALS.get(name)
            if value is None:
                shown = "n/a"
            elif goal is None:
                shown = f"{value:.3f}  (for reference)"
            else:
                shown = f"{value:.3f}  ({'meets' if value >= goal else 'below'} the goal)   goal ≥ {goal}"
            print(f"{label + ' / ' + key.removeprefix('engine_vs_'):<36} {shown}")
    print()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5000, help="rounds per repetition (default 5000)")
    parser.add_argument("--repeats", type=int, default=5, help="repetitions; the median counts (default 5)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first repetition (default 1)")
    parser.add_argument("--json-only", action="store_true", help="print only the JSON summary")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.repeats < 1:
        parser.error("--rounds and --repeats must be at least 1")
    contenders, skipped = load_contenders()
    measure(contenders, args.rounds, args.repeats, args.seed)
    result = summary(contenders, args.rounds)
    if args.json_only:
        for why in skipped.values():
            print(why, file=sys.stderr)
    else:
        print_table(contenders, skipped, result, args.repeats)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
