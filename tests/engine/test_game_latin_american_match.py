"""Latin American Match Dominoes (rules/latin-american-match.yaml) on scripted deals: a hand won is
one stroke whatever the pips, a blocked hand goes to the partnership of the lightest single hand,
the holder of [6|6] leads every hand, and ten strokes win the match only while the other side has
fewer than five. Play is counter-clockwise: seat 0, then 3, 2, 1; seats 0 and 2 are partners (side 0)."""

from __future__ import annotations

import pytest
from engine_helpers import legal, of_type, play, rules, scores_in, start

from interpreter.engine import deal
from interpreter.rulefile.explain import explain

# Seat 0 leads [6|6] and, nobody else holding a six, goes out with [6|1] after three passes.
SEAT_0_GOES_OUT = ("6-6 6-1", "5-5 4-4", "3-3 2-5", "2-2 0-0")


def test_going_out_wins_one_stroke_however_many_pips_are_left() -> None:
    m = start("latin-american-match", *SEAT_0_GOES_OUT)
    events = play(m, "lead 6-6", "pass", "pass", "pass", "6-1 on arm 0")
    assert of_type(events, "round_end")[0]["reason"] == "domino"
    assert scores_in(events) == [(0, 1, "domino")]  # the 35 pips left in the other hands count nothing
    assert m.scores == (1, 0)


@pytest.mark.parametrize(
    ("seat0", "seat1", "expected"),
    [("1-0", "2-2", [(0, 1, "blocked")]), ("2-2", "0-4", [])],
    ids=["lightest-hand-wins", "tied-lightest-hands-score-nobody"],
)
def test_a_blocked_hand_goes_to_the_partnership_of_the_lightest_single_hand(
    seat0: str, seat1: str, expected: list
) -> None:
    # After the lead nobody holds a six: four passes block the hand. Side 0 holds [1|0] and [5|5]
    # (11 pips, the heavier pair) against [2|2] and [3|1] (8 pips), but the lightest hand is its own;
    # with [2|2] against [0|4] and [3|1] the lightest hands tie at 4 pips.
    m = start("latin-american-match", f"6-6 {seat0}", seat1, "5-5", "3-1")
    events = play(m, "lead 6-6", "pass", "pass", "pass", "pass")
    assert of_type(events, "round_end")[0]["reason"] == "blocked"
    assert scores_in(events) == expected


def test_the_holder_of_the_double_six_leads_every_hand_whoever_won_the_last() -> None:
    m = start("latin-american-match", *SEAT_0_GOES_OUT, later=[deal("1-2", "0-3", "6-6 4-5", "2-4")])
    play(m, "lead 6-6", "pass", "pass", "pass", "6-1 on arm 0")
    assert m.round == 2 and m.current_player == 2  # seat 0 went out; seat 2 holds [6|6] now
    assert legal(m) == ["lead 6-6"]  # and must lead it, not [4|5]


@pytest.mark.parametrize(
    ("before", "winners"),
    [((9, 4), (0,)), ((9, 5), ())],
    ids=["other-side-under-five", "other-side-at-five-voids-the-match"],
)
def test_ten_strokes_win_only_while_the_other_side_has_fewer_than_five(before: tuple, winners: tuple) -> None:
    m = start("latin-american-match", *SEAT_0_GOES_OUT, scores=before)
    events = play(m, "lead 6-6", "pass", "pass", "pass", "6-1 on arm 0")
    assert m.is_over and m.scores == (10, before[1])
    assert m.winners == winners
    assert of_type(events, "match_end")[0]["winners"] == list(winners)


def test_nine_strokes_do_not_end_the_match() -> None:
    m = start("latin-american-match", *SEAT_0_GOES_OUT, scores=(8, 4), later=[deal(*SEAT_0_GOES_OUT)])
    play(m, "lead 6-6", "pass", "pass", "pass", "6-1 on arm 0")
    assert not m.is_over and m.round == 2 and m.scores == (9, 4)


def test_explain_tells_the_stroke_the_blocked_hand_and_the_condition_to_win() -> None:
    text = " ".join(explain(rules("latin-american-match")).split())
    assert (
        "The first round is started by the player holding [6|6], who leads it. Every round starts the same way." in text
    )
    assert (
        "When the round is blocked, the team whose lightest hand holds the fewest pips scores 1 "
        "(a tie scores nobody)." in text
    )
    assert "The match ends at the end of the first round after which a team has 10 points or more" in text
    assert "A team wins only if" in text and "is less than 5; when no team does, nobody wins the match." in text
    assert "the match is over at once and nobody wins it." in text  # Scarne's void match (match.void_when)
    assert "each team that did not win pays every winning team 1" in text  # the stake (match.stake)
