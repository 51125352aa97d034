"""How the engine's cost grows with the set and the table: rounds per second and microseconds per
legal-move generation for draw on double-6/9/12 and Mexican Train on double-12/15/18, at 2, 4 and
8 players, with the mean open ends × hand size at a decision beside them.

    python bench/scaling.py [--seconds S] [--seed N]

Each combination is played twice, by random legal play, for at least S seconds each (and at least
MIN_ROUNDS rounds). The first pass is plain play: rounds per second. The second times every
`legal_actions()` call alone and reads the decider's open ends (arms it may play on now) and hand
size from `match.observation(seat)`, which is far too slow for the first pass. "ns/end·tile" is
the total legal-move time over the summed open ends × hand size: flat or falling down a column
means that generation grows at most linearly in open ends × hand size.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # `python bench/scaling.py` puts bench/, not the repository, on the path
    sys.path.insert(0, str(ROOT))

from interpreter.engine import Match  # noqa: E402 - needs the path above
from interpreter.rulefile.loader import load_ruleset  # noqa: E402
from interpreter.rulefile.ruleset import Ruleset  # noqa: E402

VARIANTS = ("draw", "draw-9", "draw-12", "mexican-train", "mexican-train-15", "mexican-train-18")
PLAYER_COUNTS = (2, 4, 8)
MIN_ROUNDS = 3


@dataclass
class Profile:
    rounds: int = 0
    decisions: int = 0
    legal_seconds: float = 0.0
    ends_x_hand: int = 0  # summed over decisions


class Table:
    """Random play of one variant at one player count, match after match, counted in rounds."""

    def __init__(self, rules: Ruleset, players: int, seed: int) -> None:
        self.rules = rules
        self.players = players
        self.seed = seed
        self.matches = 0
        self.rand = random.Random(seed).random
        self.match = self.new_match()

    def new_match(self) -> Match:
        self.matches += 1
        return Match(self.rules, players=self.players, seed=self.seed * 1_000_003 + self.matches)

    def throughput(self, seconds: float) -> float:
        """Rounds per second of plain random play."""
        rand = self.rand
        rounds = 0
        start = time.perf_counter()
        while True:
            match = self.match
            round_no = match.round
            while not match.is_over and match.round == round_no:
                legal = match.legal_actions()
                match.apply(legal[int(rand() * len(legal))])
            rounds += 1
            if match.is_over:
                self.match = self.new_match()
            elapsed = time.perf_counter() - start
            if elapsed >= seconds and rounds >= MIN_ROUNDS:
                return rounds / elapsed

    def profile(self, seconds: float, clock_cost: float) -> Profile:
        """Legal-move generation timed call by call, with the open ends and hand size it faced."""
        rand = self.rand
        clock = time.perf_counter
        found = Profile()
        start = clock()
        while True:
            match = self.match
            round_no = match.round
            while not match.is_over and match.round == round_no:
                before = clock()
                legal = match.legal_actions()
                found.legal_seconds += clock() - before - clock_cost
                # after legal_actions(): an observation lists the legal actions, and the engine would
                # have cached them for the timed call
                seen = match.observation(match.current_player)
                found.ends_x_hand += sum(arm.open for arm in seen.layout.arms) * len(seen.hand)
                found.decisions += 1
                match.apply(legal[int(rand() * len(legal))])
            found.rounds += 1
            if match.is_over:
                self.match = self.new_match()
            if clock() - start >= seconds and found.rounds >= MIN_ROUNDS:
                return found


def clock_cost() -> float:
    """What one timed interval adds by itself, so that it can be taken off every legal_actions() call."""
    clock = time.perf_counter
    samples = 100_000
    total = 0.0
    for _ in range(samples):
        before = clock()
        total += clock() - before
    return total / samples


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="minimum seconds per pass (default 1)")
    parser.add_argument("--seed", type=int, default=1, help="seed (default 1)")
    args = parser.parse_args(argv)
    overhead = clock_cost()
    print(f"random play, at least {args.seconds:g} s per pass; timer overhead {overhead * 1e9:.0f} ns taken off\n")
    print(
        f"{'variant':<18} {'set':>4} {'players':>7} {'rounds/s':>10} {'µs/legal':>9} "
        f"{'ends×hand':>10} {'ns/end·tile':>11} {'decisions/round':>15}"
    )
    for variant in VARIANTS:
        rules = load_ruleset(variant)
        for players in PLAYER_COUNTS:
            head = f"{variant:<18} {'d' + str(rules.max_pip):>4} {players:>7}"
            if not rules.players.min <= players <= rules.players.max:
                print(f"{head}   not allowed: {variant} is for {rules.players.min}–{rules.players.max} players")
                continue
            table = Table(rules, players, args.seed)
            rate = table.throughput(args.seconds)
            found = table.profile(args.seconds, overhead)
            per_call = found.legal_seconds / found.decisions
            print(
                f"{head} {rate:>10.1f} {per_call * 1e6:>9.2f} {found.ends_x_hand / found.decisions:>10.1f} "
                f"{found.legal_seconds / max(found.ends_x_hand, 1) * 1e9:>11.1f} "
                f"{found.decisions / found.rounds:>15.1f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
