"""Playing many matches between computer players, and what they add up to.

Pure apart from the clock: the same ruleset, strategies and seed give the same games, and an
optional sink receives every match's event log (JSON Lines) for `domino replay`.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TextIO

from interpreter.engine import Match
from interpreter.players import Player, make_player
from interpreter.ruleset import Ruleset


def match_seed(seed: int, index: int) -> int:
    """The seed of match `index` in a run: distinct per match, reproducible from the run's seed."""
    return seed * 1_000_003 + index


def player_seed(seed: int, seat: int) -> int:
    return seed * 101 + seat + 1


def play_match(
    ruleset: Ruleset, players: Sequence[Player], seed: int, log: TextIO | None = None
) -> Match:
    match = Match(ruleset, players=len(players), seed=seed)
    while not match.is_over:
        seat = match.current_player
        player = players[seat]
        legal = match.legal_actions()
        observation = match.observation(seat) if player.observes else None
        match.apply(player.choose(observation, legal))
    if log is not None:
        write_events(match.events, log)
    return match


def write_events(events: Sequence[dict], out: TextIO) -> None:
    for event in events:
        out.write(json.dumps(event, separators=(",", ":")) + "\n")


@dataclass
class SimulationResult:
    variant: str
    strategies: list[str]  # per seat
    matches: int = 0
    rounds: int = 0
    blocked_rounds: int = 0
    wins: list[float] = field(default_factory=list)  # per seat; a shared win counts 1/k
    score_totals: list[int] = field(default_factory=list)  # per seat: its side's final score
    seconds: float = 0.0

    def to_json(self) -> dict:
        n = max(self.matches, 1)
        return {
            "variant": self.variant,
            "players": self.strategies,
            "matches": self.matches,
            "rounds": self.rounds,
            "wins": self.wins,
            "mean_scores": [round(total / n, 3) for total in self.score_totals],
            "blocked_share": round(self.blocked_rounds / max(self.rounds, 1), 4),
            "seconds": round(self.seconds, 3),
            "matches_per_s": round(self.matches / self.seconds, 1) if self.seconds else None,
            "rounds_per_s": round(self.rounds / self.seconds, 1) if self.seconds else None,
        }


def simulate(
    ruleset: Ruleset,
    strategies: Sequence[str],
    matches: int,
    seed: int,
    log: TextIO | None = None,
    progress: Callable[[int], None] | None = None,
) -> SimulationResult:
    seats = len(strategies)
    result = SimulationResult(ruleset.name, list(strategies), wins=[0.0] * seats, score_totals=[0] * seats)
    start = time.perf_counter()
    for index in range(matches):
        seed_i = match_seed(seed, index)
        players = [make_player(name, player_seed(seed_i, seat)) for seat, name in enumerate(strategies)]
        match = play_match(ruleset, players, seed_i, log)
        result.matches += 1
        for event in match.events:
            if event["type"] == "round_end":
                result.rounds += 1
                result.blocked_rounds += event["reason"] == "blocked"
        for seat, share in enumerate(match.returns()):
            result.wins[seat] += share
            result.score_totals[seat] += match.scores[match.side_of(seat)]
        if progress is not None:
            progress(index + 1)
    result.seconds = time.perf_counter() - start
    return result
