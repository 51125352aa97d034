"""Scores that reset (`match.reset_when`): a side must win hands in a row, a lost hand sends it back
to zero."""

from __future__ import annotations

from engine_helpers import house, of_type, play, problems, scores_in
from playout_contract import plays_as_the_legal_loop

from interpreter.engine import Match, deal
from interpreter.rulefile.explain import explain

# Three hands in a row win the match; a hand the other side wins sends a side's run back to zero.
RUNS = """extends: draw
players: {min: 2, max: 2}
scoring:
  domino: {scorer: went_out, points: 1}
  blocked: {scorer: lowest_pips, points: 1}
match: {target: 3, reset_when: opp_scored}
"""

SEAT_0_WINS = deal("1-2", "3-4", starter=0)
SEAT_1_WINS = deal("1-2 5-5", "3-4", starter=1)


def test_a_hand_won_by_the_other_side_sends_a_run_back_to_zero() -> None:
    rounds = [SEAT_0_WINS, SEAT_0_WINS, SEAT_1_WINS, SEAT_1_WINS, SEAT_1_WINS]
    m = Match(house(RUNS), players=2, deals=rounds)
    events = play(m, "lead 1-2", "lead 1-2")
    assert m.scores == (2, 0)
    events = play(m, "lead 3-4")
    assert scores_in(events) == [(1, 1, "domino"), (0, -2, "reset")]
    assert m.scores == (0, 1) and of_type(events, "round_end")[0]["scores"] == [0, 1]
    events = play(m, "lead 3-4", "lead 3-4")
    assert m.is_over and m.winners == (1,) and m.scores == (0, 3)
    assert [e for e in scores_in(events) if e[2] == "reset"] == []  # a side at 0 has nothing to lose


def test_a_tie_resets_both_sides_when_the_condition_says_so() -> None:
    text = RUNS.replace("reset_when: opp_scored", 'reset_when: "not scored"')
    tie = deal("6-6 0-1", "6-5 0-2", boneyard="", starter=0)
    m = Match(house(text), players=2, deals=[SEAT_0_WINS, SEAT_1_WINS, tie])
    play(m, "lead 1-2")
    events = play(m, "lead 3-4")
    assert m.scores == (0, 1)
    events = play(m, "lead 6-6", "6-5 on arm 0", "pass", "pass")
    assert of_type(events, "round_end")[0]["reason"] == "blocked"  # 1 pip against 2: seat 0 scores
    assert scores_in(events) == [(0, 1, "blocked"), (1, -1, "reset")]


def test_a_misspelt_name_in_reset_when_is_pointed_at() -> None:
    assert problems(RUNS.replace("reset_when: opp_scored", "reset_when: opp_scord")) == [
        "7:32: match.reset_when: unknown name 'opp_scord'; did you mean 'opp_scored'?"
    ]


def test_reset_when_must_be_a_condition() -> None:
    assert problems(RUNS.replace("reset_when: opp_scored", "reset_when: points")) == [
        "7:32: match.reset_when: expected a condition (true/false), got a number"
    ]


def test_explain_tells_when_a_score_goes_back_to_zero() -> None:
    said = " ".join(explain(house(RUNS)).split())
    assert (
        "At every round's end, once its points are scored, a player's score goes back to 0 when another "
        "player scored at that round end."
    ) in said


def test_a_trick_game_refuses_reset_when() -> None:
    assert problems("extends: texas-42\nmatch: {reset_when: scored}\n") == [
        "3:9: match.reset_when: belongs to layout games, and this is a trick game (family: tricks): "
        "a trick game's scores do not reset"
    ]


def test_the_playout_plays_it_as_the_legal_action_loop_does() -> None:
    """tests/engine/test_playout.py's contract: the same actions, state and log as applying random
    legal actions one by one."""
    plays_as_the_legal_loop(house(RUNS), 2)
