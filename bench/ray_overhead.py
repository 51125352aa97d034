"""What `--backend ray` costs over `--workers` (issue 13): wall time per match of the same run.

    python bench/ray_overhead.py [--variant draw] [--matches 200] [--players random,random] [--cpus 2]
        [--repeats 5] [--json]

One process runs the same N matches (seed 0) three ways through `simulate()`, as the commands do:
in one process, in a pool of `--cpus` worker processes (`--workers K`), and as Ray tasks on a
private local Ray instance of `--cpus` CPUs (`--backend ray --workers K`). Ray is started once,
timed on its own (`ray start`); its first run is timed on its own too (Ray starts its worker
processes then), and the Ray figure is of the runs after it, as a long run or a second `compare`
file sees it. Each way is run K times, interleaved, each timed with `time.perf_counter` around
`simulate()`; the figures are medians. A process pool is made anew for each run, as every
`--workers` run makes one, so its start is inside its figure.

Per match: a run's seconds over N, in ms. The overhead per match is Ray's per-match time minus the
pool's; the ratio is Ray's time over the pool's. One `domino simulate --backend ray` command pays
Ray's start and its first run: "one command" is those over N, against the pool's. All three ways
give the same totals, which the script checks. The last line is JSON.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# Not bench/ray.py: `python bench/ray.py` puts bench/ on the path, where it would be `import ray`.
if str(ROOT) not in sys.path:  # `python bench/ray_overhead.py` puts bench/, not the repository, on the path
    sys.path.insert(0, str(ROOT))

from interpreter.records.replay import RulesOrigin  # noqa: E402
from interpreter.rulefile.loader import load_ruleset  # noqa: E402 - needs the path above
from interpreter.study.ray_backend import RayBackend, missing  # noqa: E402
from interpreter.study.simulation import SimulationResult, simulate  # noqa: E402

TIMING = ("seconds", "matches_per_s", "rounds_per_s")


def _totals(result: SimulationResult) -> dict:
    return {key: value for key, value in result.to_json().items() if key not in TIMING}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="draw")
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--players", default="random,random")
    parser.add_argument("--cpus", type=int, default=2, help="worker processes, and the Ray instance's CPUs")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--json", action="store_true", help="print only the JSON line")
    args = parser.parse_args()
    if missing():
        print("bench/ray_overhead.py needs Ray: pip install -e '.[ray]'", file=sys.stderr)
        return 2
    ruleset, origin = load_ruleset(args.variant), RulesOrigin(args.variant)
    strategies = args.players.split(",")

    def timed(**how: Any) -> tuple[float, dict]:
        start = time.perf_counter()
        result = simulate(ruleset, strategies, args.matches, 0, origin=origin, **how)
        return time.perf_counter() - start, _totals(result)

    with RayBackend(num_cpus=args.cpus) as ray:
        start = time.perf_counter()
        ray.start()
        ray_start = time.perf_counter() - start
        ray_first, expected = timed(backend=ray)
        seconds: dict[str, list[float]] = {"one process": [], "workers": [], "ray": []}
        for _ in range(args.repeats):
            for name, how in (("one process", {}), ("workers", {"workers": args.cpus}), ("ray", {"backend": ray})):
                took, totals = timed(**how)
                if totals != expected:
                    raise SystemExit(f"{name} gave other totals than Ray's first run")
                seconds[name].append(took)
    median = {name: statistics.median(values) for name, values in seconds.items()}
    per_match = {name: 1000 * value / args.matches for name, value in median.items()}
    command = 1000 * (ray_start + ray_first) / args.matches  # what one command on a new Ray instance pays
    found = {
        "variant": args.variant,
        "matches": args.matches,
        "players": strategies,
        "cpus": args.cpus,
        "repeats": args.repeats,
        "ray_start_s": round(ray_start, 3),
        "ray_first_run_s": round(ray_first, 3),
        "one_process_ms_per_match": round(per_match["one process"], 3),
        "workers_ms_per_match": round(per_match["workers"], 3),
        "ray_ms_per_match": round(per_match["ray"], 3),
        "ray_overhead_ms_per_match": round(per_match["ray"] - per_match["workers"], 3),
        "ray_vs_workers": round(median["ray"] / median["workers"], 3),
        "ray_command_ms_per_match": round(command, 3),
        "ray_command_overhead_ms_per_match": round(command - per_match["workers"], 3),
    }
    if not args.json:
        print(f"{args.variant}, {args.matches} matches of {args.players}, {args.cpus} CPUs, median of {args.repeats}")
        print(f"  ray start        {ray_start:8.2f} s   (once per command)")
        print(f"  ray's first run  {ray_first:8.2f} s   (its worker processes start)")
        for name in seconds:
            print(f"  {name:<15} {per_match[name]:8.3f} ms a match   {median[name]:.3f} s a run")
        print(f"  ray / workers    {found['ray_vs_workers']:8.2f}")
        print(f"  ray's overhead   {found['ray_overhead_ms_per_match']:8.3f} ms a match")
        print(f"  one command      {command:8.3f} ms a match with Ray's start and first run: "
              f"{found['ray_command_overhead_ms_per_match']:.3f} ms over the workers")  # fmt: skip
    print(json.dumps(found))
    return 0


if __name__ == "__main__":
    sys.exit(main())
