"""Basic Trains (rules/basic-trains.yaml): private trains from one's own double, and a turn that lays
a car on one's own train, then at most one car on each other player's train, marker or none."""

from __future__ import annotations

from pathlib import Path

import pytest
from engine_helpers import legal, play, rules, scores_in, start

from interpreter.engine import IllegalAction
from interpreter.engine.actions import Action
from interpreter.rulefile.explain import explain
from tests.clirunner import domino

HANDS = ("5-5 5-1 7-2 7-8 1-3", "4-4 4-2 6-8 9-0", "7-7 7-0 3-6", "8-8 8-3 6-6 2-9")


def test_a_turn_lays_a_car_on_ones_own_train_then_one_on_each_other_train() -> None:
    m = start("basic-trains", *HANDS)
    assert m.layout.hub is None and m.layout.arms == ()  # no engine: every train starts from a double
    assert legal(m) == ["lead 5-5"]  # the first turn: a double of one's own
    play(m, "lead 5-5", "lead 4-4", "lead 7-7", "lead 8-8")
    owners = [(a.id, a.owner, a.value) for a in m.layout.arms]
    assert owners == [(0, 0, 5), (1, 0, 5), (2, 1, 4), (3, 1, 4), (4, 2, 7), (5, 2, 7), (6, 3, 8), (7, 3, 8)]
    # A turn starts on one's own train: 7-2 and 7-8 fit the others' trains, but not yet.
    assert legal(m) == ["5-1 on arm 0", "5-1 on arm 1"]
    with pytest.raises(IllegalAction, match=r"play\.allowed"):
        m.apply(Action.parse("7-2 on arm 4"))
    play(m, "5-1 on arm 0")
    # Then one car on any other train: none carries a marker, and the player may stop.
    assert legal(m) == ["7-2 on arm 4", "7-8 on arm 4", "7-2 on arm 5", "7-8 on arm 5", "8-7 on arm 6",
                        "8-7 on arm 7", "pass"]  # fmt: skip
    play(m, "7-2 on arm 4")
    # One car only on seat 2's train, at either of its two ends; seat 3's train is still free;
    # and no second car on one's own train (1-3 fits its end showing 1).
    assert legal(m) == ["8-7 on arm 6", "8-7 on arm 7", "pass"]
    with pytest.raises(IllegalAction, match=r"play\.allowed"):
        m.apply(Action.parse("1-3 on arm 0"))
    play(m, "8-7 on arm 7")
    # Nothing fits seat 1's train (4, 4): the rest of the turn is optional, so the player stops it
    # with a pass all the same, and the others cannot tell a stop by need from one by choice.
    assert m.current_player == 0 and legal(m) == ["pass"]
    play(m, "pass")
    assert m.current_player == 1 and m.hand(0) == ((1, 3),)
    assert [a.value for a in m.layout.arms] == [1, 5, 4, 4, 2, 7, 8, 7]
    assert legal(m) == ["4-2 on arm 2", "4-2 on arm 3"]
    play(m, "4-2 on arm 2")
    assert legal(m) == ["8-6 on arm 6", "pass"]  # 9-0 fits no train
    play(m, "8-6 on arm 6", "pass")  # nothing more fits: seat 1 stops the rest of its turn
    # Seat 2's own train (2, 7) takes 7-0; 3-6 fits seat 3's end showing 6, but only after that.
    assert m.current_player == 2 and legal(m) == ["7-0 on arm 5"]


def test_a_player_who_cannot_add_to_their_own_train_loses_the_turn() -> None:
    m = start("basic-trains", "5-5 9-1 5-0", "4-4 3-2 6-6", "3-3 2-1 0-6", "8-8 1-6 2-0")
    play(m, "lead 5-5", "lead 4-4", "lead 3-3", "lead 8-8", "5-0 on arm 0")
    assert legal(m) == ["pass"]  # 9-1 fits no other train: seat 0 stops its turn (a stop, by need)
    play(m, "pass")
    # 3-2 fits seat 2's train (3), but a turn starts on one's own train, which shows 4 and 4.
    assert m.current_player == 1 and legal(m) == ["pass"]


def test_the_winner_scores_five_a_tile_left_in_the_others_hands() -> None:
    m = start("basic-trains", "5-5 5-1", "4-4 4-2 6-8 9-0", "7-7 7-0 0-1", "8-8 8-3")
    events = play(m, "lead 5-5", "lead 4-4", "lead 7-7", "lead 8-8", "5-1 on arm 0")
    assert scores_in(events) == [(0, 5 * (3 + 2 + 1), "domino")]


def test_explain_tells_the_open_trains_and_the_hub_without_an_engine() -> None:
    text = " ".join(explain(rules("basic-trains")).split())
    assert "The hub has no engine double (no tile is set aside): every train starts from its owner's double." in text
    assert "Every player owns a train, and every train is open to every player, marker or none." in text
    assert "there are no tiles laid on that arm's train this turn" in text
    assert "A turn lays as many tiles as the number of players" in text


def test_the_screen_says_there_is_no_engine(tmp_path: Path) -> None:
    players = "--players", "human,random,random,random", "--seed", "5", "--save", "g.json"
    screen = domino("play", "basic-trains", *players, cwd=tmp_path, stdin="quit\n").stdout
    assert "the engine" not in screen and "[9|9] set aside" not in screen
    assert "No engine: each player's own train grows at both ends" in screen


def test_the_highest_double_is_played_first() -> None:
    """Celko: "The highest double is played first": its holder starts, with that double as his engine,
    not another double of his own (start.lead: qualifying)."""
    m = start("basic-trains", *HANDS, starter=None)
    assert m.current_player == 3 and legal(m) == ["lead 8-8"]  # 6-6 is seat 3's too
    with pytest.raises(IllegalAction, match=r"the round opens with 8-8"):
        m.apply(Action.parse("lead 6-6"))
    play(m, "lead 8-8")
    assert m.current_player == 0 and legal(m) == ["lead 5-5"]  # the others start from any double of theirs


def test_the_hub_has_no_engine_and_the_nine_double_starts_its_holders_train() -> None:
    # Celko: "Each player in his first turn puts down a double, called his \"engine\"": no centre tile,
    # so [9|9] is dealt like any tile, and as the highest double its holder starts with it.
    m = start("basic-trains", "9-9 9-1 2-3", "4-4 4-2", "7-7 7-1", "8-8 8-0")
    assert m.layout.hub is None and m.layout.arms == ()
    assert legal(m) == ["lead 9-9"]
    play(m, "lead 9-9", "lead 4-4", "lead 7-7", "lead 8-8", "9-1 on arm 0")
    owners = [(a.owner, a.value) for a in m.layout.arms]
    assert owners == [(0, 1), (0, 9), (1, 4), (1, 4), (2, 7), (2, 7), (3, 8), (3, 8)]
    play(m, "pass")  # 2-3 fits no other train: the optional rest of the turn stopped
    assert m.current_player == 1 and legal(m) == ["4-2 on arm 2", "4-2 on arm 3"]  # 2-3 fits no train
    assert rules("basic-trains").deal.hand_sizes[5] == 11
