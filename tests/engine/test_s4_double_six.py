"""S4 — Double Six (rules/double-six.yaml, double-six-sum): SPEC S4 §1–9."""

from __future__ import annotations

import pytest
from engine_helpers import legal, of_type, open_values, play, rules, scores_in, start

from interpreter.engine import Match


@pytest.mark.parametrize("players", [2, 3, 4])
def test_S4_1_seven_tiles_each_no_teams(players: int) -> None:
    m = Match(rules("double-six"), players=players, seed=5)
    assert [len(m.hand(s)) for s in range(players)] == [7] * players
    assert m.sides == players


def test_S4_2_highest_double_leads() -> None:
    m = start("double-six", "1-1 5-6", "2-2 0-3", starter=None)
    assert m.current_player == 1 and legal(m) == ["lead 2-2"]


def test_S4_2_without_doubles_highest_higher_half_then_lower_half() -> None:
    m = start("double-six", "0-1 5-6 2-3", "4-6 1-2", starter=None)
    assert m.current_player == 0 and legal(m) == ["lead 5-6"]
    m = start("double-six", "0-1 4-5 2-3", "4-6 1-2", starter=None)
    assert m.current_player == 1 and legal(m) == ["lead 4-6"]
    assert of_type(m.events, "deal")[0]["how"] == "highest_ranked"


def test_S4_3_blanks_are_wild_the_other_half_becomes_the_open_end() -> None:
    m = start("double-six", "3-5 5-0 6-6", "0-4 6-2 1-1")
    play(m, "lead 3-5")
    # A blank half matches any end.
    assert legal(m) == ["0-4 on arm 0", "0-4 on arm 1"]
    play(m, "0-4 on arm 0")
    assert open_values(m) == [4, 5]
    assert legal(m) == ["0-5 on arm 0", "0-5 on arm 1", "5-0 on arm 1"]
    play(m, "5-0 on arm 1")
    # Any half matches an open blank end.
    assert legal(m) == ["1-1 on arm 1", "2-6 on arm 1", "6-2 on arm 1"]
    play(m, "2-6 on arm 1")
    assert open_values(m) == [4, 6]


def test_S4_4_doubles_crosswise_count_both_halves_at_an_end_no_spinner() -> None:
    m = start("double-six", "5-5 3-3 1-2", "5-3 4-6")
    events = play(m, "lead 5-5")
    assert [a.kind for a in m.layout.arms] == ["end", "end"]
    assert m.layout.ends == (10,) and scores_in(events) == [(0, 2, "in_play")]
    play(m, "5-3 on arm 0")
    assert m.layout.ends == (3, 10)
    play(m, "3-3 on arm 0")
    assert len(m.layout.arms) == 2 and m.layout.spinners == ()
    assert m.layout.ends == (6, 10)


def test_S4_5_draw_until_playable_or_the_boneyard_is_empty_then_pass() -> None:
    m = start("double-six", "6-6 1-1", "2-3 4-4", boneyard="3-4 6-5 2-2")
    play(m, "lead 6-6", "draw")
    assert legal(m) == ["draw"]
    play(m, "draw")
    assert legal(m) == ["6-5 on arm 0", "6-5 on arm 1"]
    m = start("double-six", "6-6 1-1", "2-3 4-4", boneyard="3-4")
    play(m, "lead 6-6", "draw")
    assert legal(m) == ["pass"]


def test_S4_6_a_multiple_of_5_scores_the_sum_divided_by_5() -> None:
    m = start("double-six", "4-6 4-4 2-3", "6-1 3-3")
    assert scores_in(play(m, "lead 4-6")) == [(0, 2, "in_play")]  # 4 + 6
    assert scores_in(play(m, "6-1 on arm 1")) == [(1, 1, "in_play")]  # 4 + 1
    assert scores_in(play(m, "4-4 on arm 0")) == []  # 8 + 1
    assert m.scores == (2, 1)


def test_S4_6_house_rule_scores_the_sum_itself() -> None:
    m = start("double-six-sum", "4-6 2-2", "1-4 3-3")
    assert scores_in(play(m, "lead 4-6")) == [(0, 10, "in_play")]


def test_S4_7_domino_scores_5_per_tile_in_the_opponents_hands() -> None:
    m = start("double-six", "1-2", "6-6 0-0 3-4", "2-2")
    assert scores_in(play(m, "lead 1-2")) == [(0, 20, "domino")]


def test_S4_8_blocked_fewest_tiles_scores_difference() -> None:
    m = start("double-six", "6-6 1-2", "1-3 2-4", "1-4 2-3 3-5 4-5")
    events = play(m, "lead 6-6", "pass", "pass", "pass")
    assert of_type(events, "round_end")[0]["reason"] == "blocked"
    # 5 × ((2 − 1) + (4 − 1))
    assert scores_in(events) == [(0, 20, "blocked")]


def test_S4_8_blocked_tie_for_fewest_scores_nobody() -> None:
    m = start("double-six", "6-6 1-2", "1-3", "2-4 3-5")
    assert scores_in(play(m, "lead 6-6", "pass", "pass", "pass")) == []


def test_S4_9_exceeding_250_wins_reaching_it_does_not() -> None:
    m = start("double-six", "1-2", "3-4", scores=[245, 0])
    play(m, "lead 1-2")
    assert m.scores == (250, 0) and not m.is_over and m.round == 2
    m = start("double-six", "1-2", "3-4", scores=[246, 0])
    play(m, "lead 1-2")
    assert m.is_over and m.winners == (0,)


@pytest.mark.parametrize(("scores", "winner"), [([248, 260], 0), ([248, 270], 1)])
def test_S4_9_several_past_250_the_highest_total_wins(scores: list[int], winner: int) -> None:
    m = start("double-six", "1-2", "3-4 3-3 5-5", scores=scores)
    play(m, "lead 1-2")  # seat 0 scores 15
    assert m.is_over and m.winners == (winner,)
