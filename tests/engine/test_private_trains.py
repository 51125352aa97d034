"""Private trains that grow from each player's own double at both ends (`layout.train_start:
own_double`), on scripted deals of the example rule file tests/examples/valid/own-double-trains.yaml."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from engine_helpers import legal, play

from interpreter.engine import IllegalAction, Match, deal
from interpreter.engine.actions import Action
from interpreter.engine.layout.determinize import determinize
from interpreter.rulefile.explain import explain
from interpreter.rulefile.loader import load_ruleset

EXAMPLE = Path(__file__).parent.parent / "examples" / "valid" / "own-double-trains.yaml"


def _start(*hands: str, boneyard: str = "") -> Match:
    return Match(load_ruleset(EXAMPLE), players=len(hands), deals=[deal(*hands, boneyard=boneyard, starter=0)])


def test_each_player_starts_a_train_with_a_double_of_their_own_that_grows_at_both_ends() -> None:
    m = _start("3-3 3-1 2-5", "1-2 4-4 4-0 0-5", boneyard="2-2 5-5")
    assert m.layout.hub == (6, 6) and m.layout.arms == ()  # the engine is set aside; no train yet
    assert legal(m) == ["lead 3-3"]  # a player's first tile on the table is a double of their own
    with pytest.raises(IllegalAction, match="a double of your own starts your train"):
        m.apply(Action.parse("lead 2-5"))
    play(m, "lead 3-3")
    assert [(a.id, a.owner, a.value, a.root) for a in m.layout.arms] == [(0, 0, 3, (3, 3)), (1, 0, 3, (3, 3))]
    assert m.current_player == 1 and legal(m) == ["lead 4-4"]  # seat 0's train is closed to seat 1
    play(m, "lead 4-4")
    assert legal(m) == ["3-1 on arm 0", "3-1 on arm 1"]  # either end of one's own double
    play(m, "3-1 on arm 1", "4-0 on arm 2")
    assert (3, 3) in m.layout.tiles and (4, 4) in m.layout.tiles
    assert legal(m) == ["draw"]  # 2-5 fits neither 3 nor 1
    play(m, "draw")  # 2-2: it fits nowhere either
    assert legal(m) == ["marker"]
    with pytest.raises(IllegalAction, match="train has started already"):
        m.apply(Action.parse("lead 2-2"))
    play(m, "marker")
    # The marker opens both ends of seat 0's train: 1-2 fits the end showing 1.
    assert legal(m) == ["1-2 on arm 1", "0-5 on arm 2"]
    play(m, "1-2 on arm 1")
    copy = determinize(m, 0, random.Random(1))  # a search's copy sees the same table
    assert copy.layout.tiles == m.layout.tiles and copy.legal_actions() == m.legal_actions()


def test_explain_says_where_a_private_train_starts() -> None:
    text = " ".join(explain(load_ruleset(EXAMPLE)).split())
    assert (
        "A player's own train starts from a double of their own, laid in front of them when they can (a turn "
        "of its own), and grows at both of its ends."
    ) in text


def test_random_play_with_private_trains_is_the_same_game_from_the_same_seed() -> None:
    logs = []
    for _ in range(2):
        m = Match(load_ruleset(EXAMPLE), players=3, seed=11)
        m.playout(random.Random(4), until="match")
        logs.append(m.events)
    assert logs[0] == logs[1] and m.is_over
    plays = [e["action"] for e in logs[0] if e["type"] == "action" and e["action"]["kind"] == "play"]
    starts = [move for move in plays if "arm" not in move]
    assert len(starts) >= 3  # every player of the first round started a train
