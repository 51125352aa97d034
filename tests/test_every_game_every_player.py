"""Every rule file the project ships (rules/*.yaml) or keeps as a complete example (tests/examples),
played to the end of one true match by every kind of computer player, the same kind at every seat,
at the file's fewest and most players (and both with and without partnerships where the file lets a
match choose), on fixed seeds: the match ends with a winner (a patience, whose `match.win_requires`
says what a win takes, may end lost), no player's choice is ever refused,
and the same seed plays the same match again. So no rule and no player can disagree unseen.

`ismcts` searches on a small fixed iteration budget and no clock, so its choices depend on the seed
only. The whole matrix runs where DOMINO_EVERY_GAME=all (.ci/run sets it; about two minutes): the
cheap players (random, heavy, counter) at every seating of every file, and the searching players
(greedy, ismcts), which cost the most, at every file's first seating (as tests/reference_logs
records them) and at every seating of a few files, one per kind of game, and of every file of the
families beyond layout and tricks; the normal suite runs a
fast part of it: every file and seating with the cheap players, and the searching players on those
few files at their fewest players.
"""

from __future__ import annotations

import json
import os
from typing import NamedTuple

import pytest

from interpreter.engine import Match
from interpreter.players import PLAYERS, Player
from interpreter.players.ismcts import IsmctsPlayer
from interpreter.rulefile.ruleset import Family
from tests.rule_files import FILES, ruleset, seatings

ISMCTS_ITERATIONS = 4  # a small fixed budget: these runs check agreement, not strength
CHEAP = ("random", "heavy", "counter")  # `counter` plays a layout game as `heavy` does
SEARCHING = ("greedy", "ismcts")
FULL = os.environ.get("DOMINO_EVERY_GAME") == "all"
# Where the normal suite also runs the searching players: the partnership game whose winners pass
# the lead (the crash this module was written for), a draw game, a train game and a trick game.
SEARCHED = ("rules/cuban", "rules/draw", "rules/mexican-train", "rules/bingo")
SEED = 7


def searched_at_every_seating(file: str) -> bool:
    """The few files above, and every file of the families beyond layout and tricks (partition,
    draw and discard, patience, counting: cheap to search, and young)."""
    return file in SEARCHED or ruleset(file).family not in (Family.LAYOUT, Family.TRICKS)


class Case(NamedTuple):
    file: str
    players: int
    teams: bool | None  # None: the file's own choice
    kind: str

    def __str__(self) -> str:
        teams = "" if self.teams is None else ("-teams" if self.teams else "-alone")
        return f"{self.file}-{self.players}p{teams}-{self.kind}"


def matrix() -> list[Case]:
    """The whole matrix: every file, seating and player kind, the searching kinds at a file's first
    seating only, but for the few files searched at every seating."""
    return [
        Case(file, players, teams, kind)
        for file in FILES
        for index, (players, teams) in enumerate(seatings(ruleset(file)))
        for kind in CHEAP + SEARCHING
        if kind in CHEAP or index == 0 or searched_at_every_seating(file)
    ]


def quick(case: Case) -> bool:
    return case.kind in CHEAP or (case.file in SEARCHED and case.players == ruleset(case.file).players.min)


MATRIX = matrix()
CASES = MATRIX if FULL else [case for case in MATRIX if quick(case)]


def player(kind: str, seed: int) -> Player:
    if kind == "ismcts":
        return IsmctsPlayer(seed, iterations=ISMCTS_ITERATIONS, ms=None)
    return PLAYERS[kind](seed)


def play(case: Case) -> Match:
    """One whole match, every decision asked of the seat's player and applied (apply() refuses an
    illegal action with IllegalAction)."""
    match = Match(ruleset(case.file), players=case.players, seed=SEED, teams=case.teams)
    seats = [player(case.kind, SEED * 100 + seat) for seat in range(case.players)]
    while not match.is_over:
        seat = match.current_player
        assert seat is not None
        chooser = seats[seat]
        observation = match.observation(seat) if chooser.observes else None
        match.apply(chooser.choose(observation, match.legal_actions()))
    return match


class Result(NamedTuple):
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: int
    events: str  # the whole log, as JSON


RESULTS: dict[Case, Result] = {}  # what each case played, for the same-seed test to replay


def result(match: Match) -> Result:
    return Result(match.scores, match.winners, match.round, json.dumps(match.events))


def test_ci_plays_the_whole_matrix() -> None:
    if os.environ.get("CI") and not FULL:
        pytest.fail("CI is set: the whole matrix must run there (.ci/run sets DOMINO_EVERY_GAME=all)")


def test_the_matrix_covers_every_file_and_player_kind() -> None:
    assert set(CHEAP + SEARCHING) == set(PLAYERS)
    assert {case.file for case in CASES} == set(FILES) and set(SEARCHED) <= set(FILES)
    assert "rules/cuban" in FILES and "examples/valid/house-two-lines.yaml" in FILES


@pytest.mark.parametrize("case", CASES, ids=str)
def test_the_match_ends_with_a_winner(case: Case) -> None:
    match = play(case)
    assert match.is_over and match.current_player is None and match.legal_actions() == []
    # a match may end with nobody winning only where the file says what a win requires (a patience, lost)
    assert match.winners or match.ruleset.match.win_requires is not None
    assert set(match.winners) <= set(range(match.sides))
    assert match.events[-1]["type"] == "match_end"
    RESULTS[case] = result(match)


# The same seed, the same match: for every file, the random player (which draws from its seed) at
# the fewest players, and ismcts (whose search samples the hidden tiles) there on the searched
# files (on every file, the reference logs replay the first actions of its ismcts match).
SAMPLE = [case for case in CASES if (case.kind == "random" or (case.kind == "ismcts" and case.file in SEARCHED))
          and case.teams is None and case.players == ruleset(case.file).players.min]  # fmt: skip


@pytest.mark.parametrize("case", SAMPLE, ids=str)
def test_the_same_seed_plays_the_same_match(case: Case) -> None:
    first = RESULTS.get(case) or result(play(case))
    assert result(play(case)) == first
