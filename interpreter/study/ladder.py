"""The strength ladder: every player against every other, two seats, many matches per variant.

Matches come in pairs on the same seed: the same deals, seats swapped, so neither player owes a
result to being dealt the better hands or to moving first (duplicate play). A shared win counts
half. Win rates carry a Wilson 95% interval, which stays inside [0, 1] and is honest near 0 and 1.
`ismcts` plays with a fixed iteration budget and no time limit, so a ladder is reproducible on any
machine; its milliseconds per searched decision (more than one legal action) are measured too.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from multiprocessing import Pool

from interpreter.engine import Action
from interpreter.players import Player, make_player
from interpreter.players.ismcts import IsmctsPlayer
from interpreter.rulefile.loader import load_ruleset
from interpreter.rulefile.ruleset import Ruleset
from interpreter.study.simulation import play_match
from interpreter.study.stats import wilson

SEARCHER = "ismcts"


@dataclass(frozen=True)
class Job:
    variant: str  # a bundled name or a rule file path, as `load_ruleset` takes it
    first: str  # the pairing's players; `first` sits at seat 0 in even matches
    second: str
    index: int
    seed: int
    iterations: int


@dataclass(frozen=True)
class Outcome:
    job: Job
    first_share: float  # the first player's share of the win
    search_ms: float  # the searcher's time over its searched decisions in this match
    searches: int
    seconds: float  # the whole match


@dataclass
class Pairing:
    variant: str
    first: str
    second: str
    matches: int = 0
    first_wins: float = 0.0


@dataclass
class Ladder:
    pairings: dict[tuple[str, str, str], Pairing] = field(default_factory=dict)
    search_ms: dict[str, float] = field(default_factory=dict)  # per variant
    searches: dict[str, int] = field(default_factory=dict)
    match_seconds: dict[str, float] = field(default_factory=dict)  # per variant, summed over its matches
    seconds: float = 0.0  # wall time

    def add(self, outcome: Outcome) -> None:
        job = outcome.job
        key = (job.variant, job.first, job.second)
        pairing = self.pairings.setdefault(key, Pairing(job.variant, job.first, job.second))
        pairing.matches += 1
        pairing.first_wins += outcome.first_share
        self.search_ms[job.variant] = self.search_ms.get(job.variant, 0.0) + outcome.search_ms
        self.searches[job.variant] = self.searches.get(job.variant, 0) + outcome.searches
        self.match_seconds[job.variant] = self.match_seconds.get(job.variant, 0.0) + outcome.seconds

    def ms_per_search(self, variant: str) -> float | None:
        count = self.searches.get(variant, 0)
        return self.search_ms[variant] / count if count else None


def jobs(
    variants: Sequence[str], players: Sequence[str], matches: Callable[[str], int], iterations: int, seed: int = 0
) -> list[Job]:
    """Every pairing of distinct players in every variant; match 2k and 2k + 1 share a seed."""
    out = []
    for variant in variants:
        for i, first in enumerate(players):
            for second in players[i + 1 :]:
                for index in range(matches(variant)):
                    out.append(Job(variant, first, second, index, seed + index // 2, iterations))
    return out


@functools.cache
def _rules(variant: str) -> Ruleset:
    return load_ruleset(variant)


class _Timed:
    """A player whose searched decisions are timed."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.name = player.name
        self.observes = player.observes
        self.ms = 0.0
        self.searches = 0

    def choose(self, observation: object, legal: Sequence[Action]) -> Action:
        start = time.perf_counter()
        action = self.player.choose(observation, legal)
        if len(legal) > 1:
            self.ms += (time.perf_counter() - start) * 1000
            self.searches += 1
        return action


def _player(name: str, seed: int, iterations: int) -> Player:
    if name == SEARCHER:
        return IsmctsPlayer(seed, iterations=iterations, ms=None)
    return make_player(name, seed)


def play(job: Job) -> Outcome:
    """One ladder match, in whichever process runs it."""
    names = [job.first, job.second] if job.index % 2 == 0 else [job.second, job.first]
    seats = [
        _Timed(_player(name, job.seed * 101 + job.index * 7 + seat, job.iterations)) for seat, name in enumerate(names)
    ]
    start = time.perf_counter()
    match = play_match(_rules(job.variant), seats, job.seed)
    seconds = time.perf_counter() - start
    first = names.index(job.first)
    timed = [s for s in seats if s.name == SEARCHER]
    return Outcome(job, match.returns()[first], sum(s.ms for s in timed), sum(s.searches for s in timed), seconds)


def run(all_jobs: Sequence[Job], workers: int = 2, progress: Callable[[int, int], None] | None = None) -> Ladder:
    """Play every job on `workers` processes (1: in this one). The slowest jobs are started first."""
    ladder = Ladder()
    start = time.perf_counter()
    ordered = sorted(all_jobs, key=lambda j: (SEARCHER not in (j.first, j.second), j.index))
    outcomes: Iterable[Outcome]
    if workers > 1:
        with Pool(workers) as pool:
            outcomes = pool.imap_unordered(play, ordered, chunksize=1)
            _collect(ladder, outcomes, len(ordered), progress)
    else:
        _collect(ladder, map(play, ordered), len(ordered), progress)
    ladder.seconds = time.perf_counter() - start
    return ladder


def _collect(
    ladder: Ladder, outcomes: Iterable[Outcome], total: int, progress: Callable[[int, int], None] | None
) -> None:
    for done, outcome in enumerate(outcomes, 1):
        ladder.add(outcome)
        if progress is not None:
            progress(done, total)


def markdown(ladder: Ladder, variants: Sequence[str], players: Sequence[str], label: Callable[[str], str] = str) -> str:
    """Per variant, a table: the row player's win rate against the column player, with its interval."""
    lines = []
    for variant in variants:
        lines += [f"### {label(variant)}", ""]
        ms = ladder.ms_per_search(variant)
        counts = {p.matches for p in ladder.pairings.values() if p.variant == variant}
        cpu = ladder.match_seconds.get(variant, 0.0) / 60
        lines.append(
            f"Matches per pairing: {', '.join(map(str, sorted(counts)))}; {cpu:.1f} minutes of play in all."
            + (f" `{SEARCHER}`: {ms:.0f} ms per searched decision." if ms is not None else "")
        )
        lines += ["", "| row vs column | " + " | ".join(players) + " |", "|---" * (len(players) + 1) + "|"]
        for row in players:
            cells = []
            for column in players:
                cells.append("—" if row == column else _cell(ladder, variant, row, column))
            lines.append(f"| **{row}** | " + " | ".join(cells) + " |")
        lines.append("")
    return "\n".join(lines)


def _cell(ladder: Ladder, variant: str, row: str, column: str) -> str:
    pairing = ladder.pairings.get((variant, row, column))
    if pairing is not None:
        wins = pairing.first_wins
    else:
        pairing = ladder.pairings.get((variant, column, row))
        if pairing is None:
            return ""
        wins = pairing.matches - pairing.first_wins
    low, high = wilson(wins, pairing.matches)
    return f"{wins / pairing.matches:.0%} [{low:.0%}, {high:.0%}]"
