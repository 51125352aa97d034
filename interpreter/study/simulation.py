"""Playing many matches between computer players, and what they add up to.

Pure apart from the clock: the same ruleset, strategies and seed give the same games, and an
optional sink receives every match's event log (JSON Lines) for `domino replay`. The strategies
move one seat on from match to match, so none of them keeps the first seat; results are kept both
per strategy and per seat. Match `i` depends only on the run's seed and `i`, so a run split over
several processes adds up to the same totals as one process. `teams` is every match's choice of
partnerships where the rules let a match choose (`Match(teams=...)`; None: the rules' own).

Reproducible on any machine: a searching player (ismcts) decides on an iteration budget only,
unless a run asks for a time budget (`Budget.ms`), whose games depend on the machine's speed
(`budgets` says which, for the output). With `detail`, a run keeps one `MatchRecord` per match —
what `domino compare` and the reports measure — read off the match's event log.

A run that cannot finish (Ctrl-C, a worker process that dies) raises `SimulationStopped` carrying
the matches that did finish, whose logs have been written; worker processes ignore SIGINT, so
that Ctrl-C reaches only the parent, which stops them.

A `Backend` runs the same chunks elsewhere (interpreter/study/ray_backend.py: Ray tasks, on this machine
or a cluster), with the same totals and log: the chunks carry the rules themselves
(`RulesOrigin.portable`), for machines that do not have the user's files.
"""

from __future__ import annotations

import io
import json
import math
import random
import signal
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol, TextIO

from interpreter.engine import Match
from interpreter.engine.match import new_match
from interpreter.players import Player, make_player
from interpreter.players.ismcts import IsmctsPlayer
from interpreter.players.random_player import RandomPlayer
from interpreter.records.replay import STRATEGIES, RulesOrigin
from interpreter.rulefile.ruleset import Ruleset, Winner
from interpreter.study import stats
from interpreter.study.stats import Sums, wilson

__all__ = ["wilson"]  # re-exported: the interval of simulate's win rates

# Searching players as a run with a budget of its own builds them: (seed, iterations, ms).
_SEARCHERS: dict[str, Callable[[int, int | None, float | None], Player]] = {
    "ismcts": lambda seed, iterations, ms: IsmctsPlayer(seed, iterations=iterations, ms=ms),
}


@dataclass(frozen=True)
class Budget:
    """What a run's searching players may spend on a decision. Without `ms` the games depend on
    the seed only; with it, on the machine's speed and load too."""

    iterations: int | None = None  # None: the player's own iteration budget (with ms: no cap)
    ms: float | None = None  # a time budget, asked for explicitly


def match_seed(seed: int, index: int) -> int:
    """The seed of match `index` in a run: distinct per match, reproducible from the run's seed."""
    return seed * 1_000_003 + index


def player_seed(seed: int, seat: int) -> int:
    return seed * 101 + seat + 1


def seating(strategies: Sequence[str], index: int) -> list[str]:
    """Who sits where in match `index`: the list turned by one seat per match."""
    turn = index % len(strategies)
    return [*strategies[turn:], *strategies[:turn]]


def build_player(name: str, seed: int, budget: Budget | None = None) -> Player:
    """A run's player: a searching one on an iteration budget (the same choices on any machine:
    its own, or `budget.iterations`), or with `budget.ms` on that much time a decision."""
    budget = budget or Budget()
    if name in _SEARCHERS and (budget.ms is not None or budget.iterations is not None):
        return _SEARCHERS[name](seed, budget.iterations, budget.ms)
    return make_player(name, seed, reproducible=True)


def budgets(strategies: Sequence[str], budget: Budget | None = None) -> dict[str, str]:
    """What each searching strategy of a run decides on, as the output says it, e.g.
    {"ismcts": "600 iterations per decision"}; empty when no strategy searches."""
    said: dict[str, str] = {}
    for name in dict.fromkeys(strategies):
        player = build_player(name, 0, budget)
        iterations, ms = getattr(player, "iterations", None), getattr(player, "ms", None)
        if ms is not None:
            cap = f" (at most {iterations} iterations)" if iterations is not None else ""
            said[name] = f"time budget {ms:g} ms per decision{cap}: not reproducible"
        elif iterations is not None:
            said[name] = f"{iterations} iterations per decision"
    return said


def is_reproducible(strategies: Sequence[str], budget: Budget | None = None) -> bool:
    """Whether a run gives the same games on any machine: no strategy plays on a clock."""
    return not any("not reproducible" in text for text in budgets(strategies, budget).values())


@dataclass(frozen=True)
class MatchRecord:
    """What one match measured, read off its event log; seats as they sat in that match."""

    index: int  # the match's number in its run: the same seed under every rule file
    seed: int
    seated: tuple[str, ...]  # the strategy in each seat
    wins: tuple[float, ...]  # each seat's share of the win (its side won alone: 1; shared: a fraction)
    scores: tuple[int, ...]  # each seat's side's final score
    round_points: tuple[int, ...]  # the points all sides scored in each round
    blocked: int  # rounds that ended blocked
    turns: int  # one seat's actions in a row within a round (its draws, a double's extra play)
    actions: int  # every action: a play, a draw, a pass, a marker
    drawn: int  # tiles drawn from the boneyard during play
    margin: int  # the winning side's lead over the best other side at the end (0 after a tie)
    contracts: int = 0  # trick games: hands played under a bid
    made: int = 0  # trick games: of those, the hands whose bid was made

    @property
    def rounds(self) -> int:
        return len(self.round_points)

    def share_of(self, strategy: str) -> float:
        """A strategy's result in this match: its seats' mean share of the win (it may sit twice)."""
        shares = [won for won, seated in zip(self.wins, self.seated, strict=True) if seated == strategy]
        return sum(shares) / len(shares)


def measure(match: Match, index: int, seed: int, seated: Sequence[str]) -> MatchRecord:
    """A finished match's `MatchRecord`, from one pass over its event log."""
    scores = list(match.events[0]["scores"])  # the header's initial scores
    round_points: list[int] = []
    blocked = turns = actions = drawn = contracts = made = 0
    last_seat: int | None = None
    for event in match.events:
        kind = event["type"]
        if kind == "action":
            actions += 1
            if event["seat"] != last_seat:
                turns += 1
                last_seat = event["seat"]
        elif kind == "draw":
            drawn += 1
        elif kind == "round_end":
            round_points.append(sum(event["scores"]) - sum(scores))
            scores = event["scores"]
            blocked += event["reason"] == "blocked"
            if event.get("bid") is not None:  # a trick game's hand under a contract
                contracts += 1
                made += bool(event.get("made"))
            last_seat = None  # the next round's first action starts a turn, whoever acts
    final = match.scores
    winners = set(match.winners)
    won = [final[side] for side in winners]
    others = [score for side, score in enumerate(final) if side not in winners]
    if not won or not others:
        margin = 0
    elif match.ruleset.match.winner is Winner.LOWEST:
        margin = min(others) - min(won)
    else:
        margin = max(won) - max(others)
    share = 1 / len(winners) if winners else 0.0
    sides = [match.side_of(seat) for seat in range(len(seated))]
    return MatchRecord(
        index,
        seed,
        tuple(seated),
        tuple(share if side in winners else 0.0 for side in sides),
        tuple(final[side] for side in sides),
        tuple(round_points),
        blocked,
        turns,
        actions,
        drawn,
        margin,
        contracts,
        made,
    )


def play_match(
    ruleset: Ruleset,
    players: Sequence[Player],
    seed: int,
    log: TextIO | None = None,
    header: Mapping[str, Any] | None = None,
    teams: bool | None = None,
) -> Match:
    """One match; its event log goes to `log`, with `header`'s entries added to the match header."""
    match = new_match(ruleset, players=len(players), seed=seed, teams=teams)
    if all(player.name == RandomPlayer.name for player in players):
        # Uniform random play at every seat is what the engine's own playout does, without a call
        # per decision: the same distribution of games, from one generator instead of one a seat.
        match.playout(random.Random(player_seed(seed, 0)), until="match")
    while not match.is_over:
        seat = match.current_player
        assert seat is not None  # a match not over has a seat to move
        player = players[seat]
        legal = match.legal_actions()
        observation = match.observation(seat) if player.observes else None
        match.apply(player.choose(observation, legal))
    if log is not None:
        write_events(match.events, log, header or {})
    return match


def write_events(events: Sequence[dict], out: TextIO, header: Mapping[str, Any]) -> None:
    for event in events:
        record = {**event, **header} if event.get("type") == "match" else event
        out.write(json.dumps(record, separators=(",", ":")) + "\n")


@dataclass
class WinTally:
    """One strategy's, or one seat position's, record: the matches it sat in, its share of wins, its side's
    final scores."""

    matches: int = 0
    wins: Fraction = Fraction(0)
    score_total: int = 0

    def add(self, other: WinTally) -> None:
        self.matches += other.matches
        self.wins += other.wins
        self.score_total += other.score_total

    def to_json(self) -> dict[str, Any]:
        """The counts (its win rate, an estimate, is `SimulationResult.to_json`'s "strategies")."""
        n = max(self.matches, 1)
        return {"matches": self.matches, "wins": float(self.wins), "mean_score": round(self.score_total / n, 3)}


@dataclass
class SimulationResult:
    variant: str
    strategies: list[str]  # as given: the seating of match 0
    matches: int = 0
    rounds: int = 0
    blocked_rounds: int = 0
    contract_rounds: int = 0  # trick games: hands played under a bid
    made_rounds: int = 0  # trick games: of those, the hands whose bid was made
    seats: list[WinTally] = field(default_factory=list)  # per seat position, whoever sat there
    by_strategy: dict[str, WinTally] = field(default_factory=dict)  # a strategy named twice is one entry
    sides: int = 0  # who scores: fewer sides than seats when partners play (seat `s` is on side s % sides)
    seconds: float = 0.0
    # Each match's (blocked rounds, rounds) and (bids made, hands under a bid), summed: the intervals
    # of rounds per match and of the two shares, with the match as the unit, as compare's.
    blocked_sums: Sums = field(default_factory=Sums)
    made_sums: Sums = field(default_factory=Sums)
    records: list[MatchRecord] = field(default_factory=list)  # with `detail`: one a match, by index

    @classmethod
    def empty(cls, variant: str, strategies: Sequence[str]) -> SimulationResult:
        return cls(
            variant,
            list(strategies),
            seats=[WinTally() for _ in strategies],
            by_strategy={name: WinTally() for name in strategies},
        )

    def record(self, match: Match, seated: Sequence[str]) -> None:
        self.matches += 1
        self.sides = match.sides
        rounds = blocked = contracts = made = 0
        for event in match.events_of("round_end"):
            rounds += 1
            blocked += event["reason"] == "blocked"
            if event.get("bid") is not None:
                contracts += 1
                made += bool(event.get("made"))
        self.rounds += rounds
        self.blocked_rounds += blocked
        self.contract_rounds += contracts
        self.made_rounds += made
        self.blocked_sums.add(blocked, rounds)
        self.made_sums.add(made, contracts)
        winners = len(match.winners)
        for seat, name in enumerate(seated):
            won = Fraction(1, winners) if match.side_of(seat) in match.winners else Fraction(0)
            result = WinTally(1, won, match.scores[match.side_of(seat)])
            self.seats[seat].add(result)
            self.by_strategy[name].add(result)

    def add(self, other: SimulationResult) -> None:
        self.matches += other.matches
        self.sides = self.sides or other.sides
        self.rounds += other.rounds
        self.blocked_rounds += other.blocked_rounds
        self.contract_rounds += other.contract_rounds
        self.made_rounds += other.made_rounds
        self.blocked_sums.merge(other.blocked_sums)
        self.made_sums.merge(other.made_sums)
        for mine, theirs in zip(self.seats, other.seats, strict=True):
            mine.add(theirs)
        for name, tally in other.by_strategy.items():
            self.by_strategy[name].add(tally)
        if other.records:  # parts arrive in any order; the records stay in the order of the matches
            self.records = sorted([*self.records, *other.records], key=lambda record: record.index)

    def estimates(
        self,
    ) -> dict[
        str, stats.IntervalEstimate | list[stats.IntervalEstimate] | dict[str, stats.IntervalEstimate] | float | None
    ]:
        """The statistics `domino compare` also gives of a file's matches, computed as it does (the
        match is the unit): win rates by strategy and by seat, the first seat's advantage, rounds per
        match, the blocked share and, in a trick game, the share of bids made (None without a bid)."""
        seats = len(self.seats)
        # A strategy in k seats has its k seats' mean share of each match: its wins over k.
        strategies = {
            name: stats.rate_of(float(tally.wins / self.strategies.count(name)), self.matches)
            for name, tally in self.by_strategy.items()
        }
        by_seat = [stats.rate_of(float(tally.wins), self.matches) for tally in self.seats]
        fair = float(sum(tally.wins for tally in self.seats) / seats / self.matches) if self.matches else 0.0
        return {
            "strategies": strategies,
            "seats": by_seat,
            "first_seat_advantage": by_seat[0].shifted(-fair),
            "fair_share": fair,
            "rounds_per_match": stats.mean_of(self.blocked_sums.denominators()),
            "blocked_share": stats.share_of(self.blocked_sums),
            "made_share": stats.share_of(self.made_sums) if self.contract_rounds else None,
        }

    def to_json(self) -> dict[str, Any]:
        """The run's summary: each statistic named, shaped ({"value", "ci95"}) and counted as in
        `domino compare --json` (stats.UNITS), then what only a run of simulate has (its counts, its speed)."""
        n = max(self.matches, 1)
        return {
            "variant": self.variant,
            "players": self.strategies,
            "sides": self.sides,
            "matches": self.matches,
            "rounds": self.rounds,
            "contracts": self.contract_rounds,  # trick games: the hands played under a bid
            "seats_rotate": True,
            "units": {key: stats.UNITS[key] for key in UNITS_OF_SIMULATE},
            **stats.as_json(self.estimates()),
            "wins": [float(tally.wins) for tally in self.seats],
            "mean_scores": [round(tally.score_total / n, 3) for tally in self.seats],
            "tallies": {name: tally.to_json() for name, tally in self.by_strategy.items()},
            "seconds": round(self.seconds, 3),
            "matches_per_s": round(self.matches / self.seconds, 1) if self.seconds else None,
            "rounds_per_s": round(self.rounds / self.seconds, 1) if self.seconds else None,
        }


# The statistics of simulate's summary (`SimulationResult.estimates`) that have a unit to say.
UNITS_OF_SIMULATE = ("strategies", "seats", "first_seat_advantage", "rounds_per_match", "blocked_share", "made_share")


def simulate_range(
    ruleset: Ruleset,
    strategies: Sequence[str],
    indices: range,
    seed: int,
    log: TextIO | None = None,
    progress: Callable[[int], None] | None = None,
    header: Mapping[str, Any] | None = None,
    teams: bool | None = None,
    *,
    detail: bool = False,
    budget: Budget | None = None,
) -> SimulationResult:
    """Matches `indices` of a run; `progress` hears after each match how many of them are done.
    A log's match headers name the strategy in each seat ("strategies")."""
    result = SimulationResult.empty(ruleset.name, strategies)
    try:
        for done, index in enumerate(indices, start=1):
            seed_i = match_seed(seed, index)
            seated = seating(strategies, index)
            players = [build_player(name, player_seed(seed_i, seat), budget) for seat, name in enumerate(seated)]
            named = None if log is None else {**(header or {}), STRATEGIES: seated}
            match = play_match(ruleset, players, seed_i, log, named, teams)
            result.record(match, seated)
            if detail:
                result.records.append(measure(match, index, seed_i, seated))
            if progress is not None:
                progress(done)
    except KeyboardInterrupt:
        raise SimulationStopped("interrupted", result, interrupted=True) from None
    return result


def simulate(
    ruleset: Ruleset,
    strategies: Sequence[str],
    matches: int,
    seed: int,
    log: TextIO | None = None,
    progress: Callable[[int], None] | None = None,
    workers: int = 1,
    origin: RulesOrigin | None = None,
    teams: bool | None = None,
    *,
    detail: bool = False,
    budget: Budget | None = None,
    backend: Backend | None = None,
) -> SimulationResult:
    """`matches` matches; with `workers` > 1 in that many processes, with the same totals and log.

    `origin` says how `ruleset` is built again (default: its rule file as it is); the log's match
    headers record it, and worker processes build the rules from it. `detail`: keep a
    `MatchRecord` of every match; `budget`: what searching players spend on a decision.
    `backend`: play on it instead (`workers` is then the backend's business), same totals and log.
    """
    start = time.perf_counter()
    if origin is None and ruleset.source:
        origin = RulesOrigin(ruleset.source)
    header = (origin.log_header() if origin is not None else {}) if log is not None else None
    options = _Options(detail, budget)
    try:
        if backend is not None:
            if origin is None:
                raise ValueError("rules built in memory cannot be sent to another process")
            spec = _Spec(ruleset, origin.portable(), tuple(strategies), matches, seed, header, teams, options)
            result = _on_backend(backend, spec, log, progress)
        elif workers <= 1 or matches < 2:
            result = simulate_range(
                ruleset, strategies, range(matches), seed, log, progress, header, teams,
                detail=detail, budget=budget,
            )  # fmt: skip
        else:
            if origin is None:
                raise ValueError("rules built in memory cannot be shared with worker processes")
            spec = _Spec(ruleset, origin, tuple(strategies), matches, seed, header, teams, options)
            result = _in_processes(spec, log, progress, workers)
    except SimulationStopped as stopped:
        stopped.partial.seconds = time.perf_counter() - start
        raise
    result.seconds = time.perf_counter() - start
    return result


class SimulationStopped(Exception):
    """A run that stopped before its last match: `partial` holds the matches that finished."""

    def __init__(self, reason: str, partial: SimulationResult, *, interrupted: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.partial = partial
        self.interrupted = interrupted  # Ctrl-C, rather than a failure


@dataclass(frozen=True)
class _Options:
    detail: bool  # keep a MatchRecord of every match
    budget: Budget | None  # what searching players spend on a decision (None: their own iterations)


@dataclass(frozen=True)
class Chunk:
    """Matches `start` up to `stop` (not included) of a run, as another process (or machine) plays them."""

    origin: RulesOrigin  # a Ruleset holds compiled closures, which do not cross processes
    digest: str
    strategies: tuple[str, ...]
    seed: int
    start: int
    stop: int
    header: Mapping[str, Any] | None  # None: no log
    teams: bool | None  # the matches' choice of partnerships (None: the rules' own)
    options: _Options


_built: dict[tuple[str, tuple[str, ...], str], Ruleset] = {}  # this process's rules, by origin and digest
_BUILT_KEPT = 8  # rule files at once: compare's, say


def _rules_of(chunk: Chunk) -> Ruleset:
    """The chunk's rules, built once per process: a run's chunks share them, and building them
    costs as much as a few cheap matches."""
    key = (chunk.origin.variant, chunk.origin.settings, chunk.digest)
    ruleset = _built.get(key)
    if ruleset is None:
        ruleset = chunk.origin.load()
        if ruleset.digest != chunk.digest:
            raise RuntimeError(
                f"{chunk.origin.variant}: the rules built here differ from the rules the run started with "
                "(the file changed since, or another version of domino-rules runs here)"
            )
        if len(_built) >= _BUILT_KEPT:
            _built.clear()
        _built[key] = ruleset
    return ruleset


def run_chunk(chunk: Chunk) -> tuple[int, SimulationResult, str | None]:
    """One chunk played, in whatever process: (its first match, its result, its log), what `Parts.add` takes."""
    ruleset = _rules_of(chunk)
    log = io.StringIO() if chunk.header is not None else None
    indices = range(chunk.start, chunk.stop)
    options = chunk.options
    result = simulate_range(
        ruleset, chunk.strategies, indices, chunk.seed, log, None, chunk.header, chunk.teams,
        detail=options.detail, budget=options.budget,
    )  # fmt: skip
    return chunk.start, result, None if log is None else log.getvalue()


# The most matches in one chunk: what a stopped run may lose per worker. Measured on
# `simulate draw -n 20000 --workers 2` (random players, the cheapest matches): 6.8 s either way,
# once a worker builds the rules once rather than once a chunk.
CHUNK_MATCHES = 100


@dataclass(frozen=True)
class _Spec:
    """A run to be cut into chunks."""

    ruleset: Ruleset
    origin: RulesOrigin
    strategies: tuple[str, ...]
    matches: int
    seed: int
    header: Mapping[str, Any] | None  # None: no log
    teams: bool | None
    options: _Options

    def chunks(self, workers: int) -> list[Chunk]:
        """The run in chunks for `workers` processes: a few each keep them all busy to the end and let
        the progress bar move, and none is longer than CHUNK_MATCHES, since a run stopped (Ctrl-C, a
        lost worker) keeps only the chunks that finished. Any cut gives the same totals and log:
        match `i` depends on `i` alone."""
        size = max(1, min(CHUNK_MATCHES, math.ceil(self.matches / (workers * 4))))
        run = (self.origin, self.ruleset.digest, self.strategies, self.seed)
        within = (self.header, self.teams, self.options)
        return [Chunk(*run, start, min(start + size, self.matches), *within) for start in range(0, self.matches, size)]


class Parts:
    """The chunks of a run that finished, in whatever order: their results summed, their logs kept
    to be written in the order of the matches."""

    def __init__(self, variant: str, strategies: Sequence[str]) -> None:
        self.total = SimulationResult.empty(variant, strategies)
        self._logs: dict[int, str] = {}

    def add(self, done: tuple[int, SimulationResult, str | None]) -> None:
        """What `run_chunk` gave for a chunk: (its first match, its result, its log)."""
        start, part, text = done
        self.total.add(part)  # sums of integers and fractions: the order of arrival does not matter
        if text is not None:
            self._logs[start] = text

    def write_logs(self, log: TextIO | None) -> None:
        if log is not None:
            for start in sorted(self._logs):
                log.write(self._logs[start])


class Backend(Protocol):
    """Somewhere else to play a run's chunks (interpreter/study/ray_backend.py)."""

    def run(
        self, chunks_for: Callable[[int], list[Chunk]], parts: Parts, progress: Callable[[int], None] | None
    ) -> None:
        """Play the chunks `chunks_for(workers)` gives, `workers` being how many it plays at once, each
        by `run_chunk`, adding every finished one to `parts` and telling `progress` how many matches
        are done. Raises SimulationStopped(..., parts.total) when it cannot finish (Ctrl-C:
        interrupted=True), having added every chunk that finished."""


def _on_backend(
    backend: Backend, spec: _Spec, log: TextIO | None, progress: Callable[[int], None] | None
) -> SimulationResult:
    parts = Parts(spec.ruleset.name, spec.strategies)
    try:
        backend.run(spec.chunks, parts, progress)
    except SimulationStopped:
        parts.write_logs(log)  # the matches that finished: logged as they would have been
        raise
    parts.write_logs(log)
    return parts.total


def _in_processes(
    spec: _Spec, log: TextIO | None, progress: Callable[[int], None] | None, workers: int
) -> SimulationResult:
    chunks = spec.chunks(workers)
    parts = Parts(spec.ruleset.name, spec.strategies)
    kept: set[Future] = set()

    def keep(future: Future) -> None:
        parts.add(future.result())
        kept.add(future)

    stopped: SimulationStopped | None = None
    futures: list[Future] = []
    executor = ProcessPoolExecutor(min(workers, len(chunks)), initializer=_ignore_interrupts)
    try:
        with _interrupts_ignored():  # the workers start here: none of them may see a Ctrl-C
            futures += [executor.submit(run_chunk, chunk) for chunk in chunks]
        for future in as_completed(futures):
            keep(future)
            if progress is not None:
                progress(parts.total.matches)
    except BrokenProcessPool:
        # A worker died (killed, out of memory): its matches are lost, the finished ones are not.
        for future in futures:
            if future not in kept and future.done() and not future.cancelled() and future.exception() is None:
                keep(future)
        stopped = SimulationStopped("a worker process ended abruptly (killed, or out of memory)", parts.total)
    except KeyboardInterrupt:
        stopped = SimulationStopped("interrupted", parts.total, interrupted=True)
    finally:
        if not all(future.done() for future in futures):  # interrupted, or an error in a chunk
            _stop_workers(executor)
        executor.shutdown(wait=True, cancel_futures=True)
    parts.write_logs(log)
    if stopped is not None:
        raise stopped
    return parts.total


def _ignore_interrupts() -> None:
    """A worker's first step: Ctrl-C signals the terminal's whole process group, and the parent
    alone decides what it means (it stops the workers and reports the matches finished)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def _interrupts_ignored() -> Iterator[None]:
    """SIGINT ignored while worker processes start, so that none starts before it ignores it."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _stop_workers(executor: ProcessPoolExecutor) -> None:
    terminate = getattr(executor, "terminate_workers", None)  # Python 3.14
    if terminate is not None:
        terminate()
        return
    for process in list((getattr(executor, "_processes", None) or {}).values()):
        if process.is_alive():
            process.terminate()
