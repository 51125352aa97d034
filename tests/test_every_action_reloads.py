"""Every game reloads, for every action of every game: not only the ones someone thought to try.

For every rule file of the corpus (tests/rule_files.py), matches played by every kind of computer
player (interpreter.players.PLAYERS) and by an explorer that seeks the actions not yet taken are

- logged as `domino simulate --log` logs them (`write_events`, with the header `RulesOrigin`
  adds) and replayed through `interpreter.records.replay`, identically;
- saved at two random points through the real journal (`SaveJournal.start` writing it whole, then
  `record` appending), read back (`read_save`), rebuilt (`rebuild`) and resumed to the same end;
- and every action the engine ever offered (each `legal_actions()` on the way, not only the
  actions chosen) reads back from its JSON form (to_json, json.dumps, json.loads, from_json) and
  from its text form (str, Action.parse).

A match is cut after CUT actions (searching players: SEARCH_CUT), where a log and a save are of an
unfinished game. The last test asserts what the corpus reached: every kind of action of
`actions.KINDS`, every form of play and declaration, every special contract of every file offered
and taken, so that a change which quietly stops the corpus reaching one fails here.

Hypothesis adds what no game offers: any JSON value or text is an action that reads back, or is
refused with ValueError (derandomized: the same examples every run).
"""

from __future__ import annotations

import functools
import io
import json
import os
import random
import shutil
import tempfile
import zlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.engine import Action, Match
from interpreter.engine.actions import DOUBLES, KINDS, NO_TRUMPS, PLAY, TRUMPS
from interpreter.players import PLAYERS, Player
from interpreter.players.ismcts import IsmctsPlayer
from interpreter.records.replay import STRATEGIES, RulesOrigin, replay
from interpreter.records.savegame import SavedGame, SaveJournal, read_save, rebuild
from interpreter.rulefile.ruleset import Ruleset
from interpreter.study.simulation import write_events
from tests.rule_files import FILES, ruleset, seatings

SEED = 11
CUT = 250  # actions of a match by the cheap players (most matches of a small file end before)
SEARCH_CUT = 30  # ... by the searching players: a deal, its auction and tricks, or a round's first turns
SEARCHING = ("greedy", "ismcts")
ISMCTS_ITERATIONS = 4  # a small fixed budget, no clock: its choices depend on the seed only
EXPLORER = "explorer"
EXPLORER_MATCHES = 60  # at most, per file: the explorer plays on until it took all it was offered


class Case(NamedTuple):
    file: str
    kind: str  # a kind of PLAYERS at every seat, or EXPLORER

    def __str__(self) -> str:
        return f"{self.file}-{self.kind}"


CASES = [Case(file, kind) for file in FILES for kind in (*PLAYERS, EXPLORER)]


def form(action: Action) -> str:
    """What kind of action this is, finer than its kind: how a tile is played, what is declared
    (a special contract by its name)."""
    if action.kind == PLAY:
        if isinstance(action.value, tuple):
            return "play tiles together"
        if action.value is not None:
            return "lead naming its suit"
        if action.arm is None and action.half is not None:
            return "lead naming its open end"
        return "play on an arm" if action.arm is not None else "lead or play to a trick"
    if action.kind == TRUMPS:
        if isinstance(action.value, int):
            return "trumps: a suit"
        return f"trumps: {action.value}"
    return action.kind


class Explorer:
    """Seeks what it has not done yet: an action of a form it never took, else an action it never
    took (a bid's value, a declaration, a tile), else any, at random among them. Shared by every seat
    and every match of a file, so that rare actions (plunge: four doubles, and winning the auction
    at 168) are taken once offered."""

    name = EXPLORER
    observes = False

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.forms: set[str] = set()
        self.taken: set[Action] = set()

    def choose(self, _observation: object, legal: Sequence[Action]) -> Action:
        fresh = [a for a in legal if form(a) not in self.forms] or [a for a in legal if a not in self.taken]
        action = self.rng.choice(fresh or legal)
        self.forms.add(form(action))
        self.taken.add(action)
        return action


@dataclass
class Played:
    """One match, as played: its actions, its events, and how many events stood after each action."""

    rules: Ruleset
    seed: int
    kinds: list[str]  # who sat where
    actions: list[Action] = field(default_factory=list)
    marks: list[int] = field(default_factory=list)  # marks[k]: events after k actions
    events: list[dict[str, Any]] = field(default_factory=list)
    over: bool = False


@dataclass
class Reached:
    """What a case offered and took, and what it checked."""

    offered: set[str] = field(default_factory=set)  # forms
    taken: set[str] = field(default_factory=set)
    kinds: set[str] = field(default_factory=set)  # of the actions taken
    distinct: set[Action] = field(default_factory=set)  # every action offered, once
    matches: int = 0
    actions: int = 0
    saves: int = 0  # written: whole, then appended to
    resumed: int = 0  # read back, rebuilt and played to the end


def _seat(kind: str, seed: int) -> Player:
    if kind == "ismcts":
        return IsmctsPlayer(seed, iterations=ISMCTS_ITERATIONS, ms=None)
    return PLAYERS[kind](seed)


def _play(rules: Ruleset, players: int, teams: bool | None, seed: int, seats: list[Any], cut: int,
          reached: Reached) -> Played:  # fmt: skip
    match = Match(rules, players=players, seed=seed, teams=teams)
    played = Played(rules, seed, [seat.name for seat in seats])
    played.marks.append(len(match.events))
    while not match.is_over and len(played.actions) < cut:
        seat = match.current_player
        assert seat is not None
        legal = match.legal_actions()
        reached.distinct.update(legal)
        reached.offered.update(form(a) for a in legal)
        chooser = seats[seat]
        action = chooser.choose(match.observation(seat) if chooser.observes else None, legal)
        reached.taken.add(form(action))
        reached.kinds.add(action.kind)
        match.apply(action)
        played.actions.append(action)
        played.marks.append(len(match.events))
    played.events, played.over = list(match.events), match.is_over
    return played


def _replays_identically(file: str, played: Played) -> None:
    """The match logged as `domino simulate --log` writes it, replayed by `domino replay`'s code."""
    out = io.StringIO()
    header = {**RulesOrigin(str(FILES[file])).log_header(), STRATEGIES: played.kinds}
    write_events(played.events, out, header)

    def rules_for(head: dict) -> Ruleset:
        assert (head["rules"], head["digest"]) == (played.rules.name, played.rules.digest)
        return played.rules

    report = replay(out.getvalue().splitlines(keepends=True), rules_for)
    assert report.divergence is None, report.divergence
    assert (report.matches, report.actions, report.unfinished) == (1, len(played.actions), not played.over)


def _resumes_identically(file: str, played: Played, folder: Path, rng: random.Random) -> None:
    """Saved at a random point (the journal written whole, as a game starts or resumes), then at a
    later one (appended to, as each action is saved); read back, rebuilt, and resumed with the rest
    of the actions to the same end."""
    first = rng.randint(0, len(played.actions))
    second = rng.randint(first, len(played.actions))
    path = folder / f"{zlib.crc32(file.encode())}-{played.seed}-{played.kinds[0]}.json"
    events = played.events
    game = SavedGame(str(FILES[file]), [], played.rules.digest, played.seed, played.kinds,
                     events[: played.marks[first]])  # fmt: skip
    journal = SaveJournal.start(path, game)
    try:
        journal.record(events[: played.marks[second]])
    finally:
        journal.close()
    saved = read_save(path)
    assert saved.events == events[: played.marks[second]]
    match = rebuild(saved, played.rules)
    for action in played.actions[second:]:
        match.apply(action)
    assert match.events == events and match.is_over == played.over


def _reads_back(action: Action) -> None:
    """The action from its JSON form, through text as a log or a save holds it, and from its text form."""
    assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action, action.to_json()
    assert Action.parse(str(action)) == action, str(action)


@functools.cache
def _run(case: Case, folder: Path) -> Reached:
    rules, reached = ruleset(case.file), Reached()
    rng = random.Random(zlib.crc32(str(case).encode()))
    if case.kind == EXPLORER:  # every seating, match after match, until it took all it was offered
        explorer = Explorer(SEED)
        contracts = {f"trumps: {c.name}" for c in rules.tricks.contracts} if rules.tricks else set()
        for seed in range(SEED, SEED + EXPLORER_MATCHES):
            for players, teams in seatings(rules):
                played = _play(rules, players, teams, seed, [explorer] * players, CUT, reached)
                _check(case, played, folder, rng, reached)
            if reached.offered | contracts <= reached.taken or reached.matches >= EXPLORER_MATCHES:
                break
    else:
        players = rules.players.min
        seats = [_seat(case.kind, SEED * 100 + seat) for seat in range(players)]
        cut = SEARCH_CUT if case.kind in SEARCHING else CUT
        _check(case, _play(rules, players, None, SEED, seats, cut, reached), folder, rng, reached)
    for action in reached.distinct:
        _reads_back(action)
    return reached


def _check(case: Case, played: Played, folder: Path, rng: random.Random, reached: Reached) -> None:
    _replays_identically(case.file, played)
    _resumes_identically(case.file, played, folder, rng)
    reached.saves += 2
    reached.resumed += 1
    reached.matches += 1
    reached.actions += len(played.actions)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Where the saves go: memory, where the system has it (/dev/shm), so that the suite spends its
    time in the save code rather than waiting on the disk's syncs (a few ms each); else a temporary
    folder."""
    memory = Path("/dev/shm")
    if not (memory.is_dir() and os.access(memory, os.W_OK)):
        yield tmp_path_factory.mktemp("saves")
        return
    path = Path(tempfile.mkdtemp(dir=memory, prefix="domino-reloads-"))
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_every_match_replays_resumes_and_every_offered_action_reads_back(case: Case, folder: Path) -> None:
    reached = _run(case, folder)
    assert reached.matches and reached.resumed == reached.matches and reached.distinct


# Every form an action takes in the corpus: a play on a line's arm, a lead or a play to a trick, a
# lead that names its suit, a lead that names its open end (start.lead_names_end), tiles played
# together, the trumps declarations, and every other kind (a pick among them: a tile picked
# towards a play of several tiles, following such a lead).
FORMS = {
    "play on an arm", "lead or play to a trick", "lead naming its suit", "lead naming its open end",
    "play tiles together",
    "trumps: a suit", f"trumps: {DOUBLES}", f"trumps: {NO_TRUMPS}", *(k for k in KINDS if k not in (PLAY, TRUMPS)),
}  # fmt: skip


def test_the_corpus_offers_and_takes_every_kind_form_and_special_contract(folder: Path) -> None:
    offered: dict[str, set[str]] = {}
    taken: dict[str, set[str]] = {}
    kinds: set[str] = set()
    for case in CASES:
        reached = _run(case, folder)
        offered.setdefault(case.file, set()).update(reached.offered)
        taken.setdefault(case.file, set()).update(reached.taken)
        kinds |= reached.kinds
    contracts = {file: {f"trumps: {c.name}" for c in ruleset(file).tricks.contracts}
                 for file in FILES if ruleset(file).tricks is not None}  # fmt: skip
    every_contract = set().union(*contracts.values())
    assert {"trumps: nel-o", "trumps: plunge", "trumps: splash", "trumps: sevens"} <= every_contract
    assert set().union(*offered.values()) == FORMS | every_contract
    assert kinds == set(KINDS)
    for file in FILES:  # in each file, every form it offered was taken: a special contract included
        assert offered[file] | contracts.get(file, set()) <= taken[file], file


# --- what no game offers -------------------------------------------------------------------------

_SMALL = st.one_of(st.none(), st.booleans(), st.integers(-3, 120), st.integers(), st.floats(allow_nan=False),
                   st.text(max_size=45), st.sampled_from(["nel-o", DOUBLES, NO_TRUMPS, "6", ""]))  # fmt: skip
_JSON = st.recursive(
    _SMALL,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
_TILE = st.lists(st.integers(-1, 101) | _SMALL, min_size=0, max_size=3)
_ACTIONS = st.fixed_dictionaries(
    {"kind": st.sampled_from([*KINDS, "jump"])},
    optional={"tile": _TILE | _JSON, "tiles": st.lists(_TILE, max_size=4) | _JSON, "value": _SMALL | _JSON,
              "arm": _SMALL, "half": _SMALL},
)  # fmt: skip


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(st.one_of(_ACTIONS, _JSON))
def test_any_json_is_an_action_that_reads_back_or_is_refused_with_value_error(data: Any) -> None:
    try:
        action = Action.from_json(data)
    except ValueError:
        return
    assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action


_WORDS = st.lists(st.sampled_from(["play", "lead", "as", "on", "arm", "bid", "trumps", "discard", "6-3", "[6|6]",
                                   "1-2,", "3", "12", "1000000", "nel-o", "Doubles", "none", "pass", "  "]),
                  max_size=5).map(" ".join)  # fmt: skip


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(st.one_of(_WORDS, st.text(max_size=60)))
def test_any_text_is_an_action_whose_text_reads_back_or_is_refused_with_value_error(text: str) -> None:
    try:
        action = Action.parse(text)
    except ValueError:
        return
    assert Action.parse(str(action)) == action
    assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action
