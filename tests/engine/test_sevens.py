"""Sevens (rules/texas-42-house.yaml): the tile closest to seven pips takes the trick, the first
played among equals, however far from seven the closest tile is (issue 27: the winner was searched
from a rank that sevens' ranks, -7..0, never reach when every tile is three or more pips from seven,
so the leader took such tricks)."""

from __future__ import annotations

import random

import pytest
from engine_helpers import house, rules

from interpreter.engine import Action, Match, deal
from interpreter.engine.actions import BID, PASS_ACTION, TRUMPS


def closest_to_seven(tiles: list) -> int:
    """The oracle, independent of the engine: the first tile played of those closest to 7 pips."""
    return min(range(len(tiles)), key=lambda i: abs(sum(tiles[i][1]) - 7))


def sevens_rank() -> str:
    """The bundled contract's rank formula, so that the double-nine deals below play the same rule."""
    (sevens,) = [c for c in rules("texas-42-house").tricks.contracts if c.name == "sevens"]
    return sevens.rank.source


# A double-six trick cannot have its closest tile six or seven pips from seven (only 0-1 and 0-0
# are), so the deals are double-nine: the bundled sevens contract's rank in Texas 42 with that set
# ("sevens" names the suit of sevens there, hence the contract's other name), 28 of its 55 tiles
# dealt. Seat 0 bids, declares and leads; seat 1 plays the closest tile, and seat 3 one as close
# after it; the leader's tile is one pip farther. Distances 0-3: the first trick; 4-7: the last,
# seat 0 holding the six closest tiles of the deal so that it takes the six tricks before.
DEALS = {
    0: ("0-6 9-9 8-9 8-8 7-9 7-8 6-9", "0-7 0-1 6-6 5-7 4-8 3-9 1-1",
        "7-7 6-8 5-9 0-0 6-7 5-8 4-9", "1-6 0-2 5-6 4-7 3-8 2-9 1-2"),
    1: ("0-5 9-9 8-9 8-8 7-9 7-8 6-9", "0-6 0-1 6-6 5-7 4-8 3-9 1-1",
        "7-7 6-8 5-9 0-0 6-7 5-8 4-9", "0-8 0-2 5-6 4-7 3-8 2-9 1-2"),
    2: ("0-4 9-9 8-9 8-8 7-9 7-8 6-9", "0-5 0-1 6-6 5-7 4-8 3-9 1-1",
        "7-7 6-8 5-9 0-0 6-7 5-8 4-9", "0-9 0-2 5-6 4-7 3-8 2-9 1-2"),
    3: ("0-3 9-9 8-9 8-8 7-9 7-8 6-9", "0-4 0-1 6-6 5-7 4-8 3-9 1-1",
        "7-7 6-8 5-9 0-0 6-7 5-8 4-9", "1-3 0-2 5-6 4-7 3-8 2-9 1-2"),
    4: ("0-7 1-6 2-5 3-4 0-6 0-8 0-2", "0-3 5-6 4-7 3-8 2-9 5-5 4-6",
        "9-9 1-5 1-7 2-4 2-6 3-3 3-5", "1-2 3-7 2-8 2-2 1-9 1-3 0-4"),
    5: ("0-7 1-6 2-5 3-4 0-6 0-8 0-1", "0-2 6-6 5-7 4-8 3-9 5-6 4-7",
        "9-9 1-5 1-7 2-4 2-6 3-3 3-5", "1-1 3-8 2-9 1-2 0-3 5-5 4-6"),
    6: ("0-7 1-6 2-5 3-4 0-6 0-8 0-0", "0-1 6-7 5-8 6-6 5-7 4-8 3-9",
        "9-9 1-5 1-7 2-4 2-6 3-3 3-5", "4-9 1-1 0-2 5-6 4-7 3-8 2-9"),
    7: ("0-7 1-6 2-5 3-4 0-6 0-8 6-9", "0-0 7-7 6-8 6-7 5-8 4-9 0-1",
        "9-9 1-5 1-7 2-4 2-6 3-3 3-5", "5-9 6-6 5-7 4-8 3-9 1-1 0-2"),
}  # fmt: skip


@pytest.fixture(scope="module")
def double_nine():
    contract = f'{{name: closest, min_bid: 42, trumps: none, rank: "{sevens_rank()}", aim: all_tricks}}'
    return house(f"extends: texas-42\nset: {{max_pip: 9}}\ncontracts: [{contract}]\n")


@pytest.mark.parametrize("distance", sorted(DEALS))
def test_the_tile_closest_to_seven_takes_the_trick_at_every_distance(double_nine, distance: int) -> None:
    match = Match(double_nine, 4, deals=[deal(*DEALS[distance], starter=0)])
    for action in (Action(BID, value=42), PASS_ACTION, PASS_ACTION, PASS_ACTION, Action(TRUMPS, value="closest")):
        match.apply(action)
    events: list[dict] = []
    while not any(e["type"] == "round_end" for e in events):
        events += match.apply(match.legal_actions()[0])
    tricks = [e for e in events if e["type"] == "trick"]
    seats = [seat for seat, _ in tricks[-1]["tiles"]]
    distances = [abs(sum(tile) - 7) for _, tile in tricks[-1]["tiles"]]
    assert seats == [0, 1, 2, 3] and distances[:2] == [distance + 1, distance] and distances[3] == distance
    assert [t["seat"] for t in tricks] == [0] * (len(tricks) - 1) + [1]  # seat 1 takes the last trick played
    assert len(tricks) == (1 if distance <= 3 else 7)
    end = next(e for e in events if e["type"] == "round_end")
    assert (end["reason"], end["scores"]) == ("set", [0, 1])  # a trick lost: the contract is set


def test_random_sevens_hands_give_every_trick_to_the_tile_closest_to_seven() -> None:
    """Random deals of the bundled file, every hand declared sevens and played to its seventh trick
    (the hand does not stop at the first trick lost, so that every trick is checked)."""
    ruleset = house("extends: texas-42-house\ntricks: {stop_when_decided: false}\n")
    rng = random.Random(27)
    checked = wrong = 0
    for seed in range(125):
        match = Match(ruleset, 4, seed=seed)
        for _ in range(4):  # hands
            match.apply(Action(BID, value=42))
            for _ in range(3):
                match.apply(PASS_ACTION)
            events = list(match.apply(Action(TRUMPS, value="sevens")))
            while not any(e["type"] == "round_end" for e in events):
                events += match.apply(rng.choice(match.legal_actions()))
            for trick in (e for e in events if e["type"] == "trick"):
                checked += 1
                wrong += trick["seat"] != trick["tiles"][closest_to_seven(trick["tiles"])][0]
    assert (checked, wrong) == (125 * 4 * 7, 0)
