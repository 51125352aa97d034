"""How long one seat's hand takes to name the seed of its deal, when seeds come from a small space
(issue 28): every seed of the space dealt with the engine's own `Match`, its first hand for seat 0
compared with the hand seen. Each seed found names every other hand and the draw order.

    python bench/seed_search.py [--variant draw] [--players 2] [--space 1000000] [--workers 2]
                                [--secret S]

The secret seed (default: drawn from the space) deals the hand the attacker sees. Printed: the
candidate seeds (a hand of 7 of 28 tiles may come from a few seeds of a million; the first play
tells them apart), the seconds the search took, the seeds dealt per second, and, at that rate, how
long the same search would take over the 2**63 seeds tables are dealt from now (records/seeds.py);
and a last line of JSON. An attacker who rewrote the shuffle alone would go faster: this is what the
engine itself costs, an upper bound on the attack's time.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import secrets
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # `python bench/seed_search.py` puts bench/, not the repository, on the path
    sys.path.insert(0, str(ROOT))

from interpreter.engine import Match  # noqa: E402 - needs the path above
from interpreter.records.seeds import SEED_BITS  # noqa: E402
from interpreter.rulefile.loader import load_ruleset  # noqa: E402

YEAR_S = 365.25 * 24 * 3600


def hand(variant: str, players: int, seed: int) -> tuple[tuple[int, int], ...]:
    return tuple(Match(load_ruleset(variant), players=players, seed=seed).hand(0))


def _search(job: tuple[str, int, int, int, tuple[tuple[int, int], ...]]) -> list[int]:
    """The seeds from `start` (inclusive) to `stop` whose deal gives seat 0 `seen`."""
    variant, players, start, stop, seen = job
    ruleset = load_ruleset(variant)  # once per chunk: the search deals, it does not parse
    return [seed for seed in range(start, stop) if tuple(Match(ruleset, players=players, seed=seed).hand(0)) == seen]


def search(variant: str, players: int, space: int, workers: int, seen: tuple[tuple[int, int], ...]) -> list[int]:
    chunk = max(1, space // (workers * 16))  # chunks small enough that the workers finish together
    jobs = [(variant, players, start, min(start + chunk, space), seen) for start in range(0, space, chunk)]
    if workers <= 1:
        return [seed for job in jobs for seed in _search(job)]
    with multiprocessing.Pool(workers) as pool:
        return [seed for found in pool.imap(_search, jobs) for seed in found]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="draw")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--space", type=int, default=1_000_000, help="seeds 0 to SPACE - 1 (earlier: 1,000,000)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--secret", type=int, default=None, help="the seed dealt (default: drawn from the space)")
    args = parser.parse_args(argv)
    secret = secrets.randbelow(args.space) if args.secret is None else args.secret
    seen = hand(args.variant, args.players, secret)
    started = time.perf_counter()
    found = search(args.variant, args.players, args.space, args.workers, seen)
    seconds = time.perf_counter() - started
    rate = args.space / seconds
    years = 2**SEED_BITS / rate / YEAR_S
    print(f"{args.variant}, {args.players} players: seat 0 holds {list(seen)} (seed {secret})")
    print(f"searched {args.space:,} seeds in {seconds:.1f} s on {args.workers} workers ({rate:,.0f} seeds/s): "
          f"{len(found)} candidate(s) {found[:8]}{' …' if len(found) > 8 else ''}, the secret among them: "
          f"{secret in found}")  # fmt: skip
    print(f"at that rate, 2**{SEED_BITS} seeds take {years:.3g} years")
    print(json.dumps({"variant": args.variant, "players": args.players, "space": args.space, "workers": args.workers,
                      "seconds": round(seconds, 2), "seeds_per_s": round(rate), "candidates": len(found),
                      "found": secret in found, "years_for_63_bits": float(f"{years:.3g}")}))  # fmt: skip


if __name__ == "__main__":
    main()
