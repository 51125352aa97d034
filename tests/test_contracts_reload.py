"""A game in which someone declared a special contract (rules/texas-42-house.yaml: nel-o, plunge,
splash, sevens) is a game like any other: its `simulate --log` replays, its `domino play` save
resumes, and its declarations read back from their JSON and text forms. Reading an action is bounded:
anything that is not one is refused with ValueError, never another exception."""

from __future__ import annotations

import json
import re

import pytest

from interpreter.engine import Action
from interpreter.engine.actions import BID, DISCARD, PLAY, TRUMPS
from interpreter.frontends.cli.commands.environment import ExitStatus
from tests.clirunner import domino

CONTRACTS = ("nel-o", "plunge", "splash", "sevens")


@pytest.mark.parametrize("name", CONTRACTS)
def test_a_contract_declared_by_its_name_reads_back_from_json_and_text(name):
    declared = Action(TRUMPS, value=name)
    assert Action.from_json(json.loads(json.dumps(declared.to_json()))) == declared
    assert Action.from_json({"kind": "trumps", "value": name}) == declared
    assert Action.parse(str(declared)) == declared


def test_a_contract_name_keeps_its_case_and_inner_spaces_in_the_text_form():
    declared = Action(TRUMPS, value="Low  Boy")  # a house file may call its contract so
    assert Action.parse(str(declared)) == declared
    assert Action.parse(f"  TRUMPS {declared.value}  ") == declared


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "trumps", "value": "x" * 41},  # longer than a contract's name may be (docs/format.md)
        {"kind": "trumps", "value": ""},
        {"kind": "trumps", "value": 5.0},
        {"kind": "trumps", "value": True},
        {"kind": "trumps", "value": ["nel-o"]},
        {"kind": "trumps", "value": -1},
        {"kind": "trumps", "value": 10**30},
        {"kind": "trumps"},
        {"kind": "bid", "value": "30"},
        {"kind": "bid", "value": -5},
        {"kind": "bid", "value": 1_000_001},
        {"kind": "bid", "value": False},
        {"kind": "discard"},
        {"kind": "discard", "tile": 5},
        {"kind": "discard", "tile": [1, 2, 3]},
        {"kind": "play"},
        {"kind": "play", "tile": None},
        {"kind": "play", "tile": "6-6"},
        {"kind": "play", "tile": [1.5, 2]},
        {"kind": "play", "tile": [True, 2]},
        {"kind": "play", "tile": ["1", 2]},
        {"kind": "play", "tile": [-1, 2]},
        {"kind": "play", "tile": [100, 2]},
        {"kind": "play", "tile": [1, 2], "arm": "0", "half": 1},
        {"kind": "play", "tile": [1, 2], "arm": -1, "half": 1},
        {"kind": "play", "tile": [1, 2], "arm": 0, "half": 1.0},
        {"kind": "play", "tile": [1, 2], "value": "3"},
        {"kind": "play", "tile": [1, 2], "value": 100},
        {"kind": "play", "tile": [1, 2], "tiles": [[1, 2], [3]]},
        {"kind": "play", "tile": [1, 2], "tiles": "1-2 3-4"},
        {"kind": "play", "tile": [1, 2], "tiles": [[1, 2]] * 33},
        {"kind": "play", "tile": [1, 2], "tiles": [[1, 2], None]},
        {"kind": "jump"},
        {"kind": ["play"]},
        ["play", [1, 2]],
        None,
    ],
    ids=repr,
)
def test_anything_that_is_not_an_action_is_refused_with_value_error(data):
    with pytest.raises(ValueError, match="not an action"):
        Action.from_json(data)


@pytest.mark.parametrize(
    "text", ["trumps " + "x" * 41, "trumps", "bid 10000000", "bid -3", "bid", "discard", "play 6-3 as 100", "jump"]
)
def test_text_that_is_not_an_action_is_refused_with_value_error(text):
    with pytest.raises(ValueError):
        Action.parse(text)


def test_the_widest_bid_reads_back():
    widest = Action(BID, value=1_000_000)  # a bid's value goes up to 1,000,000 (docs/format.md)
    assert Action.parse(str(widest)) == widest
    assert Action.from_json(widest.to_json()) == widest
    assert Action.from_json({"kind": DISCARD, "tile": [4, 6]}) == Action(DISCARD, (4, 6))
    assert Action.from_json({"kind": PLAY, "tile": [6, 4]}) == Action(PLAY, (4, 6))


def test_a_simulated_house_42_log_with_its_contracts_replays(tmp_path):
    simulated = domino("simulate", "texas-42-house", "-n", "20", "--seed", "1", "--log", "l.jsonl", cwd=tmp_path)
    assert simulated.status is ExitStatus.OK, simulated.stderr
    log = (tmp_path / "l.jsonl").read_text()
    declared = set(re.findall(r'"kind":"trumps","value":"([a-z-]+)"', log))
    assert {"nel-o", "sevens", "splash"} <= declared  # not a log that happens to avoid them
    replayed = domino("replay", "l.jsonl", cwd=tmp_path)
    assert replayed.status is ExitStatus.OK, replayed.stderr
    assert "all consistent" in replayed.stdout


def test_a_play_save_with_a_declared_contract_resumes_and_replays(tmp_path):
    """Four people at one keyboard: the first to bid bids 42, the others pass, the bidder declares
    nel-o (by its number in the list the terminal shows), and the game is saved and quit."""
    seats = ("--players", "human,human,human,human", "--seed", "1", "--save", "g.json")
    bid = domino("play", "texas-42-house", *seats, cwd=tmp_path, stdin="bid 42\npass\npass\npass\nquit\n")
    assert bid.status is ExitStatus.OK, bid.stderr
    number = re.findall(r"^\s*(\d+)\s+nel-o\b", bid.stdout, re.MULTILINE)
    assert number, bid.stdout[-2000:]  # the declaration's list offers nel-o
    declared = domino("resume", "g.json", cwd=tmp_path, stdin=f"{number[-1]}\nquit\n")
    assert declared.status is ExitStatus.OK, declared.stderr
    assert '"value":"nel-o"' in (tmp_path / "g.json").read_text()
    resumed = domino("resume", "g.json", cwd=tmp_path, stdin="quit\n")
    assert resumed.status is ExitStatus.OK, resumed.stderr
    assert "nel-o" in resumed.stdout
    replayed = domino("replay", "g.json", cwd=tmp_path)
    assert replayed.status is ExitStatus.OK, replayed.stderr
