"""Several tiles in one turn (`play.per_turn`, `play.turn_rest`, `play.whole_turn` and the play names
`turn_tiles`, `arm_turn_tiles`), on scripted deals of the example rule files that use them."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
from engine_helpers import legal, of_type, play, scores_in

from interpreter.engine import IllegalAction, Match, deal
from interpreter.engine.actions import Action
from interpreter.engine.layout.determinize import determinize
from interpreter.rulefile.explain import explain
from interpreter.rulefile.loader import load_ruleset

EXAMPLES = Path(__file__).parent.parent / "examples" / "valid"


def _start(example: str, *hands: str, boneyard: str = "", starter: int = 0) -> Match:
    rules = load_ruleset(EXAMPLES / f"{example}.yaml")
    return Match(rules, players=len(hands), deals=[deal(*hands, boneyard=boneyard, starter=starter)])


def test_two_tiles_a_turn_one_on_each_end_whole_while_the_boneyard_lasts() -> None:
    m = _start("two-tiles-a-turn", "6-6 1-4 0-0", "6-1 6-2 1-3 5-5", boneyard="4-4 0-5")
    play(m, "lead 6-6")  # the lead is a turn of its own
    assert m.current_player == 1
    assert legal(m) == ["6-1 on arm 0", "6-2 on arm 0", "6-1 on arm 1", "6-2 on arm 1"]
    play(m, "6-1 on arm 0")
    # The turn goes on, and the second tile must go on the other end: 1-3 fits arm 0 but not there.
    assert m.current_player == 1 and legal(m) == ["6-2 on arm 1"]
    with pytest.raises(IllegalAction, match="arm_turn_tiles == 0"):
        m.apply(Action.parse("1-3 on arm 0"))
    with pytest.raises(IllegalAction, match="this turn lays 2 tiles while any can be laid"):
        m.apply(Action.parse("pass"))
    play(m, "6-2 on arm 1")
    assert m.current_player == 0 and [a.value for a in m.layout.arms] == [1, 2]
    # 1-4 fits arm 0, but nothing fits arm 1 after it: no whole turn, so seat 0 draws.
    assert legal(m) == ["draw"]
    with pytest.raises(IllegalAction, match="whole turn of 2 tiles"):
        m.apply(Action.parse("1-4 on arm 0"))
    play(m, "draw")  # 4-4; the turn passes
    assert m.current_player == 1 and legal(m) == ["draw"]  # 1-3 alone is no whole turn either
    play(m, "draw")  # 0-5: the boneyard is empty, so a turn may now be cut short
    assert m.current_player == 0 and legal(m) == ["1-4 on arm 0"]
    play(m, "1-4 on arm 0")
    # 4-4 fits arm 0, not the end still free: nothing more can be laid, so the turn ends by itself.
    assert m.current_player == 1 and legal(m) == ["pass"]
    events = play(m, "pass", "4-4 on arm 0")
    assert m.current_player == 1
    events += play(m, "pass", "pass")  # a stopped turn laid a tile: only these two passes block
    assert of_type(events, "round_end")[0]["reason"] == "blocked"
    assert scores_in(events) == [(0, 19, "blocked")]  # 1-3 + 5-5 + 0-5 against 0-0


def test_own_train_first_then_up_to_one_tile_on_each_other_open_train() -> None:
    m = _start("own-train-then-others", "6-1 6-2 2-3 1-1", "6-4 4-5 0-0 3-5", boneyard="0-1")
    assert [(a.id, a.owner) for a in m.layout.arms] == [(0, 0), (1, 1), (2, None)]
    # 6-2 fits the shared train too, but the first tile goes on one's own train.
    assert legal(m) == ["6-1 on arm 0", "6-2 on arm 0"]
    play(m, "6-1 on arm 0")
    assert m.current_player == 0 and legal(m) == ["6-2 on arm 2", "pass"]  # seat 1's train is closed
    play(m, "6-2 on arm 2")
    # 2-3 fits arm 2 but it has its tile this turn; no other train is open: the turn ends with the
    # player's stop, as a stop by choice would.
    assert legal(m) == ["pass"]
    play(m, "pass")
    assert m.current_player == 1 and legal(m) == ["6-4 on arm 1"]
    play(m, "6-4 on arm 1", "pass")  # nothing of seat 1's fits the shared train's 2: its stop
    assert m.current_player == 0
    assert legal(m) == ["1-1 on arm 0"]
    play(m, "1-1 on arm 0")
    assert legal(m) == ["2-3 on arm 2", "pass"]
    play(m, "pass")  # the player stops: the turn passes, and no pass counts toward a block
    assert m.current_player == 1 and m.hand(0) == ((2, 3),)
    assert legal(m) == ["4-5 on arm 1"]
    play(m, "4-5 on arm 1", "pass")  # nothing else fits the shared train's 2; seat 0's train is closed
    assert m.current_player == 0 and legal(m) == ["draw"]  # own train shows 1: 2-3 does not fit it
    play(m, "draw")  # 0-1 fits the own train and must be played
    assert legal(m) == ["1-0 on arm 0"]
    play(m, "1-0 on arm 0")
    assert m.current_player == 0 and legal(m) == ["2-3 on arm 2", "pass"]
    events = play(m, "2-3 on arm 2")  # seat 0 is out
    assert of_type(events, "round_end")[0]["reason"] == "domino"


def test_a_turn_of_several_tiles_is_deterministic_in_random_play() -> None:
    rules = load_ruleset(EXAMPLES / "two-tiles-a-turn.yaml")
    logs = []
    for _ in range(2):
        m = Match(rules, players=3, seed=7)
        m.playout(random.Random(3), until="match")
        logs.append([(e["type"], e.get("seat"), e.get("action")) for e in m.events])
    assert logs[0] == logs[1] and m.is_over
    plays = [(seat, action) for kind, seat, action in logs[0] if kind == "action"]
    # Some turn laid two tiles: the same seat played twice in a row.
    assert any(a[0] == b[0] and "arm" in str(a[1]) and "arm" in str(b[1]) for a, b in itertools.pairwise(plays))


def test_explain_says_how_many_tiles_a_turn_lays_and_when_it_must_be_whole() -> None:
    text = " ".join(explain(load_ruleset(EXAMPLES / "two-tiles-a-turn.yaml")).split())
    assert (
        "A turn lays 2 tiles, one after the other (never more than the player holds, unless it must be laid "
        "whole; a lead is a turn of its own). The player lays them while any can be laid; when none can, the turn "
        "ends. When the number of tiles left to draw is more than 0, the turn must be laid whole: a player who "
        "cannot lay all of its tiles (or holds fewer) lays none, and counts as unable to play."
    ) in text
    text = " ".join(explain(load_ruleset(EXAMPLES / "own-train-then-others.yaml")).split())
    assert (
        "A turn lays as many tiles as the number of players + 1, one after the other (never more than the "
        "player holds; a lead is a turn of its own). After the first of them, the player may stop at any time, "
        "and stops (passes) when no more can be laid: the others cannot tell which."
    ) in text


def test_a_determinization_knows_whose_turn_it_is_after_a_turn_that_ended_by_itself() -> None:
    """The replay behind a search's determinization has stand-in hands that could go on laying
    tiles: the log, not those hands, says when a turn of several tiles ended."""
    m = _start("two-tiles-a-turn", "6-6 1-4 0-0", "6-1 6-2 1-3 5-5", boneyard="4-4 0-5")
    play(m, "lead 6-6", "6-1 on arm 0")
    copy = determinize(m, 1, random.Random(1))
    assert copy.current_player == 1 and legal(copy) == ["6-2 on arm 1"]  # mid-turn: the second tile
    play(m, "6-2 on arm 1", "draw", "draw", "1-4 on arm 0")  # seat 0's turn ends after one tile
    for seat in (0, 1):
        copy = determinize(m, seat, random.Random(seat))
        assert copy.current_player == 1
    assert legal(determinize(m, 1, random.Random(2))) == ["pass"]
