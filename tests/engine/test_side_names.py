"""Names across and within sides at a round's end (docs/format.md, "Names an expression may read"):
the opponents' score `opp_score`, each hand's pips `hand_pips` / `opp_hand_pips` (rounded hand by
hand with the rounding functions, which round each element of a list), and the lightest hand of a
side `lowest_hand`, each played on a scripted deal through a house-rule file."""

from __future__ import annotations

import pytest
from engine_helpers import house, of_type, play, scores_in

from interpreter.engine import Match, deal
from interpreter.expressions.language import ExpressionError, Type, compile_expression
from interpreter.rulefile.explain import explain
from interpreter.rulefile.loader import RuleFileError
from interpreter.rulefile.ruleset import ROUND_END_NAMES, Ruleset


def scripted(ruleset: Ruleset, *hands: str, scores: list[int] | None = None) -> Match:
    return Match(ruleset, players=len(hands), deals=[deal(*hands, starter=0)], scores=scores)


# Seat 0 goes out at once; its partner keeps 14 pips, the opponents 7 and 7.
PARTNERS = ("6-6", "1-2 0-4", "2-2 5-5", "3-4 0-0")


@pytest.mark.parametrize(
    ("points", "expected"),
    [
        ("sum(round_nearest(opp_hand_pips, 5))", 5 + 5),  # each hand rounded: 7 -> 5, 7 -> 5
        ("round_nearest(opp_pips, 5)", 15),  # the total rounded: 14 -> 15
        ("sum(hand_pips) * 100 + count(hand_pips)", 1402),  # the partner's 14, in a list of two hands
        ("lowest_hand * 100 + count(opp_hand_pips)", 2),  # seat 0 went out: its hand is the lightest, 0
    ],
    ids=["each-hand-rounded", "total-rounded", "own-hands", "lowest-hand"],
)
def test_each_hand_of_a_side_is_a_list_to_round_hand_by_hand(points: str, expected: int) -> None:
    m = scripted(house(f"extends: partnership-block\nscoring:\n  domino: {{points: \"{points}\"}}\n"), *PARTNERS)
    assert scores_in(play(m, "lead 6-6")) == [(0, expected, "domino")]


def test_the_side_with_the_lightest_single_hand_wins_a_blocked_round() -> None:
    """Side 0 holds 1 + 20 = 21 pips, side 1 5 + 5 = 10: the lowest pip total is side 1's, the
    lightest hand seat 0's."""
    r = house("extends: partnership-block\nscoring:\n  blocked: {scorer: {lowest: lowest_hand}, points: opp_pips}\n")
    m = scripted(r, "6-6 0-1", "1-4", "5-5 3-5 0-2", "2-3")
    events = play(m, "lead 6-6", "pass", "pass", "pass", "pass")
    assert of_type(events, "round_end")[0]["reason"] == "blocked"
    assert scores_in(events) == [(0, 10, "blocked")]


@pytest.mark.parametrize(
    ("hands", "scores", "expected"),
    [
        (("6-6", "1-2"), [0, 0], 6),  # the opponent has nothing yet: double
        (("6-6", "1-2"), [0, 5], 3),
        (("6-6", "1-2", "0-0"), [0, 0, 7], 3),  # the highest of the opponents' scores
        (("6-6", "1-2", "0-0"), [9, 0, 0], 6),  # the side's own score is not an opponent's
    ],
)
def test_opp_score_is_the_highest_opponents_score_before_the_round(hands, scores, expected) -> None:
    r = house('extends: block\nscoring:\n  domino: {points: "if opp_score == 0 then 2 * opp_pips else opp_pips"}\n')
    m = scripted(r, *hands, scores=scores)
    assert scores_in(play(m, "lead 6-6")) == [(0, expected, "domino")]


def test_every_side_reads_the_scores_from_before_the_round_end_points_of_the_others() -> None:
    # scorer each: side 0 scores first, and side 1 still reads side 0's score from before that.
    r = house('extends: block\nscoring:\n  blocked: {scorer: each, points: "10 + opp_score"}\n')
    m = scripted(r, "6-6 1-1", "5-5 2-2", scores=[0, 0])
    events = play(m, "lead 6-6", "pass", "pass")
    assert scores_in(events) == [(0, 10, "blocked"), (1, 10, "blocked")]


def test_round_end_names_are_checked_with_did_you_mean() -> None:
    with pytest.raises(RuleFileError) as error:
        house('extends: block\nscoring:\n  domino: {points: "sum(hand_pip)"}\n')
    assert "unknown name 'hand_pip'; did you mean 'hand_pips'?" in str(error.value)


# --- the rounding functions round each element of a list ----------------------------------------


@pytest.mark.parametrize(
    ("source", "value"),
    [
        ("round_nearest([12, 13, 7], 5)", (10, 15, 5)),
        ("round_down([12, 13, -1], 5)", (10, 10, -5)),
        ("round_up([12, 13, 0], 5)", (15, 15, 0)),
        ("round_nearest([], 5)", ()),
        ("sum(round_nearest(xs, 10))", 20 + 0 + 10),
    ],
)
def test_rounding_a_list_rounds_each_element(source: str, value: object) -> None:
    expr = compile_expression(source, {"xs": Type.LIST})
    assert expr({"xs": (15, 4, 9)}) == value


def test_rounding_a_list_keeps_the_checks_of_the_step_and_the_type() -> None:
    with pytest.raises(ExpressionError, match=r"round_nearest\(\) needs n > 0, got 0"):
        compile_expression("round_nearest(xs, 0)", {"xs": Type.LIST})
    with pytest.raises(ExpressionError, match=r"round_up\(\) needs int arguments, got list"):
        compile_expression("round_up(5, xs)", {"xs": Type.LIST})
    with pytest.raises(ExpressionError, match="expected a number"):
        compile_expression("round_nearest(hand_pips, 5)", ROUND_END_NAMES, Type.INT)


def test_explain_says_each_hand_rounded_and_the_lightest_hand() -> None:
    r = house(
        "extends: partnership-block\nscoring:\n"
        '  domino: {points: "sum(round_nearest(opp_hand_pips, 5)) + opp_score"}\n'
        "  blocked: {scorer: {lowest: lowest_hand}, points: opp_pips}\n"
    )
    text = " ".join(explain(r).split())
    assert (
        "the team of the player who went out scores (the sum of the pips left in each opponent's hand, each rounded "
        "to the nearest multiple of 5) + the highest score of another team before this round's points." in text
    )
    assert "the team whose lightest hand holds the fewest pips scores" in text
