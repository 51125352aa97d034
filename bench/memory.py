"""Peak memory of `domino simulate` as the run grows: 10,000 and 100,000 rounds of four-player
block dominoes between random players should need the same peak RSS.

    python bench/memory.py [--rounds 10000 100000] [--seed S]

Every measurement is a fresh Python process doing what `domino simulate block -n N --players
random,random,random,random --json` does (`interpreter.study.simulation.simulate`, then its JSON
summary); its own peak RSS comes from os.wait4 (ru_maxrss), so nothing the parent or another
measurement allocated counts. `simulate` counts matches, so a calibration run first finds the
rounds per match and each run plays enough matches for at least its target rounds; the table gives
both counts as played. A one-match run shows the fixed cost of Python, the imports and the ruleset.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # `python bench/memory.py` puts bench/, not the repository, on the path
    sys.path.insert(0, str(ROOT))

# The body of `domino simulate`, without its argument parsing: argv is matches, seed.
CHILD = """
import json, sys
from interpreter.rulefile.loader import load_ruleset
from interpreter.study.simulation import simulate
result = simulate(load_ruleset("block"), ["random"] * 4, int(sys.argv[1]), int(sys.argv[2]))
print(json.dumps(result.to_json()))
"""
CALIBRATION_MATCHES = 500
# Matches vary in length, so a run plays this much more than the calibrated rate asks for in order
# to reach its target rounds.
MARGIN = 1.05
# Linux reports ru_maxrss in KiB, macOS in bytes.
RSS_UNIT = 1 if sys.platform == "darwin" else 1024


def simulate(matches: int, seed: int) -> tuple[dict, int]:
    """The simulation's JSON summary and the process's peak RSS in bytes."""
    command = [sys.executable, "-c", CHILD, str(matches), str(seed)]
    # Popen.wait would reap the child and lose its rusage, so wait4 does; stderr goes to a file
    # because a second pipe could fill up while stdout is being read.
    with tempfile.TemporaryFile("w+") as errors:
        child = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=errors, text=True)
        with child.stdout:
            out = child.stdout.read()
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            errors.seek(0)
            raise RuntimeError(f"simulating {matches} matches failed ({child.returncode}):\n{errors.read()}")
    return json.loads(out), usage.ru_maxrss * RSS_UNIT


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, nargs="+", default=[10_000, 100_000], help="round counts to measure")
    parser.add_argument("--seed", type=int, default=1, help="seed (default 1)")
    args = parser.parse_args(argv)
    calibration, _ = simulate(CALIBRATION_MATCHES, args.seed)
    per_match = calibration["rounds"] / calibration["matches"]
    print(f"block, 4 random players: {per_match:.2f} rounds per match (from {CALIBRATION_MATCHES} matches)\n")
    print(f"{'target rounds':>13} {'matches':>9} {'rounds':>9} {'peak RSS MiB':>13} {'seconds':>9} {'rounds/s':>10}")
    for target in [1, *args.rounds]:
        matches = 1 if target == 1 else math.ceil(target * MARGIN / per_match)
        result, peak = simulate(matches, args.seed)
        label = "(1 match)" if target == 1 else f"{target:,}"
        print(
            f"{label:>13} {result['matches']:>9,} {result['rounds']:>9,} {peak / 2**20:>13.1f} "
            f"{result['seconds']:>9.2f} {result['rounds_per_s'] or 0:>10,.0f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
