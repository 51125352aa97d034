"""The strength ladder of the computer players (issue 5): every player against every other.

    python bench/ladder.py --matches N --variants straight,draw,double-six,mexican-train
        --players random,greedy,heavy,ismcts [--ismcts-iterations K] [--workers W]
        [--matches-for VARIANT=N ...] [--rounds-for VARIANT=R ...] [--seed S] [--out FILE]

Two players per match, seats swapped between the two matches of each seed. Prints one markdown
table per variant (row player's win rate against the column player, Wilson 95% interval) and
the command that produced it; `--out` also writes it to a file.

`--rounds-for mexican-train=3` plays that variant through a temporary rule file that extends it
with `match: {rounds: 3}`, for variants whose full matches are too long to repeat often enough.
`--matches-for` gives a variant its own match count (per pairing; rounded up to even).
"""

from __future__ import annotations

import argparse
import os
import platform
import shlex
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # `python bench/ladder.py` puts bench/, not the repository, on the path
    sys.path.insert(0, str(ROOT))

from interpreter.players.ismcts import DEFAULT_ITERATIONS  # noqa: E402
from interpreter.study import ladder  # noqa: E402


def _pairs(values: list[str], what: str) -> dict[str, int]:
    out = {}
    for value in values:
        name, _, number = value.partition("=")
        if not number.isdigit():
            raise SystemExit(f"{what} takes VARIANT=NUMBER, not '{value}'")
        out[name] = int(number)
    return out


def _shortened(variant: str, rounds: int, folder: Path) -> str:
    """A rule file that is `variant` with a fixed number of rounds; its path."""
    path = folder / f"{Path(variant).stem}-{rounds}-rounds.yaml"
    path.write_text(
        f"name: {path.stem}\ntitle: {variant}, {rounds} rounds\n"
        f"description: The ladder's shortened {variant}.\nextends: {variant}\nmatch:\n  rounds: {rounds}\n",
        encoding="utf-8",
    )
    return str(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=40, help="matches per pairing (rounded up to even)")
    parser.add_argument("--variants", default="straight,draw,double-six,mexican-train")
    parser.add_argument("--players", default="random,greedy,heavy,ismcts")
    parser.add_argument("--ismcts-iterations", type=int, default=DEFAULT_ITERATIONS)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--matches-for", action="append", default=[], metavar="VARIANT=N")
    parser.add_argument("--rounds-for", action="append", default=[], metavar="VARIANT=R")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)

    variants = [v for v in args.variants.split(",") if v]
    players = [p for p in args.players.split(",") if p]
    counts = _pairs(args.matches_for, "--matches-for")
    rounds = _pairs(args.rounds_for, "--rounds-for")
    with tempfile.TemporaryDirectory() as folder:
        played = {v: _shortened(v, rounds[v], Path(folder)) if v in rounds else v for v in variants}
        names = {path: v if v not in rounds else f"{v} ({rounds[v]} rounds)" for v, path in played.items()}

        def matches(path: str) -> int:
            wanted = counts.get(names[path].split(" ")[0], args.matches)
            return wanted + wanted % 2

        def progress(done: int, total: int) -> None:
            print(f"\r{done}/{total} matches", end="", file=sys.stderr, flush=True)

        jobs = ladder.jobs(list(played.values()), players, matches, args.ismcts_iterations, args.seed)
        result = ladder.run(jobs, args.workers, progress)
        print(file=sys.stderr)
        table = ladder.markdown(result, list(played.values()), players, label=names.__getitem__)

    command = "python bench/ladder.py " + " ".join(shlex.quote(a) for a in (argv or sys.argv[1:]))
    report = "\n".join(
        [
            f"Command: `{command}`",
            "",
            f"`ismcts`: {args.ismcts_iterations} iterations per decision, no time limit. "
            f"{args.workers} worker processes on {os.cpu_count()} cores ({platform.processor() or platform.machine()}, "
            f"Python {platform.python_version()}); {result.seconds / 60:.1f} minutes of wall time.",
            "",
            table,
        ]
    )
    print(report)
    if args.out is not None:
        args.out.write_text(report + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
