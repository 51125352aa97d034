"""How the players fare at a trick game (Texas 42 by default): win rates with Wilson 95% intervals.

    python bench/tricks.py [--games 200] [--pairs ismcts:greedy,counter:random] [--iterations N]
        [--jobs 2] [--seed 0] [--rules texas-42] [--json]

Each pairing "a:b" plays `--games` whole matches (to the file's target: 7 marks for 42) with a
partnership of `a` (seats 0 and 2, or 1 and 3) against one of `b`. The sides swap every other
game, and games 2k and 2k + 1 share the match seed (the same deals, the sides swapped), so neither
the seats nor the luck of the deal favours a player. Every player is built reproducible
(`make_player(name, seed, reproducible=True)`: no wall clock), so the same command gives the same
numbers on every machine; `--iterations` sets ismcts's per-decision budget (default: its own
`DEFAULT_ITERATIONS`), and is printed with the results. A game's player seeds come from the
pairing, the game and the seat. Games run in `--jobs` processes; the seconds per game are each
game's own wall time (CPU-bound, one process per core), so they move with the machine's load.

A line per pairing: wins of `a` out of games (a shared win counts half), the Wilson 95% interval
of that rate, the marks each side took, and the mean and slowest seconds a game. With `--json`
the last line is the results as JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import zlib
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from interpreter.loader import load_ruleset  # noqa: E402
from interpreter.players import Player, make_player  # noqa: E402
from interpreter.players.ismcts import DEFAULT_ITERATIONS, IsmctsPlayer  # noqa: E402
from interpreter.study.ladder import wilson  # noqa: E402
from interpreter.study.simulation import play_match  # noqa: E402

DEFAULT_RULES = "texas-42"  # a bundled variant; --rules also takes a rule file's path
DEFAULT_PAIRS = "ismcts:greedy,ismcts:counter,counter:greedy,counter:random"


def _where(rules: str) -> str | Path:
    """A path when the file exists, else a bundled variant's name (the loader tells them apart by type)."""
    return Path(rules) if Path(rules).is_file() else rules


def _player(name: str, seed: int, iterations: int) -> Player:
    if name == "ismcts":
        return IsmctsPlayer(seed, iterations=iterations, ms=None)
    return make_player(name, seed, reproducible=True)


def play_one(job: tuple[str, str, str, int, int, int]) -> tuple[str, int, float, list[int], float]:
    """One game: (pairing, game index, a's share of the win, [a's score, b's score], seconds)."""
    rules_path, a, b, index, seed, iterations = job
    rules = load_ruleset(_where(rules_path))
    a_side = index % 2  # swap sides every other game
    base = zlib.crc32(f"{a}:{b}:{index}".encode())  # stable across runs (str hashes are salted)
    seats = [
        _player(a if seat % 2 == a_side else b, base * 10 + seat, iterations) for seat in range(4)
    ]  # fmt: skip
    start = time.perf_counter()
    match = play_match(rules, seats, seed=seed + index // 2)  # games 2k, 2k + 1: the same deals
    seconds = time.perf_counter() - start
    won = 1.0 / len(match.winners) if a_side in match.winners else 0.0
    scores = [match.scores[a_side], match.scores[1 - a_side]]
    return f"{a}:{b}", index, won, scores, seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--pairs", default=DEFAULT_PAIRS)
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS, help="ismcts's per-decision budget")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0, help="the first match seed")
    parser.add_argument("--rules", default=DEFAULT_RULES)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    pairs = [tuple(p.split(":")) for p in args.pairs.split(",") if p]
    if load_ruleset(_where(args.rules)).players.min > 4 or any(len(p) != 2 for p in pairs):
        parser.error("pairs are a:b, and the rules must seat four")
    jobs = [(args.rules, a, b, i, args.seed, args.iterations) for a, b in pairs for i in range(args.games)]
    results: dict[str, list[tuple[int, float, list[int], float]]] = {f"{a}:{b}": [] for a, b in pairs}
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for pair, index, won, scores, seconds in pool.map(play_one, jobs, chunksize=1):
            results[pair].append((index, won, scores, seconds))
    out = []
    print(f"{args.rules}, {args.games} games a pairing, ismcts at {args.iterations} iterations a decision")
    for pair, games in results.items():
        wins = sum(g[1] for g in games)
        low, high = wilson(wins, len(games))
        marks = [sum(g[2][0] for g in games), sum(g[2][1] for g in games)]
        seconds = [g[3] for g in games]
        mean = sum(seconds) / len(seconds)
        a, b = pair.split(":")
        print(
            f"{a:>8} vs {b:<8} {wins:g}/{len(games)} = {wins / len(games):.3f}  95% [{low:.3f}, {high:.3f}]"
            f"  marks {marks[0]}-{marks[1]}  {mean:.2f} s a game (slowest {max(seconds):.2f})"
        )
        out.append({"a": a, "b": b, "games": len(games), "wins": wins, "low": low, "high": high, "marks": marks,
                    "seconds_mean": mean, "seconds_max": max(seconds)})  # fmt: skip
    if args.json:
        print(json.dumps({"rules": args.rules, "iterations": args.iterations, "results": out}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
