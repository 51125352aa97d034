"""How fast `ismcts` searches (issue 13): iterations per second on a fixed set of decisions.

    python bench/ismcts.py [--case mt18-8,draw-2] [--iterations N] [--repeats K] [--positions P]
        [--profile] [--callgrind] [--json]

Two cases: Mexican Train on the double-18 set with 8 players (long rounds, a long public log: the
determinization of the hidden hands is a large share of a decision) and draw with 2 players
(short playouts). For each case the script plays one seeded match with `heavy` players and keeps P
of its decisions that have a choice, spread over the first round (the same ones on every machine
and every run). A repetition runs `IsmctsPlayer(seed, iterations=N, ms=None).choose` once on each
of them and is timed with `time.perf_counter`; the figure is total iterations / wall time, the
median of K repetitions (min and max beside it). The iteration budget is fixed, so the work is the
same whatever the machine's load; only the seconds move with it.

`--callgrind` also counts instructions, which a loaded machine does not move: the script runs
itself under `valgrind --tool=callgrind` once with N and once with 2N iterations per decision, and
the difference over the N × P extra iterations is the count per iteration (the set-up and the
match that produces the decisions cancel out). `--profile` prints a cProfile of one repetition.
The last line is JSON. The choices' digest is printed too: the same on every run and machine
for the same code (search is seeded), so it shows that a change kept the search deterministic.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import json
import os
import pstats
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # `python bench/ismcts.py` puts bench/, not the repository, on the path
    sys.path.insert(0, str(ROOT))

from interpreter.engine import Match, Observation  # noqa: E402 - needs the path above
from interpreter.players.heavy import HeavyPlayer  # noqa: E402
from interpreter.players.ismcts import IsmctsPlayer  # noqa: E402
from interpreter.rulefile.loader import load_ruleset  # noqa: E402


@dataclass(frozen=True)
class Case:
    name: str
    variant: str
    players: int
    seed: int
    iterations: int  # the default budget per decision
    positions: int


CASES = {
    "mt18-8": Case("mt18-8", "mexican-train-18", 8, 1, 100, 6),
    "draw-2": Case("draw-2", "draw", 2, 1, 300, 8),
}


def decisions(case: Case, count: int) -> list[Observation]:
    """`count` observations of decisions with a choice, spread over the first round of one seeded
    match played by `heavy`."""
    match = Match(load_ruleset(case.variant), case.players, seed=case.seed)
    player = HeavyPlayer(0)
    found: list[Observation] = []
    while not match.is_over and match.round == 1:
        seat = match.current_player
        assert seat is not None
        legal = match.legal_actions()
        observation = match.observation(seat)
        if len(legal) > 1:
            found.append(observation)
        match.apply(player.choose(observation, legal))
    if len(found) <= count:
        return found
    step = len(found) / count
    return [found[int(i * step)] for i in range(count)]


def run_once(observations: list[Observation], iterations: int) -> tuple[float, str]:
    """One repetition: seconds, and a digest of the choices."""
    digest = hashlib.sha256()
    start = time.perf_counter()
    for k, observation in enumerate(observations):
        player = IsmctsPlayer(k, iterations=iterations, ms=None)
        digest.update(str(player.choose(observation, observation.legal_actions)).encode())
    return time.perf_counter() - start, digest.hexdigest()[:12]


def measure(case: Case, iterations: int, repeats: int, positions: int) -> dict[str, object]:
    observations = decisions(case, positions)
    run_once(observations[:1], max(1, iterations // 10))  # warm-up: tables, caches
    times, digests = [], set()
    for _ in range(repeats):
        seconds, digest = run_once(observations, iterations)
        times.append(seconds)
        digests.add(digest)
    work = iterations * len(observations)
    rates = sorted(work / s for s in times)
    return {
        "case": case.name, "variant": case.variant, "players": case.players, "decisions": len(observations),
        "iterations": iterations, "repeats": repeats, "its_per_s": statistics.median(rates),
        "min": rates[0], "max": rates[-1], "digest": ",".join(sorted(digests)),
    }  # fmt: skip


def callgrind(case: Case, iterations: int, positions: int) -> float | None:
    """Instructions per iteration, by the difference of two runs under callgrind; None without valgrind."""
    if shutil.which("valgrind") is None:
        return None
    counts = []
    with tempfile.TemporaryDirectory() as folder:
        for n in (iterations, 2 * iterations):
            out = os.path.join(folder, f"cg.{n}")
            cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, __file__,
                   "--case", case.name, "--iterations", str(n), "--positions", str(positions), "--once"]  # fmt: skip
            subprocess.run(cmd, check=True, capture_output=True)
            text = Path(out).read_text(encoding="utf-8", errors="replace")
            found = re.search(r"^(?:summary|totals):\s*(\d+)", text, re.MULTILINE)
            assert found is not None, "no instruction count in callgrind's output"
            counts.append(int(found.group(1)))
    n_positions = len(decisions(case, positions))
    return (counts[1] - counts[0]) / (iterations * n_positions)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--case", default=",".join(CASES), help=f"comma-separated: {', '.join(CASES)}")
    parser.add_argument("--iterations", type=int, help="per decision (default: the case's own)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--positions", type=int, help="decisions per case (default: the case's own)")
    parser.add_argument("--profile", action="store_true", help="print a cProfile of one repetition per case")
    parser.add_argument("--callgrind", action="store_true", help="also count instructions per iteration")
    parser.add_argument("--once", action="store_true", help=argparse.SUPPRESS)  # one untimed pass (for callgrind)
    parser.add_argument("--json", action="store_true", help="print the JSON line only")
    args = parser.parse_args(argv)
    names = [n for n in args.case.split(",") if n]
    for name in names:
        if name not in CASES:
            raise SystemExit(f"no case '{name}': {', '.join(CASES)}")
    results = []
    for name in names:
        case = CASES[name]
        iterations = args.iterations or case.iterations
        positions = args.positions or case.positions
        if args.once:
            run_once(decisions(case, positions), iterations)
            continue
        if args.profile:
            observations = decisions(case, positions)
            profiler = cProfile.Profile()
            profiler.enable()
            run_once(observations, iterations)
            profiler.disable()
            print(f"--- {name}: cProfile of one repetition")
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(30)
            pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
        result = measure(case, iterations, args.repeats, positions)
        if args.callgrind:
            result["instructions_per_iteration"] = callgrind(case, iterations, positions)
        results.append(result)
        if not args.json:
            line = (f"{name:7} {case.variant} × {case.players}: {result['its_per_s']:,.0f} iterations/s "
                    f"(min {result['min']:,.0f}, max {result['max']:,.0f}; {result['decisions']} decisions × "
                    f"{iterations} iterations, median of {args.repeats}; choices {result['digest']})")  # fmt: skip
            if args.callgrind and result["instructions_per_iteration"] is not None:
                line += f"; {result['instructions_per_iteration']:,.0f} instructions/iteration"
            print(line)
    if not args.once:
        print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
