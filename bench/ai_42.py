"""The computer players at Texas 42 as people play it (issue 27): what they bid on fixed hands, how
often four of them throw a deal in, how long a decision takes, and how often they win.

    python bench/ai_42.py bids     [--rules texas-42,texas-42-house] [--seeds 3] [--iterations N]
    python bench/ai_42.py passout  [--deals 200] [--players ismcts,counter] [--rules texas-42]
    python bench/ai_42.py time     [--hands 6] [--rules texas-42] [--iterations N]
    python bench/ai_42.py games    [--games 200] [--pairs ismcts:counter,ismcts:greedy] [--jobs 2]
                                   [--out results.jsonl]
    python bench/ai_42.py summary  results.jsonl
    python bench/ai_42.py calibrate [--deals 300] [--rules texas-42-points]
    python bench/ai_42.py counter  [--games 200] [--rules a,b.yaml]  # counter against random

- `bids`: seat 0 bids first on four fixed hands (a lay-down: all seven sixes; four doubles; an
  average hand; a weak hand), the other tiles dealt in a fixed order to the others. A line per
  hand and player: the bid (or pass) `ismcts` makes with each of `--seeds` seeds at `--iterations`
  (its default, no clock), and `counter`'s bid.
- `passout`: for each of `--deals` match seeds, the first deal's auction with the same player at
  every seat (ismcts at its iteration budget, no clock): deals thrown in (everyone passed) / deals,
  with the Wilson 95% interval.
- `time`: `ismcts` at its defaults (`--iterations`, by default `DEFAULT_ITERATIONS`, and the
  `DEFAULT_MS` cap, as a table plays it) at every seat of `--hands` hands; the wall time of every
  decision with a choice: median and max, by phase, with the machine's load average.
- `games`: bench/tricks.py's pairings (the same seeds, sides swapped every other game, ismcts on
  the iteration budget only), one JSON line per game appended to `--out` as it ends, so a run cut
  short still counts; `summary` turns such a file into win rates with Wilson 95% intervals.
- `calibrate`: how many points hands take against what `counter` says they are worth, in
  `counter`'s own play and in the search's rule-of-thumb playouts (`calibrate`'s docstring).
- `counter`: `counter` against `random` in every bundled trick game (or the `--rules` given, names
  or paths): four seats where the file allows them, else its fewest; `counter` holds one side (a
  partnership, or one seat, moving round the table), with Wilson 95% intervals.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.tricks import _where, play_one  # noqa: E402
from interpreter.engine import Match, deal  # noqa: E402
from interpreter.engine.actions import PASS_ACTION  # noqa: E402
from interpreter.engine.tricks.match import BIDDING, PLAYING  # noqa: E402
from interpreter.engine.tricks.tables import trick_tables_for  # noqa: E402
from interpreter.loader import load_ruleset  # noqa: E402
from interpreter.players import make_player  # noqa: E402
from interpreter.players.counter import worth  # noqa: E402
from interpreter.players.ismcts import DEFAULT_ITERATIONS, IsmctsPlayer  # noqa: E402
from interpreter.resources import bundled_variants  # noqa: E402
from interpreter.rulefile.ruleset import Family  # noqa: E402
from interpreter.study.ladder import wilson  # noqa: E402
from interpreter.study.simulation import play_match  # noqa: E402

ALL = [f"{a}-{b}" for a in range(7) for b in range(a, 7)]
HANDS = {
    "lay-down (all seven sixes)": "6-6 6-5 6-4 6-3 6-2 6-1 6-0",
    "four doubles": "6-6 5-5 4-4 3-3 6-1 5-2 2-0",
    "average": "5-4 3-3 6-2 4-1 2-0 3-1 6-0",
    "weak": "3-1 4-0 5-2 6-1 2-0 4-3 5-1",
}


def _fixed_deal(hand: str):
    """Seat 0 holds `hand`; the other 21 tiles go to seats 1, 2, 3 in the set's order."""
    mine = hand.split()
    rest = [t for t in ALL if t not in mine and f"{t[2]}-{t[0]}" not in mine]
    return deal(hand, *(" ".join(rest[i * 7 : (i + 1) * 7]) for i in range(3)), starter=0)


def _searcher(seed: int, iterations: int) -> IsmctsPlayer:
    return IsmctsPlayer(seed, iterations=iterations, ms=None)


def bids(args: argparse.Namespace) -> None:
    for rules_name in args.rules.split(","):
        rules = load_ruleset(rules_name)
        print(f"{rules_name}: seat 0 bids first; ismcts at {args.iterations} iterations, seeds 0..{args.seeds - 1}")
        for name, hand in HANDS.items():
            match = Match(rules, 4, deals=[_fixed_deal(hand)])
            observation, legal = match.observation(0), match.legal_actions()
            found = [str(_searcher(seed, args.iterations).choose(observation, legal)) for seed in range(args.seeds)]
            counter = make_player("counter", 0).choose(observation, legal)
            print(f"  {name:28} {hand:28} ismcts: {', '.join(found):32} counter: {counter}")


def _first_auction(rules, name: str, seed: int, iterations: int) -> bool:
    """Whether everyone passed the first deal of match `seed`, `name` at every seat."""

    def player(seat: int):
        return _searcher(seat, iterations) if name == "ismcts" else make_player(name, seat, reproducible=True)

    seats = [player(seed * 4 + s) for s in range(4)]
    match = Match(rules, 4, seed=seed)
    while match.phase == BIDDING:
        seat = match.current_player
        before = len(match.events)
        match.apply(seats[seat].choose(match.observation(seat), match.legal_actions()))
        if any(e.get("type") == "deal" for e in match.events[before:]):
            return True  # a new deal: the first was thrown in
    return False


def _passout_job(job: tuple[str, str, int, int]) -> bool:
    rules_name, name, seed, iterations = job
    return _first_auction(load_ruleset(rules_name), name, seed, iterations)


def passout(args: argparse.Namespace) -> None:
    for name in args.players.split(","):
        jobs = [(args.rules, name, seed, args.iterations) for seed in range(args.deals)]
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            thrown = sum(pool.map(_passout_job, jobs, chunksize=4))
        low, high = wilson(thrown, args.deals)
        print(f"{args.rules}, four {name}: {thrown}/{args.deals} deals thrown in = {thrown / args.deals:.3f}"
              f"  95% [{low:.3f}, {high:.3f}]")  # fmt: skip


def timing(args: argparse.Namespace) -> None:
    rules = load_ruleset(args.rules)
    seats = [IsmctsPlayer(seat, iterations=args.iterations) for seat in range(4)]  # with the default ms cap
    match = Match(rules, 4, seed=args.seed)
    by_phase: dict[str, list[float]] = defaultdict(list)
    load_before = os.getloadavg()
    while not match.is_over and match.round <= args.hands:
        seat = match.current_player
        legal = match.legal_actions()
        observation = match.observation(seat)
        start = time.perf_counter()
        action = seats[seat].choose(observation, legal)
        seconds = time.perf_counter() - start
        if len(legal) > 1:
            by_phase[match.phase].append(seconds * 1000)
        match.apply(action)
    load_after = os.getloadavg()
    every = [ms for values in by_phase.values() for ms in values]
    print(f"{args.rules}: ismcts at {args.iterations} iterations, capped at "
          f"{IsmctsPlayer(0).ms:g} ms, {len(every)} decisions with a choice over {args.hands} hands")  # fmt: skip
    for phase, values in [("all", every), *sorted(by_phase.items())]:
        print(f"  {phase:10} {len(values):4} decisions  median {statistics.median(values):7.1f} ms"
              f"  max {max(values):7.1f} ms")  # fmt: skip
    print(f"  load average (1, 5, 15 min) before {load_before}, after {load_after}; {os.cpu_count()} cores")


def games(args: argparse.Namespace) -> None:
    pairs = [tuple(p.split(":")) for p in args.pairs.split(",") if p]
    done = set()
    if args.out and Path(args.out).exists():  # resume: the games already written are not played again
        for line in Path(args.out).read_text().splitlines():
            row = json.loads(line)
            done.add((row["pair"], row["index"]))
    jobs = [(args.rules, a, b, i, args.seed, args.iterations) for i in range(args.games) for a, b in pairs
            if (f"{a}:{b}", i) not in done]  # fmt: skip
    out = open(args.out, "a", encoding="utf-8") if args.out else None  # noqa: SIM115 - written as games end
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for pair, index, won, scores, seconds in pool.map(play_one, jobs, chunksize=1):
            row = {"rules": args.rules, "iterations": args.iterations, "pair": pair, "index": index, "won": won,
                   "scores": scores, "seconds": round(seconds, 2)}  # fmt: skip
            if out is not None:
                out.write(json.dumps(row) + "\n")
                out.flush()
            else:
                print(json.dumps(row))
    if out is not None:
        out.close()
        summarise(Path(args.out))


def summarise(path: Path) -> None:
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    by_pair: dict[tuple[str, str, int], list[dict]] = defaultdict(list)
    for row in rows:
        by_pair[(row["rules"], row["pair"], row["iterations"])].append(row)
    for (rules, pair, iterations), found in sorted(by_pair.items()):
        wins = sum(r["won"] for r in found)
        low, high = wilson(wins, len(found))
        marks = [sum(r["scores"][0] for r in found), sum(r["scores"][1] for r in found)]
        seconds = [r["seconds"] for r in found]
        a, b = pair.split(":")
        print(f"{rules} ismcts@{iterations}: {a:>7} vs {b:<7} {wins:g}/{len(found)} = {wins / len(found):.3f}"
              f"  95% [{low:.3f}, {high:.3f}]  marks {marks[0]}-{marks[1]}"
              f"  {statistics.mean(seconds):.1f} s a game (slowest {max(seconds):.1f})")  # fmt: skip


def _counter_job(job: tuple[str, int]) -> tuple[float, int]:
    """One match of `counter` against `random`: counter's share of the win, and the number of
    sides (a fair share is one in that many). Four seats where the file allows them, else its
    fewest; with partnerships counter holds one side, else one seat, which moves round the
    table from match to match (matches 2k and 2k + 1 share their deals)."""
    name, index = job
    rules = load_ruleset(_where(name))
    players = 4 if rules.players.min <= 4 <= rules.players.max else rules.players.min
    match = Match(rules, players, seed=index // 2)
    sides = len(match.scores)
    mine = index % sides
    seats = [make_player("counter" if match.side_of(seat) == mine else "random", index * 10 + seat, reproducible=True)
             for seat in range(players)]  # fmt: skip
    match = play_match(rules, seats, seed=index // 2)
    return (1.0 / len(match.winners) if mine in match.winners else 0.0), sides


def counter_everywhere(args: argparse.Namespace) -> None:
    names = args.rules.split(",") if args.rules else sorted(bundled_variants())
    names = [name for name in names if load_ruleset(_where(name)).family is Family.TRICKS]
    for name in names:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            found = list(pool.map(_counter_job, [(name, i) for i in range(args.games)], chunksize=4))
        wins = sum(w for w, _ in found)
        low, high = wilson(wins, len(found))
        print(f"{name:20} counter vs random {wins:g}/{len(found)} = {wins / len(found):.3f}"
              f"  95% [{low:.3f}, {high:.3f}]  (a fair share: 1/{found[0][1]})")  # fmt: skip


def calibrate(args: argparse.Namespace) -> None:
    """`counter.worth` against what hands take: for each of `--deals` deals and each seat in turn,
    that seat bids the lowest bid over three passes and declares as counter does; the hand is
    played out once by four `counter`s and once by the engine's rule of thumb (the search's
    playouts). Per band of worth: hands, mean points taken, the share that made the bid."""
    rules = load_ruleset(args.rules)  # a points-scored 42 plays every tile (no stop when decided)
    t = trick_tables_for(rules.for_players(4), 4)
    counter = make_player("counter", 0)
    rng = random.Random(args.seed)
    bands: dict[int, list[tuple[int, int]]] = defaultdict(list)
    lowest = min(t.bids, key=lambda b: b.value)
    for seed in range(args.deals):
        for turn in range(4):
            match = Match(rules, 4, seed=seed)
            bidder = (match.current_player + turn) % 4
            for _ in range(4):
                match.apply(t.bid_actions[lowest.value] if match.current_player == bidder else PASS_ACTION)
            value = worth(t, t.mask_of(match.hand(bidder)), True)
            match.apply(counter.choose(match.observation(bidder), match.legal_actions()))
            by_thumb = match.clone()
            by_thumb.playout(rng, heavy=1.0)
            while match.phase == PLAYING:
                seat = match.current_player
                match.apply(counter.choose(match.observation(seat), match.legal_actions()))
            taken = [
                [e for e in m.events if e["type"] == "round_end"][-1]["pips"][bidder % 2] for m in (match, by_thumb)
            ]
            bands[int(value // 4) * 4].append((taken[0], taken[1]))
    print(f"{args.rules}: {args.deals} deals x 4 bidders, bid {lowest.name}; worth = counter.worth")
    print("  worth    hands   counter's play: mean, made   rule of thumb: mean, made")
    made = lowest.make
    for band, found in sorted(bands.items()):
        cells = []
        for taken in ([f[0] for f in found], [f[1] for f in found]):
            cells.append(f"{statistics.mean(taken):5.1f} {sum(p >= made for p in taken) / len(found):4.0%}")
        print(f"  {band:2}-{band + 4:<2}  {len(found):7}   {cells[0]:>25}   {cells[1]:>24}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("part", choices=["bids", "passout", "time", "games", "summary", "counter", "calibrate"])
    parser.add_argument("file", nargs="?", help="summary: the --out file of games")
    parser.add_argument("--rules", default=None)
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--players", default="ismcts,counter")
    parser.add_argument("--hands", type=int, default=6)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--pairs", default="ismcts:counter,ismcts:greedy")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", default=None)
    args = parser.parse_args(argv)
    if args.part == "bids":
        args.rules = args.rules or "texas-42,texas-42-house"
        bids(args)
    elif args.part == "summary":
        if not args.file:
            parser.error("summary needs the file a games run wrote")
        summarise(Path(args.file))
    elif args.part == "counter":
        counter_everywhere(args)
    else:
        args.rules = args.rules or "texas-42"
        if args.part == "calibrate" and args.rules == "texas-42":
            args.rules = "texas-42-points"
        if args.part == "calibrate" and args.deals == 200:
            args.deals = 300
        {"passout": passout, "time": timing, "games": games, "calibrate": calibrate}[args.part](args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
